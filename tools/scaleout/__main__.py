"""The deployment of docs/scaling.md on this machine, under load while its app servers are killed.

    .venv/bin/python -m tools.scaleout                    # about a minute on 2 cores
    .venv/bin/python -m tools.scaleout --players 8 --kills 4 --races 1 --workers 2 --seed 1

In a temporary directory of its own: an embedded Postgres; Debian's pgbouncer in transaction mode in
front of it; Debian's redis-server; two app servers, A and B (``gunicorn -c config/gunicorn.py
config.asgi``, each a process group of its own on its own port), with the same SECRET_KEY, their
pools reaching Postgres through pgbouncer (DATABASE_URL), their board news straight to it
(LISTEN_DATABASE_URL), their rendered boards shared in Redis (REDIS_URL). The app's database is
migrated through pgbouncer.

The players of ``tools.chaos`` sign up, start campaigns and tables and play them, every request on a
new connection to the next server in turn, as a load balancer without sticky sessions would send it,
while A, then B, and so on, is killed whole (SIGKILL to its process group) and started again; then
the races of ``tools.chaos``, through both servers. Last, chaos's checks: every acknowledged action
against the stored log, every campaign and table replayed with ``manage.py replaygame``, both
servers' logs read. It prints what pgbouncer and Redis did, then chaos's figures, which must all be
0 (it exits 1 when one is not). Everything is stopped and removed at the end, Ctrl-C included.
"""

from __future__ import annotations

import argparse
import functools
import signal
import sys
import time

from tools.chaos.__main__ import phase, stop
from tools.chaos.checks import check, report
from tools.chaos.players import new_players, play_with_kills
from tools.chaos.races import races
from tools.chaos.tables import GAMES, Table, table_players
from tools.chaos.tally import Run
from tools.chaos.world import SetupFailed

from .deployment import POOL, Deployment


def main() -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.scaleout",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--players", type=int, default=6, help="accounts playing (at least 6)")
    parser.add_argument("--kills", type=int, default=4, help="app servers killed, A and B in turn")
    parser.add_argument("--races", type=int, default=1, help="rounds of chaos's races after the kills")
    parser.add_argument("--workers", type=int, default=2, help="uvicorn worker processes per app server")
    parser.add_argument("--seed", type=int, default=1, help="seeds every random choice of the run")
    args = parser.parse_args()
    if args.players < 6:
        parser.error("--players must be at least 6")
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, stop)
    started = time.monotonic()
    timings: dict[str, float] = {}
    world = Deployment(args.workers)
    run = Run(world.servers[0].port, tuple(server.port for server in world.servers))
    try:
        with phase("setting up Postgres, pgbouncer, Redis, migrations and two app servers", timings):
            world.open()
        with phase(f"signing up {args.players} players", timings):
            players = new_players(run, args.players, "player", 0)
            for player in players:
                player.start(f"First campaign of {player.name}")
            tables = [
                Table(run, game, players[3 + i], players[4 + i], "setup") for i, game in enumerate(GAMES)
            ]
        with phase(f"playing through both servers, with {args.kills} kills", timings):
            others = functools.partial(table_players, tables, args.seed)
            kinds = [server.name for server in world.servers]
            play_with_kills(world, run, players, args.kills, args.seed, others, kinds)
        with phase("races", timings):
            races(world, run, players, args.races, args.seed)
        with phase("checking", timings):
            checked = check(world, run)
            pooler = world.pooler_figures()
            cache = world.cache_figures()
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
        f"scale-out run: seed {args.seed}, {args.players} players, two app servers of {args.workers} "
        f"uvicorn workers each, pgbouncer {POOL} connections in transaction mode, Redis, DEBUG off"
    )
    print(f"took {seconds:.0f} s: " + ", ".join(f"{name} {t:.0f} s" for name, t in timings.items()))
    print(
        f"pgbouncer: {pooler['transactions']} transactions, {pooler['queries']} queries; at the end "
        f"{pooler['clients']} connections from the app processes over {pooler['servers']} to Postgres"
    )
    print(
        f"Redis: {cache['hits']} reads found an entry, {cache['misses']} did not; "
        f"{cache['memory'] / 2**20:.1f} MB in use"
    )
    figures = report(run, checked)
    return 1 if any(figures.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
