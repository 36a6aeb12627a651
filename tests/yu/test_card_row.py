"""The Card Row: recruiting and dismissing Townsfolk, Phase 5 Refresh Card Row,
and Barbarians revealed by effects (ruling 4)."""

from __future__ import annotations

import itertools

import pytest
from scenario import assert_whole, edit, fresh, give, have, keys, kinds, resolve, set_row, why

from engine.yu import Action, Content, Game, IllegalAction
from engine.yu.content.steps import Refresh, RevealBarbarian
from engine.yu.rules.card_row import is_townsfolk
from engine.yu.rules.rules import shore_barbarians

T, B = "t", "b"


def layout(g: Game, pattern: str) -> list[str | None]:
    """Lay out the Card Row from a pattern like ``"T..B.BB"``, taking
    Townsfolk and Barbarians from the tops of their draw piles; return it."""
    folk = list(g.deck[: pattern.count("T")])
    bands = list(g.barbarian_deck[: pattern.count("B")])
    row: list[str | None] = []
    for ch in pattern:
        row.append(folk.pop(0) if ch == "T" else bands.pop(0) if ch == "B" else None)
    set_row(g, row)
    return row


def shore(g: Game, content: Content, n: int) -> None:
    """Build Canal sections until the shore shows ``n`` Barbarian icons; for
    none, the story takes away the icons showing (as an adjustment can)."""
    for built in range(7):
        edit(g, built=built, barbarians_extra=0)
        if shore_barbarians(g) == n:
            return
    edit(g, built=0, barbarians_extra=n - shore_barbarians(g))
    assert shore_barbarians(g) == n


# -- recruiting and dismissing -------------------------------------------------


def test_recruit_pays_the_space_cost_and_goes_to_the_exhausted_pile(game: Game, content: Content) -> None:
    cost = content.board.card_row_costs[2]
    assert cost > 0
    give(game, provision=cost)
    card = game.row[2]
    game.apply(Action.parse("recruit:3"))
    assert game.exhausted[-1] == card
    assert game.row[2] is None
    # No further reward: only the Provisions left the player's supply.
    assert sum(game.have) == 0


def test_dismiss_pays_and_gains_only_the_play_items(game: Game, content: Content) -> None:
    # t10 plays for a Cowrie and a Provision; its extra discard item is a Wood.
    folk = content.townsfolk["t10"]
    assert folk.discard
    set_row(game, [None, "t10", *game.row[2:]])
    cost = content.board.card_row_costs[1]
    give(game, provision=cost)
    game.apply(Action.parse("dismiss:2"))
    assert game.discard[-1] == "t10"
    assert have(game) == {**{k: 0 for k in have(game)}, "cowrie": 1, "provision": 1}


def test_the_left_most_townsfolk_is_always_free(game: Game, content: Content) -> None:
    assert content.board.card_row_costs[0] == 0
    assert game.have[8] == 0
    assert {"recruit:1", "dismiss:1"} <= keys(game)
    assert "recruit:2" not in keys(game)
    game.apply(Action.parse("recruit:1"))
    assert game.row[0] is None


def test_recruit_needs_the_provisions_under_the_space(game: Game, content: Content) -> None:
    cost = content.board.card_row_costs[3]
    give(game, provision=cost - 1)
    with pytest.raises(IllegalAction, match=f"Space 4 costs {cost} provision and you have {cost - 1}"):
        game.apply(Action.parse("dismiss:4"))


def test_recruit_refuses_barbarians_and_empty_spaces(game: Game) -> None:
    set_row(game, [None, *game.row[1:]])
    assert why(game, "recruit:7") == "Space 7 holds a Barbarian; attack it instead."
    assert why(game, "recruit:1") == "Card Row space 1 is empty."
    assert why(game, "recruit:8") == "Card Row spaces are numbered 1 to 7."


# -- Refresh Card Row ------------------------------------------------------------


def test_refresh_step_1_townsfolk_slide_to_the_left(game: Game, content: Content) -> None:
    row = layout(game, ".T.T..B")
    shore(game, content, 1)
    resolve(game, Refresh())
    assert game.row[:2] == [row[1], row[3]]


def test_refresh_step_2_counts_the_barbarian_icons_on_the_shore(game: Game, content: Content) -> None:
    board = content.board
    for built in (0, 3, 6):
        edit(game, built=built)
        expected = sum(s.barbarians for s in board.shore if s.uncovered_by <= built)
        assert shore_barbarians(game) == expected
    layout(game, "T......")
    shore(game, content, 2)
    top = game.barbarian_deck[-2:]
    resolve(game, Refresh())
    assert game.row[5:] == [top[0], top[1]]


def test_refresh_step_3_barbarians_slide_left_to_make_room(game: Game, content: Content) -> None:
    row = layout(game, "T...BBB")
    shore(game, content, 2)
    new = game.barbarian_deck[-2:]
    resolve(game, Refresh())
    assert game.row[2:] == [row[4], row[5], row[6], new[0], new[1]]


def test_refresh_step_3_barbarians_chase_off_leftmost_townsfolk(game: Game, content: Content) -> None:
    row = layout(game, "TTTTTBB")
    shore(game, content, 2)
    new = game.barbarian_deck[-2:]
    events = resolve(game, Refresh())
    assert game.discard[-2:] == [row[0], row[1]]
    assert game.row == [row[2], row[3], row[4], row[5], row[6], new[0], new[1]]
    assert kinds(events).count("chase") == 2


def test_refresh_step_4_new_barbarians_fill_from_right_to_left(game: Game, content: Content) -> None:
    layout(game, "TTT....")
    shore(game, content, 3)
    first, second, third = reversed(game.barbarian_deck[-3:])
    resolve(game, Refresh())
    assert game.row[4:] == [third, second, first]


def test_refresh_step_4_gaps_between_barbarians_close_to_the_right(game: Game, content: Content) -> None:
    row = layout(game, "T.B.B..")
    shore(game, content, 1)
    new = game.barbarian_deck[-1]
    resolve(game, Refresh())
    assert game.row[4:] == [row[2], row[4], new]


def test_refresh_step_4_an_empty_barbarian_draw_pile_reshuffles_its_discards(
    game: Game, content: Content
) -> None:
    layout(game, "TTTTTT.")
    game.barbarian_discard.extend(game.barbarian_deck)
    edit(game, barbarian_deck=[])
    shore(game, content, 1)
    resolve(game, Refresh())
    assert game.row[6] is not None and game.row[6].startswith("b")
    assert game.barbarian_discard == []


def test_refresh_step_5_townsfolk_fill_the_middle_left_to_right(game: Game, content: Content) -> None:
    layout(game, "T.....B")
    shore(game, content, 1)
    top = list(reversed(game.deck[-4:]))
    resolve(game, Refresh())
    assert game.row[1:5] == top


def test_refresh_step_5_an_empty_townsfolk_draw_pile_reshuffles_its_discards(
    game: Game, content: Content
) -> None:
    layout(game, "T.....B")
    game.discard.extend(game.deck)
    edit(game, deck=[])
    shore(game, content, 1)
    discards = set(game.discard)
    resolve(game, Refresh())
    assert all(card in discards for card in game.row[1:5])
    assert len(game.deck) == len(discards) - 4


def test_refresh_card_row_rulebook_example(game: Game, content: Content) -> None:
    """One Townsfolk slides to the far left; 2 Barbarians are added; the
    left-most Barbarian slides one space right to close the gap; 3 new
    Townsfolk fill the rest."""
    row = layout(game, ".T.B...")
    shore(game, content, 2)
    first, second = reversed(game.barbarian_deck[-2:])
    townsfolk = list(reversed(game.deck[-3:]))
    events = resolve(game, Refresh())
    assert game.row == [row[1], *townsfolk, row[3], second, first]
    assert "chase" not in kinds(events)
    assert game.outcome is None


def reference_refresh(g: Game, new: int) -> tuple[list[str | None], list[str]]:
    """Refresh Card Row done literally by the rulebook's five steps, for
    comparison: the Card Row it leaves and the Townsfolk it chases off."""
    folk = [c for c in g.row if c and c.startswith(T)]
    bands = [c for c in g.row if c and c.startswith(B)]
    chased = []
    while folk and len(folk) + len(bands) + new > 7:
        chased.append(folk.pop(0))
    revealed = [g.barbarian_deck[-1 - k] for k in range(new)]
    bands += list(reversed(revealed))
    room = 7 - len(folk) - len(bands)
    filled = [g.deck[-1 - k] for k in range(room)]
    return [*folk, *filled, *bands], chased


@pytest.mark.parametrize("new", [0, 1, 2, 3])
def test_refresh_follows_the_rulebook_steps_for_every_card_row(content: Content, new: int) -> None:
    patterns = set()
    for folk in range(1, 8):  # seven Barbarians would have lost already
        full = "T" * folk + "B" * (7 - folk)
        for kept in itertools.product((True, False), repeat=7):
            patterns.add("".join(ch if keep else "." for ch, keep in zip(full, kept, strict=True)))
    for pattern in sorted(patterns):
        g = fresh(content)
        layout(g, pattern)
        shore(g, content, new)
        expected, chased = reference_refresh(g, new)
        discards = len(g.discard)
        resolve(g, Refresh())
        if pattern.count("B") + new >= 7:
            assert g.outcome == "barbarians", pattern
            continue
        assert g.row == expected, pattern
        assert g.discard[discards:] == chased, pattern


def test_refresh_step_4_closes_the_gaps_between_barbarians_even_when_none_is_added(
    game: Game, content: Content
) -> None:
    row = layout(game, "T.B.B..")
    shore(game, content, 0)
    resolve(game, Refresh())
    assert game.row[5:] == [row[2], row[4]]
    assert all(is_townsfolk(c) for c in game.row[:5]), "no Townsfolk is dealt between Barbarians"


@pytest.mark.parametrize("new", [0, 1, 2])
def test_a_slide_moves_cards_and_never_removes_one(content: Content, new: int) -> None:
    """Every layout the Card Row can be left in, Barbarians left of Townsfolk
    included: a Refresh keeps every card, and leaves the Townsfolk on the left
    and the Barbarians together on the right."""
    for cells in itertools.product("TB.", repeat=7):
        pattern = "".join(cells)
        if pattern.count("B") + new >= 7:
            continue
        g = fresh(content)
        layout(g, pattern)
        shore(g, content, new)
        events = resolve(g, Refresh())
        assert_whole(g)
        arranged = "".join("T" if is_townsfolk(c) else "B" if c else "." for c in g.row)
        assert arranged == "T" * (7 - arranged.count("B")) + "B" * arranged.count("B"), pattern
        chased = kinds(events).count("chase")
        assert chased == max(0, pattern.count("T") + pattern.count("B") + new - 7), pattern


# -- ruling 4: a Barbarian revealed by an effect --------------------------------


def test_ruling_4_a_revealed_barbarian_first_slides_the_townsfolk_left(game: Game) -> None:
    row = layout(game, "TT.T...")
    new = game.barbarian_deck[-1]
    resolve(game, RevealBarbarian(1))
    assert game.row == [row[0], row[1], row[3], None, None, None, new]


def test_ruling_4_a_revealed_barbarian_slides_the_others_left(game: Game) -> None:
    row = layout(game, "TT...BB")
    new = game.barbarian_deck[-1]
    resolve(game, RevealBarbarian(1))
    assert game.row == [row[0], row[1], None, None, row[5], row[6], new]


def test_ruling_4_a_townsfolk_is_chased_off_only_while_there_is_still_no_room(game: Game) -> None:
    row = layout(game, ".TTTTTB")  # the left-most space was recruited from
    new = game.barbarian_deck[-1]
    events = resolve(game, RevealBarbarian(1))
    assert "chase" not in kinds(events)
    assert game.row == [*row[1:7], new]


def test_ruling_4_a_revealed_barbarian_chases_off_the_left_most_townsfolk(game: Game) -> None:
    row = layout(game, "TTTTTTB")
    new = game.barbarian_deck[-1]
    events = resolve(game, RevealBarbarian(1))
    assert game.discard[-1] == row[0]
    assert game.row == [*row[1:6], row[6], new]
    assert "chase" in kinds(events)
    assert_whole(game)
