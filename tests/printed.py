"""The printed numbers of docs/printed.md, one game's table at a time."""

from __future__ import annotations

import re
from pathlib import Path

PAGE = Path(__file__).resolve().parent.parent / "docs" / "printed.md"


def printed(game: str) -> dict[str, str]:
    """The rows of the table under ``## {game}``: where each number lives in the data, and
    the number as the rulebook prints it."""
    section = PAGE.read_text(encoding="utf-8").split(f"\n## {game}\n", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and (key := re.fullmatch(r"`([^`]+)`", cells[0])):
            assert key[1] not in rows, f"{key[1]} is listed twice under {game}"
            rows[key[1]] = cells[1]
    assert rows, f"docs/printed.md has no table of printed numbers under '## {game}'"
    return rows
