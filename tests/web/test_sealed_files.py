"""A campaign or table file tells the player who downloads it nothing still hidden: the seed that
orders every face-down card, number and die is sealed with the site's key, and so is a table's game
under way; a file sealed elsewhere, or changed, is refused with the reason and brings nothing back."""

from __future__ import annotations

import json
from typing import Any

from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import override_settings
from django.urls import reverse

from campaigns import sealed, seats, store
from campaigns.models import Campaign, Game, GameAction
from campaigns.sharing.models import Role
from engine.games import GAMES, TABLES
from engine.series import Series
from engine.yu import Action
from engine.yu.campaign.campaign import Campaign as YuCampaign
from engine.yu.campaign.difficulty import Difficulty
from engine.yu.rules.hidden import visible
from tests import play

from .base import LONG_SEED, BaseTestCase, dealt_anew, hidden, quiet_plays, table_hidden, yu_hidden
from .saved import FILES, FILES_KEY, version_1

OTHER_KEY = "another site's secret key, long enough and random enough: 8f3b1c9e2d7a"
REFUSED = "sealed part (its seed) is missing or does not open on this site"


def integers(value: object) -> set[int]:
    """Every whole number written anywhere in a file's JSON."""
    if isinstance(value, bool):
        return set()
    if isinstance(value, int):
        return {value}
    if isinstance(value, dict):
        return set().union(*(integers(v) for v in value.values()), set())
    if isinstance(value, list):
        return set().union(*(integers(v) for v in value), set())
    return set()


class SealedFileTestCase(BaseTestCase):
    def download(self, campaign: Campaign) -> dict[str, Any]:
        self.client.force_login(self.alice)
        r = self.client.get(reverse("export", args=[campaign.code]))
        self.assertEqual(r.status_code, 200)
        data: dict[str, Any] = json.loads(r.content)
        return data

    def bring_back(self, data: dict[str, Any], language: str = "en") -> Any:
        self.client.force_login(self.bob)
        upload = SimpleUploadedFile("copy.json", json.dumps(data).encode(), content_type="application/json")
        return self.client.post(reverse("import"), {"file": upload}, headers={"accept-language": language})

    def assertNoSeedIn(self, data: dict[str, Any], campaign: Campaign) -> None:
        """No number of the file is the campaign's seed or a game's, and its sealed text spells none."""
        seeds = {campaign.seed, *campaign.games.values_list("seed", flat=True)}
        self.assertEqual(integers(data) & seeds, set())
        for seed in seeds:
            self.assertNotIn(str(seed), data.get("sealed", ""))

    def assertComesBackTheSame(self, data: dict[str, Any], campaign: Campaign) -> Campaign:
        """Brought back, the file replays to the same games as their player saw them, and then deals
        anew: the copy's state is the original's dealt anew from the copy's own seed."""
        self.assertEqual(self.bring_back(data).status_code, 302)
        copy = Campaign.objects.exclude(pk=campaign.pk).get(owner=self.bob)
        self.assertEqual(copy.seed, campaign.seed)
        games, originals = list(copy.games.order_by("number")), list(campaign.games.order_by("number"))
        self.assertEqual(
            [(g.number, g.seed, g.state) for g in games[:-1]],
            [(g.number, g.seed, g.state) for g in originals[:-1]],
        )
        [[after, seed]] = games[-1].redeals
        self.assertEqual((after, games[-1].seed), (originals[-1].version, originals[-1].seed))
        self.assertEqual(games[-1].state, dealt_anew(campaign, seed))
        self.assertNotEqual(hidden(copy), hidden(campaign))
        self.assertEqual([found for _game, found in store.campaign_differences(copy) if found], [])
        return copy

    def play_table(self, table: Campaign, numbers: int) -> None:
        """Each player's seat plays as the game's first bot would, ``numbers`` times."""
        rules = GAMES[table.game]
        people = {s.number: s.user for s in table.seats.all() if s.user}
        for _ in range(numbers):
            board = store.load(Campaign.objects.get(pk=table.pk))
            for seat in board.state.game.waiting():
                key = rules.bot(rules.bots[0], board.state, seat).key
                play.table_act(table, people[seat], key, Campaign.objects.get(pk=table.pk).version)

    def shown_since(self, campaign: Campaign, number: int, seq: int) -> list[tuple[int, Any]]:
        """The events that revealed something, by game, after move ``seq`` of game ``number``."""
        rows = GameAction.objects.filter(game__campaign=campaign, revealed=True)
        rows = rows.order_by("game__number", "seq")
        return [
            (row.game.number, row.events)
            for row in rows.select_related("game")
            if (row.game.number, row.seq) > (number, seq)
        ]

    def assertDealsOtherwise(self, original: Campaign, copy: Campaign, play: Any) -> None:
        at = store.current_game(original)
        play(original)
        play(copy)
        server = self.shown_since(original, at.number, at.version)
        self.assertTrue(server)
        self.assertNotEqual(self.shown_since(copy, at.number, at.version), server)

    def play_yu(self, campaign: Campaign, moves: int = 40) -> None:
        for _ in range(moves):
            board = store.load(Campaign.objects.get(pk=campaign.pk))
            if board.state.over:
                return
            play.act(board, board.state.legal_actions()[0], board.version)

    def table_predictions(self, data: dict[str, Any], game_row: Game) -> list[dict[str, Any]]:
        """What the engine deals for the game under way from each number the file holds, taken as
        the series seed or as the game's own seed."""
        rules, seats = TABLES[game_row.campaign.game], len(data["seats"])
        carried = Series.from_dict(game_row.start).carried
        seeds = {s for n in integers(data) for s in (n, Series(n, seats).game_seed(game_row.number))}
        return [table_hidden(rules.deal(seed, seats, carried).to_dict()) for seed in seeds]

    def assertTableUnpredictable(self, table: Campaign) -> dict[str, Any]:
        """The file of ``table`` foretells nothing of the hidden cards or dice of its game under way."""
        game_row = store.current_game(table)
        self.assertFalse(game_row.outcome)
        rules, seats = TABLES[table.game], table.seats.count()
        dealt = table_hidden(
            rules.deal(game_row.seed, seats, Series.from_dict(game_row.start).carried).to_dict()
        )
        self.assertTrue(dealt)
        data = self.download(table)
        # Were the seed readable, the engine would deal what the server dealt, all still to come.
        self.assertIn(dealt, self.table_predictions({**data, "seed": table.seed}, game_row))
        self.assertNotIn(dealt, self.table_predictions(data, game_row))
        self.assertNoSeedIn(data, table)
        return data


class CampaignFileTests(SealedFileTestCase):
    def test_a_yu_file_foretells_no_face_down_card(self) -> None:
        campaign = play.create_campaign(self.alice, "Short", LONG_SEED)
        for key in quiet_plays(campaign, 2):
            board = store.load(campaign)
            play.act(board, Action.parse(key), board.version)
        server = yu_hidden(store.load(campaign).state)
        data = self.download(campaign)

        keys = [key for _seat, key in data["log"]]

        def foretold(numbers: set[int]) -> list[dict[str, Any]]:
            found = []
            for seed in numbers:
                try:
                    found.append(yu_hidden(YuCampaign.replay(seed, keys, difficulty=Difficulty.STANDARD)))
                except (ValueError, KeyError):
                    continue  # the log does not replay from that number: it foretells nothing
            return found

        self.assertIn(server, foretold({campaign.seed}))  # what the seed would tell, were it readable
        self.assertNotIn(server, foretold(integers(data)))
        self.assertNoSeedIn(data, campaign)
        self.assertComesBackTheSame(data, campaign)

    def test_a_changed_seal_is_refused_and_brings_nothing_back(self) -> None:
        campaign = self.make_campaign()
        data = self.download(campaign)
        text = data["sealed"]
        middle = len(text) // 2
        changed = text[:middle] + ("A" if text[middle] != "A" else "B") + text[middle + 1 :]
        before = (Campaign.objects.count(), Game.objects.count(), GameAction.objects.count())
        for sealed_part in (changed, text[:-4], "", 7, None):
            with self.subTest(sealed=str(sealed_part)[:20]):
                r = self.bring_back({**data, "sealed": sealed_part})
                self.assertContains(r, REFUSED, status_code=400)
                self.assertContains(r, "Bring back a campaign or a table from a file", status_code=400)
        del data["sealed"]
        self.assertContains(self.bring_back({**data, "seed": campaign.seed}), REFUSED, status_code=400)
        self.assertEqual((Campaign.objects.count(), Game.objects.count(), GameAction.objects.count()), before)

    def test_a_file_sealed_by_another_site_is_refused_with_the_reason(self) -> None:
        campaign = self.make_campaign()
        with override_settings(SECRET_KEY=OTHER_KEY):
            data = self.download(campaign)
            opened = sealed.unseal(data["sealed"])
            self.assertEqual((opened["seed"], opened["redeals"], opened["hidden"]), (campaign.seed, [], []))
        before = (Campaign.objects.count(), Game.objects.count(), GameAction.objects.count())
        r = self.bring_back(data)
        self.assertContains(r, REFUSED, status_code=400)
        self.assertContains(r, "saved by another site, or changed since it was saved", status_code=400)
        r = self.bring_back(data, language="fr")
        self.assertContains(r, "ne s&#x27;ouvre pas sur ce site", status_code=400)
        self.assertContains(r, "enregistré par un autre site, ou modifié depuis", status_code=400)
        self.assertEqual((Campaign.objects.count(), Game.objects.count(), GameAction.objects.count()), before)

    def test_a_site_with_a_new_key_opens_files_sealed_under_its_old_one(self) -> None:
        campaign = self.make_campaign()
        with override_settings(SECRET_KEY=OTHER_KEY):
            data = self.download(campaign)
        with self.settings(SECRET_KEY_FALLBACKS=[OTHER_KEY]):
            self.assertComesBackTheSame(data, campaign)

    def test_a_version_1_file_with_its_seed_in_plain_is_still_brought_back(self) -> None:
        campaign = self.make_campaign()
        data = self.download(campaign)
        self.assertComesBackTheSame(version_1(data), campaign)


class TableFileTests(SealedFileTestCase):
    def test_a_legacy_file_foretells_no_number_still_face_down(self) -> None:
        table = play.create_table(self.alice, "legacy", "Numbers", ["owner", "greedy"])
        self.play_table(table, 3)
        data = self.assertTableUnpredictable(table)
        self.assertComesBackTheSame(data, table)

    def test_a_machi_koro_file_foretells_no_die(self) -> None:
        table = play.create_table(self.alice, "machi", "Island", ["owner", "random"])
        self.play_table(table, 6)
        data = self.assertTableUnpredictable(table)
        self.assertComesBackTheSame(data, table)

    def test_a_number_another_seat_placed_unseen_is_not_in_the_file(self) -> None:
        table = play.create_table(self.alice, "legacy", "Numbers", ["owner", "open"])
        self.share(table, self.bob, Role.PLAY)
        seats.take_seat(table, self.bob)
        board = store.load(Campaign.objects.get(pk=table.pk))
        key = board.session.bot("greedy", board.state, 1).key
        play.table_act(table, self.bob, key, Campaign.objects.get(pk=table.pk).version)
        data = self.download(table)
        self.assertEqual(data["log"], [])
        self.assertNotIn(key, json.dumps({k: v for k, v in data.items() if k != "sealed"}))
        self.assertEqual(sealed.unseal(data["sealed"])["hidden"], [[1, key]])
        copy = self.assertComesBackTheSame(data, table)
        self.assertEqual(store.current_game(copy).state["placed"], store.current_game(table).state["placed"])

    def test_a_town_square_another_mayor_chose_unseen_is_not_in_the_file(self) -> None:
        table = play.create_table(self.alice, "machi", "Island", ["owner", "random"])
        [chosen] = store.moves(store.current_game(table).actions.all())  # the bot chose at once
        self.assertEqual(chosen[0], 1)
        self.assertTrue(chosen[1].startswith("choose:"))
        data = self.download(table)
        self.assertEqual(data["log"], [])
        self.assertNotIn(chosen[1], json.dumps({k: v for k, v in data.items() if k != "sealed"}))
        self.assertEqual(sealed.unseal(data["sealed"])["hidden"], [list(chosen)])
        self.assertComesBackTheSame(data, table)

    def test_a_seal_taken_from_another_file_is_refused(self) -> None:
        table = self.download(play.create_table(self.alice, "legacy", "Numbers", ["owner", "greedy"]))
        campaign = self.download(self.make_campaign())
        before = Campaign.objects.count()
        for data, seal in ((table, campaign["sealed"]), (campaign, table["sealed"])):
            r = self.bring_back({**data, "sealed": seal})
            self.assertContains(r, "its sealed part comes from another file", status_code=400)
        with self.settings(SECRET_KEY_FALLBACKS=[FILES_KEY]):
            yu, legacy = (json.loads((FILES / f"{game}-v2.json").read_text()) for game in ("yu", "legacy"))
            for data, seal in (
                (legacy, yu["sealed"]),
                (yu, legacy["sealed"]),
                (legacy, table["sealed"]),
                (yu, campaign["sealed"]),
                (campaign, yu["sealed"]),
            ):
                r = self.bring_back({**data, "sealed": seal})
                self.assertContains(r, "sealed part was taken from another kind of file", status_code=400)
        self.assertEqual(Campaign.objects.count(), before)

    def test_a_table_file_sealed_by_another_site_is_refused(self) -> None:
        table = play.create_table(self.alice, "legacy", "Numbers", ["owner", "greedy"])
        with override_settings(SECRET_KEY=OTHER_KEY):
            data = self.download(table)
        self.assertContains(self.bring_back(data), REFUSED, status_code=400)
        self.assertEqual(Campaign.objects.count(), 1)


class PlayedOnTests(SealedFileTestCase):
    """What a sealed seed alone does not stop: bringing one's own file back and playing the copy on
    to see what the original will deal. The copy shows what the original shows, then deals anew."""

    def test_a_yu_copy_played_on_draws_other_cards(self) -> None:
        campaign = play.create_campaign(self.alice, "Short", LONG_SEED)
        for key in quiet_plays(campaign, 2):
            board = store.load(campaign)
            play.act(board, Action.parse(key), board.version)
        copy = self.assertComesBackTheSame(self.download(campaign), campaign)
        self.assertEqual(visible(store.load(copy).state.game), visible(store.load(campaign).state.game))
        self.assertDealsOtherwise(campaign, copy, self.play_yu)

    def test_a_yu_copy_takes_back_nothing_it_was_brought_back_with(self) -> None:
        campaign = play.create_campaign(self.alice, "Short", LONG_SEED)
        first, second = quiet_plays(campaign, 2)
        board = store.load(campaign)
        play.act(board, Action.parse(first), board.version)
        self.assertIsNotNone(store.load(campaign).undo_target)  # the original may take it back
        copy = self.assertComesBackTheSame(self.download(campaign), campaign)
        board = store.load(copy)
        self.assertIsNone(board.undo_target(0))  # the copy may not: it was dealt anew after it
        page = self.client.get(copy.get_absolute_url())
        self.assertContains(page, "This copy was dealt anew when brought back: earlier actions stand.")
        play.act(board, Action.parse(second), board.version)
        board = store.load(copy)
        self.assertEqual(board.undo_target(0).key if board.undo_target(0) else None, second)
        play.undo(board, board.version)
        self.assertEqual([found for _game, found in store.campaign_differences(copy) if found], [])

    def test_a_legacy_copy_played_on_draws_other_numbers(self) -> None:
        table = play.create_table(self.alice, "legacy", "Numbers", ["owner", "greedy"])
        self.play_table(table, 3)
        copy = self.assertComesBackTheSame(self.download(table), table)
        self.assertEqual(store.load(copy).view(0), store.load(table).view(0))
        self.assertDealsOtherwise(table, copy, lambda t: self.play_table(t, 12))

    def test_a_machi_koro_copy_played_on_rolls_other_dice(self) -> None:
        table = play.create_table(self.alice, "machi", "Island", ["owner", "random"])
        self.play_table(table, 6)
        copy = self.assertComesBackTheSame(self.download(table), table)
        self.assertEqual(store.load(copy).view(0), store.load(table).view(0))
        self.assertDealsOtherwise(table, copy, lambda t: self.play_table(t, 12))
