"""Every bot by name, for the command line, the simulations and the tests."""

from __future__ import annotations

from engine.yu.bots.bots import Bot, HeuristicBot, RandomBot
from engine.yu.bots.strong import StrongBot
from engine.yu.content.loader import BuildingKind

BOTS = ("random", "heuristic", "strong")


def make_bot(name: str, seed: int, never_build: frozenset[BuildingKind] = frozenset()) -> Bot:
    """A bot by name (one of :data:`BOTS`) seeded with ``seed``; ``never_build``:
    kinds of building the heuristic or strong bot is forbidden to build."""
    if name == "random":
        return RandomBot(seed)
    if name == "heuristic":
        return HeuristicBot(seed, never_build=never_build)
    if name == "strong":
        return StrongBot(seed, never_build=never_build)
    raise ValueError(f"unknown bot {name!r}: choose from {', '.join(BOTS)}")
