"""``python -m engine.legacy``: bots playing series, and the empire search timed.

python -m engine.legacy bots --seats strong,greedy,random --games 50
python -m engine.legacy bench
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Sequence
from typing import TypeVar

from engine.legacy import empire
from engine.legacy.bots import BOTS
from engine.legacy.empire import Empire, Rectangle, Square
from engine.legacy.game import Game
from engine.rng import Rng

T = TypeVar("T")


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="python -m engine.legacy", description="Legacy, the numbers game.")
    commands = top.add_subparsers(dest="command", required=True)
    bots = commands.add_parser("bots", help="bots play games at one table; the average score of each seat")
    bots.add_argument("--seats", default="greedy,random", help="one bot name per seat: " + ", ".join(BOTS))
    bots.add_argument("--games", type=int, default=20)
    bots.add_argument("--seed", type=int, default=1)
    commands.add_parser("bench", help="time the empire's best-rectangle search on 90-number empires")
    return top


def play(seed: int, seats: Sequence[str]) -> Game:
    game = Game.new(seed, len(seats))
    while not game.over:
        for seat in game.waiting():
            game.apply(seat, BOTS[seats[seat]](game, seat))
    return game


def naive_best(realm: Empire) -> Rectangle | None:
    """Every rectangle in the empire's bounds, each side checked square by square: the
    obvious search that :func:`empire.best` must agree with and beat."""
    if not realm:
        return None
    rows = [r for r, _ in realm]
    cols = [c for _, c in realm]
    found: Rectangle | None = None
    for top in range(min(rows), max(rows) + 1):
        for bottom in range(top, max(rows) + 1):
            for left in range(min(cols), max(cols) + 1):
                for right in range(left, max(cols) + 1):
                    across = [(r, c) for r in (top, bottom) for c in range(left, right + 1)]
                    down = [(r, c) for r in range(top, bottom + 1) for c in (left, right)]
                    if all(s in realm for s in across + down):
                        rectangle = Rectangle(top, left, right - left + 1, bottom - top + 1, 0)
                        score = empire.worth(realm, rectangle)
                        if found is None or score > found.score:
                            found = rectangle._replace(score=score)
    return found


def grown_empire(seed: int, size: int = 90) -> dict[Square, int]:
    """All ``size`` numbers placed at random legal squares, as a careless player would."""
    rng = Rng(seed)
    odd = [n for n in range(1, 91) if n % 2]
    even = [n for n in range(1, 91) if not n % 2]
    rng.shuffle(odd)
    rng.shuffle(even)
    realm: dict[Square, int] = {(0, 0): odd.pop()}
    while len(realm) < size:
        free = empire.spots(realm)
        row, col = free[rng.below(len(free))]
        pool = odd if (row + col) % 2 == 0 else even
        if pool:
            realm[row, col] = pool.pop()
    return realm


def checkerboard() -> dict[Square, int]:
    """Nine rows of ten: every number, the most rectangles 90 numbers can hold."""
    odd = iter(range(1, 91, 2))
    even = iter(range(2, 91, 2))
    return {(r, c): next(odd if (r + c) % 2 == 0 else even) for r in range(9) for c in range(10)}


def bench() -> None:
    search: Callable[[frozenset[tuple[Square, int]]], Rectangle] = empire._best.__wrapped__
    cases = {
        "9 x 10 full": checkerboard(),
        "a line of 90": {(0, c): c + 1 for c in range(90)},
        **{f"grown at random ({seed})": grown_empire(seed) for seed in (1, 2, 3)},
    }
    print(f"{'empire':<22} {'best (ms)':>10} {'naive (ms)':>11} {'naive / best':>13}")
    for name, realm in cases.items():
        frozen = frozenset(realm.items())
        naive = naive_best(realm)
        assert naive is not None and search(frozen).score == naive.score, name
        fast = _median_ms(search, frozen)
        slow = _median_ms(naive_best, realm)
        print(f"{name:<22} {fast:>10.2f} {slow:>11.1f} {slow / fast:>12.0f}x")


def _median_ms(run: Callable[[T], object], value: T, repeats: int = 5) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run(value)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.command == "bench":
        bench()
        return 0
    seats = args.seats.split(",")
    unknown = [s for s in seats if s not in BOTS]
    if unknown:
        parser().error(f"no bot called {unknown[0]!r}; the bots are {', '.join(BOTS)}")
    games = [play(args.seed * 10_000 + n, seats) for n in range(args.games)]
    for seat, name in enumerate(seats):
        scores = [g.scores()[seat] for g in games]
        wins = sum(seat in g.winners() for g in games)
        average = statistics.mean(scores)
        print(f"seat {seat + 1} {name:<7} average {average:6.1f}  won or shared {wins}/{len(games)}")
    return 0
