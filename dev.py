"""Set up and run the project with nothing but Python 3.11.

    python3 dev.py serve   # install, then play on http://127.0.0.1:8000
    python3 dev.py test    # install, then run the whole test suite

Installs the project into ./.venv (again only when pyproject.toml changes),
then runs this script again with the virtualenv's Python to do the asked
command. Without DATABASE_URL the app uses an embedded Postgres kept in
./.pgdata: `serve` starts it first and it stops when the last user exits.
Both commands run with DEBUG on unless DEBUG is set.
"""

from __future__ import annotations

import hashlib
import os
import signal
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
    """Run the virtualenv's Python and wait for it, even when told to stop.

    Ctrl-C reaches the child by itself; a plain `kill` of this script is passed on,
    so that the child stops first and the embedded database after it.
    """
    child = subprocess.Popen([str(PYTHON), *args], cwd=ROOT)
    signal.signal(signal.SIGINT, lambda *_: None)
    signal.signal(signal.SIGTERM, lambda *_: child.terminate())
    return child.wait()


def serve(args: list[str]) -> int:
    from config.database import database_url

    os.environ["DATABASE_URL"] = database_url()  # held by this process until it exits
    for step in (["migrate"], ["createcachetable"], ["collectstatic", "--noinput", "-v0"]):
        if code := run("manage.py", *step):
            return code
    return run("manage.py", "runserver", *(args or ["127.0.0.1:8000"]))


def main(argv: list[str]) -> int:
    os.environ.setdefault("DEBUG", "1")  # development settings; a deployment leaves DEBUG off
    if Path(sys.prefix).resolve() != VENV.resolve():
        ensure_venv()
        os.execv(PYTHON, [str(PYTHON), __file__, *argv])
    command = argv[0] if argv else "serve"
    if command == "serve":
        return serve(argv[1:])
    if command == "test":
        return run("-m", "pytest", *argv[1:])
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
