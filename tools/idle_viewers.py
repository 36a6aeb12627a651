"""What an idle viewer of a live board costs, measured over real HTTP.

Start the app (``python3 dev.py serve``, or the production server), then:

    python3 tools/idle_viewers.py --url http://127.0.0.1:8000 --seconds 60 --viewers 1
    python3 tools/idle_viewers.py --url http://127.0.0.1:8000 --seconds 30 --viewers 50
    python3 tools/idle_viewers.py --url http://127.0.0.1:8001 --act-url http://127.0.0.1:8002
    python3 tools/idle_viewers.py --events --viewers 1000 --url http://127.0.0.1:8001 \
        --act-url http://127.0.0.1:8002 --server-pid <the first server's pid>

The script signs up a throwaway account, starts a campaign and opens its board,
then plays ``--viewers`` open boards, each polling the board's live endpoint
once a second as htmx does, with the headers Chromium sends for that poll. It
counts every byte on the wire (request line, headers and body each way) and
times each answer. With ``--act-url`` it then takes one action through that
address (another app process on the same database) and reports how soon the
viewers saw it.

With ``--events`` the boards hold the board's event stream open instead, as
the browser's EventSource does, all from this one process; the report gives
what the idle streams cost the server (``--server-pid``: that process and its
children, e.g. gunicorn's master and worker) and, after the action, how soon
each viewer had the new version: a ``changes`` event (what moved, sent to a
board one version behind) or the whole ``board``, whichever came.

Standard library only, so that it runs against any deployment.
"""

from __future__ import annotations

import argparse
import http.cookiejar
import os
import re
import resource
import secrets
import selectors
import socket
import statistics
import threading
import time
import urllib.parse
import urllib.request
import zlib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

PASSWORD = "idle-viewer-" + secrets.token_hex(8)
USER_AGENT = (
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
    "HeadlessChrome/156.0.0.0 Safari/537.36"
)


class Browser:
    """Just enough of a browser to sign up and open a board: cookies, CSRF, redirects."""

    def __init__(self, base: str, jar: http.cookiejar.CookieJar | None = None) -> None:
        self.base = base.rstrip("/")
        self.jar = jar if jar is not None else http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def get(self, path: str) -> tuple[str, str]:
        with self.opener.open(self.base + path) as r:
            return r.geturl(), r.read().decode()

    def post(self, path: str, data: dict[str, str], referer: str) -> tuple[str, str]:
        token = self.cookie("csrftoken")
        body = urllib.parse.urlencode({"csrfmiddlewaretoken": token, **data}).encode()
        request = urllib.request.Request(self.base + path, body, headers={"Referer": referer})
        with self.opener.open(request) as r:
            return r.geturl(), r.read().decode()

    def cookie(self, name: str) -> str:
        return next(c.value or "" for c in self.jar if c.name == name)

    def cookie_header(self) -> str:
        return "; ".join(f"{c.name}={c.value}" for c in self.jar)


@dataclass
class Board:
    url: str
    live: str
    etag: str
    csrf: str
    html: str
    events: str | None = None
    seen: str | None = None


def open_board(browser: Browser) -> Board:
    browser.get("/accounts/signup/")
    name = "idle-" + secrets.token_hex(4)
    form = {"username": name, "password1": PASSWORD, "password2": PASSWORD}
    browser.post("/accounts/signup/", form, browser.base + "/accounts/signup/")
    url, html = browser.post("/campaigns/new/", {"name": "Idle viewers"}, browser.base + "/")
    return read_board(url, html)


def read_board(url: str, html: str) -> Board:
    live = re.search(r'<div id="live"[^>]*hx-get="([^"]+)"', html)
    etag = re.search(r'hx-headers=\'\{"If-None-Match": "([^"]+)"\}\'', html)
    csrf = re.search(r'hx-headers=\'\{"X-CSRFToken": "([^"]+)"\}\'', html)
    if not (live and etag and csrf):
        raise SystemExit(f"{url} has no live board")
    events = re.search(r'<div id="live"[^>]*data-events="([^"]+)"[^>]*data-seen="([^"]+)"', html)
    return Board(
        url,
        live.group(1),
        etag.group(1).replace("\\u0022", '"'),
        csrf.group(1),
        html,
        events.group(1) if events else None,
        events.group(2) if events else None,
    )


class Wire:
    """One keep-alive HTTP/1.1 connection that counts the bytes each way."""

    def __init__(self, host: str, port: int) -> None:
        self.address = (host, port)
        self.sock: socket.socket | None = None
        self.buffer = b""
        self.connections = 0

    def exchange(self, raw: bytes) -> tuple[int, int, str]:
        """Send one request; (bytes received, status, response head)."""
        for _ in range(2):  # once more on a fresh connection if the server closed this one
            if self.sock is None:
                self.sock = socket.create_connection(self.address, timeout=30)
                self.buffer = b""
                self.connections += 1
            try:
                self.sock.sendall(raw)
                head = self._until(b"\r\n\r\n")
            except (ConnectionError, EOFError):
                self.close()
                continue
            text = head.decode("latin-1")
            length = re.search(r"(?im)^content-length:\s*(\d+)", text)
            body = self._exactly(int(length.group(1))) if length else b""
            if re.search(r"(?im)^connection:\s*close", text):
                self.close()
            return len(head) + len(body), int(text.split()[1]), text
        raise ConnectionError("the server keeps closing the connection")

    def _until(self, marker: bytes) -> bytes:
        assert self.sock is not None
        while marker not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise EOFError
            self.buffer += chunk
        end = self.buffer.index(marker) + len(marker)
        head, self.buffer = self.buffer[:end], self.buffer[end:]
        return head

    def _exactly(self, n: int) -> bytes:
        assert self.sock is not None
        while len(self.buffer) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise EOFError
            self.buffer += chunk
        body, self.buffer = self.buffer[:n], self.buffer[n:]
        return body

    def close(self) -> None:
        if self.sock is not None:
            self.sock.close()
        self.sock = None


def poll_request(base: str, board: Board, cookie: str, etag: str) -> bytes:
    """The poll as Chromium sends it for htmx (the same headers, in the same order)."""
    host = urllib.parse.urlsplit(base).netloc
    headers = [
        f"GET {board.live} HTTP/1.1",
        "Accept: */*",
        "Accept-Encoding: gzip, deflate, br, zstd",
        "Accept-Language: en-US,en;q=0.9",
        "Cache-Control: max-age=0",
        "Connection: keep-alive",
        f"Cookie: {cookie}",
        f"HX-Current-URL: {board.url}",
        "HX-Request: true",
        "HX-Target: live",
        "HX-Trigger: live",
        f"Host: {host}",
        f"If-None-Match: {etag}",
        f"Referer: {board.url}",
        "Sec-Fetch-Dest: empty",
        "Sec-Fetch-Mode: cors",
        "Sec-Fetch-Site: same-origin",
        f"User-Agent: {USER_AGENT}",
        f"X-CSRFToken: {board.csrf}",
        'sec-ch-ua: "Not:A-Brand";v="8", "Chromium";v="156"',
        "sec-ch-ua-mobile: ?0",
        'sec-ch-ua-platform: "Linux"',
    ]
    return ("\r\n".join(headers) + "\r\n\r\n").encode()


@dataclass
class Poll:
    at: float
    status: int
    sent: int
    received: int
    seconds: float


@dataclass
class Viewer:
    polls: list[Poll] = field(default_factory=list)
    connections: int = 0
    saw_change: float | None = None


def watch(
    viewer: Viewer, base: str, board: Board, cookie: str, until: float, changed: threading.Event
) -> None:
    split = urllib.parse.urlsplit(base)
    wire = Wire(split.hostname or "127.0.0.1", split.port or 80)
    etag = board.etag
    next_poll = time.monotonic() + secrets.randbelow(1000) / 1000  # viewers do not poll in step
    while time.monotonic() < until:
        time.sleep(max(0.0, next_poll - time.monotonic()))
        next_poll += 1.0  # htmx: "every 1s"
        raw = poll_request(base, board, cookie, etag)
        start = time.monotonic()
        received, status, head = wire.exchange(raw)
        viewer.polls.append(Poll(start, status, len(raw), received, time.monotonic() - start))
        if changed.is_set() and status == 200 and viewer.saw_change is None:
            viewer.saw_change = time.monotonic()
            found = re.search(r"(?im)^etag:\s*(\S+)", head)
            etag = found.group(1) if found else etag
    viewer.connections = wire.connections
    wire.close()


def act_elsewhere(act_base: str, browser: Browser, board: Board) -> None:
    """Take the first action the board offers, through another app process."""
    key = re.search(r'name="key" value="([^"]+)"', board.html)
    version = re.search(r'id="board-version" value="(\d+)"', board.html)
    assert key and version, "no action on the board"
    other = Browser(act_base, browser.jar)  # the owner again, in a tab another process serves
    path = urllib.parse.urlsplit(board.url).path
    other.post(path + "act/", {"key": key.group(1), "version": version.group(1)}, board.url)


def cpu_seconds(pid: int | None) -> float:
    """CPU time (user + system) a local process and its children have used so far, from /proc."""
    if pid is None:
        return 0.0
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    own = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return own + sum(cpu_seconds(child) for child in children(pid))


def children(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as found:
            return [int(child) for child in found.read().split()]
    except OSError:
        return []


def memory(pid: int) -> str:
    """The resident memory and the threads of a local process and its children, from /proc."""
    parts = []
    for each in [pid, *children(pid)]:
        with open(f"/proc/{each}/status") as status:
            fields = dict(line.split(":", 1) for line in status if ":" in line)
        parts.append(f"pid {each}: {fields['VmRSS'].strip()} resident, {fields['Threads'].strip()} threads")
    return "; ".join(parts)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--url", default="http://127.0.0.1:8000", help="the app the viewers poll")
    parser.add_argument("--seconds", type=float, default=60, help="how long the viewers stay idle")
    parser.add_argument("--viewers", type=int, default=1, help="open boards polling at once")
    parser.add_argument("--server-pid", type=int, help="the app's process (Linux): report its CPU per poll")
    parser.add_argument(
        "--act-url", help="after the idle time, act through this address and time the viewers"
    )
    parser.add_argument("--events", action="store_true", help="hold event streams open rather than poll")
    args = parser.parse_args()
    if args.events:
        streams(args)
    else:
        polls(args)


def polls(args: argparse.Namespace) -> None:
    browser = Browser(args.url)
    board = open_board(browser)
    cookie = browser.cookie_header()
    changed = threading.Event()
    act_at: float | None = None
    idle_until = time.monotonic() + args.seconds
    until = idle_until + (3 if args.act_url else 0)
    viewers = [Viewer() for _ in range(args.viewers)]
    threads = [
        threading.Thread(target=watch, args=(v, args.url, board, cookie, until, changed), daemon=True)
        for v in viewers
    ]
    for t in threads:
        t.start()
    time.sleep(1.5)  # every viewer has polled once: from here on, only idle polls
    cpu_from, idle_from = cpu_seconds(args.server_pid), time.monotonic()
    time.sleep(max(0.0, idle_until - time.monotonic()))
    cpu_to, idle_to = cpu_seconds(args.server_pid), time.monotonic()
    if args.act_url:
        changed.set()
        act_at = time.monotonic()
        act_elsewhere(args.act_url, browser, board)
    for t in threads:
        t.join()

    start = idle_until - args.seconds
    idle = [p for v in viewers for p in v.polls if p.at < idle_until]
    statuses = [p.status for p in idle]
    sent = statistics.mean(p.sent for p in idle)
    received = statistics.mean(p.received for p in idle)
    seconds = sorted(p.seconds for p in idle)
    per_minute = len(idle) / len(viewers) / (args.seconds / 60)
    print(f"app: {args.url}   board: {board.url}")
    connections = sum(v.connections for v in viewers)
    print(f"idle viewers: {len(viewers)} for {args.seconds:g} s, over {connections} connection(s)")
    print(f"answers while idle: {dict(sorted((s, statuses.count(s)) for s in set(statuses)))}")
    print(f"requests per minute per viewer: {per_minute:.1f}")
    print(f"bytes per request: {sent:.0f} sent, {received:.0f} received (status line and headers included)")
    print(f"bytes per minute per viewer: {per_minute * sent:.0f} sent, {per_minute * received:.0f} received")
    print(
        f"answer time: median {statistics.median(seconds) * 1000:.1f} ms, "
        f"95th percentile {seconds[max(0, int(len(seconds) * 0.95) - 1)] * 1000:.1f} ms"
    )
    print(f"server load: {len(idle) / (idle_until - start):.1f} polls per second in all")
    if args.server_pid:
        polls = sum(idle_from <= p.at < idle_to for p in idle)
        print(
            f"server CPU per idle poll: {(cpu_to - cpu_from) / polls * 1000:.1f} ms (pid {args.server_pid})"
        )
    if act_at is not None:
        changes = [p for v in viewers for p in v.polls if p.at >= idle_until and p.status == 200]
        size = statistics.mean(p.received for p in changes)
        took = statistics.median(p.seconds for p in changes) * 1000
        print(f"the change: {len(changes)} answers of {size:.0f} bytes, median {took:.0f} ms each")
        seen = [v.saw_change - act_at for v in viewers if v.saw_change]
        print(
            f"acted through {args.act_url}: {len(seen)} of {len(viewers)} viewers saw it, "
            f"at most {max(seen):.2f} s after the action was sent"
            if seen
            else "no viewer saw the action"
        )


# -- event streams ---------------------------------------------------------------------

CHANGE_WAIT = 15.0
"""Seconds to wait, after the action, for the last viewer to have the new board."""
NEWS = ("board", "changes")
"""The events that bring a new version: the whole board, or what moved since the version before."""


def stream_request(base: str, board: Board, cookie: str) -> bytes:
    """The board's event stream as Chromium's EventSource asks for it (the same headers, in order)."""
    split = urllib.parse.urlsplit(base)
    headers = [
        f"GET {board.events}?seen={urllib.parse.quote(board.seen or '')} HTTP/1.1",
        f"Host: {split.netloc}",
        "Connection: keep-alive",
        'sec-ch-ua-platform: "Linux"',
        "Cache-Control: no-cache",
        f"User-Agent: {USER_AGENT}",
        "Accept: text/event-stream",
        'sec-ch-ua: "Not:A-Brand";v="8", "Chromium";v="156"',
        "sec-ch-ua-mobile: ?0",
        "Sec-Fetch-Site: same-origin",
        "Sec-Fetch-Mode: cors",
        "Sec-Fetch-Dest: empty",
        f"Referer: {board.url}",
        "Accept-Encoding: gzip, deflate, br, zstd",
        "Accept-Language: en-US,en;q=0.9",
        f"Cookie: {cookie}",
    ]
    return ("\r\n".join(headers) + "\r\n\r\n").encode()


@dataclass
class Event:
    at: float
    kind: str  # retry, keep-alive, board, changes, reload
    id: str
    size: int  # as decoded, with its blank line


class Stream:
    """One open board's event stream on a socket of its own: the bytes on the wire each way, and
    each event (undone from chunked transfer and gzip) with the time it was complete."""

    def __init__(self, address: tuple[str, int], request: bytes) -> None:
        self.sock = socket.create_connection(address, timeout=30)
        self.sock.sendall(request)
        self.sock.setblocking(False)
        self.sent, self.received = len(request), 0
        self.head = bytearray()
        self.status = 0
        self.chunked = False
        self.gunzip: zlib._Decompress | None = None
        self.body = bytearray()
        self.chunk_left: int | None = None  # with the CRLF that ends the chunk
        self.text = bytearray()
        self.events: list[Event] = []
        self.ended = False

    def read(self, now: float) -> None:
        try:
            data = self.sock.recv(1 << 18)
        except BlockingIOError:
            return
        if not data:
            self.ended = True
            return
        self.received += len(data)
        if self.status == 0:
            self.head += data
            end = self.head.find(b"\r\n\r\n")
            if end < 0:
                return
            head, data = bytes(self.head[:end]).decode("latin-1"), bytes(self.head[end + 4 :])
            self.status = int(head.split()[1])
            self.chunked = bool(re.search(r"(?im)^transfer-encoding:\s*chunked", head))
            if re.search(r"(?im)^content-encoding:\s*gzip", head):
                self.gunzip = zlib.decompressobj(wbits=31)
        self._unchunk(data, now)

    def _unchunk(self, data: bytes, now: float) -> None:
        if not self.chunked:
            self._decode(data, now)
            return
        self.body += data
        while self.body:
            if self.chunk_left is None:
                end = self.body.find(b"\r\n")
                if end < 0:
                    return
                size = int(bytes(self.body[:end]).split(b";")[0], 16)
                del self.body[: end + 2]
                if size == 0:
                    self.ended = True
                    return
                self.chunk_left = size + 2
            take = min(self.chunk_left, len(self.body))
            self._decode(bytes(self.body[: max(0, min(take, self.chunk_left - 2))]), now)
            del self.body[:take]
            self.chunk_left -= take
            if self.chunk_left == 0:
                self.chunk_left = None

    def _decode(self, data: bytes, now: float) -> None:
        if self.gunzip is not None:
            out = self.gunzip.decompress(data)
            while self.gunzip.eof and self.gunzip.unused_data:  # one gzip member after another
                rest, self.gunzip = self.gunzip.unused_data, zlib.decompressobj(wbits=31)
                out += self.gunzip.decompress(rest)
            data = out
        start = max(0, len(self.text) - 1)
        self.text += data
        while (end := self.text.find(b"\n\n", start)) >= 0:
            block = bytes(self.text[:end])
            del self.text[: end + 2]
            start = 0
            kind, ident = "message", ""
            if block.startswith(b":"):
                kind = "keep-alive"
            for line in block.split(b"\n", 3)[:3]:
                if line.startswith(b"retry:"):
                    kind = "retry"
                elif line.startswith(b"event: "):
                    kind = line[7:].decode()
                elif line.startswith(b"id: "):
                    ident = line[4:].decode()
            self.events.append(Event(now, kind, ident, len(block) + 2))

    def close(self) -> None:
        self.sock.close()


def pump(selector: selectors.BaseSelector, until: float, done: Callable[[], bool] = lambda: False) -> None:
    """Read whatever the streams are sent until ``until`` (monotonic) or until ``done()``."""
    while (now := time.monotonic()) < until and not done():
        for key, _ in selector.select(timeout=min(0.05, until - now)):
            stream: Stream = key.data
            stream.read(time.monotonic())
            if stream.ended:
                selector.unregister(stream.sock)


def streams(args: argparse.Namespace) -> None:
    browser = Browser(args.url)
    board = open_board(browser)
    if board.events is None:
        raise SystemExit(f"{board.url} has no event stream")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < args.viewers + 64:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, args.viewers + 64), hard))
    split = urllib.parse.urlsplit(args.url)
    address = (split.hostname or "127.0.0.1", split.port or 80)
    request = stream_request(args.url, board, browser.cookie_header())
    selector = selectors.DefaultSelector()
    cpu_start, start = cpu_seconds(args.server_pid), time.monotonic()
    viewers: list[Stream] = []
    for _ in range(args.viewers):
        viewers.append(Stream(address, request))
        selector.register(viewers[-1].sock, selectors.EVENT_READ, viewers[-1])
        pump(selector, 0)  # read what is there already, without waiting

    def all_open() -> bool:
        return all(any(e.kind == "retry" for e in v.events) for v in viewers)

    pump(selector, time.monotonic() + 120, all_open)
    opened, cpu_opened = time.monotonic(), cpu_seconds(args.server_pid)
    pump(selector, opened + 1.5)  # from here on, only idle streams
    idle_from, cpu_from = time.monotonic(), cpu_seconds(args.server_pid)
    received_from = [v.received for v in viewers]
    pump(selector, idle_from + args.seconds)
    idle_to, cpu_to = time.monotonic(), cpu_seconds(args.server_pid)
    received_idle = [v.received - r for v, r in zip(viewers, received_from, strict=True)]

    print(f"app: {args.url}   board: {board.url}")
    statuses = sorted({v.status for v in viewers})
    print(f"event streams: {args.viewers} (answered {statuses}), open after {opened - start:.1f} s")
    print(f"request: {len(request)} bytes sent once per stream, nothing more while it is open")
    idle = idle_to - idle_from
    minute = statistics.mean(received_idle) * 60 / idle
    keep_alives = sum(
        e.kind == "keep-alive" and idle_from <= e.at < idle_to for v in viewers for e in v.events
    )
    print(
        f"idle for {idle:.0f} s: {minute:.0f} bytes received per viewer per minute "
        f"({keep_alives} keep-alives in all)"
    )
    if args.server_pid:
        print(f"server CPU opening a stream: {(cpu_opened - cpu_start) / args.viewers * 1000:.1f} ms each")
        busy = cpu_to - cpu_from
        print(
            f"server CPU while idle: {busy:.2f} s in {idle:.0f} s, {busy / idle * 100:.2f} % of a core for "
            f"{args.viewers} viewers, {busy / idle / args.viewers * 1e6:.1f} µs per viewer per second"
        )
        print(f"server memory: {memory(args.server_pid)}")
    if args.act_url:
        version = int((board.seen or "0").split(".")[0])

        def newer(event: Event) -> bool:
            """The new version: what moved (``changes``) or the whole board, whichever was sent."""
            return event.kind in NEWS and int(event.id.split(".")[0]) > version

        def all_changed() -> bool:
            return all(any(newer(e) for e in v.events) for v in viewers)

        sent_at = time.monotonic()
        cpu_act = cpu_seconds(args.server_pid)
        received_act = [v.received for v in viewers]
        acting = threading.Thread(target=act_elsewhere, args=(args.act_url, browser, board))
        acting.start()
        pump(selector, sent_at + CHANGE_WAIT, all_changed)
        done_at, cpu_done = time.monotonic(), cpu_seconds(args.server_pid)
        acting.join()
        first = [next(e for e in v.events if newer(e)) for v in viewers if any(map(newer, v.events))]
        got = sorted(e.at - sent_at for e in first)
        kinds = Counter(e.kind for e in first)
        wire = statistics.mean(v.received - r for v, r in zip(viewers, received_act, strict=True))
        print(
            f"acted through {args.act_url}: {len(got)} of {args.viewers} viewers got the new version "
            f"({kinds['changes']} as changes, {kinds['board']} as the whole board)"
        )
        if got:
            print(
                f"after the action was sent: median {statistics.median(got):.3f} s, "
                f"95th percentile {got[max(0, int(len(got) * 0.95) - 1)]:.3f} s, max {got[-1]:.3f} s; "
                f"within 1 s: {sum(t <= 1 for t in got)} of {args.viewers}"
            )
            size = statistics.mean(e.size for e in first)
            print(
                f"the new version: {size:.0f} bytes as an event, on average; "
                f"{wire:.0f} bytes on the wire per viewer"
            )
        if args.server_pid:
            print(
                f"server CPU from the action to the last viewer: {cpu_done - cpu_act:.2f} s "
                f"({(cpu_done - cpu_act) / args.viewers * 1000:.2f} ms per viewer; {done_at - sent_at:.2f} s)"
            )
    for viewer in viewers:
        viewer.close()


if __name__ == "__main__":
    main()
