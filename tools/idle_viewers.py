"""What an idle viewer of a live board costs, measured over real HTTP.

Start the app (``python3 dev.py serve``), then:

    python3 tools/idle_viewers.py --url http://127.0.0.1:8000 --seconds 60 --viewers 1
    python3 tools/idle_viewers.py --url http://127.0.0.1:8000 --seconds 30 --viewers 50
    python3 tools/idle_viewers.py --url http://127.0.0.1:8001 --act-url http://127.0.0.1:8002

The script signs up a throwaway account, starts a campaign and opens its board,
then plays ``--viewers`` open boards, each polling the board's live endpoint
once a second as htmx does, with the headers Chromium sends for that poll. It
counts every byte on the wire (request line, headers and body each way) and
times each answer. With ``--act-url`` it then takes one action through that
address (another app process on the same database) and reports how soon the
viewers saw it.

Standard library only, so that it runs against any deployment.
"""

from __future__ import annotations

import argparse
import http.cookiejar
import os
import re
import secrets
import socket
import statistics
import threading
import time
import urllib.parse
import urllib.request
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
        return next(c.value for c in self.jar if c.name == name)

    def cookie_header(self) -> str:
        return "; ".join(f"{c.name}={c.value}" for c in self.jar)


@dataclass
class Board:
    url: str
    live: str
    etag: str
    csrf: str
    html: str


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
    return Board(url, live.group(1), etag.group(1).replace("\\u0022", '"'), csrf.group(1), html)


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
    """CPU time (user + system) a local process has used so far, from /proc."""
    if pid is None:
        return 0.0
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


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
    args = parser.parse_args()

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


if __name__ == "__main__":
    main()
