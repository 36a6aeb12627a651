"""The chronicle page: each game on a timeline, and charts drawn on the server as SVG."""

from __future__ import annotations

import re
from dataclasses import replace
from xml.etree import ElementTree

from django.utils.html import escape

from campaigns import charts as drawn_charts
from campaigns import store
from campaigns.models import Game
from campaigns.sharing.models import Role
from engine.yu.bots.bots import HeuristicBot
from engine.yu.campaign.chronicle import chronicle as yu_chronicle
from tests import play

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
            while not board.state.game.over:
                play.act(board, bot.choose(board.state.game), board.version)
            while board.state.decision is not None:
                play.act(board, board.state.legal_actions()[0], board.version)
            play.act(board, board.state.legal_actions()[0], board.version)  # next game
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
        story = board.state.view()
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
                    self.assertIn(escape(board.state.content.name(card)), html)
        self.assertRegex(html, r"Hints asked</dt><dd>3<")
        self.assertIn('id="game-4"', html)  # the game being played heads the timeline
        self.assertLess(html.index('id="game-4"'), html.index('id="game-1"'))

    def test_a_zero_is_drawn_on_the_baseline_and_each_limit_line_is_labelled(self) -> None:
        board = self.play(2)
        told = yu_chronicle(board.state.view(), board.state.content)
        calm = replace(told.games[0], summary=replace(told.games[0].summary, pressure=((0, 0), (0, 0))))
        told = replace(told, games=(calm, *told.games[1:]))
        for chart in (drawn_charts.barbarians(told), drawn_charts.flood(told)):
            with self.subTest(chart.slug):
                baseline = next(m for m in chart.grid if m.css == "baseline")
                first = next(m for m in chart.marks if m.w and "Game 1:" in m.title)
                self.assertTrue(first.title.startswith(("Game 1: 0 Barbarians", "Game 1: 0 sections")))
                self.assertGreater(first.h, 0)
                self.assertEqual(round(first.y + first.h, 1), baseline.y)  # it stands on the baseline
        for chart, words in (
            (drawn_charts.record(told), "Seven ends the campaign"),
            (drawn_charts.barbarians(told), "Seven lose the game"),
        ):
            with self.subTest(chart.slug):
                line = next(m for m in chart.grid if m.css == "limit")
                label = next(m for m in chart.grid if m.css == "limit-label")
                self.assertEqual((line.title, label.text), (words, words))
                self.assertLess(label.y, line.y)  # above the line, in the margin over the plot
        self.client.force_login(self.alice)
        html = self.client.get(self.url).content.decode()
        for words in ("Seven ends the campaign", "Seven lose the game"):
            self.assertIn(f'class="limit-label">{words}</text>', html)

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
