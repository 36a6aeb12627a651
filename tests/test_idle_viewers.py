"""tools/idle_viewers.py, run small: five open event streams on one production server, an action
through a second one on the same database, and every viewer told of it."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from tools.bench.world import HOST, Server, World

ROOT = Path(__file__).resolve().parent.parent
VIEWERS = 5


def test_every_viewer_gets_an_action_taken_through_another_server() -> None:
    world = World()
    second = Server("second app", "config.asgi", {}, "/rules/", world.dir / "second.log")
    try:
        world.open(floor_rows=0)
        second.env = world.app.env
        world.app.start(1)
        second.start(1)
        assert world.app.process is not None
        run = subprocess.run(
            [
                sys.executable,
                "tools/idle_viewers.py",
                "--events",
                f"--viewers={VIEWERS}",
                "--seconds=1",
                f"--url=http://{HOST}:{world.app.port}",
                f"--act-url=http://{HOST}:{second.port}",
                f"--server-pid={world.app.process.pid}",
            ],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=300,
        )
    finally:
        second.stop()
        world.close()
    assert run.returncode == 0, run.stdout + run.stderr
    got = re.search(r"(\d+) of (\d+) viewers got the new version", run.stdout)
    assert got is not None, run.stdout
    assert (int(got.group(1)), int(got.group(2))) == (VIEWERS, VIEWERS), run.stdout
