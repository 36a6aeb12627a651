"""The chronicle page: each game on a timeline, and charts drawn on the server as SVG."""

from __future__ import annotations

import re
from xml.etree import ElementTree

from django.utils.html import escape

from campaigns import store
from campaigns.models import Game, Role
from engine.yu.bots import HeuristicBot

from .base import SEED, BaseTestCase

SVG = "{http://www.w3.org/2000/svg}"
LOST = {"flood": "the Flood", "barbarians": "the Barbarians", "damage": "Damage"}


def charts(html: str) -> dict[str, ElementTree.Element]:
    """The page's charts by their title, parsed as XML (so each is well formed)."""
    found = {}
    for svg in re.findall(r'<figure class="chart[^"]*">.*?(<svg .*?</svg>)', html, re.S):
        tree = ElementTree.fromstring(svg)
        title = tree.find(f"{SVG}title")
        assert title is not None and title.text
        found[title.text] = tree
    return found


def titles(svg: ElementTree.Element, tag: str) -> list[str]:
    return [str(e.findtext(f"{SVG}title")) for e in svg.iter(f"{SVG}{tag}")]


class ChronicleTestCase(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.campaign = self.make_campaign()
        self.url = f"/c/{self.campaign.code}/chronicle/"

    def play(self, games: int) -> store.Board:
        """Play ``games`` games with the heuristic bot, taking the first option of every
        choice; the next game is started, not played."""
        board = store.load(self.campaign)
        for n in range(games):
            bot = HeuristicBot(SEED + n)
            while not board.game.over:
                store.act(board, bot.choose(board.game), board.version)
            while board.engine.decision is not None:
                store.act(board, board.legal()[0], board.version)
            store.act(board, board.legal()[0], board.version)  # next game
        return board

    def test_before_the_first_game_ends_there_is_no_chart(self) -> None:
        self.client.force_login(self.alice)
        r = self.client.get(self.url)
        self.assertContains(r, "The chronicle of Yellow River")
        self.assertContains(r, "Game 1 · being played")
        self.assertContains(r, "The charts appear once the first game is over.")
        self.assertEqual(charts(r.content.decode()), {})

    def test_each_game_is_on_the_timeline_and_in_the_charts(self) -> None:
        board = self.play(3)
        story = board.story()
        Game.objects.filter(campaign=self.campaign, number=2).update(hints=2)
        Game.objects.filter(campaign=self.campaign, number=4).update(hints=1)
        self.client.force_login(self.alice)
        html = self.client.get(self.url).content.decode()

        finished = [r for r in story.results if r.summary is not None]
        self.assertEqual(len(finished), 3)
        drawn = charts(html)
        self.assertEqual(
            set(drawn), {"Wins and losses", "Barbarians at the worst", "The Flood at its closest"}
        )
        dots = titles(drawn["Wins and losses"], "circle")
        wins = losses = 0
        for result, dot in zip(finished, dots, strict=True):
            assert result.summary is not None
            won = result.summary.won
            wins, losses = wins + won, losses + (not won)
            how = "won" if won else "lost"
            self.assertEqual(dot, f"Game {result.game}: {how} ({wins} won, {losses} lost)")
            how = "won" if won else f"lost to {LOST[result.summary.outcome]}"
            self.assertIn(f"Game {result.game} · {how}", html)
            self.assertIn(f"Game {result.game}: {result.summary.most_barbarians} Barbarians", html)
            self.assertIn(escape(result.summary.cause), html)
        bars = titles(drawn["Barbarians at the worst"], "rect")
        self.assertEqual(len(bars), 3)

        for reading in story.journal:
            self.assertIn(escape(reading.page.title), html)
            for label in reading.chosen:
                self.assertIn(escape(label.text), html)
        for result in finished:
            for kind, card in result.story:
                if kind == "found":
                    self.assertIn(escape(board.engine.content.name(card)), html)
        self.assertRegex(html, r"Hints asked</dt><dd>3<")
        self.assertIn('id="game-4"', html)  # the game being played heads the timeline
        self.assertLess(html.index('id="game-4"'), html.index('id="game-1"'))

    def test_a_member_may_read_it_and_a_stranger_may_not(self) -> None:
        self.share(self.campaign, self.bob, Role.WATCH)
        self.client.force_login(self.bob)
        self.assertEqual(self.client.get(self.url).status_code, 200)
        self.client.force_login(self.mallory)
        self.assertEqual(self.client.get(self.url).status_code, 404)

    def test_it_requires_login(self) -> None:
        self.assertRedirects(self.client.get(self.url), f"/accounts/login/?next={self.url}")

    def test_the_board_links_to_it(self) -> None:
        self.client.force_login(self.alice)
        self.assertContains(self.client.get(f"/c/{self.campaign.code}/"), f'href="{self.url}"')
