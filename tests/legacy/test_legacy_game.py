"""Simultaneous play: every seat places the same number; take-backs until the last one places;
journey cards set aside until the third ends the game."""

from __future__ import annotations

import pytest

from engine.legacy import Action, Element, Event, Game, IllegalAction, Kind, new_game, view
from engine.legacy.actions import BACK
from engine.legacy.cards import JOURNEY, JOURNEYS, NUMBERS
from engine.legacy.sheet import Sheet

OPUS = Action(Element.OPUS)
TRUNK = Action(Element.GARDEN)
ORIGIN = Action(Element.EMPIRE, square=(0, 0))


def stacked(*cards: int, seats: int = 3) -> Game:
    """A game whose deck deals ``cards`` in this order."""
    game = Game(1, [Sheet() for _ in range(seats)], [None] * seats, list(reversed(cards)))
    game._draw()
    return game


def test_a_new_deck_holds_every_number_and_three_journeys() -> None:
    game = new_game(5, 2)
    cards = [*game.deck, game.number] + [JOURNEY] * game.journeys
    assert sorted(c for c in cards if c) == list(NUMBERS)
    assert cards.count(JOURNEY) == JOURNEYS


def test_the_same_seed_deals_the_same_deck() -> None:
    assert new_game(5, 2).deck == new_game(5, 3).deck != new_game(6, 2).deck


@pytest.mark.parametrize("seats", [0, 9])
def test_a_table_has_one_to_eight_seats(seats: int) -> None:
    with pytest.raises(ValueError, match="1 to 8 seats"):
        new_game(1, seats)


def test_the_next_card_waits_for_every_seat() -> None:
    game = stacked(40, 41, 42)
    assert game.apply(0, OPUS) == [Event(Kind.PLACED, 0)]
    assert game.apply(2, TRUNK) == [Event(Kind.PLACED, 2)]
    assert game.number == 40 and game.waiting() == [1]
    events = game.apply(1, ORIGIN)
    assert [e.kind for e in events] == [Kind.PLACED, Kind.STOOD, Kind.DRAWN]
    assert game.number == 41 and game.waiting() == [0, 1, 2]
    assert game.sheets[0].opus == [40] and game.sheets[1].empire == {(0, 0): 40}
    assert game.sheets[2].garden == {40: None}


def test_a_placement_can_be_taken_back_until_the_last_seat_places() -> None:
    game = stacked(40, 41, seats=2)
    game.apply(0, OPUS)
    assert game.legal_actions(0) == [BACK]
    with pytest.raises(IllegalAction, match="40 is already placed in the opus: take it back first"):
        game.apply(0, TRUNK)
    assert game.apply(0, BACK) == [Event(Kind.BACK, 0)]
    assert game.waiting() == [0, 1] and game.sheets[0].opus == []
    game.apply(0, TRUNK)
    game.apply(1, OPUS)
    assert game.sheets[0].garden == {40: None}
    with pytest.raises(IllegalAction, match="There is no placement to take back"):
        game.apply(0, BACK)


def test_the_first_two_journey_cards_are_set_aside_and_the_third_ends_the_game() -> None:
    game = stacked(JOURNEY, 40, JOURNEY, 41, JOURNEY, 42, seats=1)
    assert (game.number, game.journeys) == (40, 1)
    events = game.apply(0, OPUS)
    assert [e.kind for e in events] == [Kind.PLACED, Kind.STOOD, Kind.JOURNEY, Kind.DRAWN]
    assert events[2].journeys == 2 and events[3].reveal
    assert (game.number, game.journeys, game.over) == (41, 2, False)
    events = game.apply(0, OPUS)
    assert [e.kind for e in events][-2:] == [Kind.JOURNEY, Kind.ENDED]
    assert game.over and game.number is None and game.deck == [42]
    assert game.legal_actions(0) == [] and game.waiting() == []
    with pytest.raises(IllegalAction, match="The game is over"):
        game.apply(0, OPUS)
    assert game.sheets[0].opus == [40, 41] and game.scores() == [0 - 1]


def test_the_winners_are_every_seat_with_the_best_score() -> None:
    game = stacked(29, JOURNEY, JOURNEY, JOURNEY, seats=3)
    game.apply(0, OPUS)
    game.apply(1, TRUNK)
    game.apply(2, OPUS)
    assert game.over and game.scores() == [9, 6, 9] and game.winners() == [0, 2]


def test_a_refused_action_changes_nothing() -> None:
    game = stacked(40, 41, seats=2)
    game.apply(0, TRUNK)
    game.apply(1, OPUS)
    before = game.to_dict()
    for seat, action in ((0, TRUNK), (0, Action(Element.GARDEN, above=10)), (5, OPUS), (1, BACK)):
        with pytest.raises(IllegalAction):
            game.apply(seat, action)
        assert game.to_dict() == before


def test_a_seat_sees_its_own_placement_and_only_whether_the_others_placed() -> None:
    game = stacked(40, 41, seats=3)
    game.apply(1, TRUNK)
    mine, theirs, watcher = view(game, 1), view(game, 0), view(game, None)
    assert mine.pending == TRUNK and theirs.pending is None and watcher.pending is None
    assert [s.placed for s in watcher.sheets] == [False, True, False]
    assert all(not s.garden for s in watcher.sheets)  # not written in until every seat has placed
    assert watcher.number == 40 and watcher.left == 1 and watcher.journeys == 0
    # Its own sheet shows the seat where its number went, marked as still to be taken back.
    assert mine.sheets[1].garden == ((40, None),) and mine.sheets[1].pending == 40
    assert mine.sheets[1].score.garden > 0
    assert [s.pending for s in theirs.sheets] == [None, None, None]
    assert theirs.sheets[1] == watcher.sheets[1] and not theirs.sheets[1].garden
