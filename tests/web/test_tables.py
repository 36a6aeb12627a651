"""Tables of Legacy: starting one, seats, moves for one's own seat only, refusals that
change nothing, stale pages, the series, and tables beside Yu campaigns."""

from __future__ import annotations

import json
from typing import Any
from unittest import mock

from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import translation

from campaigns import access, sealed, seats, store, transfer
from campaigns.access import Seat
from campaigns.models import YU, Campaign, GameAction, TableSeat
from campaigns.reader import Reader
from campaigns.sharing.invites import join
from campaigns.sharing.models import Membership, Role
from engine.legacy.game import Game as LegacyGame
from tests import play

from .base import BaseTestCase, dealt_anew
from .saved import resealed


class TableTestCase(BaseTestCase):
    def make_table(self, seats: list[str] | None = None) -> Campaign:
        return play.create_table(self.alice, "legacy", "Numbers", seats or ["owner", "open", "greedy"])

    def game(self, table: Campaign) -> LegacyGame:
        found = store.load(table).state.game
        assert isinstance(found, LegacyGame)
        return found

    def post(self, table: Campaign, key: str, version: int | None = None, moment: str = "") -> object:
        table.refresh_from_db()
        data = {"key": key, "version": table.version if version is None else version, "moment": moment}
        return self.client.post(reverse("act", args=[table.code]), data)


class CreateTests(TableTestCase):
    def test_it_opens_a_table_with_the_owner_first_and_the_bots_already_placed(self) -> None:
        self.client.force_login(self.alice)
        data = {"name": "Numbers", "game": "legacy", "friends": 1, "bots": 2, "bot": "random"}
        r = self.client.post(reverse("create_table"), data)
        table = Campaign.objects.get(name="Numbers")
        self.assertRedirects(r, reverse("board", args=[table.code]))
        self.assertEqual(table.game, "legacy")
        seats = list(table.seats.order_by("number").values_list("user__username", "bot"))
        self.assertEqual(seats, [("alice", ""), (None, ""), (None, "random"), (None, "random")])
        self.assertEqual(self.game(table).waiting(), [0, 1])  # the bots placed the first number
        self.assertEqual(GameAction.objects.filter(game__campaign=table).count(), 2)

    def test_it_refuses_a_table_of_more_than_eight(self) -> None:
        self.client.force_login(self.alice)
        data = {"name": "Crowd", "game": "legacy", "friends": 4, "bots": 4, "bot": "strong"}
        r = self.client.post(reverse("create_table"), data)
        self.assertContains(r, "has 1 to 8 seats, yours included", status_code=400)
        self.assertFalse(Campaign.objects.filter(name="Crowd").exists())

    def test_it_refuses_an_unknown_game_or_bot(self) -> None:
        self.client.force_login(self.alice)
        for game, bot in (("chess", "strong"), ("legacy", "clever")):
            data = {"name": "Odd", "game": game, "friends": 0, "bots": 1, "bot": bot}
            self.assertEqual(self.client.post(reverse("create_table"), data).status_code, 400)
        self.assertFalse(Campaign.objects.filter(name="Odd").exists())

    def test_the_home_page_lists_tables_beside_campaigns(self) -> None:
        self.make_campaign("Yellow River")
        self.make_table()
        self.client.force_login(self.alice)
        r = self.client.get(reverse("home"))
        self.assertContains(r, "Yellow River")
        self.assertContains(r, "Legacy · 1")
        self.assertContains(r, reverse("board", args=[Campaign.objects.get(name="Numbers").code]))


class ActTests(TableTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.table = self.make_table()
        self.client.force_login(self.alice)

    def test_a_move_is_made_for_the_players_own_seat(self) -> None:
        r = self.post(self.table, "opus")
        self.assertEqual(r.status_code, 302)  # type: ignore[attr-defined]
        game = self.game(self.table)
        self.assertIsNotNone(game.placed[0])
        self.assertEqual(game.waiting(), [1])
        row = GameAction.objects.filter(game__campaign=self.table).order_by("seq").last()
        assert row is not None
        self.assertEqual((row.seat, row.key), (0, "opus"))

    def test_an_illegal_or_forged_move_changes_nothing(self) -> None:
        before = self.game(self.table).to_dict()
        for key in ("garden:90", "empire:4,4", "rm -rf", "back"):
            r = self.post(self.table, key)
            self.assertEqual(r.status_code, 400, key)  # type: ignore[attr-defined]
        self.assertEqual(self.game(self.table).to_dict(), before)

    def test_a_refusal_is_said_in_the_readers_language(self) -> None:
        french = {"There is no placement to take back.": "Il n'y a aucun placement à reprendre."}

        def gettext(reader: Reader, message: str) -> str:
            return french.get(message, message) if translation.get_language() == "fr" else message

        with mock.patch.object(Reader, "gettext", gettext):
            r = self.client.post(
                reverse("act", args=[self.table.code]),
                {"key": "back", "version": self.table.version, "moment": ""},
                HTTP_ACCEPT_LANGUAGE="fr",
            )
            self.assertContains(r, "Il n&#x27;y a aucun placement", status_code=400)
            r = self.post(self.table, "back")
            self.assertContains(r, "There is no placement to take back.", status_code=400)

    def test_a_stale_page_counts_when_the_seat_had_the_same_choice(self) -> None:
        self.table.refresh_from_db()
        seen = self.table.version
        moment = store.load(self.table).session.moment(store.load(self.table).state, 0)
        seats.take_seat(self.table, self.bob)  # the table moves on: a friend sits down
        r = self.post(self.table, "opus", version=seen, moment=moment)
        self.assertEqual(r.status_code, 302)  # type: ignore[attr-defined]
        self.assertIsNotNone(self.game(self.table).placed[0])

    def test_a_stale_page_from_an_earlier_number_is_refused(self) -> None:
        self.table.refresh_from_db()
        seen = self.table.version
        moment = store.load(self.table).session.moment(store.load(self.table).state, 0)
        seats.take_seat(self.table, self.bob)
        self.table.refresh_from_db()
        play.table_act(self.table, self.alice, "opus", self.table.version)
        self.table.refresh_from_db()
        play.table_act(
            self.table, self.bob, "opus", self.table.version
        )  # the number stands; the next is drawn
        before = self.game(self.table).to_dict()
        r = self.post(self.table, "garden", version=seen, moment=moment)
        self.assertContains(r, "Your friend bob-plays moved first", status_code=409)  # type: ignore[arg-type]
        self.assertEqual(self.game(self.table).to_dict(), before)

    def test_a_move_beaten_by_the_players_own_other_window_is_told_so(self) -> None:
        self.table.refresh_from_db()
        seen = self.table.version
        moment = store.load(self.table).session.moment(store.load(self.table).state, 0)
        play.table_act(self.table, self.alice, "opus", seen)  # from another window
        before = self.game(self.table).to_dict()
        r = self.post(self.table, "garden", version=seen, moment=moment)
        self.assertContains(r, "You had already moved, in another window", status_code=409)  # type: ignore[arg-type]
        self.assertEqual(self.game(self.table).to_dict(), before)

    def test_a_watcher_and_a_stranger_cannot_move(self) -> None:
        Membership.objects.create(campaign=self.table, user=self.carol, role=Role.WATCH)
        self.client.force_login(self.carol)
        self.assertContains(self.post(self.table, "opus"), "You are watching", status_code=403)  # type: ignore[arg-type]
        self.client.force_login(self.mallory)
        self.assertEqual(self.post(self.table, "opus").status_code, 404)  # type: ignore[attr-defined]
        self.assertEqual(self.game(self.table).waiting(), [0, 1])

    def test_a_seat_sees_only_whether_the_others_placed(self) -> None:
        self.share(self.table, self.bob, Role.PLAY)
        seats.take_seat(self.table, self.bob)
        self.post(self.table, "garden")
        number = self.game(self.table).number
        self.client.force_login(self.bob)
        r = self.client.get(reverse("board", args=[self.table.code]))
        self.assertContains(r, "placed")
        self.assertNotContains(r, f'<span class="num">{number}</span>')  # Alice's trunk is not written yet
        self.assertContains(r, "Garden: plant the trunk")

    def test_the_sheet_says_why_the_number_fits_nowhere_in_the_empire(self) -> None:
        table = self.make_table(["owner", "random"])
        self.client.force_login(self.alice)
        url = reverse("board", args=[table.code])
        table.refresh_from_db()
        play.table_act(table, self.alice, "empire:0,0", table.version)
        first = self.game(table).sheets[0].empire[(0, 0)]
        kinds = {0: "an even number", 1: "an odd number"}
        touches = "cannot go in your empire: each free square beside it touches"
        for _ in range(6):  # a number as even or odd as the first leaves the empire no room
            number = self.game(table).number
            assert number is not None
            html = self.client.get(url).content.decode()
            blocked = f"{number} {touches} {kinds[number % 2]},"
            if number % 2 == first % 2:
                self.assertIn(blocked, html)
                self.assertNotIn('value="empire:', html)
                return
            self.assertNotIn("cannot go in your empire", html)
            self.assertIn('value="empire:1,0"', html)
            table.refresh_from_db()
            play.table_act(table, self.alice, "opus", table.version)
        self.fail("six numbers in a row of the other parity")

    def test_the_live_table_answers_304_until_it_moves(self) -> None:
        url = reverse("live", args=[self.table.code])
        first = self.client.get(url)
        etag = first["ETag"]
        self.assertEqual(self.client.get(url, headers={"If-None-Match": etag}).status_code, 304)
        self.post(self.table, "opus")
        self.assertEqual(self.client.get(url, headers={"If-None-Match": etag}).status_code, 200)


class SeriesTests(TableTestCase):
    def test_a_game_played_out_records_its_scores_and_the_next_one_is_dealt(self) -> None:
        table = self.make_table(["owner", "random"])
        while not self.game(table).over:
            table.refresh_from_db()
            play.table_act(table, self.alice, self.game(table).legal_actions(0)[0].key, table.version)
        table.refresh_from_db()
        game = self.game(table)
        self.assertEqual(table.status, Campaign.Status.BETWEEN)
        self.assertEqual(table.state["results"], [game.scores()])
        row = store.load(table).game_row
        self.assertTrue(play.replays(row), "the log replays to the stored game")
        self.client.force_login(self.alice)
        r = self.client.post(reverse("act", args=[table.code]), {"key": "next", "version": table.version})
        self.assertEqual(r.status_code, 302)
        table.refresh_from_db()
        self.assertEqual((table.game_number, table.status), (2, Campaign.Status.PLAYING))
        self.assertNotEqual(self.game(table).deck, game.deck)

    def test_the_next_game_waits_for_this_one_to_end(self) -> None:
        table = self.make_table(["owner"])
        self.client.force_login(self.alice)
        r = self.client.post(reverse("act", args=[table.code]), {"key": "next", "version": table.version})
        self.assertContains(r, "still being played", status_code=400)
        self.assertEqual(Campaign.objects.get(pk=table.pk).game_number, 1)


class SeatTests(TableTestCase):
    def test_a_play_link_gives_the_first_open_seat_and_a_full_table_a_watcher(self) -> None:
        from campaigns.sharing.invites import create_invite

        table = self.make_table(["owner", "open"])
        invite, _ = create_invite(table, self.alice, Role.PLAY, single_use=False)
        join(invite, self.bob)
        self.assertEqual(seats.take_seat(table, self.bob), 1)
        self.assertEqual(seats.take_seat(table, self.bob), 1)  # the same seat again
        self.assertIsNone(seats.take_seat(table, self.mallory))
        self.assertEqual(TableSeat.objects.get(campaign=table, number=1).user, self.bob)

    def test_the_owner_gives_a_waiting_seat_to_a_bot_and_it_plays_at_once(self) -> None:
        table = self.make_table(["owner", "open"])
        self.client.force_login(self.alice)
        self.post(table, "opus")
        self.assertEqual(self.game(table).waiting(), [1])  # the open seat holds the game up
        r = self.client.post(reverse("table_seat", args=[table.code, 1]), {"to": "bot:random"})
        self.assertRedirects(r, reverse("members", args=[table.code]))
        self.assertEqual(TableSeat.objects.get(campaign=table, number=1).bot, "random")
        self.assertEqual(self.game(table).waiting(), [0])  # the bot placed this number and the next
        seats = list(GameAction.objects.filter(game__campaign=table).values_list("seat", flat=True))
        self.assertEqual(seats, [0, 1, 1])

    def test_the_owner_opens_a_seat_and_gives_it_to_a_player_without_one(self) -> None:
        table = self.make_table(["owner", "greedy"])
        self.share(table, self.bob, Role.PLAY)
        self.share(table, self.carol, Role.WATCH)
        self.client.force_login(self.alice)
        page = self.client.get(reverse("members", args=[table.code]))
        self.assertContains(page, f'value="user:{self.bob.pk}"')
        self.assertNotContains(page, f'value="user:{self.carol.pk}"')  # a watcher sits nowhere
        url = reverse("table_seat", args=[table.code, 1])
        self.client.post(url, {"to": "open"})
        self.assertTrue(TableSeat.objects.get(campaign=table, number=1).open)
        self.client.post(url, {"to": f"user:{self.bob.pk}"})
        self.assertEqual(seats.seat_number(table, self.bob), 1)

    def test_a_seat_goes_to_nobody_it_should_not(self) -> None:
        table = self.make_table(["owner", "open"])
        self.share(table, self.carol, Role.WATCH)
        before = list(TableSeat.objects.filter(campaign=table).values_list("user", "bot"))
        self.client.force_login(self.alice)
        refused = {
            1: [f"user:{self.carol.pk}", f"user:{self.mallory.pk}", f"user:{self.alice.pk}", "bot:clever"],
            5: ["bot:random"],
        }
        for number, choices in refused.items():
            for to in choices:
                r = self.client.post(reverse("table_seat", args=[table.code, number]), {"to": to})
                self.assertEqual(r.status_code, 400, to)
        self.client.force_login(self.bob)
        self.assertEqual(
            self.client.post(reverse("table_seat", args=[table.code, 1]), {"to": "bot:random"}).status_code,
            404,
        )
        self.assertEqual(list(TableSeat.objects.filter(campaign=table).values_list("user", "bot")), before)

    def test_a_player_taken_out_or_made_a_watcher_gives_up_the_seat(self) -> None:
        table = self.make_table(["owner", "open", "open"])
        bob = self.share(table, self.bob, Role.PLAY)
        seats.take_seat(table, self.bob)
        self.client.force_login(self.alice)
        self.client.post(reverse("member_role", args=[table.code, bob.code]), {"role": Role.WATCH})
        self.assertIsNone(seats.seat_number(table, self.bob))
        self.client.post(reverse("member_role", args=[table.code, bob.code]), {"role": Role.PLAY})
        self.assertEqual(seats.seat_number(table, self.bob), 1)
        self.client.post(reverse("member_remove", args=[table.code, bob.code]))
        self.assertIsNone(seats.seat_number(table, self.bob))
        self.assertEqual(TableSeat.objects.filter(campaign=table, user__isnull=True).count(), 2)

    def test_a_table_has_the_one_board_page_and_its_old_address_leads_there(self) -> None:
        table = self.make_table()
        self.client.force_login(self.alice)
        board = reverse("board", args=[table.code])
        self.assertContains(self.client.get(board), '<section id="table"')
        r = self.client.get(f"/t/{table.code}/")
        self.assertRedirects(r, board, status_code=301, fetch_redirect_response=False)
        r = self.client.get(
            reverse("reset", args=[table.code])
        )  # a campaign of Yu starts over; a table deals
        self.assertRedirects(r, board, fetch_redirect_response=False)
        campaign = self.make_campaign()
        self.assertEqual(campaign.game, YU)
        self.assertEqual(self.client.get(reverse("board", args=[campaign.code])).status_code, 200)

    def test_a_hint_at_a_table_is_the_tables_own_and_changes_no_move(self) -> None:
        table = self.make_table()
        self.share(table, self.bob, Role.PLAY)
        before = Campaign.objects.values().get(pk=table.pk)
        url = reverse("hint", args=[table.code])
        self.client.force_login(self.alice)
        self.assertEqual(self.client.get(url).status_code, 405)
        self.assertContains(self.client.post(url, {"version": table.version}), "The best bot would play")
        self.client.force_login(self.bob)  # let in to play, but without a seat
        r = self.client.post(url, {"version": table.version})
        self.assertContains(r, "hints are for", status_code=403)
        self.assertEqual(Campaign.objects.values().get(pk=table.pk), before)


class GoneTests(TableTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.table = self.make_table()
        self.share(self.table, self.bob, Role.PLAY)
        seats.take_seat(self.table, self.bob)

    def written(self) -> tuple[int, int, int]:
        """What the table holds: its games, their moves, and its version."""
        table = Campaign.objects.get(pk=self.table.pk)
        return table.games.count(), GameAction.objects.filter(game__campaign=table).count(), table.version

    def test_a_deleted_table_says_so_to_its_owner_and_players_and_stops_their_polls(self) -> None:
        store.delete(self.table)
        before = self.written()
        for user, says in (
            (self.alice, "You deleted this table"),
            (self.bob, "Its owner deleted this table"),
        ):
            self.client.force_login(user)
            for headers in ({}, {"HX-Request": "true"}):
                r = self.client.get(reverse("board", args=[self.table.code]), headers=headers)
                self.assertContains(r, says, status_code=410)
                self.assertNotContains(r, 'hx-trigger="every', status_code=410)
                self.assertEqual(r.get("HX-Refresh"), "true" if headers else None)
                r = self.client.get(reverse("live", args=[self.table.code]), headers=headers)
                self.assertEqual((r.status_code, r["HX-Refresh"]), (404, "true"))  # the page then says why
                for key in ("opus", "next"):
                    data = {"key": key, "version": before[2]}
                    r = self.client.post(reverse("act", args=[self.table.code]), data, headers=headers)
                    self.assertContains(r, says, status_code=410)
        self.assertEqual(self.written(), before)

    def test_a_move_or_a_next_game_that_meets_the_table_deleted_writes_nothing(self) -> None:
        seated = access.board_for

        def deleted_meanwhile(*args: Any, **kwargs: Any) -> tuple[store.Board, Seat]:
            board, seat = seated(*args, **kwargs)
            store.delete(seat.campaign)
            return board, seat

        self.client.force_login(self.alice)
        for key in ("opus", "next"):
            board = store.load(Campaign.objects.get(pk=self.table.pk))
            moment = board.session.moment(board.state, 0)
            data = {"key": key, "version": board.campaign.version, "moment": moment}
            games, moves, version = self.written()
            with mock.patch("campaigns.play.board_for", deleted_meanwhile):
                r = self.client.post(reverse("act", args=[self.table.code]), data)
            self.assertContains(r, "You deleted this table", status_code=409)
            self.assertEqual(self.written(), (games, moves, version + 1))  # the delete alone
            self.assertTrue(store.restore(self.table))

    def test_a_poll_that_meets_the_table_deleted_reloads_the_page(self) -> None:
        found = access.campaign_for

        def deleted_meanwhile(*args: Any, **kwargs: Any) -> Seat:
            seat = found(*args, **kwargs)
            store.delete(seat.campaign)
            return seat

        self.client.force_login(self.alice)
        with mock.patch("campaigns.play.campaign_for", deleted_meanwhile):
            r = self.client.get(reverse("live", args=[self.table.code]))
        self.assertEqual((r.status_code, r["HX-Refresh"]), (404, "true"))


class DangerTests(TableTestCase):
    def test_the_table_warns_once_only_the_last_journey_card_is_left(self) -> None:
        table = self.make_table(["owner"])
        self.client.force_login(self.alice)
        url = reverse("board", args=[table.code])
        self.assertNotContains(self.client.get(url), "The last journey card is among them")
        row = store.load(table).game_row
        row.state = {**row.state, "journeys": 2, "deck": [*[c for c in row.state["deck"] if c][:9], 0]}
        row.save()
        odds = "the next card drawn has a 1 in 10 chance of ending the game."
        self.assertContains(self.client.get(url), odds)

    def test_the_garden_says_why_a_number_cannot_branch(self) -> None:
        table = self.make_table(["owner"])
        row = store.load(table).game_row
        row.state = {**row.state, "number": 60}
        row.state["sheets"][0]["garden"] = [[40, None]]
        row.save()
        self.client.force_login(self.alice)
        r = self.client.get(reverse("board", args=[table.code]))
        self.assertContains(r, "60 cannot branch here")


class LogTests(TableTestCase):
    def test_the_log_says_who_placed_and_what_came_up_but_not_where(self) -> None:
        table = self.make_table(["owner", "greedy"])
        first = self.game(table).number
        self.client.force_login(self.alice)
        r = self.client.get(reverse("board", args=[table.code]))
        self.assertContains(r, "<b>“Plays for the moment” bot 2</b> placed the number")
        self.assertNotContains(r, "<b>alice</b> placed")
        self.post(table, "garden")
        log = self.client.get(reverse("board", args=[table.code])).content.decode().split("What happened")[1]
        self.assertIn("<b>alice</b> placed the number", log)
        self.assertIn(f"<b>{first}</b> is written on every sheet", log)
        newest_first = [
            "<b>“Plays for the moment” bot 2</b> placed",
            "came up",
            "on every sheet",
            "<b>alice</b> placed",
        ]
        at = [log.find(line) for line in newest_first]
        self.assertEqual(at, sorted(at))
        self.assertNotIn(-1, at)
        self.assertNotIn("garden", log.split("</section>")[0].lower())

    def test_the_log_names_who_sat_at_the_seat_when_the_move_was_made(self) -> None:
        table = self.make_table(["owner", "open"])
        self.share(table, self.bob, Role.PLAY)
        seats.take_seat(table, self.bob)
        self.client.force_login(self.bob)
        self.post(table, "opus")
        seats.give_seat(table, 1, "random")
        self.client.force_login(self.alice)
        log = self.client.get(reverse("board", args=[table.code])).content.decode().split("What happened")[1]
        self.assertIn("<b>bob-plays</b> placed the number", log)
        self.assertNotIn(
            "<b>“Plays at random” bot 2</b> placed", log
        )  # the bot has not placed: alice has not yet
        self.client.force_login(self.bob)
        self.assertContains(self.client.get(reverse("board", args=[table.code])), "you have no seat now")


class TransferTests(TableTestCase):
    def play_out(self, table: Campaign, moves: int | None = None) -> None:
        """The players place as the greedy bot would, ``moves`` numbers or until the game ends."""
        rules = store.load(table).session
        people = {s.number: s.user for s in table.seats.all() if s.user}
        while moves is None or moves > 0:
            board = store.load(Campaign.objects.get(pk=table.pk))
            if board.state.game.over:
                return
            for seat in board.state.game.waiting():
                key = rules.bot("greedy", board.state, seat).key
                play.table_act(table, people[seat], key, Campaign.objects.get(pk=table.pk).version)
            moves = None if moves is None else moves - 1

    def export(self, table: Campaign) -> dict[str, Any]:
        self.client.force_login(self.alice)
        r = self.client.get(reverse("export", args=[table.code]))
        self.assertEqual(r["Content-Disposition"], 'attachment; filename="numbers.legacy.json"')
        data: dict[str, Any] = json.loads(r.content)
        return data

    def bring_back(self, data: Any) -> Any:
        self.client.force_login(self.bob)
        upload = SimpleUploadedFile("numbers.legacy.json", json.dumps(data).encode())
        return self.client.post(reverse("import"), {"file": upload})

    def test_the_same_import_form_posted_twice_brings_a_table_back_once(self) -> None:
        table = self.make_table(["owner", "greedy"])
        self.play_out(table, 2)
        data = self.export(table)
        self.client.force_login(self.bob)
        for _ in range(2):
            upload = SimpleUploadedFile("numbers.legacy.json", json.dumps(data).encode())
            r = self.client.post(
                reverse("import"), {"file": upload, "request": "6c1f4a86-2b8e-4a53-9d55-0c3e4d1b7a10"}
            )
            self.assertEqual(r.status_code, 302)
        copy = Campaign.objects.get(owner=self.bob)
        self.assertEqual((copy.name, copy.games.count()), ("Numbers", 1))

    def test_a_series_comes_back_as_a_table_of_the_importers(self) -> None:
        table = self.make_table(["open", "owner", "greedy"])
        self.share(table, self.carol, Role.PLAY)
        seats.take_seat(table, self.carol)
        self.play_out(table)
        play.next_game(table, Campaign.objects.get(pk=table.pk).version)
        self.play_out(table, 3)
        data = self.export(table)
        self.assertEqual(
            (data["format"], data["game"], data["seats"]),
            (transfer.FORMAT, "legacy", ["player", "player", "greedy"]),
        )
        first, second = (table.games.get(number=n).actions.order_by("seq") for n in (1, 2))
        self.assertEqual(data["log"], [[a.seat, a.key] for a in first])  # the game under way is sealed
        self.assertEqual(data["log"][-1], [0, "next"])
        self.assertEqual(sealed.unseal(data["sealed"])["hidden"], [[a.seat, a.key] for a in second])
        self.assertNotIn("alice", json.dumps(data))
        self.assertNotIn("carol", json.dumps(data))

        r = self.bring_back(data)
        copy = Campaign.objects.exclude(pk=table.pk).get(name="Numbers")
        self.assertRedirects(r, reverse("board", args=[copy.code]), fetch_redirect_response=False)
        self.assertEqual(copy.owner, self.bob)
        seated = list(copy.seats.order_by("number").values_list("user__username", "bot"))
        self.assertEqual(seated, [("bob-plays", ""), (None, ""), (None, "greedy")])
        # The series and its results; the copy deals its games to come, and the rest of this one, anew.
        [[after, seed]] = copy.games.get(number=2).redeals
        self.assertEqual(after, table.games.get(number=2).version)
        self.assertEqual(copy.state, {**Campaign.objects.get(pk=table.pk).state, "seed": seed})
        self.assertEqual(copy.games.get(number=1).state, table.games.get(number=1).state)
        self.assertEqual(copy.games.get(number=2).state, dealt_anew(table, seed))
        self.assertTrue(all(play.replays(brought) for brought in copy.games.all()))
        self.assertEqual(self.client.get(reverse("board", args=[copy.code])).status_code, 200)

    def test_a_table_brought_back_by_its_owner_is_named_as_a_copy(self) -> None:
        table = self.make_table(["owner", "greedy"])
        self.play_out(table, 2)
        upload = SimpleUploadedFile("numbers.legacy.json", json.dumps(self.export(table)).encode())
        r = self.client.post(reverse("import"), {"file": upload})
        copy = Campaign.objects.exclude(pk=table.pk).get(owner=self.alice)
        self.assertRedirects(r, reverse("board", args=[copy.code]), fetch_redirect_response=False)
        self.assertEqual((table.name, copy.name), ("Numbers", "Numbers (copy)"))

    def test_a_file_that_does_not_replay_brings_nothing_back(self) -> None:
        table = self.make_table(["owner", "greedy"])
        self.play_out(table, 2)
        good = self.export(table)
        hidden = [(seat, key) for seat, key in sealed.unseal(good["sealed"])["hidden"]]

        def changed(log: list[Any], **fields: Any) -> dict[str, Any]:
            """``good`` with ``log`` for its whole run, sealed again by someone who could."""
            return resealed({**good, **fields, "log": log}, table.seed)

        bad = {
            "does not replay": changed([*hidden[:-1], [0, "empire:9,9"]]),
            "still being played": changed([*hidden, [0, "next"], *hidden]),
            "no seat for you": {**good, "seats": ["greedy", "greedy"]},
            "not one this site plays": {**good, "game": "chess"},
            "log is not a list of actions": {**good, "log": [[0, "opus", 1]]},
            "no seat 3": changed([[2, "opus"]]),
            "comes from another file": {**good, "log": hidden},
        }
        for why, data in bad.items():
            with self.subTest(why):
                self.assertContains(self.bring_back(data), why, status_code=400)
        self.assertEqual(Campaign.objects.count(), 1)


class RulesTests(TableTestCase):
    def test_each_table_game_has_its_rules_and_the_table_links_to_them(self) -> None:
        r = self.client.get(reverse("game_rules", args=["legacy"]))
        self.assertContains(r, "How to play Legacy")
        self.assertContains(r, "28, 11, 45, 83, 17 scores 8 \N{MINUS SIGN} 1 + 5 \N{MINUS SIGN} 3 + 7 = 16")
        self.assertEqual(self.client.get("/rules/chess/").status_code, 404)
        table = self.make_table(["owner"])
        self.client.force_login(self.alice)
        page = self.client.get(reverse("board", args=[table.code]))
        self.assertContains(page, f'href="{reverse("game_rules", args=["legacy"])}"', count=2)
