"""tools.chaos, run small: its own Postgres and gunicorn, one kill of each kind, a short sweep."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SMALL = ["--requests", "300", "--kills", "3", "--races", "1", "--seed", "2"]
FIGURES = (
    "5xx answers",
    "double-applied actions",
    "lost acknowledged actions",
    "replay differences",
    "state changes from refused requests",
    "race losers told the wrong mover",
)


@pytest.mark.slow
def test_it_reports_every_figure_as_zero() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "tools.chaos", *SMALL],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    lines = run.stdout.splitlines()
    for figure in FIGURES:
        assert f"{figure}: 0" in lines, run.stdout[-3000:] + run.stderr[-3000:]
    assert run.returncode == 0
