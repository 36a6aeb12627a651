"""Content files: a malformed file fails to load, naming the file, the record
and the field."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from scenario import CONTENT

from engine.yu import Content, ContentError, load
from engine.yu.content.check import problems
from engine.yu.content.loader import DATA


@pytest.fixture
def data(tmp_path: Path) -> Path:
    """A copy of the test content to break."""
    for path in CONTENT.glob("*.toml"):
        shutil.copy(path, tmp_path / path.name)
    return tmp_path


def swap(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert text.count(old) == 1, f"{old!r} is not once in {path.name}"
    path.write_text(text.replace(old, new))


def broken(data: Path) -> str:
    with pytest.raises(ContentError) as caught:
        load(data)
    return str(caught.value)


def test_the_test_content_loads(content: Content) -> None:
    assert len(content.townsfolk) == 30
    assert len(content.barbarians) == 16
    assert len(content.canals) == 10
    assert len(content.huts) == 6


def test_the_base_content_loads() -> None:
    base = load()
    assert base.townsfolk and base.barbarians and base.canals and base.huts


T01 = """id = "t01"
name = "Reed Cutter"
food = "fish"
play = ["1 wood"]"""

CASES = [
    # (file, old text, new text, expected message)
    ("townsfolk.toml", T01, T01.replace('food = "fish"\n', ""), "townsfolk.toml: t01: food: is missing"),
    (
        "townsfolk.toml",
        T01,
        T01.replace('"fish"', '"rice"'),
        "townsfolk.toml: t01: food: must be one of ('meat', 'fish', 'wheat', 'milk')",
    ),
    (
        "townsfolk.toml",
        T01,
        T01.replace('"Reed Cutter"', "5"),
        "townsfolk.toml: t01: name: must be str, not int",
    ),
    (
        "townsfolk.toml",
        T01,
        T01.replace('["1 wood"]', '["one wood"]'),
        "townsfolk.toml: t01: play: 'one wood' is neither",
    ),
    (
        "townsfolk.toml",
        T01,
        T01.replace('["1 wood"]', '["1 gold"]'),
        "townsfolk.toml: t01: play: unknown item 'gold'",
    ),
    (
        "townsfolk.toml",
        T01,
        T01.replace('["1 wood"]', '["0 wood"]'),
        "townsfolk.toml: t01: play: '0 wood' is neither",
    ),
    (
        "townsfolk.toml",
        T01,
        T01 + '\ncolour = "red"',
        "townsfolk.toml: t01: colour: is not a known field",
    ),
    ("townsfolk.toml", 'id = "t02"', 'id = "t01"', "townsfolk.toml: t01: id: is used twice"),
    (
        "barbarians.toml",
        'id = "b01"\nname = "Reed Raiders"\ndefeat = ["1 red", "1 white"]\nreward = ["2 cowrie"]\ndamage = 1',
        'id = "b01"\nname = "Reed Raiders"\ndefeat = ["1 red", "1 white"]\nreward = ["2 cowrie"]\ndamage = 0',
        "barbarians.toml: b01: damage: must be at least 1",
    ),
    (
        "barbarians.toml",
        'defeat = ["1 red", "1 white"]',
        'defeat = ["1 red", "1 clay"]',
        "barbarians.toml: b01: defeat: ",
    ),
    (
        "canals.toml",
        'id = "c01"\nname = "Willow Cut"\njade = "1-2"',
        'id = "c01"\nname = "Willow Cut"\njade = "7-8"',
        "canals.toml: c01: jade: must be 1-2, 3-4 or 5-6",
    ),
    (
        "canals.toml",
        'cost = ["2 white", "1 red", "1 cowrie"]',
        'cost = ["2 white", "1 red", "1 clay"]',
        "canals.toml: c01: cost: may only name Workers and Cowrie",
    ),
    (
        "huts.toml",
        'effects = ["2 clay"]',
        'effects = ["2 jade"]',
        "huts.toml: h1: effects: unknown item 'jade'",
    ),
    (
        "board.toml",
        "card_row_costs = [0, 1, 1, 1, 2, 2, 3]",
        "card_row_costs = [0, 1, 1, 1, 2, 2]",
        "board.toml: board: card_row_costs: must be 7 whole numbers, none negative",
    ),
    (
        "board.toml",
        "card_row_costs = [0, 1, 1, 1, 2, 2, 3]",
        "card_row_costs = [1, 1, 1, 1, 2, 2, 3]",
        "board.toml: board: card_row_costs: the left-most space must cost 0",
    ),
    (
        "board.toml",
        "[supply]\nwhite = 10",
        "[supply]\nwhite = -1",
        "board.toml: supply: white: must not be negative",
    ),
    (
        "board.toml",
        'joins = ["black", "yellow"]',
        'joins = ["black"]',
        "board.toml: outpost2: joins: must name at least two Worker colours",
    ),
    (
        "board.toml",
        'number = 1\nopened_by = 0\ncovers = ["1 coloured"]',
        'number = 1\nopened_by = 1\ncovers = ["1 coloured"]',
        "board.toml: sites: at least one build site must be open at the start",
    ),
    (
        "board.toml",
        'number = 2\nname = "Shells for food"',
        'number = 3\nname = "Shells for food"',
        "board.toml: trades: must be numbered 1, 2, 3 ... in river order",
    ),
    (
        "townsfolk.toml",
        '[[townsfolk]]\nid = "t30"',
        '[[townsfolk]\nid = "t30"',
        "townsfolk.toml: not valid TOML",
    ),
]


@pytest.mark.parametrize(("file", "old", "new", "message"), CASES, ids=[c[3] for c in CASES])
def test_malformed_content_names_file_record_and_field(
    data: Path, file: str, old: str, new: str, message: str
) -> None:
    swap(data / file, old, new)
    assert broken(data).startswith(message)


def test_a_missing_content_file_is_named(data: Path) -> None:
    (data / "huts.toml").unlink()
    assert broken(data).startswith("huts.toml: cannot be read")


def test_a_jade_group_with_too_few_canal_cards(data: Path) -> None:
    path = data / "canals.toml"
    path.write_text(path.read_text().replace('jade = "1-2"', 'jade = "3-4"', 3))
    assert broken(data).startswith("canals.toml: canals: ")


def test_a_card_id_used_in_two_files_is_refused(data: Path) -> None:
    swap(data / "huts.toml", 'id = "h1"', 'id = "t01"')
    message = broken(data)
    assert message.startswith("huts.toml: t01: id: ")


def test_a_card_id_used_in_two_files_names_the_file(data: Path) -> None:
    swap(data / "huts.toml", 'id = "h1"', 'id = "t01"')
    assert "huts.toml" in broken(data)


def test_too_few_townsfolk_for_the_ready_pile_and_the_card_row(data: Path) -> None:
    swap(data / "board.toml", "ready_pile = 10", "ready_pile = 24")
    assert broken(data) == "townsfolk.toml: townsfolk: too few cards for the Ready Pile and the Card Row"


def test_the_wrong_number_of_buildings(data: Path) -> None:
    path = data / "board.toml"
    text = path.read_text()
    start = text.index('[[farms]]\nid = "farm3"')
    end = text.index("[[outposts]]")
    path.write_text(text[:start] + text[end:])
    message = broken(data)
    assert message.startswith("board.toml: buildings: need 3 farms, 4 outposts and 4 huts")


# -- the French beside the English ------------------------------------------------


@pytest.fixture
def base(tmp_path: Path) -> Path:
    """A copy of the base game's content, with the campaign's files."""
    shutil.copytree(DATA, tmp_path / "data")
    return tmp_path / "data"


def test_a_content_text_without_its_french_is_reported(base: Path) -> None:
    assert not [p for p in problems(base) if "'Reed Cutter'" in p]
    swap(base / "townsfolk.toml", 'name_fr = "Coupeur de roseaux"\n', "")
    found = [p for p in problems(base) if "'Reed Cutter'" in p]
    assert found == ["townsfolk.toml.townsfolk[0].name: 'Reed Cutter' has no French (name_fr)"]


def test_a_french_name_without_its_grammar_or_with_one_that_does_not_fit_is_reported(base: Path) -> None:
    assert not [p for p in problems(base) if "grammar_fr" in p]
    swap(
        base / "townsfolk.toml",
        'name_fr = "Coupeur de roseaux"\ngrammar_fr = "m sg"\n',
        'name_fr = "Coupeur de roseaux"\n',
    )
    swap(
        base / "townsfolk.toml",
        'name_fr = "Éclaireur"\ngrammar_fr = "m sg elides"',
        'name_fr = "Éclaireur"\ngrammar_fr = "m sg"',
    )
    swap(
        base / "barbarians.toml",
        'name_fr = "Pillards des roseaux"\ngrammar_fr = "m pl"',
        'name_fr = "Pillards des roseaux"\ngrammar_fr = "m plural"',
    )
    found = [p for p in problems(base) if "grammar" in p]
    assert found == [
        "townsfolk.toml.townsfolk[0].name: 'Coupeur de roseaux' has no grammar (grammar_fr)",
        "townsfolk.toml.townsfolk[26].name: grammar_fr: "
        "'Éclaireur' begins with a vowel: its grammar needs 'elides'",
        "barbarians.toml.barbarians[0].name: grammar_fr: 'm plural' is not a grammar: m or f, sg or pl, then "
        "elides and proper where they apply",
    ]


def test_the_french_is_read_beside_each_text() -> None:
    content = load()
    french = content.french.texts
    assert french["Reed Cutter"] == "Coupeur de roseaux"
    assert french["The Hungry Season"] == "La Saison de la Faim"
    assert french[content.ongoing["fo01"].text].endswith("Gagnez 2 Cauris et 1 Bois.")


def test_the_french_does_not_change_the_rules_version(base: Path) -> None:
    version = load(base).version
    french = re.compile(r'^\w+_fr = (""".*?"""|".*?")\n', flags=re.M | re.S)
    inline = re.compile(r', \w+_fr = "[^"]*"')
    for path in base.glob("*.toml"):
        text = path.read_text(encoding="utf-8")
        path.write_text(inline.sub("", french.sub("", text)), encoding="utf-8")
    assert load(base).french.texts == {}
    assert load(base).version == version
    swap(base / "townsfolk.toml", 'name = "Reed Cutter"', 'name = "Reed Gatherer"')
    assert load(base).version != version
