"""Set up and run the project with nothing but Python 3.11.

    python3 dev.py serve   # install, then play on http://127.0.0.1:8000 (the notes' worker too)
    python3 dev.py test    # install, then run the whole test suite
    python3 dev.py lock    # pin the requirements again, with their hashes

Installs into ./.venv exactly what requirements.lock pins, each file checked
against its hash, then the project itself (again only when pyproject.toml or
requirements.lock changes), and runs this script again with the virtualenv's
Python to do the asked command, the translation catalogues compiled first.
Without DATABASE_URL the app uses an embedded Postgres kept in ./.pgdata:
`serve` starts it first and it stops when the last user exits. Both commands
run with DEBUG on unless DEBUG is set.

`lock` resolves pyproject.toml's requirements, the dev extra's too, on PyPI
alone, and writes every package and the hashes of its files to
requirements.lock: run it after changing them, and commit both files.
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
LOCK = ROOT / "requirements.lock"
PYPI = "https://pypi.org/simple"
PIP_TOOLS = "pip-tools==7.6.2"
PIP = [str(PYTHON), "-m", "pip", "install", "--disable-pip-version-check", "-q"]


def ensure_venv() -> None:
    """Create the virtualenv, and install the locked requirements and the project when
    pyproject.toml or requirements.lock changed."""
    digest = hashlib.sha256()
    for name in ("pyproject.toml", "requirements.lock"):
        digest.update(hashlib.sha256((ROOT / name).read_bytes()).digest())
    if STAMP.exists() and STAMP.read_text() == digest.hexdigest():
        return
    if not PYTHON.exists():
        venv.create(VENV, with_pip=True)
    subprocess.run([*PIP, "--require-hashes", "-r", str(LOCK)], check=True)
    subprocess.run([*PIP, "--no-deps", "-e", str(ROOT)], check=True)
    checked = subprocess.run([str(PYTHON), "-m", "pip", "check"], capture_output=True, text=True)
    if checked.returncode:
        sys.exit(f"{checked.stdout}requirements.lock is behind pyproject.toml: run python3 dev.py lock")
    STAMP.write_text(digest.hexdigest())


def lock() -> int:
    """Resolve pyproject.toml's requirements, the dev extra's too, into requirements.lock: every
    package pinned, with the hashes of its files on PyPI."""
    if not PYTHON.exists():
        venv.create(VENV, with_pip=True)
    # PyPI alone: an index, mirror or folder of wheels that pip is set up with here must not
    # put its own files, or their hashes, into the lock.
    unset = ("PIP_INDEX_URL", "PIP_EXTRA_INDEX_URL", "PIP_FIND_LINKS", "PIP_NO_INDEX")
    env = {k: v for k, v in os.environ.items() if k not in unset}
    env |= {"PIP_CONFIG_FILE": os.devnull, "CUSTOM_COMPILE_COMMAND": "python3 dev.py lock"}
    subprocess.run([*PIP, f"--index-url={PYPI}", PIP_TOOLS], env=env, check=True)
    compile_ = [str(VENV / "bin" / "pip-compile"), "--quiet", "--generate-hashes", "--allow-unsafe"]
    options = ["--extra=dev", "--strip-extras", f"--index-url={PYPI}", f"--output-file={LOCK.name}"]
    return subprocess.run([*compile_, *options, "pyproject.toml"], cwd=ROOT, env=env).returncode


def compile_messages() -> None:
    """Compile each translation catalogue (``locale/*/LC_MESSAGES/*.po``) into the ``.mo`` file
    Django reads, when the catalogue or the typography is newer; fuzzy and untranslated entries
    are left out. French is set in its typography (:func:`engine.french.typeset`) as it compiles."""
    import polib

    from engine import french

    for po in ROOT.glob("locale/*/LC_MESSAGES/*.po"):
        mo = po.with_suffix(".mo")
        newest = max(po.stat().st_mtime, Path(french.__file__).stat().st_mtime)
        if mo.exists() and mo.stat().st_mtime >= newest:
            continue
        catalogue = polib.pofile(str(po))
        if po.parents[1].name == "fr":
            for entry in catalogue:
                entry.msgstr = french.typeset(entry.msgstr)
                entry.msgstr_plural = {n: french.typeset(s) for n, s in entry.msgstr_plural.items()}
        catalogue.save_as_mofile(str(mo))


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
    # The worker that sends the notes: without EMAIL_HOST it prints them here.
    worker = subprocess.Popen([str(PYTHON), "manage.py", "worker", "--no-reload", "-v0"], cwd=ROOT)
    try:
        return run("manage.py", "runserver", *(args or ["127.0.0.1:8000"]))
    finally:
        worker.terminate()
        worker.wait()


def main(argv: list[str]) -> int:
    os.environ.setdefault("DEBUG", "1")  # development settings; a deployment leaves DEBUG off
    if argv[:1] == ["lock"]:
        return lock()
    if Path(sys.prefix).resolve() != VENV.resolve():
        ensure_venv()
        os.execv(PYTHON, [str(PYTHON), __file__, *argv])
    command = argv[0] if argv else "serve"
    compile_messages()
    if command == "serve":
        return serve(argv[1:])
    if command == "test":
        return run("-m", "pytest", *argv[1:])
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
