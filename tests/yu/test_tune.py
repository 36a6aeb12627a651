"""Tuning the heuristic bot's weights: a kept change wins more of the same games."""

from __future__ import annotations

from engine.yu.bots.bots import Weights
from engine.yu.simulation.tune import tune, win_rate


def test_a_tuned_weight_wins_more_of_the_same_games() -> None:
    start = Weights(plenty=8, clock=2.0)
    said: list[str] = []
    best = tune(12, 3, start=start, margin=0.0, passes=1, names=["plenty", "clock"], say=said.append)
    assert win_rate(best, 12, 3) >= win_rate(start, 12, 3)
    assert said[0].startswith("start: ") and said[-1].startswith("best: ")
    kept = [line for line in said if line.endswith("kept")]
    assert (best != start) == bool(kept)
    assert all(line.split(" ")[0] in ("plenty", "clock") for line in said[1:-1])


def test_the_same_games_give_the_same_rate() -> None:
    assert win_rate(Weights(), 5, 9) == win_rate(Weights(), 5, 9)
