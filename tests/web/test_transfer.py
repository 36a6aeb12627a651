"""A campaign taken home as a file and brought back: the owner downloads it,
anyone imports it as a campaign of their own, and a file that does not replay
is refused with the reason and nothing written."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import translation

from campaigns import sealed, store, transfer
from campaigns.models import Campaign, Game, GameAction
from campaigns.sharing.models import Role
from engine.yu import Action
from engine.yu.campaign.difficulty import Difficulty
from engine.yu.simulation.campaigns import game_seed, play_campaign
from tests import play

from .base import BaseTestCase, dealt_anew, quiet_plays
from .saved import resealed, version_1

CHANGED = "The file was changed since it was saved, or its sealed part comes from another file"


def upload(data: Any, name: str = "river.yu.json") -> SimpleUploadedFile:
    raw = data if isinstance(data, bytes) else json.dumps(data).encode()
    return SimpleUploadedFile(name, raw, content_type="application/json")


class TransferTestCase(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.log: list[str] = []
        played = play_campaign("heuristic", 3, log=self.log)  # a whole campaign, every game of it
        self.campaign = store.create_replayed(
            self.alice, "yu", "Yellow River", game_seed(3, 0), [(0, k) for k in self.log]
        )
        self.played = played
        self.export_url = f"/c/{self.campaign.code}/export/"

    def export(self) -> dict[str, Any]:
        self.client.force_login(self.alice)
        r = self.client.get(self.export_url)
        self.assertEqual(r.status_code, 200)
        self.assertEqual(r["Content-Disposition"], 'attachment; filename="yellow-river.yu.json"')
        data: dict[str, Any] = json.loads(r.content)
        return data

    def bring_back(self, data: Any, user: Any = None) -> Any:
        self.client.force_login(user or self.bob)
        return self.client.post("/campaigns/import/", {"file": upload(data)})

    def test_a_whole_campaign_replays_into_rows_that_agree_with_it(self) -> None:
        self.assertTrue(self.played.over)
        games = list(self.campaign.games.order_by("number"))
        self.assertEqual(len(games), self.played.number)
        for game in games:
            self.assertEqual(store.replay_differences(game), [], game.number)
        self.assertEqual(self.campaign.status, "won" if self.played.won else "lost")
        [[after, seed]] = games[-1].redeals  # the copy dealt anew, after the last game's last action
        self.assertEqual(after, games[-1].version)
        self.played.redeal(seed)
        self.assertEqual(
            store.load(self.campaign).state.to_dict(), json.loads(json.dumps(self.played.to_dict()))
        )

    def test_the_file_holds_the_sealed_seed_the_log_the_content_and_the_name_only(self) -> None:
        self.share(self.campaign, self.carol, Role.WATCH)
        data = self.export()
        keys = {"format", "version", "game", "content", "name", "level", "seats", "sealed", "log", "exported"}
        self.assertEqual(set(data), keys)
        self.assertEqual((data["game"], data["level"], data["seats"]), ("yu", "standard", ["player"]))
        self.assertEqual((data["format"], data["version"]), (transfer.FORMAT, transfer.VERSION))
        self.assertEqual((data["name"], data["log"]), ("Yellow River", [[0, key] for key in self.log]))
        [[_after, seed]] = self.campaign.games.order_by("number").last().redeals  # type: ignore[union-attr]
        opened = sealed.unseal(data["sealed"])
        self.assertEqual(
            {key: value for key, value in opened.items() if key != "digest"},
            {"seed": self.campaign.seed, "redeals": [[len(self.log), seed]], "hidden": []},
        )
        self.assertTrue(data["content"].startswith("yu+"))
        text = json.dumps(data)
        for user in (self.alice, self.carol):
            self.assertNotIn(user.username, text)

    def test_anyone_brings_it_back_as_a_campaign_of_their_own(self) -> None:
        data = self.export()
        r = self.bring_back(data)
        copy = Campaign.objects.get(owner=self.bob)
        self.assertRedirects(r, copy.get_absolute_url(), fetch_redirect_response=False)
        self.assertNotEqual(copy.code, self.campaign.code)
        self.assertEqual((copy.name, copy.seed), ("Yellow River", self.campaign.seed))
        # The campaign is over: dealing anew changed only its generator and its decks' order.
        face_down = ("rng", "victory", "defeat")
        self.assertEqual(
            {k: v for k, v in copy.state.items() if k not in face_down},
            {k: v for k, v in self.campaign.state.items() if k not in face_down},
        )
        for deck in face_down[1:]:
            self.assertEqual(sorted(copy.state[deck]), sorted(self.campaign.state[deck]))
        self.assertEqual(
            [(g.number, g.state, g.version) for g in copy.games.order_by("number")],
            [(g.number, g.state, g.version) for g in self.campaign.games.order_by("number")],
        )
        for game in copy.games.all():
            self.assertEqual(store.replay_differences(game), [])
        self.assertEqual(self.client.get(copy.get_absolute_url()).status_code, 200)

    def test_the_same_import_form_posted_twice_brings_it_back_once(self) -> None:
        data = self.export()
        self.client.force_login(self.bob)
        form = self.client.get("/").content.decode().split('class="import"')[1].split("</form>")[0]
        request = form.split('name="request" value="')[1].split('"')[0]
        answers = [
            self.client.post("/campaigns/import/", {"file": upload(data), "request": request})
            for _ in range(2)
        ]
        copy = Campaign.objects.get(owner=self.bob)
        for r in answers:
            self.assertRedirects(r, copy.get_absolute_url(), fetch_redirect_response=False)
        self.assertEqual(copy.name, "Yellow River")
        self.assertEqual(copy.games.count(), self.campaign.games.count())

    def test_a_name_the_importer_has_already_is_brought_back_as_a_copy(self) -> None:
        data = self.export()
        for _ in range(3):
            self.assertEqual(self.bring_back(data, self.alice).status_code, 302)
        names = sorted(Campaign.objects.filter(owner=self.alice).values_list("name", flat=True))
        expected = ["Yellow River", "Yellow River (copy 2)", "Yellow River (copy 3)", "Yellow River (copy)"]
        self.assertEqual(names, expected)
        self.assertEqual(self.bring_back(data, self.bob).status_code, 302)
        self.assertEqual(Campaign.objects.get(owner=self.bob).name, "Yellow River")

    def test_a_long_name_is_cut_to_leave_room_for_the_copy_mark(self) -> None:
        long = "L" * transfer.NAME_LENGTH
        self.assertEqual(transfer.unused_name(self.alice, long), long)
        Campaign.objects.filter(pk=self.campaign.pk).update(name=long)
        copy = transfer.unused_name(self.alice, long)
        self.assertEqual((len(copy), copy[-7:]), (transfer.NAME_LENGTH, " (copy)"))

    def test_the_copy_mark_is_in_the_importers_language(self) -> None:
        with translation.override("fr"):
            self.assertEqual(transfer.unused_name(self.alice, "Yellow River"), "Yellow River (copie)")

    def test_docs_state_names_the_file_version_this_site_writes(self) -> None:
        page = (Path(__file__).resolve().parents[2] / "docs" / "state.md").read_text(encoding="utf-8")
        self.assertIn(f"## A campaign or table file, version {transfer.VERSION}\n", page)
        self.assertIn(f'| `format`, `version` | `"{transfer.FORMAT}"` and `{transfer.VERSION}` |', page)
        self.assertEqual(self.export()["version"], transfer.VERSION)

    def test_undone_actions_stay_out_of_the_file(self) -> None:
        fresh = play.create_campaign(self.alice, "Short", 7)
        first, second = quiet_plays(fresh, 2)
        board = store.load(fresh)
        play.act(board, Action.parse(first), board.version)
        play.undo(board, board.version)
        play.act(board, Action.parse(second), board.version)
        self.client.force_login(self.alice)
        data = json.loads(self.client.get(f"/c/{fresh.code}/export/").content)
        self.assertEqual(data["log"], [[0, second]])

    def test_only_the_owner_downloads_it(self) -> None:
        self.share(self.campaign, self.bob, Role.PLAY)
        self.client.force_login(self.bob)
        self.assertEqual(self.client.get(self.export_url).status_code, 403)
        self.client.force_login(self.mallory)
        self.assertEqual(self.client.get(self.export_url).status_code, 404)
        self.client.logout()
        self.assertEqual(self.client.get(self.export_url).status_code, 302)

    def test_files_that_do_not_replay_are_refused_and_nothing_is_written(self) -> None:
        good = self.export()
        log, seed = good["log"], self.campaign.seed
        old = version_1(resealed(good, seed))  # a file saved before seeds were sealed

        def changed(**fields: Any) -> dict[str, Any]:
            """``good`` changed by someone who could seal it again."""
            return resealed({**good, **fields}, seed)

        bad: list[tuple[Any, str]] = [
            (b"\xff\xfe not text", "it is not JSON text"),
            (b"{", "it is not JSON text"),
            ([], "not a campaign or table file of this site"),
            ({**good, "format": "chess"}, "not a campaign or table file of this site"),
            ({**good, "version": 99}, "version 99 of the format"),
            ({**good, "version": 2}, "not a campaign or table file of this site"),
            ({**old, "version": 3}, "not a campaign or table file of this site"),
            ({**good, "name": "  "}, "no name"),
            ({**old, "seed": -1}, "seed is not a whole number"),
            ({**old, "seed": True}, "seed is not a whole number"),
            ({**old, "seed": "7"}, "seed is not a whole number"),
            ({**old, "seed": 2**63}, "seed is not a whole number"),
            ({**good, "game": "chess"}, "game &#x27;chess&#x27; is not one this site plays"),
            ({**good, "log": "play:1"}, "log is not a list of actions"),
            ({**good, "log": [*log[:3], [0, 7]]}, "log is not a list of actions"),
            ({**good, "log": [*log[:3], "fly:away"]}, "log is not a list of actions"),
            ({**old, "log": [*old["log"][:3], [0, "fly:away"]]}, "log is not a list of actions"),
            ({**good, "level": "nightmare"}, "difficulty is not one of standard, gentle, hard"),
            ({**good, "seats": ["player", "chess"]}, "seats are not each a player"),
            ({**good, "seats": ["strong"]}, "no seat for you"),
            (changed(level="hard"), "does not replay"),
            (
                changed(log=[*log[:3], [0, "fly:away"]]),
                "Action 4 of 4 (&#x27;fly:away&#x27;) does not replay",
            ),
            (changed(log=[log[1], *log]), "does not replay"),
            (changed(log=[*log, [0, "next"]]), "does not replay"),
            (changed(log=[*log[:3], [1, log[3][1]]]), "there is no seat 2"),
            (changed(seats=["player", "open"]), "has 1 to 1 seats"),
            ({**old, "seed": seed + 1}, "does not replay"),
            (resealed(good, seed + 1), "does not replay"),
        ]
        before = (Campaign.objects.count(), Game.objects.count(), GameAction.objects.count())
        for data, reason in bad:
            with self.subTest(reason=reason, data=str(data)[:80]):
                r = self.bring_back(data)
                self.assertContains(r, reason, status_code=400)
                self.assertContains(r, "Bring back a campaign or a table from a file", status_code=400)
        self.assertEqual((Campaign.objects.count(), Game.objects.count(), GameAction.objects.count()), before)

    def test_a_file_whose_moves_or_seats_were_changed_is_refused(self) -> None:
        """What a file shows in plain is bound to its sealed part: its holder cannot replay more
        moves, or others, from its seed to learn what it deals."""
        fresh = play.create_campaign(self.alice, "Short", 7)
        self.client.force_login(self.alice)
        good = json.loads(self.client.get(f"/c/{fresh.code}/export/").content)
        move = [0, store.load(fresh).state.legal_actions()[0].key]
        for data in (
            {**good, "log": [move]},
            {**good, "level": "hard"},
            {**good, "seats": ["open"]},
            {**good, "game": "legacy", "seats": ["player"]},
        ):
            with self.subTest(str(data)[-60:]):
                self.assertContains(self.bring_back(data), CHANGED, status_code=400)
        self.assertFalse(Campaign.objects.filter(owner=self.bob).exists())
        # Sealed with it, that move would replay: the seal alone stands in the way.
        self.assertEqual(self.bring_back(resealed({**good, "log": [move]}, fresh.seed)).status_code, 302)
        renamed = {**good, "name": "Another River", "exported": "2030-01-01T00:00:00+00:00"}
        self.assertEqual(self.bring_back(renamed).status_code, 302)

    def test_a_file_too_large_is_refused_unread(self) -> None:
        r = self.bring_back(b" " * (transfer.MAX_BYTES + 1))
        self.assertContains(r, "larger than", status_code=400)
        self.assertFalse(Campaign.objects.filter(owner=self.bob).exists())

    def test_a_file_from_other_content_says_which(self) -> None:
        data = resealed({**self.export(), "content": "yu+000000000000"}, self.campaign.seed + 1)
        r = self.bring_back(data)
        self.assertContains(r, "played with game content yu+000000000000", status_code=400)

    def test_bringing_back_needs_an_account_and_a_post(self) -> None:
        self.client.logout()
        r = self.client.post("/campaigns/import/", {"file": upload(self.export())})
        self.assertEqual(r.status_code, 302)
        self.client.force_login(self.bob)
        self.assertEqual(self.client.get("/campaigns/import/").status_code, 405)
        self.assertContains(
            self.client.post("/campaigns/import/", {}), "This field is required", status_code=400
        )
        self.assertFalse(Campaign.objects.filter(owner=self.bob).exists())

    def test_the_difficulty_goes_with_the_file(self) -> None:
        self.client.force_login(self.alice)
        hard = play.create_campaign(self.alice, "Steep", 11, difficulty=Difficulty.HARD)
        board = store.load(hard)
        play.act(board, board.state.legal_actions()[0], board.version)
        data = json.loads(self.client.get(f"/c/{hard.code}/export/").content)
        self.assertEqual(data["level"], "hard")
        self.bring_back(data)
        copy = Campaign.objects.get(owner=self.bob, name="Steep")
        self.assertEqual(copy.difficulty, "hard")
        game = copy.games.get()
        self.assertEqual(game.state, dealt_anew(hard, game.redeals[0][1]))

    def test_a_file_from_before_difficulty_levels_is_standard(self) -> None:
        data = version_1(resealed(self.export(), self.campaign.seed))
        self.assertNotIn("difficulty", data)
        self.assertEqual(self.bring_back(data).status_code, 302)
        self.assertEqual(Campaign.objects.get(owner=self.bob).difficulty, "standard")
