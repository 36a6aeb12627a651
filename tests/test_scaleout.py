"""tools.scaleout, run small: two app servers behind pgbouncer and Redis, app server A killed whole
while the players play through both, and every figure of the chaos checks 0."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from tests.test_chaos import FIGURES

ROOT = Path(__file__).resolve().parent.parent
SMALL = ["--kills", "1", "--races", "1", "--workers", "1", "--seed", "2"]


def test_killing_an_app_server_mid_load_loses_no_acknowledged_action() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "tools.scaleout", *SMALL],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    said = run.stdout[-3000:] + run.stderr[-3000:]
    lines = run.stdout.splitlines()
    assert any(re.fullmatch(r"  kill 1/1: app server A, back in [\d.]+ s", line) for line in lines), said
    acknowledged = re.search(r"^campaign actions acknowledged: play (\d+), races (\d+);", run.stdout, re.M)
    assert acknowledged and int(acknowledged.group(1)) > 0, said
    for figure in FIGURES:
        assert f"{figure}: 0" in lines, said
    assert run.returncode == 0, said
