"""docs/state.md describes the formats the engine writes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.yu.campaign import campaign
from engine.yu.rules import state

PAGE = Path(__file__).resolve().parents[2] / "docs" / "state.md"


@pytest.mark.parametrize(("heading", "written"), [("Game", state.FORMAT), ("Campaign", campaign.FORMAT)])
def test_the_page_names_the_format_the_code_writes(heading: str, written: int) -> None:
    text = PAGE.read_text(encoding="utf-8")
    section = re.search(rf"^## {heading}, format (\d+)\n(.*?)(?=^## )", text, re.M | re.S)
    assert section, f"docs/state.md has no '## {heading}, format N' section"
    assert int(section[1]) == written
    row = re.search(r"^\| `format`, .*? \| `(\d+)`,", section[2], re.M)
    assert row and int(row[1]) == written
