"""The code stays ruff clean and typed (mypy --strict over engine/, campaigns/
and config/ with django-stubs, as configured in pyproject.toml), and no model
change lacks its migration."""

from __future__ import annotations

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
