"""What a phase of the bench saw, shared by its players' threads: actions and their latencies,
requests, bytes, queries and errors."""

from __future__ import annotations

import threading
from collections import Counter
from dataclasses import dataclass, field

from .client import Answer

SMALL = 200
"""Bytes under which an answer is not worth compressing (Django's GZipMiddleware leaves it be)."""


@dataclass
class Tally:
    lock: threading.Lock = field(default_factory=threading.Lock)
    actions: int = 0
    latencies: list[float] = field(default_factory=list)
    """Seconds per action: from its first post to the answer that says it was done."""
    act_bodies: list[int] = field(default_factory=list)
    """Each done action's answer body, as sent (compressed)."""
    act_cpu: list[float] = field(default_factory=list)
    """Each done action's answer: CPU seconds of the server thread that made it (Server-Timing)."""
    requests: int = 0
    queries: int = 0
    timed: int = 0
    """Requests whose answer said how many queries they made."""
    thread_cpu: float = 0.0
    """CPU seconds of the server threads that served the requests, as their answers said."""
    down: int = 0
    up: int = 0
    html: int = 0
    """HTML answers big enough to compress, and how many of them were."""
    html_compressed: int = 0
    statuses: Counter[int] = field(default_factory=Counter)
    servers: Counter[int] = field(default_factory=Counter)
    """Requests answered, by server (its place in the players' list of servers)."""
    errors: Counter[str] = field(default_factory=Counter)

    def answered(self, answer: Answer) -> None:
        with self.lock:
            self.requests += 1
            self.statuses[answer.status] += 1
            self.servers[answer.server] += 1
            self.down += answer.wire
            self.up += answer.sent
            if answer.queries is not None:
                self.queries += answer.queries
                self.timed += 1
            self.thread_cpu += answer.cpu or 0.0
            if answer.html and len(answer.text.encode()) >= SMALL:
                self.html += 1
                self.html_compressed += answer.compressed

    def done(self, seconds: float, answer: Answer) -> None:
        with self.lock:
            self.actions += 1
            self.latencies.append(seconds)
            self.act_bodies.append(answer.body)
            if answer.cpu is not None:
                self.act_cpu.append(answer.cpu)

    def error(self, what: str) -> None:
        with self.lock:
            self.errors[what] += 1
