"""The Hint button: the strong bot's best moves, for a player of the campaign, counted per game."""

from __future__ import annotations

import re

from campaigns import store
from campaigns.models import Role
from engine.yu.bots import HeuristicBot
from engine.yu.strong import hint

from .base import SEED, BaseTestCase

HTMX = {"HX-Request": "true"}


def offered(html: str) -> list[str]:
    """The keys of the hint's "Do it" buttons."""
    section = re.search(r'<section id="hint".*?</section>', html, re.S)
    assert section is not None
    return re.findall(r'name="key" value="([^"]+)"', section.group())


class HintTestCase(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.campaign = self.make_campaign()
        self.url = f"/c/{self.campaign.code}/hint/"

    def ask(self, version: int = 0, htmx: bool = True) -> object:
        return self.client.post(self.url, {"version": version}, headers=HTMX if htmx else {})

    def hints(self) -> int:
        return self.campaign.games.get(number=1).hints

    def test_it_shows_the_strong_bot_s_best_moves_and_counts_the_hint(self) -> None:
        self.client.force_login(self.alice)
        board = store.load(self.campaign)
        expected = [h.action.key for h in hint(board.game)]
        r = self.ask()
        self.assertEqual(r.status_code, 200)
        html = r.content.decode()
        self.assertNotIn("<html", html)
        self.assertIn("What the strong bot would do now", html)
        self.assertEqual(offered(html), expected)
        self.assertTrue(set(expected) <= {a.key for a in board.legal()})
        self.assertEqual(len(re.findall(r'class="win"[^>]*>\d{1,3}%<', html)), len(expected))
        self.assertEqual(self.hints(), 1)
        self.ask()
        self.assertEqual(self.hints(), 2)

    def test_without_javascript_the_board_shows_the_hint(self) -> None:
        self.client.force_login(self.alice)
        r = self.ask(htmx=False)
        self.assertContains(r, "<html")
        self.assertTrue(offered(r.content.decode()))
        self.assertEqual(self.hints(), 1)

    def test_the_next_action_clears_the_hint(self) -> None:
        self.client.force_login(self.alice)
        key = offered(self.ask().content.decode())[0]
        r = self.client.post(f"/c/{self.campaign.code}/act/", {"key": key, "version": 0}, headers=HTMX)
        self.assertEqual(r.status_code, 200)
        cleared = r'<section id="hint" class="advice"[^>]*hx-swap-oob="true"></section>'
        self.assertRegex(r.content.decode(), cleared)

    def test_a_stale_board_gets_the_board_and_no_hint(self) -> None:
        self.client.force_login(self.alice)
        r = self.ask(version=3)
        self.assertEqual(r.status_code, 409)
        self.assertEqual(self.hints(), 0)

    def test_a_malformed_request_is_refused(self) -> None:
        self.client.force_login(self.alice)
        r = self.client.post(self.url, {"version": "soon"}, headers=HTMX)
        self.assertEqual(r.status_code, 400)
        self.assertEqual(self.hints(), 0)

    def test_between_games_there_is_nothing_to_hint(self) -> None:
        board = store.load(self.campaign)
        bot = HeuristicBot(SEED)
        while not board.game.over:
            store.act(board, bot.choose(board.game), board.version)
        self.client.force_login(self.alice)
        r = self.ask(version=board.version)
        self.assertContains(r, "There is nothing to hint at", status_code=400)
        self.assertEqual(self.hints(), 0)

    def test_a_player_may_ask_but_not_a_watcher_or_a_stranger(self) -> None:
        seat = self.share(self.campaign, self.bob, Role.PLAY)
        self.client.force_login(self.bob)
        self.assertEqual(self.ask().status_code, 200)
        seat.role = Role.WATCH
        seat.save()
        self.assertEqual(self.ask().status_code, 403)
        self.client.force_login(self.mallory)
        self.assertEqual(self.ask().status_code, 404)
        self.assertEqual(self.hints(), 1)

    def test_the_board_has_the_button_for_players_only(self) -> None:
        self.client.force_login(self.alice)
        self.assertContains(self.client.get(f"/c/{self.campaign.code}/"), f'action="{self.url}"')
        self.share(self.campaign, self.bob, Role.WATCH)
        self.client.force_login(self.bob)
        self.assertNotContains(self.client.get(f"/c/{self.campaign.code}/"), f'action="{self.url}"')
