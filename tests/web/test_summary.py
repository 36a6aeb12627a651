"""Between games: the summary of the game just played; when the next game
opens, what the story changed. Both are drawn from the board page's data."""

from __future__ import annotations

from typing import Any

from django.utils.html import escape

from campaigns import regions, store
from campaigns.access import OWN, Seat
from engine.text import Name
from engine.yu import Action
from engine.yu.bots.bots import HeuristicBot
from tests import play

from .base import SEED, BaseTestCase


class SummaryTestCase(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.campaign = self.make_campaign()
        self.url = f"/c/{self.campaign.code}/"
        self.client.force_login(self.alice)

    def finish_game(self) -> store.Board:
        board = store.load(self.campaign)
        bot = HeuristicBot(SEED)
        while not board.state.game.over:
            play.act(board, bot.choose(board.state.game), board.version)
        return board

    def board_data(self) -> tuple[dict[str, Any], str]:
        """What the board's regions are drawn from, and the board page."""
        r = self.client.get(self.url)
        self.assertEqual(r.status_code, 200)
        board = store.load(self.campaign)
        data: dict[str, Any] = regions.board_context(board, Seat(board.campaign, OWN))["b"]
        return data, r.content.decode()

    def test_the_summary_shows_the_counts_and_the_cause(self) -> None:
        self.assertIsNone(self.board_data()[0]["between"])
        game = self.finish_game().state.game
        b, html = self.board_data()
        summary = b["between"]["summary"]
        self.assertEqual((summary.outcome, summary.cause), (game.outcome, game.cause))
        self.assertIn(f"<strong>{escape(summary.cause)}</strong>", html)
        self.assertIn(f"<dd>{game.built} of 6</dd>", html)
        self.assertIn(f"<dt>Rounds played</dt><dd>{game.round}</dd>", html)
        self.assertIn(f"<dt>Barbarians defeated</dt><dd>{game.defeated}</dd>", html)
        self.assertIsNone(b["whats_new"])  # the news of game 1 (none) is not shown once it is over
        self.assertNotIn("What's new", html)

    def test_the_next_game_opens_with_whats_new_and_the_journal_keeps_the_choices(self) -> None:
        self.finish_game()
        chosen = []
        for _ in range(20):
            board = store.load(self.campaign)
            story = board.state.view()
            if story.decision is None:
                break
            chosen.append(story.decision.labels[0])
            play.act(board, Action.parse("choose:1"), board.version)
        self.assertTrue(chosen, "the ending's entry asks for a choice")
        board = store.load(self.campaign)
        play.act(board, Action.parse("next"), board.version)
        b, html = self.board_data()
        news = b["whats_new"]
        self.assertEqual(news.game, 2)
        made = tuple(Name(c) for c in chosen)
        self.assertEqual(news.choices[-len(chosen) :], made)  # after those made in the game
        self.assertIsNone(b["between"])
        self.assertIn('<details class="whats-new" open>', html)
        self.assertIn(escape("What's new in game 2"), html)
        for line in news.lines:
            self.assertIn(f"<li>{escape(line)}</li>", html)
        self.assertNotIn("game-summary", html)
        board = store.load(self.campaign)
        first = board.state.legal_actions()[0].key
        r = self.client.post(
            f"{self.url}act/",
            {"key": first, "version": board.version, "confirm": "1"},
            headers={"HX-Request": "true"},
        )
        self.assertEqual(r.status_code, 200)
        drawn_again = 'id="news"' in r.content.decode()
        self.assertFalse(drawn_again, "the first move sends what's new again, folding it")
        self.assertIn('<details class="whats-new" open>', self.board_data()[1])
        r = self.client.get(f"/c/{self.campaign.code}/story/")
        for label in news.choices:
            self.assertContains(r, f"You chose: <b>{escape(label.text)}</b>")
