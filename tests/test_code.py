"""The code stays ruff clean and typed (mypy --strict over engine/, campaigns/
and config/ with django-stubs, as configured in pyproject.toml), and no model
change lacks its migration."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def check(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)


def test_ruff_finds_nothing() -> None:
    lint = check(str(BIN / "ruff"), "check", ".")
    assert lint.returncode == 0, lint.stdout
    layout = check(str(BIN / "ruff"), "format", "--check", ".")
    assert layout.returncode == 0, layout.stdout


def test_mypy_finds_nothing() -> None:
    typed = check(str(BIN / "mypy"))
    assert typed.returncode == 0, typed.stdout


def test_the_models_and_their_migrations_agree() -> None:
    env = {"DEBUG": "1", "DATABASE_URL": "postgresql://nobody@/none?host=/nonexistent", "PATH": str(BIN)}
    missing = subprocess.run(
        [sys.executable, "manage.py", "makemigrations", "--check", "--dry-run"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert missing.returncode == 0, missing.stdout + missing.stderr


GAME_BRANCH = re.compile(r"game (==|!=)|== YU|!= YU")
"""A branch on a game's name: what a game does is asked of its session, not of its name."""


def test_no_code_branches_on_a_games_name() -> None:
    places = [
        *(ROOT / "campaigns").rglob("*.py"),
        *(ROOT / "templates").rglob("*.htm*"),
        *(ROOT / "templates").rglob("*.jinja"),
    ]
    found = [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
        for path in places
        if "migrations" not in path.parts
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if GAME_BRANCH.search(line)
    ]
    assert found == []


def test_the_branch_finder_sees_a_branch() -> None:
    assert GAME_BRANCH.search('{% if campaign.game == "yu" %}') and GAME_BRANCH.search("if game != YU:")
