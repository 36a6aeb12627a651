"""A whole game through the HTTP layer: the heuristic bot picks among the
actions the board offers, posts them as the buttons would, until the game ends;
then the campaign reads its ending and moves on to the next game."""

from __future__ import annotations

from io import StringIO

from django.core.management import call_command

from campaigns import store
from campaigns.models import GameAction
from engine.yu.bots.bots import HeuristicBot

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
        confirmations = 0
        for _ in range(LIMIT):
            game = store.load(campaign, recent=0).state.game
            if game.over:
                break
            offered = action_keys(html)
            choice = bot.choose(game).key
            self.assertIn(choice, offered)
            r = self.client.post(act_url, {"key": choice, "version": board_version(html)}, headers=HTMX)
            self.assertEqual(r.status_code, 200, r.content.decode()[:500])
            if "Are you sure?" in r.content.decode():  # an action that loses the game asks first
                confirmations += 1
                self.assertIn(f'id="board-version" value="{board_version(html)}"', r.content.decode())
                data = {"key": choice, "version": board_version(html), "confirm": "yes"}
                r = self.client.post(act_url, data, headers=HTMX)
            self.assertIn(f'id="board-version" value="{board_version(html) + 1}"', r.content.decode())
            html = self.client.get(board_url).content.decode()
        else:
            self.fail(f"no end after {LIMIT} actions")

        game_row = campaign.games.get()
        self.assertTrue(game_row.outcome)
        self.assertEqual(game_row.version, GameAction.objects.filter(game=game_row).count())
        self.assertEqual(
            confirmations > 0, game_row.outcome != "won"
        )  # this seed's loss was asked about before it happened
        self.assertIn('class="outcome-badge outcome-', html)
        self.assertIn("Game 1 is over", html)
        self.assertIn("You turned over", html)
        campaign.refresh_from_db()
        self.assertEqual((campaign.wins, campaign.losses), (1, 0) if game_row.outcome == "won" else (0, 1))
        self.assertEqual(campaign.status, "between")

        # The story between games: answer its choices, then start the next game.
        for _ in range(20):
            offered = action_keys(html)
            if offered == ["next"]:
                break
            self.assertTrue(offered and all(key.startswith("choose:") for key in offered), offered)
            r = self.client.post(act_url, {"key": offered[0], "version": board_version(html)}, headers=HTMX)
            self.assertEqual(r.status_code, 200)
            html = self.client.get(board_url).content.decode()
        self.assertIn("Start game 2", html)
        r = self.client.post(act_url, {"key": "next", "version": board_version(html)})
        self.assertRedirects(r, board_url)

        campaign.refresh_from_db()
        self.assertEqual((campaign.game_number, campaign.status), (2, "playing"))
        first, second = campaign.games.order_by("number")
        self.assertEqual(first.actions.last().key, "next")  # the next game starts from the last one's log
        self.assertEqual(second.version, 0)
        html = self.client.get(board_url).content.decode()
        self.assertIn('<span class="badge">Game 2</span>', html)
        self.assertIn("Round 1", html)

        for game in (first, second):
            out = StringIO()
            call_command("replaygame", str(game.code), stdout=out)
            self.assertIn("no difference", out.getvalue())
