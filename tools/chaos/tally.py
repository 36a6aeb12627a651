"""What the run saw, shared by its threads: requests and answers, action posts, kills, races and
findings."""

from __future__ import annotations

import itertools
import threading
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Post:
    """One action posted: to which campaign, what, from which version, when, and how it was answered.

    ``outcome`` is ``ack`` (done: a redirect to the board, or htmx's ``board:moved``), ``asked``
    (the board asked "Are you sure?"), ``refused`` (any other answer under 500) or ``unknown``
    (no answer, or a 5xx: it may or may not have been written)."""

    code: str
    key: str
    version: str
    t0: float
    t1: float
    outcome: str
    status: int
    kind: str


@dataclass
class Run:
    """Everything the run counts. Requests are counted by kind: setup, play, race or hostile."""

    port: int
    """The port the site is known by (its Host)."""
    servers: tuple[int, ...] = ()
    """The app servers' ports when there are several: each request goes to the next, in turn, as a
    load balancer would send it; none, the requests go to ``port``."""
    lock: threading.Lock = field(default_factory=threading.Lock)
    turn: Iterator[int] = field(default_factory=itertools.count)
    requests: Counter[str] = field(default_factory=Counter)
    statuses: Counter[tuple[str, int]] = field(default_factory=Counter)
    dropped: Counter[str] = field(default_factory=Counter)
    fivexx: list[tuple[float, float, str, str, int]] = field(default_factory=list)
    """Every 5xx answer: sent, answered, method, path, status."""
    posts: list[Post] = field(default_factory=list)
    outages: list[tuple[float, float]] = field(default_factory=list)
    """When the database was down: from its kill until it answered again."""
    kills: Counter[str] = field(default_factory=Counter)
    races: Counter[str] = field(default_factory=Counter)
    hostile_answers: Counter[str] = field(default_factory=Counter)
    hostile_kinds: Counter[str] = field(default_factory=Counter)
    sweep: tuple[float, float] = (0.0, 0.0)
    tables: Counter[str] = field(default_factory=Counter)
    """Tables made, by game."""
    table_moves: Counter[str] = field(default_factory=Counter)
    """Acknowledged table moves, by game."""
    names: dict[str, str] = field(default_factory=dict)
    """Each campaign's name, by its code."""
    findings: list[str] = field(default_factory=list)
    flagged: Counter[str] = field(default_factory=Counter)
    """Findings by the figure they add to: double, lost, refused (a state change) or leak."""

    def server(self) -> int:
        """The port the next request goes to."""
        if not self.servers:
            return self.port
        with self.lock:
            return self.servers[next(self.turn) % len(self.servers)]

    def answered(self, kind: str, method: str, path: str, status: int, t0: float, t1: float) -> None:
        with self.lock:
            self.requests[kind] += 1
            self.statuses[kind, status] += 1
            if status >= 500:
                self.fivexx.append((t0, t1, method, path, status))

    def no_answer(self, kind: str) -> None:
        with self.lock:
            self.requests[kind] += 1
            self.dropped[kind] += 1

    def record(self, post: Post) -> None:
        with self.lock:
            self.posts.append(post)

    def killed(self, what: str, down: float, back: float) -> None:
        with self.lock:
            self.kills[what] += 1
            if what == "postgres":
                self.outages.append((down, back))

    def finding(self, text: str, figure: str = "") -> None:
        """Something wrong, kept for the report; ``figure`` names the figure it adds to."""
        with self.lock:
            self.findings.append(text)
            if figure:
                self.flagged[figure] += 1

    def during_outage(self, t0: float, t1: float) -> bool:
        """Whether a request overlapped a time the database was down (killed, not yet back)."""
        return any(t0 <= back + 1.0 and t1 >= down for down, back in self.outages)
