"""``requires``: an entry names the entries that must come before it, and
``content check`` proves every way to it reads them first (on copies of the
tests' small campaign in tests/yu/campaign_content)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.yu.content.check import problems, read_before
from engine.yu.content.loader import ContentError, load

STORY = Path(__file__).parent / "campaign_content"


@pytest.fixture
def data(tmp_path: Path) -> Path:
    for f in STORY.iterdir():
        (tmp_path / f.name).write_bytes(f.read_bytes())
    return tmp_path


def edit(data: Path, old: str, new: str) -> None:
    path = data / "story_book.toml"
    text = path.read_text()
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new))


def require(data: Path, number: int, required: list[int]) -> None:
    edit(data, f"number = {number}\n", f"number = {number}\nrequires = {required}\n")


def test_a_victory_entry_cannot_require_another_blue_card(data: Path) -> None:
    require(data, 102, [101])
    assert problems(data, deck_size=None, french=False) == [
        "story_book.toml: entry 102: requires entry 101, but v2 may lead to it before entry 101 is read"
    ]


def test_the_gold_victory_comes_after_every_blue_victory_entry(data: Path) -> None:
    require(data, 107, [101, 106])
    assert problems(data, deck_size=None, french=False) == []


def test_an_entry_read_only_from_another_requires_it(data: Path) -> None:
    require(data, 110, [103])
    assert problems(data, deck_size=None, french=False) == []


def test_a_read_condition_guards_what_it_leads_to(data: Path) -> None:
    require(data, 111, [101])
    assert problems(data, deck_size=None, french=False) == [
        "story_book.toml: entry 111: requires entry 101, "
        "but entry 103 may lead to it before entry 101 is read"
    ]
    edit(data, 'else = ["entry 111"]', 'else = [{ if = { read = 101 }, then = ["entry 111"] }]')
    assert problems(data, deck_size=None, french=False) == []


def test_the_else_side_of_a_read_condition_knows_nothing(data: Path) -> None:
    require(data, 111, [101])
    edit(data, 'else = ["entry 111"]', 'else = [{ if = { read = 101 }, then = [], else = ["entry 111"] }]')
    assert "entry 111: requires entry 101" in problems(data, deck_size=None, french=False)[0]


def test_an_entry_read_earlier_in_the_same_list_counts(data: Path) -> None:
    require(data, 111, [110])
    edit(data, 'else = ["entry 111"]', 'else = ["entry 110", "entry 111"]')
    assert problems(data, deck_size=None, french=False) == []


def test_a_story_card_knows_what_every_way_to_find_it_read(data: Path) -> None:
    require(data, 30, [204])  # entry 30 is the Gold Turtle of bs1, which 204 and 214 find
    assert problems(data, deck_size=None, french=False) == [
        "story_book.toml: entry 30: requires entry 204, but bs1 may lead to it before entry 204 is read"
    ]
    at_214 = "effects = [{ find = [6] }]\n\n[[entries]]\nnumber = 215"
    edit(data, at_214, at_214.replace("{ find = [6] }", '"1 clay"'))
    assert read_before(load(data))[30] == {204}
    assert problems(data, deck_size=None, french=False) == []


def test_a_required_entry_must_exist(data: Path) -> None:
    require(data, 110, [999])
    with pytest.raises(ContentError, match="entries 110: requires: entry 999 cannot be required"):
        load(data)


def test_requires_lists_entry_numbers(data: Path) -> None:
    edit(data, "number = 110\n", 'number = 110\nrequires = ["one"]\n')
    assert problems(data, deck_size=None, french=False) == [
        "story_book.toml: entries 110: requires: must list entry numbers"
    ]
