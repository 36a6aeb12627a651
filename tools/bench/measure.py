"""A measured phase: players acting at once, the CPU time the server's and Postgres' processes
spent on it (psutil), and the figures per action."""

from __future__ import annotations

import statistics
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

import psutil

from .tally import Tally


class Player(Protocol):
    tally: Tally

    def step(self) -> None: ...


def cpu_seconds(processes: Sequence[psutil.Process]) -> float:
    """User and system CPU of processes: the live ones', and, through each, that of its children
    that have exited (a Postgres backend per closed connection, through the postmaster)."""
    total = 0.0
    for process in processes:
        try:
            times = process.cpu_times()
        except psutil.Error:
            continue
        total += times.user + times.system + times.children_user + times.children_system
    return total


@dataclass
class Phase:
    """One phase's figures: ``actions`` done in ``seconds`` by ``players`` at once."""

    what: str
    players: int
    actions: int
    seconds: float
    server_cpu: float
    postgres_cpu: float
    client_cpu: float
    machine_cpu: float
    """The whole machine's busy CPU seconds: the above, and whatever else ran meanwhile."""
    tally: Tally
    shared_cpu: float = 0.0
    """Of ``server_cpu``: the processes every request goes through besides the servers (pgbouncer and
    redis-server, on the deployment)."""

    @property
    def throughput(self) -> float:
        return self.actions / self.seconds if self.seconds else 0.0

    def per_action(self, value: float) -> float:
        return value / self.actions if self.actions else float("nan")

    @property
    def cpu(self) -> float:
        """Server and Postgres CPU seconds per action."""
        return self.per_action(self.server_cpu + self.postgres_cpu)

    @property
    def thread_cpu(self) -> float:
        """CPU seconds per action of the server threads that ran the requests (middleware and views)."""
        return self.per_action(self.tally.thread_cpu) if self.tally.timed else float("nan")

    @property
    def others(self) -> float:
        """Share of the machine's cores busy with other work than the server, Postgres and this client."""
        cores = psutil.cpu_count() or 1
        ours = self.server_cpu + self.postgres_cpu + self.client_cpu
        return max(0.0, self.machine_cpu - ours) / (self.seconds * cores) if self.seconds else 0.0

    def latency(self, q: float) -> float:
        """The ``q`` quantile of the actions' latencies, in seconds."""
        found = sorted(self.tally.latencies)
        if not found:
            return float("nan")
        return found[min(len(found) - 1, int(q * len(found)))]

    @property
    def queries(self) -> float:
        """Queries per action; NaN when the server did not say (SERVER_TIMING off)."""
        return self.per_action(self.tally.queries) if self.tally.timed else float("nan")

    @property
    def down(self) -> float:
        return self.per_action(self.tally.down)

    @property
    def up(self) -> float:
        return self.per_action(self.tally.up)

    @property
    def answer(self) -> float:
        """An action's answer body, on average, as sent."""
        return statistics.fmean(self.tally.act_bodies) if self.tally.act_bodies else float("nan")

    @property
    def errors(self) -> Counter[str]:
        return self.tally.errors


def none() -> list[psutil.Process]:
    return []


def run(
    what: str,
    players: Sequence[Player],
    server: Callable[[], list[psutil.Process]],
    postgres: Callable[[], list[psutil.Process]],
    steps: int = 0,
    seconds: float = 0.0,
    shared: Callable[[], list[psutil.Process]] = none,
) -> Phase:
    """Every player, each in a thread of its own, all starting together, takes ``steps`` actions, or
    else takes actions until ``seconds`` have passed (the actions under way then are finished and
    counted). ``shared``: processes among the server's measured apart too (see :func:`timed`)."""
    tally = Tally()
    for player in players:
        player.tally = tally
    start = threading.Barrier(len(players) + 1)
    deadline: list[float] = []

    def play(player: Player) -> None:
        start.wait()
        done = 0
        while (done < steps) if steps else (time.monotonic() < deadline[0]):
            done += 1
            try:
                player.step()
            except Exception as exc:  # counted, and the player goes on, as a person would reload
                tally.error(f"in the bench's client: {exc!r}"[:100])

    def release() -> None:
        deadline.append(time.monotonic() + seconds)
        start.wait()
        for thread in threads:
            thread.join()

    threads = [threading.Thread(target=play, args=(p,), daemon=True) for p in players]
    for thread in threads:
        thread.start()
    return timed(what, len(players), tally, server, postgres, release, shared)


def timed(
    what: str,
    players: int,
    tally: Tally,
    server: Callable[[], list[psutil.Process]],
    postgres: Callable[[], list[psutil.Process]],
    work: Callable[[], None],
    shared: Callable[[], list[psutil.Process]] = none,
) -> Phase:
    """Do ``work`` and measure it: wall time and the CPU of the server, Postgres and this client, and
    apart, that of the ``shared`` processes among the server's."""
    me = psutil.Process()
    servers, between, databases = server(), shared(), postgres()
    cpu = (cpu_seconds(servers), cpu_seconds(databases), cpu_seconds([me]), busy(), cpu_seconds(between))
    began = time.monotonic()
    work()
    seconds = time.monotonic() - began
    # The same processes as at the start, and any started since (a backend for a new connection).
    servers += [p for p in server() if p not in servers]
    between += [p for p in shared() if p not in between]
    databases += [p for p in postgres() if p not in databases]
    return Phase(
        what,
        players,
        tally.actions,
        seconds,
        server_cpu=cpu_seconds(servers) - cpu[0],
        postgres_cpu=cpu_seconds(databases) - cpu[1],
        client_cpu=cpu_seconds([me]) - cpu[2],
        machine_cpu=busy() - cpu[3],
        tally=tally,
        shared_cpu=cpu_seconds(between) - cpu[4],
    )


def busy() -> float:
    """CPU seconds the whole machine has spent busy, over all its cores (idle and I/O wait left out)."""
    times = psutil.cpu_times()
    return float(sum(times) - times.idle - getattr(times, "iowait", 0.0))


def merged(what: str, phases: Sequence[Phase]) -> Phase:
    """Several phases of the same work counted as one."""
    tally = Tally()
    for done in phases:
        part = done.tally
        tally.actions += part.actions
        tally.latencies += part.latencies
        tally.act_bodies += part.act_bodies
        tally.act_cpu += part.act_cpu
        tally.thread_cpu += part.thread_cpu
        tally.requests += part.requests
        tally.queries += part.queries
        tally.timed += part.timed
        tally.down += part.down
        tally.up += part.up
        tally.html += part.html
        tally.html_compressed += part.html_compressed
        tally.statuses += part.statuses
        tally.servers += part.servers
        tally.errors += part.errors
    return Phase(
        what,
        max((p.players for p in phases), default=0),
        sum(p.actions for p in phases),
        sum(p.seconds for p in phases),
        server_cpu=sum(p.server_cpu for p in phases),
        postgres_cpu=sum(p.postgres_cpu for p in phases),
        client_cpu=sum(p.client_cpu for p in phases),
        machine_cpu=sum(p.machine_cpu for p in phases),
        tally=tally,
        shared_cpu=sum(p.shared_cpu for p in phases),
    )
