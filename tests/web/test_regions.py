"""An action's answer carries exactly what moved on the board (regions, parts of regions, the
log's new lines), and the regions taken over from the version before are those a fresh render
draws."""

from __future__ import annotations

import random
import re

from django.core.cache import cache

from campaigns import regions, store
from campaigns.access import OWN, Seat
from tests import play
from tools.bench.board import element_end, out_of_band

from .base import BaseTestCase

HTMX = {"HX-Request": "true"}
FRAME = {"board-version", "board-run", "notice", "live", "hint"}
"""What every answer swaps besides the regions: the version, the notice, the live poll, the hint."""
TOKEN = re.compile(r'(name="csrfmiddlewaretoken" value=")[^"]*')
STEPS = 80


def region_id(html: str) -> str:
    found = re.match(r'\s*<\w+ id="([\w-]+)"', html)
    assert found, f"a region without an id: {html[:80]!r}"
    return found.group(1)


def fresh(board: store.Board) -> dict[str, str]:
    """Every region of the board rendered from nothing, as a page shows it (no CSRF token)."""
    cache.clear()
    drawn = regions.rendered(board, Seat(board.campaign, OWN))
    return {name: regions.fill(region.html, "") for name, region in drawn.items()}


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

    def test_an_answer_sends_what_moved_and_nothing_else(self) -> None:
        """Applied as a browser applies them, an answer's swaps (whole regions, the parts of a
        region, the log's new lines) turn the board the player saw into the board drawn afresh;
        and nothing sent was already on the player's board."""
        sent = self.answers_applied(STEPS)
        self.assertTrue(all(sent.values()), sent)

    def test_answers_across_a_games_end_bring_the_story_and_the_next_game(self) -> None:
        """The same through the end of a game, the story read between games and the next game's
        first moves: the regions drawn only when what they show changed (the story, what's new,
        the campaign's line) come with the answer that changed them."""
        ending = play.bot_plays_on(self.campaign)
        assert ending is not None
        self.answers_applied(40, first=ending.key)
        self.assertGreater(store.load(self.campaign).game_row.number, 1)

    def answers_applied(self, steps: int, first: str = "") -> dict[str, int]:
        """Random moves (``first`` the first) posted as htmx posts them, each answer applied to
        the board shown and checked against the board drawn afresh; what the answers sent."""
        shown = fresh(store.load(self.campaign, regions.RECENT))
        ids = {region_id(html): name for name, html in shown.items()}
        sent = {"region": 0, "part": 0, "lines": 0}
        for step in range(steps):
            board = store.load(self.campaign)
            key = (
                first
                if step == 0 and first
                else self.rng.choice([a.key for a in board.state.legal_actions()])
            )
            r = self.client.post(
                f"/c/{self.campaign.code}/act/",
                {"key": key, "version": board.version, "confirm": "1"},
                headers=HTMX,
            )
            self.assertEqual(r.status_code, 200, key)
            answer = TOKEN.sub(r"\1", r.content.decode())
            after = fresh(store.load(self.campaign, regions.RECENT))
            seen = dict(shown)
            if "afterbegin:#log-lines" in answer:  # the log's new lines on top, the oldest gone
                drawn = lines_after(seen["log"], answer)
                self.assertEqual(drawn, lines(after["log"]), key)
                start = seen["log"].find('<ol id="log-lines"')
                inside = seen["log"].find(">", start) + 1
                end = element_end(seen["log"], start) - len("</ol>")
                shown["log"] = seen["log"][:inside] + "".join(drawn) + seen["log"][end:]
                sent["lines"] += 1
            for id, element in out_of_band(answer).items():
                element = element.replace(' hx-swap-oob="true"', "", 1)
                if id in ids:  # a region whole
                    self.assertNotEqual(seen[ids[id]], element, f"{key}: {id} sent unchanged")
                    shown[ids[id]] = element
                    sent["region"] += 1
                    continue
                name = next((name for name, html in shown.items() if f' id="{id}"' in html), None)
                if name is None:  # the board's frame, swapped with every answer
                    self.assertIn(id, FRAME, key)
                    continue
                self.assertNotIn(element, seen[name], f"{key}: {id} sent unchanged")
                start = shown[name].rfind("<", 0, shown[name].find(f' id="{id}"'))
                shown[name] = shown[name][:start] + element + shown[name][element_end(shown[name], start) :]
                sent["part"] += 1
            self.assertEqual(shown, after, key)
        return sent

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
            self.assertEqual(
                {name: regions.fill(region.html, "") for name, region in built.items()}, fresh(board)
            )
        self.assertGreater(taken_over, STEPS)
