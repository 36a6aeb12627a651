"""The embedded database survives a process killed at any moment: a list of
holders or a pid file cut short by the kill is cleared, not parsed."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from config import database

STARTED = ["{pid}", "{pgdata}", "1795468359", "5432", "{pgdata}", "", "  5375836        27", "ready   "]


@pytest.fixture
def pgdata(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "PG_VERSION").write_text("16\n")
    monkeypatch.setattr(database, "PGDATA", tmp_path)
    return tmp_path


def test_an_empty_list_of_holders_is_cleared(pgdata: Path) -> None:
    (pgdata / ".handle_pids.json").write_text("")
    database._forget_dead_processes()
    assert json.loads((pgdata / ".handle_pids.json").read_text()) == []


def test_live_holders_are_kept_and_dead_ones_dropped(pgdata: Path) -> None:
    (pgdata / ".handle_pids.json").write_text(json.dumps([os.getpid(), 2**22 + 12345]))
    database._forget_dead_processes()
    assert json.loads((pgdata / ".handle_pids.json").read_text()) == [os.getpid()]


@pytest.mark.parametrize("lines", [[], ["not a pid"], [str(os.getpid()), "/somewhere"]])
def test_a_pid_file_cut_short_is_removed(pgdata: Path, lines: list[str]) -> None:
    (pgdata / "postmaster.pid").write_text("\n".join(lines))
    database._forget_dead_processes()
    assert not (pgdata / "postmaster.pid").exists()


def test_a_whole_pid_file_of_a_dead_postmaster_is_left_to_postgres(pgdata: Path) -> None:
    whole = "\n".join(line.format(pid=2**22 + 12345, pgdata=pgdata) for line in STARTED)
    (pgdata / "postmaster.pid").write_text(whole)
    database._forget_dead_processes()
    assert (pgdata / "postmaster.pid").read_text() == whole
