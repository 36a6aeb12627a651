"""Every worked example of the rulebook, scored."""

from __future__ import annotations

from engine.legacy import empire, garden, opus
from engine.legacy.actions import Action, Element
from engine.legacy.empire import Square
from engine.legacy.sheet import Sheet


def grown(*placements: tuple[int, Square]) -> dict[Square, int]:
    """An empire built number by number, each placement checked by the rules."""
    sheet = Sheet()
    for number, square in placements:
        action = Action(Element.EMPIRE, square=square)
        assert sheet.refusal(number, action) is None, (number, square)
        sheet.place(number, action)
    return sheet.empire


def test_the_opus_28_11_45_83_17_scores_16_both_ways() -> None:
    line = [28, 11, 45, 83, 17]
    assert opus.score(line) == (8 + 5 + 7) - (1 + 3) == 16
    pairs = [line[i : i + 2] for i in range(0, len(line), 2)]
    by_pairs = sum(high % 10 - (rest[0] % 10 if rest else 0) for high, *rest in pairs)
    assert by_pairs == (8 - 1) + (5 - 3) + 7 == opus.score(line)


def test_the_opus_starts_high_and_alternates() -> None:
    assert [opus.is_high(place) for place in range(5)] == [True, False, True, False, True]
    assert opus.score([9]) == 9 and opus.score([9, 9]) == 0 and opus.score([]) == 0


def test_the_garden_from_trunk_56_scores_19() -> None:
    sheet = Sheet()
    for number, above in ((56, None), (18, 56), (39, 56), (17, 18), (36, 39), (22, 39), (14, 36)):
        action = Action(Element.GARDEN, above=above)
        assert sheet.refusal(number, action) is None
        sheet.place(number, action)
    assert garden.leaves(sheet.garden) == [14, 17, 22]
    assert garden.height(sheet.garden, 14) == 4
    assert garden.score(sheet.garden) == 5 * 3 + 4 == 19


def test_a_lone_trunk_is_a_leaf_of_height_one() -> None:
    assert garden.score({56: None}) == 6
    assert garden.score({}) == 0


FOUR_BY_THREE = (
    (17, (0, 0)),
    (4, (0, 1)),
    (59, (0, 2)),
    (80, (0, 3)),
    (71, (1, 3)),
    (66, (1, 0)),
    (21, (2, 0)),
    (72, (2, 1)),
    (35, (2, 2)),
)


def test_the_four_by_three_empire_scores_23() -> None:
    realm = grown(*FOUR_BY_THREE, (6, (2, 3)))
    best = empire.best(realm)
    assert best is not None and (best.width, best.height) == (4, 3)
    assert sorted(realm[s] for s in best.corners) == [6, 17, 21, 80]
    assert best.score == 4 * 3 + 1 + 8 + 0 + 2 == 23


def test_one_number_short_its_four_by_one_scores_13_and_the_best_rectangle_counts() -> None:
    """The book scores this empire by its 4 x 1 top row (13). In the drawing 71 stands under
    80, and by the ruling that the best rectangle is taken the 80-71 pair scores more."""
    realm = grown(*FOUR_BY_THREE)
    top_row = empire.Rectangle(0, 0, 4, 1, 0)
    assert sorted(realm[s] for s in top_row.corners) == [17, 80]
    assert empire.worth(realm, top_row) == 4 * 1 + 1 + 8 == 13
    best = empire.best(realm)
    assert best is not None and best.score == 2 + 8 + 7 == 17
    assert {realm[s] for s in best.corners} == {80, 71}


def test_a_one_by_one_empire_scores_one_and_its_tens() -> None:
    assert empire.score(grown((75, (0, 0)))) == 1 * 1 + 7 == 8
    assert empire.score({}) == 0


def test_the_90_with_11_right_and_7_below_scores_12_by_the_90_11_pair() -> None:
    realm = grown((90, (0, 0)), (11, (0, 1)), (7, (1, 0)))
    best = empire.best(realm)
    assert best is not None and {realm[s] for s in best.corners} == {90, 11}
    assert best.score == 2 + 9 + 1 == 12


def test_7_90_11_in_a_line_scores_12_not_4_for_the_whole_line() -> None:
    realm = grown((7, (0, 0)), (90, (0, 1)), (11, (0, 2)))
    whole = empire.Rectangle(0, 0, 3, 1, 0)
    assert 3 + 0 + 1 == 4 == 3 + sum(empire.tens(realm[s]) for s in whole.corners)
    assert empire.score(realm) == 12


def test_a_corner_number_counts_once() -> None:
    line = grown((80, (0, 0)), (17, (0, 1)))
    best = empire.best(line)
    assert best is not None and len(best.corners) == 2 and best.score == 2 + 8 + 1


def test_an_outline_needs_no_inside_but_every_side() -> None:
    ring = grown(*FOUR_BY_THREE, (6, (2, 3)))
    assert (1, 1) not in ring and (1, 2) not in ring
    broken = {s: n for s, n in ring.items() if s != (1, 3)}  # the right side has a gap
    best = empire.best(broken)
    assert best is not None and best.height == 1


def test_the_sheet_adds_its_three_elements() -> None:
    sheet = Sheet([28, 11], {56: None}, {(0, 0): 75})
    score = sheet.score()
    assert score == (7, 6, 8) and score.total == 21
