"""A whole game through the HTTP layer: the heuristic bot picks among the
actions the board offers, posts them as the buttons would, until the game ends."""

from __future__ import annotations

from io import StringIO

from django.core.management import call_command

from campaigns import store
from campaigns.models import GameAction
from engine.yu.bots import HeuristicBot

from .base import SEED, BaseTestCase, action_keys, board_version

HTMX = {"HX-Request": "true"}
LIMIT = 3000


class BotGameTestCase(BaseTestCase):
    def test_it_plays_a_whole_game_through_http(self) -> None:
        campaign = self.make_campaign(seed=SEED)
        board_url, act_url = f"/c/{campaign.code}/", f"/c/{campaign.code}/act/"
        self.client.force_login(self.alice)
        bot = HeuristicBot(SEED)
        html = self.client.get(board_url).content.decode()
        for _ in range(LIMIT):
            game = store.load(campaign, with_log=False).game
            if game.over:
                break
            offered = action_keys(html)
            choice = bot.choose(game).key
            self.assertIn(choice, offered)
            r = self.client.post(act_url, {"key": choice, "version": board_version(html)}, headers=HTMX)
            self.assertEqual(r.status_code, 200, r.content.decode()[:500])
            self.assertIn(f'id="board-version" value="{board_version(html) + 1}"', r.content.decode())
            html = self.client.get(board_url).content.decode()
        else:
            self.fail(f"no end after {LIMIT} actions")

        game_row = campaign.games.get()
        self.assertTrue(game_row.outcome)
        self.assertEqual(game_row.version, GameAction.objects.filter(game=game_row).count())
        self.assertIn('class="outcome outcome-', html)
        self.assertEqual(action_keys(html), [])  # nothing left to do in this game
        campaign.refresh_from_db()
        self.assertEqual((campaign.wins, campaign.losses), (1, 0) if game_row.outcome == "won" else (0, 1))

        out = StringIO()
        call_command("replaygame", str(game_row.code), stdout=out)
        self.assertIn("no difference", out.getvalue())
