"""The bench's figures, printed: the rounds with their ratios, the error count, single actions after
a history, the bytes, the scaling, and each target held or missed."""

from __future__ import annotations

import argparse
import os
import statistics
from collections import Counter
from dataclasses import dataclass, field

from .measure import Phase, merged

KB = 1024
FLAT = 1.25
"""A point of history counts as costing the same as the first action when within this factor."""


@dataclass
class Results:
    args: argparse.Namespace
    rounds: dict[int, list[tuple[Phase, Phase]]] = field(default_factory=dict)
    """By number of processes: each round's floor and app phases."""
    many: dict[int, Phase] = field(default_factory=dict)
    single: dict[str, Phase] = field(default_factory=dict)
    substituted: int = 0
    weight: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f}"


def phase_line(p: Phase) -> str:
    errors = sum(p.errors.values())
    return (
        f"{p.what:<5} {p.actions:>4} actions in {p.seconds:5.1f} s: {p.throughput:6.1f}/s, "
        f"p95 {ms(p.latency(0.95))} ms, CPU {ms(p.cpu)} ms/action "
        f"(server {ms(p.per_action(p.server_cpu))}, of which request threads {ms(p.thread_cpu)};"
        f" Postgres {ms(p.per_action(p.postgres_cpu))}), {p.queries:.1f} queries, {errors} errors;"
        f" other work kept {p.others:.0%} of the machine busy"
    )


def ratios(floor: Phase, app: Phase) -> tuple[float, float, float]:
    """The app over the floor: CPU per action, throughput, 95th percentile latency."""
    return app.cpu / floor.cpu, app.throughput / floor.throughput, app.latency(0.95) / floor.latency(0.95)


def medians(pairs: list[tuple[Phase, Phase]]) -> tuple[float, float, float]:
    found = [ratios(f, a) for f, a in pairs]
    return (
        statistics.median(r[0] for r in found),
        statistics.median(r[1] for r in found),
        statistics.median(r[2] for r in found),
    )


def errors(counter: Counter[str]) -> str:
    return ", ".join(f"{n} x {what}" for what, n in counter.most_common()) or "none"


def rounds_table(count: int, pairs: list[tuple[Phase, Phase]]) -> list[str]:
    lines = [
        f"{count} process(es) each, {pairs[0][1].players} players at once:",
        "  round | floor: actions/s  p95 ms  CPU ms/action | app: actions/s  p95 ms  CPU ms/action"
        " | app/floor: CPU  throughput  p95",
    ]
    for n, (floor, app) in enumerate(pairs, 1):
        cpu, through, p95 = ratios(floor, app)
        lines.append(
            f"  {n:>5} | {floor.throughput:16.1f} {ms(floor.latency(0.95)):>7} {ms(floor.cpu):>14} |"
            f" {app.throughput:14.1f} {ms(app.latency(0.95)):>7} {ms(app.cpu):>14} |"
            f" {cpu:13.2f} {through:11.2f} {p95:5.2f}"
        )
    cpu, through, p95 = medians(pairs)
    lines.append(f"  median{' ' * 90}| {cpu:13.2f} {through:11.2f} {p95:5.2f}")
    return lines


def per_action(label: str, p: Phase) -> str:
    return (
        f"  {label:<6} server {ms(p.per_action(p.server_cpu))} ms"
        f" (request threads {ms(p.thread_cpu)}) + Postgres {ms(p.per_action(p.postgres_cpu))} ms"
        f" CPU (this client {ms(p.per_action(p.client_cpu))} ms); {p.queries:.1f} queries;"
        f" {p.per_action(p.tally.requests):.2f} requests; {p.down:,.0f} bytes down, {p.up:,.0f} up;"
        f" answer {p.answer:,.0f} bytes as sent"
    )


def render(results: Results) -> str:
    args = results.args
    out = [
        "",
        f"tools.bench: {args.players} players, "
        + (f"{args.actions} actions each" if args.actions else f"{args.seconds:g} s")
        + f" per phase, {args.rounds} rounds,"
        + (" a new connection per request," if args.reconnect else "")
        + f" processes {args.processes}, {args.many} players for the error count, seed {args.seed};"
        f" {os.cpu_count()} CPU cores; took {results.seconds:.0f} s",
        "",
        "Actions under load (CPU: server and Postgres processes, per action)",
    ]
    for count, pairs in results.rounds.items():
        out += rounds_table(count, pairs)
        app = [a for _, a in pairs]
        floor = [f for f, _ in pairs]
        out.append(per_action("app", merged_view(app)))
        out.append(per_action("floor", merged_view(floor)))
        many = results.many.get(count)
        if many is not None:
            out.append(
                f"  {many.players} players at once: {many.actions} actions, {many.throughput:.1f}/s,"
                f" p95 {ms(many.latency(0.95))} ms; errors: {errors(many.errors)};"
                f" statuses {dict(sorted(many.tally.statuses.items()))}"
            )
        out.append("")
    out += history(results)
    out += weight(results)
    out += scaling(results)
    out += targets(results)
    return "\n".join(out)


def merged_view(phases: list[Phase]) -> Phase:
    return merged(phases[0].what, phases)


def history(results: Results) -> list[str]:
    if not results.single:
        return []
    lines = [
        "Single actions after a history (one at a time: the request thread's CPU, median and mean;"
        " server and Postgres CPU per action; median latency)",
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
    w = results.weight
    total = sum(w.values())
    return [
        "Bytes",
        f"  the board page, compressed: HTML {w.get('html', 0):,} + CSS {w.get('css', 0):,}"
        f" + JS {w.get('js', 0):,} = {total:,} bytes",
        *(
            f"  {count} process(es): HTML answers compressed {t.html_compressed} of {t.html};"
            f" an action's answer {statistics.fmean(t.act_bodies):,.0f} bytes on average as sent"
            for count, t in (
                (c, merged_view([a for _, a in pairs]).tally) for c, pairs in results.rounds.items()
            )
            if t.act_bodies
        ),
        "",
    ]


def scaling(results: Results) -> list[str]:
    lines = [
        "Scaling (app phases of the rounds, medians)",
        "  processes | actions/s | floor actions/s | server CPU ms | Postgres CPU ms"
        " | cores busy: ours, others | one Postgres core's limit",
    ]
    cores = os.cpu_count() or 1
    for count, pairs in results.rounds.items():
        apps = [a for _, a in pairs]
        throughput = statistics.median(a.throughput for a in apps)
        floor = statistics.median(f.throughput for f, _ in pairs)
        server = statistics.median(a.per_action(a.server_cpu) for a in apps)
        postgres = statistics.median(a.per_action(a.postgres_cpu) for a in apps)
        ours = statistics.median((a.server_cpu + a.postgres_cpu + a.client_cpu) / a.seconds for a in apps)
        others = statistics.median(a.others * cores for a in apps)
        lines.append(
            f"  {count:>9} | {throughput:9.1f} | {floor:15.1f} | {ms(server):>13} | {ms(postgres):>15} |"
            f" {ours:10.2f}, {others:.2f} of {cores} | {1 / postgres:.0f} actions/s,"
            f" reached with {server / postgres:.1f} app cores busy"
        )
    lines.append("")
    return lines


def verdict(ok: bool) -> str:
    return "holds" if ok else "MISSED"


def targets(results: Results) -> list[str]:
    lines = ["Targets"]
    for count, pairs in results.rounds.items():
        cpu, through, p95 = medians(pairs)
        many = results.many.get(count)
        lines += [
            f"  {count} process(es): CPU per action {cpu:.2f}x the floor's (at most 2): {verdict(cpu <= 2)};"
            f" throughput {through:.2f}x (at least 0.5): {verdict(through >= 0.5)};"
            f" p95 {p95:.2f}x (at most 2): {verdict(p95 <= 2)}",
        ]
        if many is not None:
            n = sum(many.errors.values())
            lines.append(
                f"  {count} process(es): {n} errors at {many.players} players (0): {verdict(n == 0)}"
            )
    if results.single:
        first, *later = results.single.values()
        for p in later:
            thread = thread_median(p) / thread_median(first)
            cpu, latency = p.cpu / first.cpu, p.latency(0.5) / first.latency(0.5)
            lines.append(
                f"  {p.what} against {first.what}: request thread CPU {thread:.2f}x (the same within"
                f" {FLAT}x): {verdict(thread <= FLAT)}; server and Postgres CPU {cpu:.2f}x,"
                f" latency {latency:.2f}x"
            )
    apps = [a for pairs in results.rounds.values() for _, a in pairs]
    if apps:
        tally = merged_view(apps).tally
        answer = statistics.fmean(tally.act_bodies) if tally.act_bodies else 0.0
        lines += [
            f"  HTML answers compressed: {tally.html_compressed} of {tally.html}:"
            f" {verdict(tally.html_compressed == tally.html)}",
            f"  an action's answer {answer / KB:.1f} KB on average (at most 4): {verdict(answer <= 4 * KB)}",
        ]
    total = sum(results.weight.values())
    if total:
        lines.append(f"  the board page {total / KB:.1f} KB in all (at most 40): {verdict(total <= 40 * KB)}")
    return lines
