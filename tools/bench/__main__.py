"""The action benchmark: what an action of each game costs the app, side by side with the floor.

    .venv/bin/python -m tools.bench                     # the default run, about 13 minutes on 2 cores
    .venv/bin/python -m tools.bench --players 8 --seconds 4 --rounds 2 --processes 1 --many 16  # 2 minutes
    .venv/bin/python -m tools.bench --games machi --processes 1 --json machi.json
    .venv/bin/python -m tools.bench --scale-out --players 8 --seconds 4 --rounds 2 --processes 1 --many 16

In a temporary directory of its own, an embedded Postgres holds the app's database and the floor's two
tables; gunicorn serves the app (config/gunicorn.py, uvicorn workers, DEBUG off, SERVER_TIMING on) and,
beside it, the floor (tools/bench/floor.py). Simulated players sign up over HTTP and each starts a game
of every game played (--games: a Legacy of Yu campaign, a Legacy table, a Machi Koro Legacy table with a
bot), then press buttons their boards offer, as the browser posts them with htmx; floor players post to
the floor. For each number of app processes, rounds of phases take the floor and each game in turn
(floor, yu, legacy, machi, then machi, legacy, yu, floor, ...), all players at once, and each round
prints each game's figures over the floor's: server and Postgres CPU per action, throughput, 95th
percentile latency; then each game in turn with many more players counts errors. Single Legacy of Yu
actions are timed on campaigns prepared with a history (tools/bench/history.py), and each game's board
page is weighed. Then the figures and every target, game by game (--json: also as JSON).

With --scale-out, the app is the deployment of docs/scaling.md (tools/scaleout: Postgres, pgbouncer in
transaction mode, Redis, app servers A and B of --processes processes each) and the floor is served by
two servers beside it, through the same pgbouncer; every request is a new connection to the next
server in turn, and the server's CPU counts both servers, pgbouncer and redis-server.
docs/performance.md and docs/scaling.md tell more. Everything is removed at the end.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from types import FrameType

from tools.chaos.world import SetupFailed, finish

from . import report
from .deployed import DeployedWorld
from .measure import Phase, Player, run
from .players import GAMES, YU, Account, AppPlayer, FloorPlayer
from .single import Single, time_points
from .world import Server, Side, World


def stop(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt


@contextlib.contextmanager
def step(what: str) -> Iterator[None]:
    print(f"{what}...", file=sys.stderr, flush=True)
    began = time.monotonic()
    yield
    print(f"  {time.monotonic() - began:.0f} s", file=sys.stderr, flush=True)


def at_once(jobs: Sequence[Callable[[], None]], threads: int) -> None:
    """Run the jobs, ``threads`` at a time; the first error, raised."""
    failures: list[BaseException] = []
    queue = list(jobs)
    lock = threading.Lock()

    def worker() -> None:
        while True:
            with lock:
                if not queue or failures:
                    return
                job = queue.pop()
            try:
                job()
            except BaseException as exc:  # handed to the main thread
                with lock:
                    failures.append(exc)

    pool = [threading.Thread(target=worker, daemon=True) for _ in range(threads)]
    for thread in pool:
        thread.start()
    for thread in pool:
        thread.join()
    if failures:
        raise failures[0]


def start(players: Sequence[AppPlayer]) -> None:
    """Start a game of each of one account's players, one after the other (in its one browser)."""
    for player in players:
        player.start()


def phase(
    world: World | DeployedWorld,
    server: Server | Side,
    what: str,
    players: Sequence[Player],
    args: argparse.Namespace,
) -> Phase:
    done = run(what, players, server.processes, world.postgres, args.actions, args.seconds, world.shared)
    print(f"  {report.phase_line(done)}", file=sys.stderr, flush=True)
    return done


def options() -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m tools.bench",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--players", type=int, default=16, help="players acting at once in the rounds")
    parser.add_argument("--seconds", type=float, default=10, help="how long each phase lasts")
    parser.add_argument(
        "--actions", type=int, default=0, help="instead of --seconds: actions per player in each phase"
    )
    parser.add_argument("--rounds", type=int, default=4, help="rounds of a floor and an app phase")
    parser.add_argument(
        "--processes",
        default="1,2,4",
        help="app (and floor) processes, comma-separated: a set of rounds each",
    )
    parser.add_argument("--many", type=int, default=64, help="players acting at once in the error count")
    parser.add_argument(
        "--games",
        default=",".join(GAMES),
        help=f"the games played, comma-separated, each in phases of its own: {', '.join(GAMES)}",
    )
    parser.add_argument(
        "--history",
        type=int,
        default=12,
        help="Legacy of Yu campaigns prepared for each point of history (0: no single actions timed)",
    )
    parser.add_argument("--warm-up", type=int, default=2, help="unmeasured actions per player after a start")
    parser.add_argument(
        "--reconnect",
        action="store_true",
        help="a new connection for every request (each may reach another process), not kept alive",
    )
    parser.add_argument(
        "--scale-out",
        action="store_true",
        help="the app as docs/scaling.md deploys it: two app servers behind pgbouncer, with Redis, taken"
        " in turn with a new connection per request (the floor as two servers through the same pgbouncer)",
    )
    parser.add_argument(
        "--threads",
        type=int,
        default=0,
        help="serve the app and the floor by gunicorn's threaded WSGI workers, this many threads each,"
        " instead of uvicorn's (0, the production server)",
    )
    parser.add_argument("--seed", type=int, default=1, help="seeds the players' choices and the history")
    parser.add_argument("--json", metavar="PATH", help="also write the figures to PATH, as JSON")
    args = parser.parse_args()
    args.reconnect = args.reconnect or args.scale_out
    args.counts = [int(n) for n in args.processes.split(",") if n.strip()]
    args.games = list(dict.fromkeys(g.strip() for g in args.games.split(",") if g.strip()))
    if args.threads < 0 or (args.threads and args.scale_out):
        parser.error("--threads takes a count of at least 1, and not with --scale-out")
    if not args.games or not set(args.games) <= GAMES.keys():
        parser.error(f"--games takes names among {', '.join(GAMES)}")
    if (
        not args.counts
        or min(args.counts) < 1
        or args.players < 1
        or args.many < args.players
        or args.history < 0
    ):
        parser.error("--processes needs counts of at least 1, --many at least --players, --history 0 or more")
    if args.actions < 0 or (not args.actions and args.seconds <= 0):
        parser.error("--seconds (or --actions) must be more than 0")
    return args


def main() -> int:
    args = options()
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, stop)
    began = time.monotonic()
    world = DeployedWorld() if args.scale_out else World(args.threads)
    results = report.Results(args)
    try:
        with step(
            "setting up Postgres, "
            + ("pgbouncer, Redis, " if args.scale_out else "")
            + "migrations, static files and the floor's tables"
        ):
            world.open(floor_rows=args.many)
        with step(f"starting the app and the floor, {args.counts[0]} process(es) per server"):
            world.app.start(args.counts[0])
            world.floor.start(args.counts[0])
        accounts = [Account(world.app.ports, n, not args.reconnect) for n in range(args.many)]
        apps = {
            game: [AppPlayer(a, n, args.seed, game) for n, a in enumerate(accounts)] for game in args.games
        }
        floors = [FloorPlayer(world.floor.ports, n, args.seed, not args.reconnect) for n in range(args.many)]
        # Each round plays the floor, then each game, in turn; the next round the other way round.
        playing: dict[str, tuple[Server | Side, Sequence[Player]]] = {report.FLOOR: (world.floor, floors)}
        playing |= {game: (world.app, players) for game, players in apps.items()}
        order = list(playing)
        first = apps[args.games[0]]
        history = YU in args.games and args.history > 0
        with step(
            f"signing up {args.many} players, each starting a game of {', '.join(args.games)}"
            + (", and preparing campaigns with a history" if history else "")
        ):
            first[0].sign_up()
            helper = None
            if history:
                owner = first[0].name
                helper = world.python("-m", "tools.bench.history", owner, str(args.history), str(args.seed))
            at_once([p.sign_up for p in first[1:]], 4)
            at_once(
                [
                    functools.partial(start, [players[n] for players in apps.values()])
                    for n in range(args.many)
                ],
                4,
            )
            prepared: dict[str, list[tuple[str, str]]] = (
                json.loads(finish(helper, "preparing history")) if helper else {}
            )
        for n, count in enumerate(args.counts):
            if n:
                with step(f"restarting the app and the floor with {count} process(es) per server"):
                    world.app.stop()
                    world.floor.stop()
                    world.app.start(count)
                    world.floor.start(count)
            with step("warming up"):
                for players in apps.values():
                    run("warm-up", players[: args.players], world.app.processes, world.postgres, args.warm_up)
                run("warm-up", floors[: args.players], world.floor.processes, world.postgres, args.warm_up)
            if n == 0:
                with step("timing single actions after a history, and weighing the board pages"):
                    if prepared:
                        single = Single(world, apps[YU][0])
                        results.single = time_points(single, prepared)
                        results.substituted = single.substituted
                    results.weight = {game: players[0].page_weight() for game, players in apps.items()}
            for r in range(args.rounds):
                with step(f"{count} process(es), round {r + 1} of {args.rounds}: {args.players} players"):
                    done: report.Round = {}
                    for which in order if r % 2 == 0 else order[::-1]:
                        server, who = playing[which]
                        done[which] = phase(world, server, which, who[: args.players], args)
                    results.rounds.setdefault(count, []).append(done)
            with step(f"{count} process(es): {args.many} players at once, each game in turn"):
                results.many[count] = {
                    game: phase(world, world.app, game, players, args) for game, players in apps.items()
                }
    except SetupFailed as exc:
        print(f"the bench could not go on: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("stopped; cleaning up", file=sys.stderr)
        return 130
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        world.close()
    results.seconds = time.monotonic() - began
    print(report.render(results))
    if args.json:
        Path(args.json).write_text(json.dumps(report.summary(results), indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
