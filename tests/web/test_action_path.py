"""A move takes the same path for every game: from the one view through the store to the game's
drawing, entering each module of the web app without doubling back."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Any

from django.urls import reverse

from campaigns import store
from campaigns.models import Campaign
from tests import play

from .base import BaseTestCase

ROOT = Path(__file__).resolve().parent.parent.parent
WEB = ROOT / "campaigns"
PATH = ("campaigns.play", "campaigns.access")
"""The modules of a move's path up to the store and the drawing."""
SAME = {
    ("campaigns.play", "campaigns.access"),
    ("campaigns.play", "campaigns.forms"),
    ("campaigns.play", "campaigns.store"),
    ("campaigns.play", "campaigns.boards"),
    ("campaigns.access", "campaigns.store"),
    ("campaigns.access", "campaigns.rows"),  # the board, the seat and the last log rows in one query
}
"""What every game's move calls on its way: the seat, the form, the store and the game's drawing."""
TWO = ["owner", "random"]
"""A table's seats: its owner's, and a bot's."""


def module_of(frame: FrameType) -> str | None:
    """The web app's module running ``frame``; None for any other code."""
    path = Path(frame.f_code.co_filename)
    if not path.is_relative_to(WEB):
        return None
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


@contextmanager
def calls() -> Iterator[set[tuple[str, str]]]:
    """Which of the web app's modules call which, directly, while the block runs."""
    edges: set[tuple[str, str]] = set()

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        if event != "call" or frame.f_back is None:
            return
        callee, caller = module_of(frame), module_of(frame.f_back)
        if callee and caller and callee != caller:
            edges.add((caller, callee))

    sys.setprofile(profile)
    try:
        yield edges
    finally:
        sys.setprofile(None)


def doubling_back(edges: set[tuple[str, str]]) -> list[tuple[str, str]]:
    """The calls from a module back to one that (directly or not) called it."""
    reach: dict[str, set[str]] = {}
    for caller, callee in edges:
        reach.setdefault(caller, set()).add(callee)
    changed = True
    while changed:
        changed = False
        for targets in reach.values():
            more = set().union(*(reach.get(t, set()) for t in targets)) - targets
            if more:
                targets |= more
                changed = True
    return sorted((a, b) for a, b in edges if a in reach.get(b, set()))


class ActionPathTests(BaseTestCase):
    def move(self, campaign: Campaign) -> set[tuple[str, str]]:
        """One htmx move at ``campaign`` by its owner, and the calls it made."""
        board = store.load(campaign)
        key = board.session.legal(board.state, 0)[0].key
        self.client.force_login(self.alice)
        self.client.get(reverse("board", args=[campaign.code]))
        data = {"key": key, "version": campaign.version, "moment": board.session.moment(board.state, 0)}
        with calls() as edges:
            r = self.client.post(reverse("act", args=[campaign.code]), data, headers={"HX-Request": "true"})
        self.assertEqual(r.status_code, 200, r.content[:300])
        self.assertEqual(Campaign.objects.get(pk=campaign.pk).version, campaign.version + 1)
        return edges

    def test_every_game_moves_through_the_same_modules_without_doubling_back(self) -> None:
        games = [
            (play.create_campaign(self.alice, "Yu"), "campaigns.regions"),
            (play.create_table(self.alice, "legacy", "Numbers", TWO), "campaigns.table_drawing"),
            (play.create_table(self.alice, "machi", "Town", TWO), "campaigns.table_drawing"),
        ]
        for campaign, drawing in games:
            edges = self.move(campaign)
            self.assertEqual(doubling_back(edges), [], campaign.game)
            self.assertEqual({(a, b) for a, b in edges if a in PATH}, {*SAME, ("campaigns.play", drawing)})

    def test_the_finder_sees_a_call_back(self) -> None:
        self.assertEqual(
            doubling_back({("a", "b"), ("b", "c"), ("c", "a")}), [("a", "b"), ("b", "c"), ("c", "a")]
        )
        self.assertEqual(doubling_back({("a", "b"), ("b", "c")}), [])
