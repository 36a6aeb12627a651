"""Set up and run the project with nothing but Python 3.11.

    python3 dev.py serve   # install, then play
    python3 dev.py test    # install, then run the whole test suite

Installs the project into ./.venv (again only when pyproject.toml changes)
and then runs the asked command inside it.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
PYTHON = VENV / "bin" / "python"
STAMP = VENV / ".installed"


def ensure_venv() -> None:
    """Create the virtualenv and install the project when pyproject.toml changed."""
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if STAMP.exists() and STAMP.read_text() == digest:
        return
    if not PYTHON.exists():
        venv.create(VENV, with_pip=True)
    pip = [str(PYTHON), "-m", "pip", "install", "--disable-pip-version-check", "-q"]
    subprocess.run([*pip, "--upgrade", "pip"], check=True)
    subprocess.run([*pip, "-e", f"{ROOT}[dev]"], check=True)
    STAMP.write_text(digest)


def run(*args: str) -> int:
    return subprocess.run([str(PYTHON), *args], cwd=ROOT, env=os.environ).returncode


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "serve"
    ensure_venv()
    if command == "serve":
        return run("-m", "engine.yu", "play", *argv[1:])
    if command == "test":
        return run("-m", "pytest", *argv[1:])
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
