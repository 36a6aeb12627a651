"""Tune the heuristic bot's weights to win: a coordinate search.

    python -m engine.yu tune --games 500 --seed 11

Each weight in turn is tried at 0.6 and 1.5 times its value on the same
``games`` base games; a change is kept when it wins more than ``margin`` of
them more, and the search goes over the weights again until a pass keeps
nothing. The strong bot plays with the result (:data:`engine.yu.bots.bots.WINNING`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

from engine.rng import Rng
from engine.yu.bots.bots import HeuristicBot, Weights
from engine.yu.rules.game import Game

STEPS = (0.6, 1.5)
"""The factors each weight is tried at."""


def win_rate(weights: Weights, games: int, seed: int) -> float:
    """The share of ``games`` base games dealt from ``seed`` that the heuristic bot wins with ``weights``."""
    rng = Rng(seed)
    wins = 0
    for _ in range(games):
        game = Game.new(rng.next64() >> 1)
        bot = HeuristicBot(rng.next64(), weights=weights)
        while not game.over:
            game.apply(bot.choose(game))
        wins += game.won
    return wins / games


def tune(
    games: int,
    seed: int,
    start: Weights | None = None,
    margin: float = 0.015,
    passes: int = 3,
    names: Sequence[str] | None = None,
    say: Callable[[str], None] = print,
) -> Weights:
    """The weights found from ``start`` (the defaults), trying the weights
    ``names`` (all but the items' worths), each step reported through ``say``."""
    best = start or Weights()
    rate = win_rate(best, games, seed)
    say(f"start: {rate:.1%}")
    names = names or [f.name for f in dataclasses.fields(Weights) if f.name != "item"]
    for _ in range(passes):
        kept = False
        for name in names:
            value = getattr(best, name)
            for factor in STEPS:
                new = round(value * factor) if isinstance(value, int) else value * factor
                if new == value:
                    continue
                change: dict[str, Any] = {name: new}
                trial = dataclasses.replace(best, **change)
                won = win_rate(trial, games, seed)
                say(f"{name} {value} -> {new}: {won:.1%}{'  kept' if won > rate + margin else ''}")
                if won > rate + margin:
                    best, rate, kept = trial, won, True
                    break
        if not kept:
            break
    say(f"best: {rate:.1%} with {best!r}")
    return best
