"""Replays of finished games, for every game: any move of a finished game, its board as the viewer
saw it then (a player their own hidden cards, a watcher nothing hidden), the address shared with
members and no one else, and no replay of a game still under way."""

from __future__ import annotations

import re

from django.urls import reverse

from campaigns import seats, store
from campaigns.models import Campaign, Game
from campaigns.sharing.models import Role
from tests import play

from .base import LONG_SEED, BaseTestCase
from .test_files import ended, play_on

HTMX = {"HX-Request": "true"}


def region(html: str, name: str) -> str:
    """A region of Legacy of Yu's board, its text only."""
    start = html.index(f'id="{name}"')
    text = re.sub(r"<[^>]+>", " ", html[start : html.index("</section>", start)])
    return " ".join(text.split())


class ReplayTests(BaseTestCase):
    def url(self, campaign: Campaign, number: int = 1) -> str:
        game = Game.objects.get(campaign=campaign, number=number)
        return reverse("replay", args=[campaign.code, game.code])

    def move_of(self, html: str) -> tuple[int, int]:
        found = re.search(r"Move (\d+) of (\d+)", html)
        assert found is not None
        return int(found.group(1)), int(found.group(2))

    def step_through(self, campaign: Campaign) -> int:
        """Every move of game 1, forward from the start, as its owner; how many there were."""
        self.client.force_login(self.alice)
        first = self.client.get(self.url(campaign))
        self.assertEqual(first.status_code, 200)
        move, total = self.move_of(first.content.decode())
        self.assertEqual(move, 0)
        for n in range(1, total + 1):
            page = self.client.get(self.url(campaign), {"move": n}, headers=HTMX).content.decode()
            self.assertEqual(self.move_of(page), (n, total))
            self.assertNotIn('hx-trigger="every 1s"', page)  # nothing live in a replay
        past = self.client.get(self.url(campaign), {"move": total + 5}).content.decode()
        self.assertEqual(self.move_of(past), (total, total))
        return total

    def test_a_finished_yu_game_replays_to_its_end(self) -> None:
        campaign = play.create_campaign(self.alice, "River", LONG_SEED)
        board = play_on(campaign, ended(1), "heuristic")
        total = self.step_through(campaign)
        self.assertEqual(total, len(store.moves(board.game_row.actions.all())))
        # Its last move shows what the board showed as the game ended.
        last = self.client.get(self.url(campaign), {"move": total}).content.decode()
        live = self.client.get(campaign.get_absolute_url()).content.decode()
        self.assertEqual(region(last, "status"), region(live, "status"))
        self.assertEqual(region(last, "river"), region(live, "river"))
        self.assertNotEqual(
            region(last, "river"), region(self.client.get(self.url(campaign)).content.decode(), "river")
        )

    def test_a_finished_table_game_of_each_kind_replays(self) -> None:
        for game, bots in (("machi", ["owner", "random"]), ("legacy", ["owner", "random"])):
            with self.subTest(game):
                table = play.create_table(self.alice, game, game.title(), bots)
                play_on(table, ended(1))
                self.assertGreater(self.step_through(table), 0)

    def test_a_game_under_way_or_a_strangers_game_has_no_replay(self) -> None:
        campaign = play.create_campaign(self.alice, "River", LONG_SEED)
        self.client.force_login(self.alice)
        self.assertEqual(self.client.get(self.url(campaign)).status_code, 404)  # under way
        play_on(campaign, ended(1), "heuristic")
        self.client.force_login(self.mallory)
        self.assertEqual(self.client.get(self.url(campaign)).status_code, 404)
        self.share(campaign, self.carol, Role.WATCH)
        self.client.force_login(self.carol)
        self.assertEqual(self.client.get(self.url(campaign), {"move": 3}).status_code, 200)  # shared with her
        self.assertEqual(self.client.get(self.url(campaign), {"move": "x"}).status_code, 404)

    def test_a_watchers_replay_never_shows_a_choice_still_hidden(self) -> None:
        table = play.create_table(self.alice, "machi", "Harbour", ["owner", "open"])
        self.share(table, self.bob, Role.PLAY)
        seats.take_seat(table, self.bob)
        self.share(table, self.carol, Role.WATCH)
        board = store.load(table)
        store.act(board, 0, board.session.parse("choose:bakery,wheat_field"), board.version)
        play_on(table, ended(1))
        moves = store.moves(Game.objects.get(campaign=table, number=1).actions.all())
        chose = moves.index((0, "choose:bakery,wheat_field")) + 1
        bob_chose = next(
            n for n, (seat, key) in enumerate(moves, 1) if seat == 1 and key.startswith("choose:")
        )
        self.assertLess(chose, bob_chose)
        between = {"move": chose}  # Alice chose, Bob has not: her cards are face down to all but her
        self.client.force_login(self.alice)
        mine = self.client.get(self.url(table), between).content.decode()
        self.assertIn("hidden from the others until all have chosen: <b>Bakery, Wheat Field</b>", mine)
        self.assertNotIn('class="table-hint"', mine)  # nothing to ask or do in a replay
        for user in (self.carol, self.bob):
            self.client.force_login(user)
            theirs = self.client.get(self.url(table), between).content.decode()
            self.assertNotIn("Bakery, Wheat Field", theirs, user)
            town = theirs.split('data-town="0"')[1].split('data-town="1"')[0]
            self.assertNotIn('data-card="bakery"', town, user)
        self.client.force_login(self.carol)
        after = self.client.get(self.url(table), {"move": bob_chose}).content.decode()
        self.assertIn('data-card="bakery"', after.split('data-town="0"')[1])  # shown once all chose

    def test_a_watchers_replay_never_shows_a_number_placed_unseen(self) -> None:
        table = play.create_table(self.alice, "legacy", "Numbers", ["owner", "open"])
        self.share(table, self.bob, Role.PLAY)
        seats.take_seat(table, self.bob)
        self.share(table, self.carol, Role.WATCH)
        board = store.load(table)
        placed = board.session.legal(board.state, 0)[0]
        store.act(board, 0, placed, board.version)
        play_on(table, ended(1))
        moves = store.moves(Game.objects.get(campaign=table, number=1).actions.all())
        after = moves.index((0, placed.key)) + 1
        self.assertEqual(moves[after][0], 1)  # Bob places next: Alice's number is face down till then

        def sheet(user: object, move: int) -> str:
            self.client.force_login(user)  # type: ignore[arg-type]
            html = self.client.get(self.url(table), {"move": move}).content.decode()
            return html.split('data-sheet="0"')[1].split("</form>")[0]

        self.assertIn(" pending", sheet(self.alice, after))  # she sees where she placed it
        for user in (self.carol, self.bob):
            self.assertNotIn(" pending", sheet(user, after))
            self.assertEqual(sheet(user, after), sheet(user, after - 1), user)  # nothing of it shows
