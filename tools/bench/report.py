"""The bench's figures, printed: for each game, the rounds with their ratios to the floor, the error
count and the bytes; single actions after a history; the scaling; and each target held or missed.
The same figures as JSON (:func:`summary`)."""

from __future__ import annotations

import argparse
import math
import os
import statistics
from collections import Counter
from dataclasses import dataclass, field

from .measure import Phase, merged
from .players import GAMES, YU
from .tally import Tally

KB = 1024
FLAT = 1.25
"""A point of history counts as costing the same as the first action when within this factor."""
FLOOR = "floor"
ANSWER_KB = 3
"""An action's answer, on average, as sent: at most this many KB."""
PAGE_KB = 40
"""A board page with its stylesheets and scripts, as sent: at most this many KB."""

Round = dict[str, Phase]
"""One round's phases: the floor's and each game's, by name."""


@dataclass
class Results:
    args: argparse.Namespace
    rounds: dict[int, list[Round]] = field(default_factory=dict)
    """By number of processes: each round's phases."""
    many: dict[int, dict[str, Phase]] = field(default_factory=dict)
    """By number of processes: each game's phase with many players."""
    single: dict[str, Phase] = field(default_factory=dict)
    substituted: int = 0
    weight: dict[str, dict[str, int]] = field(default_factory=dict)
    """By game: its board page's HTML, CSS and JS as sent."""
    seconds: float = 0.0

    @property
    def games(self) -> list[str]:
        games: list[str] = self.args.games
        return games

    def measured(self, game: str) -> Phase:
        """Every phase of ``game``'s that counted (the rounds' and those with many players), as one."""
        phases = [r[game] for rounds in self.rounds.values() for r in rounds]
        phases += [m[game] for m in self.many.values() if game in m]
        return merged(game, phases)


@dataclass(frozen=True)
class Target:
    game: str
    what: str
    """What was measured, against what."""
    holds: bool


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f}"


def shared(p: Phase) -> str:
    """The CPU of pgbouncer and redis-server per action, when they were measured."""
    return f", pgbouncer and redis-server {ms(p.per_action(p.shared_cpu))}" if p.shared_cpu else ""


def phase_line(p: Phase) -> str:
    errors = sum(p.errors.values())
    return (
        f"{p.what:<6} {p.actions:>4} actions in {p.seconds:5.1f} s: {p.throughput:6.1f}/s, "
        f"p95 {ms(p.latency(0.95))} ms, CPU {ms(p.cpu)} ms/action "
        f"(server {ms(p.per_action(p.server_cpu))}, of which request threads {ms(p.thread_cpu)}"
        f"{shared(p)}; Postgres {ms(p.per_action(p.postgres_cpu))}), {p.queries:.1f} queries,"
        f" {errors} errors; other work kept {p.others:.0%} of the machine busy"
    )


def pairs(rounds: list[Round], game: str) -> list[tuple[Phase, Phase]]:
    """Each round's floor and ``game`` phases."""
    return [(r[FLOOR], r[game]) for r in rounds]


def ratios(floor: Phase, app: Phase) -> tuple[float, float, float]:
    """The app over the floor: CPU per action, throughput, 95th percentile latency."""
    return app.cpu / floor.cpu, app.throughput / floor.throughput, app.latency(0.95) / floor.latency(0.95)


def medians(paired: list[tuple[Phase, Phase]]) -> tuple[float, float, float]:
    found = [ratios(f, a) for f, a in paired]
    return (
        statistics.median(r[0] for r in found),
        statistics.median(r[1] for r in found),
        statistics.median(r[2] for r in found),
    )


def errors(counter: Counter[str]) -> str:
    return ", ".join(f"{n} x {what}" for what, n in counter.most_common()) or "none"


def rounds_table(game: str, paired: list[tuple[Phase, Phase]]) -> list[str]:
    lines = [
        f"  {GAMES[game]}",
        f"    round | floor: actions/s  p95 ms  CPU ms/action | {game + ':':<7} actions/s  p95 ms"
        "  CPU ms/action | over the floor: CPU  throughput  p95",
    ]
    for n, (floor, app) in enumerate(paired, 1):
        cpu, through, p95 = ratios(floor, app)
        lines.append(
            f"    {n:>5} | {floor.throughput:16.1f} {ms(floor.latency(0.95)):>7} {ms(floor.cpu):>14} |"
            f" {app.throughput:17.1f} {ms(app.latency(0.95)):>7} {ms(app.cpu):>14} |"
            f" {cpu:18.2f} {through:11.2f} {p95:4.2f}"
        )
    cpu, through, p95 = medians(paired)
    lines.append(f"    median{' ' * 93}| {cpu:18.2f} {through:11.2f} {p95:4.2f}")
    return lines


def by_server(tally: Tally) -> dict[str, int]:
    """Requests answered by each server, named A, B, ... in the order the players take them."""
    return {chr(ord("A") + n): tally.servers[n] for n in sorted(tally.servers)}


def per_action(label: str, p: Phase, split: bool) -> str:
    """The figures per action; ``split``: also the requests each server answered."""
    servers = ", ".join(f"{name} {n}" for name, n in by_server(p.tally).items())
    return (
        f"    {label:<6} server {ms(p.per_action(p.server_cpu))} ms"
        f" (request threads {ms(p.thread_cpu)}{shared(p)}) + Postgres {ms(p.per_action(p.postgres_cpu))} ms"
        f" CPU (this client {ms(p.per_action(p.client_cpu))} ms); {p.queries:.1f} queries;"
        f" {p.per_action(p.tally.requests):.2f} requests{f' (by server: {servers})' if split else ''};"
        f" {p.down:,.0f} bytes down, {p.up:,.0f} up; answer {p.answer:,.0f} bytes as sent"
    )


def render(results: Results) -> str:
    args = results.args
    split: bool = args.scale_out
    out = [
        "",
        f"tools.bench: {', '.join(GAMES[g] for g in results.games)} against the floor;"
        f" {args.players} players, "
        + (f"{args.actions} actions each" if args.actions else f"{args.seconds:g} s")
        + f" per phase, {args.rounds} rounds,"
        + (" a new connection per request," if args.reconnect else "")
        + (f" processes per server {args.processes}," if split else f" processes {args.processes},")
        + f" {args.many} players for the error count, seed {args.seed};"
        f" {os.cpu_count()} CPU cores; took {results.seconds:.0f} s",
    ]
    if split:
        out.append(
            "scale-out: the app on app servers A and B behind pgbouncer in transaction mode, with Redis;"
            " the floor on floor servers A and B through the same pgbouncer; each request to the next"
            " server in turn"
        )
    out += [
        "",
        "Actions under load (CPU per action: "
        + (
            "the side's two servers, pgbouncer and redis-server as the server, and Postgres)"
            if split
            else "server and Postgres processes)"
        ),
    ]
    for count, rounds in results.rounds.items():
        each = "per server, two servers a side" if split else "each"
        out.append(f"{count} process(es) {each}, {rounds[0][FLOOR].players} players at once:")
        for game in results.games:
            paired = pairs(rounds, game)
            out += rounds_table(game, paired)
            out.append(per_action(game, merged(game, [a for _, a in paired]), split))
        out += ["  The floor", per_action(FLOOR, merged(FLOOR, [r[FLOOR] for r in rounds]), split)]
        for game, many in results.many.get(count, {}).items():
            out.append(
                f"  {GAMES[game]}, {many.players} players at once: {many.actions} actions,"
                f" {many.throughput:.1f}/s, p95 {ms(many.latency(0.95))} ms; errors: {errors(many.errors)};"
                f" statuses {dict(sorted(many.tally.statuses.items()))}"
            )
        out.append("")
    out += history(results)
    out += weight(results)
    out += scaling(results)
    out.append("Targets")
    out += [f"  {GAMES[t.game]}: {t.what}: {verdict(t.holds)}" for t in targets(results)]
    return "\n".join(out)


def history(results: Results) -> list[str]:
    if not results.single:
        return []
    lines = [
        "Single actions after a history, Legacy of Yu (one at a time: the request thread's CPU, median"
        " and mean; server and Postgres CPU per action; median latency)",
    ]
    for point, p in results.single.items():
        lines.append(
            f"  {point:<20} {p.actions:>2} actions: thread {ms(thread_median(p))} / {ms(p.thread_cpu)} ms,"
            f" CPU {ms(p.cpu)} ms (server {ms(p.per_action(p.server_cpu))},"
            f" Postgres {ms(p.per_action(p.postgres_cpu))}), latency {ms(p.latency(0.5))} ms,"
            f" {p.queries:.1f} queries, answer {p.answer:,.0f} bytes"
        )
    if results.substituted:
        lines.append(f"  ({results.substituted} bot choices not on the board: the board's first key instead)")
    lines.append("")
    return lines


def thread_median(p: Phase) -> float:
    return statistics.median(p.tally.act_cpu) if p.tally.act_cpu else float("nan")


def weight(results: Results) -> list[str]:
    lines = ["Bytes"]
    for game in results.games:
        w = results.weight.get(game, {})
        if w:
            lines.append(
                f"  {GAMES[game]}: the board page, compressed: HTML {w.get('html', 0):,}"
                f" + CSS {w.get('css', 0):,} + JS {w.get('js', 0):,} = {sum(w.values()):,} bytes"
            )
    for count, rounds in results.rounds.items():
        for game in results.games:
            t = merged(game, [r[game] for r in rounds]).tally
            if t.act_bodies:
                lines.append(
                    f"  {count} process(es), {GAMES[game]}: HTML answers compressed {t.html_compressed}"
                    f" of {t.html}; an action's answer {statistics.fmean(t.act_bodies):,.0f} bytes"
                    " on average as sent"
                )
    lines.append("")
    return lines


def scaling(results: Results) -> list[str]:
    lines = [
        "Scaling (each game's phases of the rounds, medians)",
        "  processes | game   | actions/s | floor actions/s | server CPU ms | Postgres CPU ms"
        " | cores busy: ours, others | one Postgres core's limit",
    ]
    cores = os.cpu_count() or 1
    for count, rounds in results.rounds.items():
        floor = statistics.median(r[FLOOR].throughput for r in rounds)
        for game in results.games:
            apps = [r[game] for r in rounds]
            throughput = statistics.median(a.throughput for a in apps)
            server = statistics.median(a.per_action(a.server_cpu) for a in apps)
            postgres = statistics.median(a.per_action(a.postgres_cpu) for a in apps)
            ours = statistics.median((a.server_cpu + a.postgres_cpu + a.client_cpu) / a.seconds for a in apps)
            others = statistics.median(a.others * cores for a in apps)
            limit = f"{1 / postgres:.0f} actions/s, reached with {server / postgres:.1f} app cores busy"
            lines.append(
                f"  {count:>9} | {game:<6} | {throughput:9.1f} | {floor:15.1f} | {ms(server):>13} |"
                f" {ms(postgres):>15} | {ours:10.2f}, {others:.2f} of {cores} |"
                f" {limit if postgres > 0 else 'n/a'}"
            )
    lines.append("")
    return lines


def verdict(ok: bool) -> str:
    return "holds" if ok else "MISSED"


def targets(results: Results) -> list[Target]:
    """Every target, game by game: those of each number of processes, then the others."""
    found: list[Target] = []
    for game in results.games:
        found += load_targets(results, game)
        if game == YU:
            found += history_targets(results)
        found += byte_targets(results, game)
    return found


def load_targets(results: Results, game: str) -> list[Target]:
    """CPU, throughput and latency against the floor; errors with many players."""
    found: list[Target] = []
    for count, rounds in results.rounds.items():
        cpu, through, p95 = medians(pairs(rounds, game))
        found += [
            Target(game, f"{count} process(es): CPU per action {cpu:.2f}x the floor's (at most 2)", cpu <= 2),
            Target(game, f"{count} process(es): throughput {through:.2f}x (at least 0.5)", through >= 0.5),
            Target(game, f"{count} process(es): p95 {p95:.2f}x (at most 2)", p95 <= 2),
        ]
        many = results.many.get(count, {}).get(game)
        if many is not None:
            n = sum(many.errors.values())
            found.append(
                Target(game, f"{count} process(es): {n} errors at {many.players} players (0)", n == 0)
            )
    return found


def history_targets(results: Results) -> list[Target]:
    """Single actions after a history cost what the first does."""
    if not results.single:
        return []
    found: list[Target] = []
    first, *later = results.single.values()
    for p in later:
        thread = thread_median(p) / thread_median(first)
        cpu, latency = p.cpu / first.cpu, p.latency(0.5) / first.latency(0.5)
        what = (
            f"{p.what} against {first.what}: request thread CPU {thread:.2f}x (the same within {FLAT}x;"
            f" server and Postgres CPU {cpu:.2f}x, latency {latency:.2f}x)"
        )
        found.append(Target(YU, what, thread <= FLAT))
    return found


def byte_targets(results: Results, game: str) -> list[Target]:
    """Every HTML answer compressed (every phase measured), an action's answer and the board page
    small enough."""
    found: list[Target] = []
    tally = results.measured(game).tally
    if tally.requests:
        what = f"HTML answers compressed: {tally.html_compressed} of {tally.html}"
        found.append(Target(game, what, tally.html_compressed == tally.html))
    if tally.act_bodies:
        answer = statistics.fmean(tally.act_bodies)
        what = f"an action's answer {answer / KB:.1f} KB on average (at most {ANSWER_KB})"
        found.append(Target(game, what, answer <= ANSWER_KB * KB))
    total = sum(results.weight.get(game, {}).values())
    if total:
        what = f"the board page {total / KB:.1f} KB in all (at most {PAGE_KB})"
        found.append(Target(game, what, total <= PAGE_KB * KB))
    return found


def summary(results: Results) -> dict[str, object]:
    """The run's figures as JSON: each game's actions, errors and bytes, its ratios to the floor for
    each number of processes, and every target."""

    def number(x: float) -> float | None:
        return None if math.isnan(x) or math.isinf(x) else round(x, 4)

    games: dict[str, object] = {}
    for game in results.games:
        tally = results.measured(game).tally
        processes: dict[str, object] = {}
        for count, rounds in results.rounds.items():
            cpu, through, p95 = medians(pairs(rounds, game))
            many = results.many.get(count, {}).get(game)
            processes[str(count)] = {
                "actions": sum(r[game].actions for r in rounds),
                "cpu_ms": number(merged(game, [r[game] for r in rounds]).cpu * 1000),
                "cpu_over_floor": number(cpu),
                "throughput_over_floor": number(through),
                "p95_over_floor": number(p95),
                "many_players": many.players if many else 0,
                "many_actions": many.actions if many else 0,
                "many_errors": sum(many.errors.values()) if many else 0,
            }
        games[game] = {
            "actions": tally.actions,
            "errors": sum(tally.errors.values()),
            "html_answers": tally.html,
            "html_compressed": tally.html_compressed,
            "answer_bytes": number(statistics.fmean(tally.act_bodies)) if tally.act_bodies else None,
            "page_bytes": sum(results.weight.get(game, {}).values()),
            "requests_by_server": by_server(tally),
            "processes": processes,
        }
    floor = [r[FLOOR] for rounds in results.rounds.values() for r in rounds]
    return {
        "scale_out": results.args.scale_out,
        "games": games,
        "floor_actions": sum(p.actions for p in floor),
        "floor_errors": sum(sum(p.errors.values()) for p in floor),
        "floor_requests_by_server": by_server(merged(FLOOR, floor).tally),
        "single": {point: p.actions for point, p in results.single.items()},
        "targets": [{"game": t.game, "what": t.what, "holds": t.holds} for t in targets(results)],
        "seconds": round(results.seconds, 1),
    }
