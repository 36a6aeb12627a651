"""The checks after the run (every action against the stored log, every game replayed, the server's
logs read) and the report with its figures."""

from __future__ import annotations

import re
import time
from collections import Counter, defaultdict
from dataclasses import dataclass

import psycopg

from .tally import Post, Run
from .world import World

MARGIN = 0.5
"""Seconds of slack when an action row's time is matched to the request that wrote it."""
STAMP = re.compile(r"^(?:\[)?(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)")
"""The start of a record in gunicorn's log: its own lines and Django's both begin with the time."""
EXCEPTION = re.compile(r"^[A-Za-z_][\w.]*(Error|Exception|Exit)\b")
AT_ONCE = 3
"""``manage.py replaygame`` processes run together."""


@dataclass(frozen=True)
class Row:
    id: int
    code: str
    key: str
    created: float


def check_ledger(world: World, run: Run) -> int:
    """Every acknowledged action against the action rows stored for its campaign; how many rows.

    An action row is written inside the request that wrote it, so each acknowledged post must find a
    row of its key, in its campaign, written between its sending and its answer (lost if none); each
    row must be explained by one post (double-applied if none); a row that only a refused post can
    explain is a state change from a refused request. Two acknowledged posts from one version of one
    campaign are double-applied too (only one write can move a version on). Rows written during the
    hostile sweep are left to its own check."""
    with psycopg.connect(world.database_url) as conn:
        found = conn.execute(
            "SELECT a.id, c.code::text, a.key, extract(epoch FROM a.created)::float8 "
            "FROM campaigns_gameaction a "
            "JOIN campaigns_game g ON g.id = a.game_id JOIN campaigns_campaign c ON c.id = g.campaign_id "
            "WHERE c.game = 'yu'"
        ).fetchall()
    rows: dict[tuple[str, str], list[Row]] = defaultdict(list)
    for row_id, code, key, created in found:
        rows[code, key].append(Row(row_id, code, key, created))
    for same in rows.values():
        same.sort(key=lambda r: r.created)
    used: set[int] = set()

    def match(posts: list[Post]) -> list[Post]:
        """Give each post the earliest unused row that it could have written; the posts left without."""
        left = []
        for post in sorted(posts, key=lambda p: p.t1):
            row = next(
                (
                    r
                    for r in rows[post.code, post.key]
                    if r.id not in used and post.t0 - MARGIN <= r.created <= post.t1 + MARGIN
                ),
                None,
            )
            if row is None:
                left.append(post)
            else:
                used.add(row.id)
        return left

    by_outcome: dict[str, list[Post]] = defaultdict(list)
    for post in run.posts:
        by_outcome[post.outcome].append(post)
    lost = match(by_outcome["ack"])
    match(by_outcome["unknown"])
    refused = by_outcome["refused"] + by_outcome["asked"]
    refused_rows = len(refused) - len(match(refused))
    start, end = run.sweep
    unexplained = [
        r
        for same in rows.values()
        for r in same
        if r.id not in used and not start <= r.created <= end + MARGIN
    ]
    versions = Counter((p.code, p.version) for p in by_outcome["ack"])
    for post in lost[:5]:
        run.findings.append(
            f"lost: {post.code} {post.key!r} from version {post.version}, answered {post.status}"
        )
    for row in unexplained[:5]:
        run.findings.append(f"no request explains action row {row.id} ({row.code} {row.key!r})")
    for (code, version), n in versions.items():
        if n > 1:
            run.findings.append(f"{n} actions acknowledged from version {version} of {code}")
    run.flagged["lost"] += len(lost)
    run.flagged["double"] += len(unexplained) + sum(n - 1 for n in versions.values())
    run.flagged["refused"] += refused_rows
    return len(found)


def replay_all(world: World, run: Run) -> tuple[int, int]:
    """Every campaign and table the run made, deleted ones too, replayed by ``manage.py replaygame
    <code>`` as an operator would, in the run's environment, a few at a time: how many, and how many
    failed (a difference with what is stored, or a log that does not replay)."""
    with psycopg.connect(world.database_url) as conn:
        codes = [code for (code,) in conn.execute("SELECT code::text FROM campaigns_campaign ORDER BY id")]
    failed = 0
    for first in range(0, len(codes), AT_ONCE):
        replays = [(code, world.manage("replaygame", code)) for code in codes[first : first + AT_ONCE]]
        for code, replay in replays:
            out, err = replay.communicate(timeout=600)
            if replay.returncode:
                failed += 1
                said = (err or out).decode(errors="replace").strip().splitlines()
                run.findings.append(
                    f"replaygame {code} ({run.names.get(code, 'not made by a player')}) exited "
                    f"{replay.returncode}: {' / '.join(said[-3:])[:300]}"
                )
    return len(codes), failed


@dataclass(frozen=True)
class ServerLog:
    """Errors logged with a traceback in gunicorn's log, each counted once however many tracebacks
    its chain of exceptions prints."""

    tracebacks: int
    outage: int
    """The database being down: a connection error while it was."""
    security: int
    """Django's security log of a request it refused with 400 (too big, too many fields, a bad Host)."""
    others: list[str]
    """The first line and the exception of each other one."""


def read_server_log(world: World, run: Run) -> ServerLog:
    text = world.server_log.read_text(errors="replace") if world.server_log.exists() else ""
    records: list[list[str]] = []
    for line in text.splitlines():
        if STAMP.match(line) or not records:
            records.append([line])
        else:
            records[-1].append(line)
    total = outage = security = 0
    others: list[str] = []
    for record in records:
        if not any("Traceback (most recent call last)" in line for line in record):
            continue
        total += 1
        raised = [line for line in record if EXCEPTION.match(line)]
        stamp = STAMP.match(record[0])
        when = time.mktime(time.strptime(stamp.group(1), "%Y-%m-%d %H:%M:%S")) if stamp else 0.0
        database = any(re.search(r"\b(OperationalError|InterfaceError)\b", line) for line in raised)
        if database and run.during_outage(when - 1.5, when + 1.5):
            outage += 1
        elif " ERROR django.security." in record[0]:
            security += 1
        else:
            others.append(f"{record[0][:160]} ... {(raised or record)[-1][:200]}")
    return ServerLog(total, outage, security, others)


@dataclass(frozen=True)
class Checked:
    rows: int
    replayed: int
    """Campaigns and tables replayed with ``manage.py replaygame``."""
    differences: int
    server_log: ServerLog
    access_fivexx: int
    """5xx answers in gunicorn's access log."""


def check(world: World, run: Run) -> Checked:
    """All the checks, while the world still runs."""
    rows = check_ledger(world, run)
    replayed, differences = replay_all(world, run)
    access = world.access_log.read_text(errors="replace") if world.access_log.exists() else ""
    fivexx = sum(1 for line in access.splitlines() if re.search(r'" 5\d\d$', line))  # uvicorn's format
    return Checked(rows, replayed, differences, read_server_log(world, run), fivexx)


def report(run: Run, checked: Checked) -> dict[str, int]:
    """Print what the run saw and found, then the figures that must be 0; the figures."""
    outage = [f for f in run.fivexx if f[4] == 503 and run.during_outage(f[0], f[1])]
    fivexx = [f for f in run.fivexx if f not in outage]
    figures = {
        "5xx answers": len(fivexx),
        "double-applied actions": run.flagged["double"],
        "lost acknowledged actions": run.flagged["lost"],
        "replay differences": checked.differences,
        "state changes from refused requests": run.flagged["refused"],
        "race losers told the wrong mover": run.flagged["messages"],
    }
    kinds = ("setup", "play", "race", "hostile")
    print(
        "requests: " + ", ".join(f"{k} {run.requests[k]}" for k in kinds) + f"; {run.requests.total()} in all"
    )
    print(
        "  without an answer (connection refused or cut): "
        + ", ".join(f"{k} {run.dropped[k]}" for k in kinds if run.dropped[k])
        if run.dropped
        else "  every request was answered"
    )
    acks = Counter(p.kind for p in run.posts if p.outcome == "ack")
    print(
        f"campaign actions acknowledged: play {acks['play']}, races {acks['race']}; "
        f"{checked.rows} action rows stored in campaigns"
    )
    print(
        "tables made: "
        + ", ".join(f"{game} {n}" for game, n in sorted(run.tables.items()))
        + "; table moves acknowledged: "
        + (", ".join(f"{game} {n}" for game, n in sorted(run.table_moves.items())) or "none")
    )
    print(
        f"replayed with manage.py replaygame: {checked.replayed} campaigns and tables, "
        f"{checked.differences} failed"
    )
    for kind in ("play", "race"):
        answered = sorted((status, n) for (k, status), n in run.statuses.items() if k == kind)
        print(f"{kind} answers: " + ", ".join(f"{status} x{n}" for status, n in answered))
    print("kills: " + (", ".join(f"{what} {n}" for what, n in run.kills.items()) or "none"))
    if run.races:
        print("races: " + ", ".join(f"{what} {n}" for what, n in run.races.items()))
    if run.hostile_kinds:
        print("hostile answers: " + ", ".join(f"{k} x{n}" for k, n in sorted(run.hostile_answers.items())))
        by_kind = ", ".join(f"{k} {n}" for k, n in run.hostile_kinds.most_common())
        print(f"hostile requests by kind: {by_kind}")
        print(f"answers let through that should have been refused: {run.flagged['leak']}")
    if run.outages:
        print(
            f"503 answers while the database was down (killed on purpose; not counted below): {len(outage)}"
        )
    log = checked.server_log
    print(
        f"server log: {log.tracebacks} errors logged with a traceback: {log.outage} the database being "
        f"down, {log.security} Django's security log of a 400, {len(log.others)} others"
    )
    print(f"5xx in gunicorn's access log: {checked.access_fivexx}")
    for line in log.others[:10]:
        print(f"  traceback: {line}")
    for _, _, method, path, status in fivexx[:10]:
        print(f"  5xx: {method} {path[:120]} -> {status}")
    for finding in run.findings[:30]:
        print(f"  finding: {finding}")
    print()
    for name, value in figures.items():
        print(f"{name}: {value}")
    return figures
