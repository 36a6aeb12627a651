"""The hostile sweep: its target, and its requests sent from several threads while the database is
read before and after each one."""

from __future__ import annotations

import random
import re
import socket
import threading
import time
import urllib.parse
from collections.abc import Iterator

import psycopg

from .client import Answer, Client, Dropped
from .hostile import Hostile, Target, describe, draw, every
from .players import MEMBER, Player, playable
from .tally import Run
from .world import HOST, SetupFailed, World

INVITE_ROW = re.compile(r'id="invite-([0-9a-f-]{36})"')
SNAPSHOT = """
SELECT
  (SELECT md5(coalesce(string_agg(c::text, '|' ORDER BY c.id), '')) FROM campaigns_campaign c),
  (SELECT md5(coalesce(string_agg(concat_ws(':', g.id, g.version, g.outcome, g.updated), '|'
     ORDER BY g.id), ''))
     FROM campaigns_game g),
  (SELECT concat_ws(':', count(*), max(id)) FROM campaigns_gameaction),
  (SELECT md5(coalesce(string_agg(m::text, '|' ORDER BY m.id), '')) FROM campaigns_membership m),
  (SELECT md5(coalesce(string_agg(i::text, '|' ORDER BY i.id), '')) FROM campaigns_invite i),
  (SELECT md5(coalesce(string_agg(concat_ws(':', u.id, u.username, u.password, u.is_active, u.is_staff,
     u.is_superuser), '|' ORDER BY u.id), '')) FROM auth_user u)
"""
PARTS = ("campaigns", "games", "action rows", "memberships", "invites", "accounts")
"""What each column of SNAPSHOT sums up."""


def prepare_target(run: Run, players: list[Player]) -> Target:
    """The fourth player's campaign, shared with the fifth as a watcher and the sixth as a player,
    and a deleted one; the first player is the stranger."""
    owner, watcher, player, stranger = players[3], players[4], players[5], players[0]
    code = owner.campaigns[-1]
    for who, role in ((watcher, "watch"), (player, "play")):
        answer = who.join(owner.share(code, role, "setup"), "setup")
        if answer.status != 302:
            raise SetupFailed(f"{who.name} could not join as {role}: {answer.status}")
    members = owner.client.get(f"/c/{code}/members/", "setup")
    member = MEMBER.search(members.text)
    invite = INVITE_ROW.search(members.text)
    export = owner.client.get(f"/c/{code}/export/", "setup")
    doomed = owner.start("To be deleted", "setup")
    gone = owner.client.post(f"/c/{doomed}/delete/", {"name": "To be deleted"}, "setup")
    _, version, keys = owner.board(code, "setup")
    if not (member and invite and export.status == 200 and gone.status == 302 and version is not None):
        raise SetupFailed("the hostile sweep's target could not be set up")
    anonymous = Client(run, "10.97.0.1")
    anonymous.get("/accounts/login/", "setup")  # for its CSRF cookie
    return Target(
        code,
        run.names[code],
        version,
        playable(keys),
        doomed,
        member.group(1),
        invite.group(1),
        export.text.encode(),
        owner.client,
        owner.name,
        watcher.client,
        player.client,
        stranger.client,
        anonymous,
    )


def raw_junk(run: Run, rng: random.Random) -> int:
    """Bytes that are no HTTP request, straight onto a socket; the status answered (0 for none)."""
    payload = rng.choice(
        (
            bytes(rng.randrange(256) for _ in range(rng.randrange(1, 512))),
            b"GET /" + b"a" * 10_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",
            b"POST /c/ HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999\r\n\r\nshort",
            b"GET / HTTP/1.1\r\n" + b"X-Junk: y\r\n" * 200 + b"\r\n",
            b"BREW /coffee HTCPCP/1.0\r\n\r\n",
            b"GET / HTTP/1.1\r\nHost: " + bytes(rng.randrange(128, 256) for _ in range(20)) + b"\r\n\r\n",
        )
    )
    t0 = time.time()
    try:
        with socket.create_connection((HOST, run.port), timeout=10) as sock:
            sock.sendall(payload)
            sock.shutdown(socket.SHUT_WR)
            head = sock.recv(64)
    except OSError:
        head = b""
    found = re.match(rb"HTTP/1\.[01] (\d{3})", head)
    status = int(found.group(1)) if found else 0
    if status:
        run.answered("hostile", "RAW", "(raw bytes)", status, t0, time.time())
    else:
        run.no_answer("hostile")
    return status


def refused(answer: Answer) -> bool:
    """A refusal: a 4xx, or a redirect to the log-in page."""
    return 400 <= answer.status < 500 or (
        answer.status == 302 and answer.location.startswith("/accounts/login/")
    )


def off_site(answer: Answer, port: int) -> bool:
    """A redirect to another site (a browser reads a backslash as a slash)."""
    where = urllib.parse.urlsplit(answer.headers.get("location", "").replace("\\", "/"))
    return 300 <= answer.status < 400 and where.netloc not in ("", f"{HOST}:{port}")


def sweep(world: World, run: Run, target: Target, requests: int, threads: int, seed: int) -> None:
    """``requests`` hostile requests from ``threads`` threads, ``every`` one first, then drawn at
    random (about 1 in 100 of them raw bytes); the database is read before and after each.

    The sweep is the only traffic then, and none of it may change anything: a change seen while a
    request was under way is counted once (threads that overlap see the same change), with the requests
    that saw it kept for the report."""
    start = time.time()
    first: list[Hostile | None] = [*every(target, random.Random(seed))[:requests]]
    handed: Iterator[Hostile | None] = iter(first + [None] * (requests - len(first)))
    hand = threading.Lock()
    changes: dict[tuple[tuple[str, ...], tuple[str, ...]], list[tuple[bool, str]]] = {}

    def worker(n: int) -> None:
        rng = random.Random(seed * 7919 + n)
        with psycopg.connect(world.database_url, autocommit=True) as conn:
            state: tuple[str, ...] = tuple(conn.execute(SNAPSHOT).fetchone() or ())
            while True:
                try:
                    with hand:
                        given = next(handed)
                except StopIteration:
                    return
                if given is None and rng.random() < 0.01:
                    status = raw_junk(run, rng)
                    ok = status < 500
                    what = f"raw bytes -> {status or 'closed'}"
                    label, answered = "raw bytes", f"{status or 'closed'} (raw bytes)"
                else:
                    h = given or draw(rng, target)
                    try:
                        answer = h.send()
                    except Dropped:
                        continue
                    ok = refused(answer)
                    what = f"{h.label}: {h.method} {h.path[:100]} -> {answer.status}"
                    label, answered = h.label, f"{answer.status} ({'refused' if ok else 'answered'})"
                    if h.refuse and not ok and answer.status < 500:
                        run.finding(f"let through: {what}", "leak")
                    if off_site(answer, run.port):
                        run.finding(f"sent off-site: {what} -> {answer.headers['location'][:100]}", "leak")
                    if answer.status >= 500:
                        run.finding(f"{what}, with {describe(h)}")
                with run.lock:
                    run.hostile_kinds[label] += 1
                    run.hostile_answers[answered] += 1
                after = tuple(conn.execute(SNAPSHOT).fetchone() or ())
                if after != state:
                    with run.lock:
                        changes.setdefault((state, after), []).append((ok, what))
                    state = after

    pool = [threading.Thread(target=worker, args=(n,), daemon=True) for n in range(threads)]
    for thread in pool:
        thread.start()
    for thread in pool:
        thread.join()
    run.sweep = (start, time.time())
    for (before, after), seen in changes.items():
        parts = ", ".join(p for p, a, b in zip(PARTS, before, after, strict=False) if a != b)
        suspects = [what for _, what in sorted(seen)]  # those not refused first
        run.finding(f"state changed ({parts}) during: {'; '.join(suspects[:3])}", "refused")
