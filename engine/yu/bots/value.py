"""How likely the strong bot's games played ahead are to win from a position.

A logistic model over a few numbers of the position (:data:`FEATURES`),
fitted to the positions the heuristic bot reached as each Round ended,
playing with the weights that win (:data:`engine.yu.bots.bots.WINNING`), and
whether it went on to win (:func:`fit`). The strong bot plays a game ahead
a few Rounds only and asks the model for the rest (:mod:`engine.yu.bots.strong`).
The fitted numbers are data, in ``data/value.toml``; refit them with

    python -m engine.yu value --games 1600 --seed 1 --write

whenever the rules, the content or the heuristic bot change.
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources

from engine.rng import Rng
from engine.yu.bots.bots import WINNING, HeuristicBot, spare_rounds
from engine.yu.rules import card_row
from engine.yu.rules.game import Game
from engine.yu.rules.rules import damage, shore_barbarians

FILE = "value.toml"


def _cycle(g: Game) -> float:
    return len(g.ready) + len(g.exhausted) + len(g.hand)


def _bands(g: Game) -> float:
    return len(card_row.barbarians(g.row))


def _coming(g: Game) -> float:
    """Barbarians in the Card Row after the next Refresh, beyond five."""
    return max(0, len(card_row.barbarians(g.row)) + shore_barbarians(g) - 5)


def _damage(g: Game) -> float:
    return sum(damage(g, slot) for slot, card in enumerate(g.row) if card_row.is_barbarian(card))


FEATURES: dict[str, Callable[[Game], float]] = {
    "built": lambda g: g.built,
    "flood": lambda g: g.flood,
    "round": lambda g: g.round,
    "barbarians": _bands,
    "coming": _coming,
    "shore": shore_barbarians,
    "damage": _damage,
    "ready": lambda g: len(g.ready),
    "cycle": _cycle,
    "draw_pile": lambda g: len(g.deck) + len(g.discard),
    "workers": lambda g: sum(g.have[:5]),
    "resources": lambda g: sum(g.have[5:]),
    "buildings": lambda g: sum(1 for site in g.sites if site),
    "tucked": lambda g: len(g.tucked),
    "barbarian_pile": lambda g: len(g.barbarian_deck),
    "slack": spare_rounds,
}
"""The numbers of a position the model weighs, by name."""


def features(game: Game) -> list[float]:
    return [float(f(game)) for f in FEATURES.values()]


@dataclass(frozen=True)
class Model:
    """A logistic model: ``bias`` plus, for each feature, ``weight * (x - mean) / scale``."""

    bias: float
    mean: tuple[float, ...]
    scale: tuple[float, ...]
    weight: tuple[float, ...]

    @classmethod
    def constant(cls, rate: float) -> Model:
        """The model that gives every position the same chance, ``rate``."""
        n = len(FEATURES)
        return cls(math.log(rate / (1 - rate)), (0.0,) * n, (1.0,) * n, (0.0,) * n)

    def chance(self, game: Game) -> float:
        """The chance of winning from ``game`` (0..1)."""
        return self.of(features(game))

    def of(self, x: Sequence[float]) -> float:
        z = self.bias
        for v, m, s, w in zip(x, self.mean, self.scale, self.weight, strict=True):
            z += w * (v - m) / s
        return _sigmoid(z)

    def to_toml(self) -> str:
        lines = [
            "# How likely the heuristic bot is to win from a position (engine/yu/bots/value.py).",
            "# Written by `python -m engine.yu value --write`; do not edit by hand.",
            f"bias = {self.bias!r}",
            "",
        ]
        for name, m, s, w in zip(FEATURES, self.mean, self.scale, self.weight, strict=True):
            lines += [
                "[[feature]]",
                f'name = "{name}"',
                f"mean = {m!r}",
                f"scale = {s!r}",
                f"weight = {w!r}",
                "",
            ]
        return "\n".join(lines)


class BadModel(ValueError):
    """The value data file is malformed."""


def parse(text: str) -> Model:
    """A model from the text of ``value.toml``; :class:`BadModel` when it is
    malformed or names other features than :data:`FEATURES`."""
    try:
        data = tomllib.loads(text)
        rows = data["feature"]
        names = [row["name"] for row in rows]
        if names != list(FEATURES):
            raise BadModel(f"{FILE} names the features {names}, not {list(FEATURES)}")
        model = Model(
            float(data["bias"]),
            tuple(float(row["mean"]) for row in rows),
            tuple(float(row["scale"]) for row in rows),
            tuple(float(row["weight"]) for row in rows),
        )
    except (tomllib.TOMLDecodeError, KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, BadModel):
            raise
        raise BadModel(f"{FILE} is malformed: {exc!r}") from exc
    if any(s <= 0 or not math.isfinite(s) for s in model.scale):
        raise BadModel(f"{FILE}: every scale must be a positive number")
    return model


@cache
def model() -> Model:
    """The fitted model shipped with the engine."""
    return parse(resources.files("engine.yu.content.data").joinpath(FILE).read_text(encoding="utf-8"))


# -- fitting ----------------------------------------------------------------------


Sample = tuple[list[float], bool]


def samples(games: int, seed: int) -> list[Sample]:
    """The features of every position the heuristic bot reached as a Round
    ended (the game going on), in ``games`` base games dealt from ``seed``,
    and whether it won."""
    rng = Rng(seed)
    out: list[Sample] = []
    for _ in range(games):
        game = Game.new(rng.next64() >> 1)
        bot = HeuristicBot(rng.next64(), weights=WINNING)
        rows: list[list[float]] = []
        while not game.over:
            ended = len(game.pressure)
            game.apply(bot.choose(game))
            if len(game.pressure) > ended and not game.over:
                rows.append(features(game))
        out += [(row, game.won) for row in rows]
    return out


def fit(data: Sequence[Sample], ridge: float = 1e-3, rounds: int = 10) -> Model:
    """The logistic model that best predicts ``data`` (Newton's method on the
    standardized features, with a small ridge penalty)."""
    n = len(FEATURES)
    xs = [x for x, _ in data]
    mean = [sum(x[j] for x in xs) / len(xs) for j in range(n)]
    scale = [math.sqrt(sum((x[j] - mean[j]) ** 2 for x in xs) / len(xs)) or 1.0 for j in range(n)]
    rows = [[1.0, *((x[j] - mean[j]) / scale[j] for j in range(n))] for x in xs]
    ys = [1.0 if won else 0.0 for _, won in data]
    w = [0.0] * (n + 1)
    penalty = ridge * len(rows)
    for _ in range(rounds):
        grad = [penalty * wi for wi in w]
        hess = [[penalty if i == j else 0.0 for j in range(n + 1)] for i in range(n + 1)]
        for row, y in zip(rows, ys, strict=True):
            p = _sigmoid(sum(a * b for a, b in zip(w, row, strict=True)))
            d, s = p - y, p * (1.0 - p)
            for i, xi in enumerate(row):
                grad[i] += d * xi
                si, hi = s * xi, hess[i]
                for j in range(i, n + 1):
                    hi[j] += si * row[j]
        for i in range(n + 1):
            for j in range(i):
                hess[i][j] = hess[j][i]
        step = _solve(hess, grad)
        w = [wi - si for wi, si in zip(w, step, strict=True)]
    return Model(w[0], tuple(mean), tuple(scale), tuple(w[1:]))


def _sigmoid(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``x`` with ``a x = b`` (Gaussian elimination; ``a`` is positive definite)."""
    n = len(b)
    m = [[*row, bi] for row, bi in zip(a, b, strict=True)]
    for c in range(n):
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            for k in range(c, n + 1):
                m[r][k] -= f * m[c][k]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][k] * x[k] for k in range(r + 1, n))) / m[r][r]
    return x


def log_loss(model: Model, data: Sequence[Sample]) -> float:
    """Mean log loss of ``model`` on ``data`` (lower is better; a coin scores 0.69)."""
    total = 0.0
    for x, won in data:
        p = model.of(x)
        total -= math.log(max(1e-12, p if won else 1.0 - p))
    return total / len(data)
