"""Every bot by name, for the command line, the simulations and the tests."""

from __future__ import annotations

from collections.abc import Callable

from engine.yu.bots import Bot, HeuristicBot, RandomBot
from engine.yu.strong import StrongBot

MAKERS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "strong": StrongBot,
}
BOTS = tuple(MAKERS)


def make_bot(name: str, seed: int) -> Bot:
    """A bot by name (one of :data:`BOTS`) seeded with ``seed``."""
    if name not in MAKERS:
        raise ValueError(f"unknown bot {name!r}: choose from {', '.join(BOTS)}")
    return MAKERS[name](seed)
