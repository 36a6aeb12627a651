"""tools.bench, run small: its own Postgres and gunicorn, two players of each game and of the floor for
a second a phase, one round, three players for the error count, one campaign for each point of
history; every game played, without an error, every HTML answer compressed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tools.bench.players import GAMES

ROOT = Path(__file__).resolve().parent.parent
SMALL = ["--players=2", "--seconds=1", "--rounds=1", "--processes=1", "--many=3", "--history=1"]


def test_it_plays_every_game_without_an_error(tmp_path: Path) -> None:
    figures = tmp_path / "bench.json"
    run = subprocess.run(
        [sys.executable, "-m", "tools.bench", *SMALL, f"--json={figures}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    summary = json.loads(figures.read_text())
    assert summary["games"].keys() == GAMES.keys()
    for game, played in summary["games"].items():
        one = played["processes"]["1"]
        assert one["actions"] > 0 and one["many_actions"] > 0, game
        assert played["errors"] == 0, (game, run.stdout)
        assert played["html_answers"] > 0, game
        assert played["html_compressed"] == played["html_answers"], game
        assert played["page_bytes"] > 0, game
    assert summary["floor_actions"] > 0 and summary["floor_errors"] == 0
    assert all(actions > 0 for actions in summary["single"].values()), summary["single"]
    assert len(summary["single"]) == 3
