"""One browser over HTTP/1.1: a keep-alive connection, its own cookies and client address, gzip
accepted; every answer with the bytes it took on the wire, the server's query count and which of the
servers answered it."""

from __future__ import annotations

import gzip
import http.client
import itertools
import re
import time
import urllib.parse
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tools.chaos.client import Dropped

from .world import HOST

TIMING = re.compile(r'db;dur=([\d.]+);desc="(\d+) queries"')
THREAD_CPU = re.compile(r"cpu;dur=([\d.]+)")
IDLE = 1.0
"""Seconds after which a kept-alive connection is opened afresh (the server closes it after 2)."""


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    text: str
    """The body, decompressed."""
    wire: int
    """Bytes received: status line, headers and body as sent (compressed)."""
    body: int
    """The body's bytes as sent (compressed when the server compressed it)."""
    sent: int
    """Bytes sent: request line, headers and body."""
    seconds: float
    queries: int | None
    """From the Server-Timing header, when the server sent one."""
    cpu: float | None
    """Seconds of CPU of the server's thread that served the request (Server-Timing)."""
    server: int
    """Which of the client's servers answered: its place in their list."""

    @property
    def location(self) -> str:
        return urllib.parse.urlsplit(self.headers.get("location", "")).path

    @property
    def html(self) -> bool:
        return self.headers.get("content-type", "").startswith("text/html")

    @property
    def compressed(self) -> bool:
        return self.headers.get("content-encoding", "") == "gzip"


class Client:
    """A browser's connection: kept alive between requests, unless ``keep_alive`` is off (a new
    connection per request, which may reach another server process each time). Given several
    servers' ports, each new connection goes to the next server in turn, as a load balancer without
    sticky sessions sends them; the site is known by the first's address (Host, Origin)."""

    def __init__(self, ports: Sequence[int], address: str, keep_alive: bool = True) -> None:
        self.ports = list(ports)
        self.port = self.ports[0]
        self.keep_alive = keep_alive
        self.address = address
        self.cookies: dict[str, str] = {}
        self.origin = f"http://{HOST}:{self.port}"
        self.conn: http.client.HTTPConnection | None = None
        self.turn = itertools.cycle(range(len(self.ports)))
        self.server = 0
        """The server of the connection open now (its place in ``ports``)."""
        self.last = 0.0

    def get(self, path: str, headers: Mapping[str, str] | None = None) -> Answer:
        return self.request("GET", path, headers=headers)

    def post(self, path: str, fields: Mapping[str, str], headers: Mapping[str, str] | None = None) -> Answer:
        return self.request("POST", path, fields, headers)

    def request(
        self,
        method: str,
        path: str,
        fields: Mapping[str, str] | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> Answer:
        """Send one request on the kept-alive connection (or a new one); its answer, or Dropped."""
        sent = {
            "Host": f"{HOST}:{self.port}",
            "User-Agent": "yu-bench (tools.bench)",
            "Accept": "text/html,*/*",
            "Accept-Encoding": "gzip",
            "X-Real-IP": self.address,
        }
        body: bytes | None = None
        if method == "POST":
            body = urllib.parse.urlencode(fields or {}).encode()
            sent |= {"Origin": self.origin, "Content-Type": "application/x-www-form-urlencoded"}
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        sent |= headers or {}
        t0 = time.monotonic()
        if self.conn is None or t0 - self.last > IDLE:
            self.close()
            self.server = next(self.turn)
            self.conn = http.client.HTTPConnection(HOST, self.ports[self.server], timeout=120)
        server = self.server
        try:
            self.conn.request(method, path, body=body, headers=sent)
            response = self.conn.getresponse()
            raw = response.read()
        except (OSError, http.client.HTTPException) as exc:
            self.close()
            raise Dropped(f"{method} {path}: {exc!r}") from exc
        self.last = time.monotonic()
        if response.will_close or not self.keep_alive:
            self.close()
        answered = {k.lower(): v for k, v in response.headers.items()}
        for cookie in response.headers.get_all("Set-Cookie") or []:
            self.keep(cookie)
        text = gzip.decompress(raw) if answered.get("content-encoding") == "gzip" else raw
        head = len(f"HTTP/1.1 {response.status} {response.reason}\r\n\r\n") + sum(
            len(k) + len(v) + 4 for k, v in response.headers.items()
        )
        request_head = len(f"{method} {path} HTTP/1.1\r\n\r\n") + sum(
            len(k) + len(v) + 4 for k, v in sent.items()
        )
        timing = TIMING.search(answered.get("server-timing", ""))
        cpu = THREAD_CPU.search(answered.get("server-timing", ""))
        return Answer(
            status=response.status,
            headers=answered,
            text=text.decode("utf-8", errors="replace"),
            wire=head + len(raw),
            body=len(raw),
            sent=request_head + len(body or b""),
            seconds=self.last - t0,
            queries=int(timing.group(2)) if timing else None,
            cpu=float(cpu.group(1)) / 1000 if cpu else None,
            server=server,
        )

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None

    def keep(self, header: str) -> None:
        """Keep (or forget) a cookie from a Set-Cookie header."""
        pair, *attributes = header.split(";")
        name, _, value = pair.strip().partition("=")
        expired = any(a.strip().lower() in ("max-age=0", "max-age=-1") for a in attributes)
        if expired or value in ("", '""'):
            self.cookies.pop(name, None)
        else:
            self.cookies[name] = value
