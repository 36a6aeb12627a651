"""tools.bench, run small: its own Postgres and gunicorn, two players of each game and of the floor for
a second a phase, one round, three players for the error count, one campaign for each point of
history; every game played, without an error, every HTML answer compressed. Then through the
deployment of docs/scaling.md (``--scale-out``; two players for the error count, no history, no
warm-up), where every game's requests and the floor's reach both servers too."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from tools.bench.players import GAMES

ROOT = Path(__file__).resolve().parent.parent
SMALL = ["--players=2", "--seconds=1", "--rounds=1", "--processes=1", "--many=3", "--history=1"]
SCALED = ["--scale-out", *SMALL[:4], "--many=2", "--history=0", "--warm-up=0"]


def bench(options: list[str], figures: Path) -> dict[str, Any]:
    """Run the bench with ``options``; its JSON summary, once it exited 0."""
    run = subprocess.run(
        [sys.executable, "-m", "tools.bench", *options, f"--json={figures}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    summary: dict[str, Any] = json.loads(figures.read_text())
    assert summary["games"].keys() == GAMES.keys()
    for game, played in summary["games"].items():
        one = played["processes"]["1"]
        assert one["actions"] > 0 and one["many_actions"] > 0, game
        assert played["errors"] == 0, (game, run.stdout)
        assert played["html_answers"] > 0, game
        assert played["html_compressed"] == played["html_answers"], game
        assert played["page_bytes"] > 0, game
    assert summary["floor_actions"] > 0 and summary["floor_errors"] == 0
    return summary


def test_it_plays_every_game_without_an_error(tmp_path: Path) -> None:
    summary = bench(SMALL, tmp_path / "bench.json")
    assert all(actions > 0 for actions in summary["single"].values()), summary["single"]
    assert len(summary["single"]) == 3


def test_through_the_deployment_requests_reach_both_app_servers(tmp_path: Path) -> None:
    summary = bench(SCALED, tmp_path / "bench.json")
    assert summary["scale_out"] is True
    for game, played in summary["games"].items():
        servers = played["requests_by_server"]
        assert servers.keys() == {"A", "B"} and min(servers.values()) > 0, (game, servers)
    floor = summary["floor_requests_by_server"]
    assert floor.keys() == {"A", "B"} and min(floor.values()) > 0, floor
