"""An action's answer carries exactly the board regions that moved, and the
regions taken over from the version before are those a fresh render draws."""

from __future__ import annotations

import random
import re

from django.core.cache import cache

from campaigns import regions, store
from campaigns.access import OWN, Seat
from tests import play

from .base import BaseTestCase

HTMX = {"HX-Request": "true"}
STEPS = 80


def region_id(html: str) -> str:
    found = re.match(r'\s*<\w+ id="([\w-]+)"', html)
    assert found, f"a region without an id: {html[:80]!r}"
    return found.group(1)


def fresh(board: store.Board) -> dict[str, str]:
    """Every region of the board rendered from nothing."""
    cache.clear()
    return {name: region.html for name, region in regions.rendered(board, Seat(board.campaign, OWN)).items()}


def lines(log: str) -> list[str]:
    """The log's lines, the latest first, each as drawn."""
    return re.findall(r'<li id="log-\d+".*?\n</li>', log, re.S)


def lines_after(log: str, answer: str) -> list[str]:
    """The log's lines once an answer's new lines are put on top and the lines it deletes are gone."""
    added = re.search(r'<ol hx-swap-oob="afterbegin:#log-lines">(.*?)</ol><', answer, re.S)
    assert added, "an answer that changes the log without its new lines"
    deleted = set(re.findall(r'<li id="(log-\d+)" hx-swap-oob="delete">', answer))
    return lines(added.group(1)) + [line for line in lines(log) if line.split('"')[1] not in deleted]


class RegionsTestCase(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.campaign = self.make_campaign()
        self.client.force_login(self.alice)
        self.rng = random.Random(5)

    def test_an_answer_sends_the_regions_that_moved_and_no_other(self) -> None:
        before = fresh(store.load(self.campaign, regions.RECENT))
        sent_some = skipped_some = sent_lines = False
        for _ in range(STEPS):
            board = store.load(self.campaign)
            key = self.rng.choice([a.key for a in board.state.legal_actions()])
            r = self.client.post(
                f"/c/{self.campaign.code}/act/",
                {"key": key, "version": board.version, "confirm": "1"},
                headers=HTMX,
            )
            self.assertEqual(r.status_code, 200, key)
            answer = r.content.decode()
            sent = set(re.findall(r'<\w+ id="([\w-]+)"[^>]*hx-swap-oob="true"', answer))
            after = fresh(store.load(self.campaign, regions.RECENT))
            moved = {region_id(html) for name, html in after.items() if html != before[name]}
            if "log" not in sent and after["log"] != before["log"]:
                self.assertEqual(lines_after(before["log"], answer), lines(after["log"]), key)
                sent_lines, moved = True, moved - {"log"}
            kept = {region_id(html) for name, html in after.items() if html == before[name]}
            self.assertEqual(sent & (moved | kept), moved, key)
            sent_some, skipped_some = sent_some or bool(moved), skipped_some or bool(kept)
            before = after
        self.assertTrue(sent_some and skipped_some and sent_lines)

    def test_regions_taken_over_are_those_a_fresh_render_draws(self) -> None:
        seat = Seat(self.campaign, OWN)
        taken_over = 0
        for _ in range(STEPS):
            board = store.load(self.campaign)
            cache.clear()
            seen = regions.rendered(board, Seat(board.campaign, seat.role))
            play.act(board, self.rng.choice(board.state.legal_actions()), board.version)
            cache.clear()
            built = regions.rendered(board, Seat(board.campaign, seat.role), before=seen)
            taken_over += sum(1 for name in built if built[name] is seen[name])
            self.assertEqual({name: region.html for name, region in built.items()}, fresh(board))
        self.assertGreater(taken_over, STEPS)
