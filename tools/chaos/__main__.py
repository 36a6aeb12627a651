"""A reliability run: the real app, served as in production, under races, kills and hostile requests.

    .venv/bin/python -m tools.chaos                                   # 5,000 hostile requests, 6 kills
    .venv/bin/python -m tools.chaos --requests 5000 --kills 10 --seed 1

In a temporary directory of its own, an embedded Postgres and gunicorn serve the app with DEBUG off,
as if behind a TLS proxy. Players play campaigns and tables while a gunicorn worker, the gunicorn
master and the postmaster are killed in turn; races follow, then a sweep of hostile requests, files
and language choices while the database is watched for any change. Last, every acknowledged action is checked
against the stored log, every campaign and table replayed with ``manage.py replaygame``, and the
server's logs read. Everything is stopped and removed at the end, Ctrl-C included.

It prints six figures, which must all be 0, and exits 1 when one is not: 5xx answers (a 503 while
the database was down on purpose is shown apart), double-applied actions, lost acknowledged actions,
replay differences, state changes from refused requests, and race losers told the wrong mover.
docs/reliability.md tells more.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import random
import signal
import sys
import time
from collections.abc import Iterator
from types import FrameType

from .checks import check, report
from .players import new_players, play_with_kills
from .races import races
from .sweep import prepare_target, sweep
from .tables import GAMES, Table, delete_under_players, table_players
from .tally import Run
from .world import SetupFailed, World


def stop(signum: int, frame: FrameType | None) -> None:
    """Ctrl-C or a plain kill: stop where the run is, then clean up."""
    raise KeyboardInterrupt


@contextlib.contextmanager
def phase(name: str, timings: dict[str, float]) -> Iterator[None]:
    print(f"{name}...", flush=True)
    start = time.monotonic()
    yield
    timings[name] = time.monotonic() - start


def main() -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.chaos",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--requests", type=int, default=5000, help="hostile requests in the sweep")
    parser.add_argument("--kills", type=int, default=6, help="kills (worker, master, postmaster in turn)")
    parser.add_argument("--seed", type=int, default=1, help="seeds every random choice of the run")
    parser.add_argument(
        "--players", type=int, default=6, help="accounts playing during the kills (at least 6)"
    )
    parser.add_argument("--races", type=int, default=4, help="rounds of every race")
    parser.add_argument("--workers", type=int, default=3, help="gunicorn worker processes")
    args = parser.parse_args()
    if args.players < 6:
        parser.error("--players must be at least 6")
    for signum in (signal.SIGINT, signal.SIGTERM):  # SIGINT too: a shell may start a job with it ignored
        signal.signal(signum, stop)
    started = time.monotonic()
    timings: dict[str, float] = {}
    world = World(args.workers)
    run = Run(world.port)
    try:
        with phase("setting up Postgres, migrations and gunicorn", timings):
            world.open()
        with phase(f"signing up {args.players} players", timings):
            players = new_players(run, args.players, "player", 0)
            for player in players:
                player.start(f"First campaign of {player.name}")
            tables = [
                Table(run, game, players[3 + i], players[4 + i], "setup") for i, game in enumerate(GAMES)
            ]
        with phase(f"playing, with {args.kills} kills", timings):
            others = functools.partial(table_players, tables, args.seed)
            play_with_kills(world, run, players, args.kills, args.seed, others)
        with phase("races", timings):
            races(world, run, players, args.races, args.seed)
            for n in range(args.races):
                delete_under_players(run, players[3], players[4], random.Random(args.seed + n), n)
        with phase(f"hostile sweep of {args.requests} requests", timings):
            sweep(world, run, prepare_target(run, players), args.requests, 6, args.seed)
        with phase("checking", timings):
            checked = check(world, run)
    except SetupFailed as exc:
        print(f"the run could not go on: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("stopped; cleaning up", file=sys.stderr)
        return 130
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C must not cut the cleaning short
        world.close()
    seconds = time.monotonic() - started
    print()
    print(
        f"chaos run: seed {args.seed}, {args.players} players, gunicorn with {args.workers} uvicorn workers "
        "(config/gunicorn.py), DEBUG off, behind a pretend TLS proxy"
    )
    print(f"took {seconds:.0f} s: " + ", ".join(f"{name} {t:.0f} s" for name, t in timings.items()))
    figures = report(run, checked)
    return 1 if any(figures.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
