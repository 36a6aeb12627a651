"""An action that loses the game is asked about first (when another way would
not lose it), with the reason; the question changes nothing, and only a
confirmed post takes the action."""

from __future__ import annotations

from django.utils.html import escape

from campaigns import store
from campaigns.models import Campaign, GameAction
from engine.yu import Action
from engine.yu.bots.bots import HeuristicBot
from tests import play

from .base import SEED, BaseTestCase, board_version

HTMX = {"HX-Request": "true"}


def play_to_a_losing_choice(campaign: Campaign) -> tuple[Action, str]:
    """Play the campaign's game with the bot until some legal action would lose
    it while another would not; that action and why."""
    bot = HeuristicBot(SEED)
    for _ in range(2000):
        board = store.load(campaign)
        assert not board.state.game.over, "the game ended before any losing choice came up"
        for action in board.state.legal_actions():
            if warning := play.warning(board, action):
                return action, escape(str(warning))
        play.act(board, bot.choose(board.state.game), board.version)
    raise AssertionError("no losing choice came up")


class ConfirmTestCase(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.campaign = self.make_campaign()
        self.action, self.warning = play_to_a_losing_choice(self.campaign)
        self.client.force_login(self.alice)
        self.url = f"/c/{self.campaign.code}/act/"
        self.campaign.refresh_from_db()
        self.version = self.campaign.version

    def test_the_board_marks_the_losing_action(self) -> None:
        html = self.client.get(f"/c/{self.campaign.code}/").content.decode()
        button = html[html.index(f'value="{self.action.key}"') :]
        self.assertIn("loses the game", button[: button.index("</button>")])

    def test_it_asks_first_and_changes_nothing(self) -> None:
        for headers in ({}, HTMX):  # with and without JavaScript
            with self.subTest(htmx=bool(headers)):
                data = {"key": self.action.key, "version": self.version}
                r = self.client.post(self.url, data, headers=headers)
                self.assertEqual(r.status_code, 200)
                html = r.content.decode()
                self.assertIn("Are you sure?", html)
                self.assertIn(self.warning, html)
                self.assertIn(f'name="key" value="{self.action.key}"', html)
                self.assertIn('name="confirm" value="yes"', html)
                self.assertEqual(board_version(html), self.version)
                self.campaign.refresh_from_db()
                self.assertEqual(self.campaign.version, self.version)
                taken = GameAction.objects.filter(game__campaign=self.campaign, seq__gt=self.version)
                self.assertFalse(taken.exists())

    def test_a_confirmed_post_takes_the_action(self) -> None:
        data = {"key": self.action.key, "version": self.version, "confirm": "yes"}
        r = self.client.post(self.url, data, headers=HTMX)
        self.assertEqual(r.status_code, 200)
        self.assertNotIn("Are you sure?", r.content.decode())
        self.campaign.refresh_from_db()
        self.assertEqual(self.campaign.version, self.version + 1)

    def test_a_confirmation_for_a_stale_board_is_refused(self) -> None:
        data = {"key": self.action.key, "version": self.version - 1, "confirm": "yes"}
        r = self.client.post(self.url, data, headers=HTMX)
        self.assertEqual(r.status_code, 409)
        self.campaign.refresh_from_db()
        self.assertEqual(self.campaign.version, self.version)

    def test_a_safe_action_is_not_asked_about(self) -> None:
        board = store.load(self.campaign)
        safe = next(a for a in board.state.legal_actions() if not play.warning(board, a) and a != self.action)
        r = self.client.post(self.url, {"key": safe.key, "version": self.version}, headers=HTMX)
        self.assertNotIn("Are you sure?", r.content.decode())
        self.campaign.refresh_from_db()
        self.assertEqual(self.campaign.version, self.version + 1)
