"""Every legal and illegal placement in each element, refused with its reason."""

from __future__ import annotations

import pytest

from engine.legacy import Action, Element, IllegalAction, MalformedAction
from engine.legacy.sheet import Sheet
from engine.text import Msg


def english(reason: Msg | None) -> str | None:
    return None if reason is None else str(reason)


def garden(above: int | None) -> Action:
    return Action(Element.GARDEN, above=above)


def square(row: int, col: int) -> Action:
    return Action(Element.EMPIRE, square=(row, col))


OPUS = Action(Element.OPUS)


def test_the_opus_always_takes_the_number_at_its_right_end() -> None:
    sheet = Sheet()
    for number in (28, 11, 45):
        assert OPUS in sheet.placements(number)
        sheet.place(number, OPUS)
    assert sheet.opus == [28, 11, 45]


def test_the_first_garden_number_is_the_trunk() -> None:
    sheet = Sheet()
    assert sheet.refusal(56, garden(None)) is None
    assert english(sheet.refusal(56, garden(90))) == "The garden is empty: its first number is the trunk."
    sheet.place(56, garden(None))
    assert english(sheet.refusal(20, garden(None))) == "The garden already has its trunk."


@pytest.mark.parametrize(
    ("number", "above", "reason"),
    [
        (60, 56, "A branch must be smaller than the number it grows from: 60 is not smaller than 56."),
        (56, 56, "A branch must be smaller than the number it grows from: 56 is not smaller than 56."),
        (10, 44, "44 is not in the garden."),
        (10, 56, "56 already has two branches."),
        (10, 39, None),
        (38, 39, None),
    ],
)
def test_garden_branches(number: int, above: int, reason: str | None) -> None:
    sheet = Sheet(garden={56: None, 18: 56, 39: 56})
    assert english(sheet.refusal(number, garden(above))) == reason
    assert (garden(above) in sheet.placements(number)) is (reason is None)


def test_the_garden_lists_every_number_that_may_take_a_branch() -> None:
    sheet = Sheet(garden={56: None, 18: 56, 39: 56, 36: 39})
    assert [a.above for a in sheet.placements(20) if a.element is Element.GARDEN] == [36, 39]
    assert [a.above for a in sheet.placements(5) if a.element is Element.GARDEN] == [18, 36, 39]
    assert [a.above for a in sheet.placements(90) if a.element is Element.GARDEN] == []


def test_the_first_empire_number_goes_at_the_origin() -> None:
    sheet = Sheet()
    assert [a for a in sheet.placements(17) if a.element is Element.EMPIRE] == [square(0, 0)]
    assert english(sheet.refusal(17, square(2, 5))) == "The empire's first number goes on its first square."


@pytest.mark.parametrize(
    ("number", "at", "reason"),
    [
        (17, (0, 1), None),
        (17, (-1, 0), None),
        (17, (0, -1), None),
        (18, (0, 1), "Neighbours must alternate even and odd: 18 and 6 are both even."),
        (17, (0, 0), "4 is already there."),
        (17, (3, 3), "It must be beside a number already in the empire."),
        (33, (2, 0), "Neighbours must alternate even and odd: 33 and 11 are both odd."),
        (33, (1, -1), "Neighbours must alternate even and odd: 33 and 11 are both odd."),
        (34, (2, 0), None),
    ],
)
def test_empire_squares(number: int, at: tuple[int, int], reason: str | None) -> None:
    sheet = Sheet(empire={(0, 0): 4, (1, 0): 11, (1, 1): 6})
    assert english(sheet.refusal(number, square(*at))) == reason
    assert (square(*at) in sheet.placements(number)) is (reason is None)


def test_the_empire_is_a_checkerboard_of_even_and_odd() -> None:
    """Each number differs in parity from the one it was placed beside, so every square's
    parity is fixed by the first number: an odd number fits exactly the other colour."""
    sheet = Sheet(empire={(0, 0): 4, (1, 0): 11, (1, 1): 6})
    odd = {a.square for a in sheet.placements(17) if a.element is Element.EMPIRE}
    even = {a.square for a in sheet.placements(18) if a.element is Element.EMPIRE}
    assert odd == {(-1, 0), (0, -1), (0, 1), (1, 2), (2, 1)}
    assert even == {(1, -1), (2, 0)}
    assert all((row + col) % 2 == 1 for row, col in odd) and all((row + col) % 2 == 0 for row, col in even)


@pytest.mark.parametrize(
    "key", ["", "opus:1", "garden:1,2", "empire:1", "empire", "Opus", "back:1", "garden:x", "empire:1,2,3"]
)
def test_malformed_keys_are_refused(key: str) -> None:
    with pytest.raises(MalformedAction):
        Action.parse(key)
    assert issubclass(MalformedAction, IllegalAction)


@pytest.mark.parametrize("key", ["opus", "garden", "garden:56", "empire:0,0", "empire:-3,12", "back"])
def test_keys_round_trip(key: str) -> None:
    assert Action.parse(key).key == key
