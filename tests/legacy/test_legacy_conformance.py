"""Seeded random play of Legacy, checking the rules' invariants after every action.

Each game is played twice side by side, once from the parsed log keys, survives a JSON
round trip, and shows every seat and watcher the same view whatever the hidden
deck order and the others' unrevealed placements. The long run (``pytest -m
slow``) plays many more games.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from engine.legacy import Action, Game, empire, replay, view
from engine.legacy.actions import BACK
from engine.legacy.cards import JOURNEY, JOURNEYS, NUMBERS
from engine.legacy.garden import BRANCHES
from engine.rng import Rng


def check_invariants(game: Game, stood: list[int]) -> None:
    numbers = [c for c in game.deck if c != JOURNEY] + ([game.number] if game.number else []) + stood
    assert sorted(numbers) == list(NUMBERS), "no number leaves the game"
    assert game.deck.count(JOURNEY) + game.journeys == JOURNEYS
    assert game.over == (game.number is None)
    for sheet in game.sheets:
        assert sorted(sheet.numbers()) == sorted(stood), "every seat writes in every number once"
        grown = Counter(above for above in sheet.garden.values() if above is not None)
        assert [n for n, above in sheet.garden.items() if above is None] == list(sheet.garden)[:1]
        for number, above in sheet.garden.items():
            assert above is None or (above in sheet.garden and number < above)
        assert all(count <= BRANCHES for count in grown.values())
        realm = sheet.empire
        assert not realm or (0, 0) in realm
        for square, number in realm.items():
            for beside in empire.neighbours(square):
                assert beside not in realm or realm[beside] % 2 != number % 2
        if realm:
            reached, todo = set(), [(0, 0)]
            while todo:
                square = todo.pop()
                if square in realm and square not in reached:
                    reached.add(square)
                    todo.extend(empire.neighbours(square))
            assert reached == set(realm), "the empire is connected"
    if not game.over:
        assert all(game.legal_actions(seat) for seat in range(game.seats))


def check_views_hide(game: Game, rng: Rng) -> None:
    """No view changes with the deck's order, or with where another seat placed this number."""
    seats: list[int | None] = [None, *range(game.seats)]
    shuffled = Game.from_dict(game.to_dict())
    rng.shuffle(shuffled.deck)
    for seat in seats:
        assert view(shuffled, seat) == view(game, seat)
    for other, placed in enumerate(game.placed):
        if placed is None:
            continue
        moved = Game.from_dict(game.to_dict())
        moved.placed[other] = None
        choices = moved.legal_actions(other)
        moved.placed[other] = choices[rng.below(len(choices))]
        for seat in seats:
            if seat != other:
                assert view(moved, seat) == view(game, seat)


def play(seed: int) -> int:
    rng = Rng(seed)
    seats = 1 + rng.below(8)
    game, twin = Game.new(seed, seats), Game.new(seed, seats)
    log: list[tuple[int, str]] = []
    stood: list[int] = []
    while not game.over:
        seat = game.waiting()[rng.below(len(game.waiting()))]
        mine = [s for s in range(seats) if game.placed[s] is not None]
        if mine and rng.below(6) == 0:
            seat, action = mine[rng.below(len(mine))], BACK
        else:
            actions = game.legal_actions(seat)
            action = actions[rng.below(len(actions))]
        number = game.number
        game.apply(seat, action)
        log.append((seat, action.key))
        if number != game.number:
            assert number is not None
            stood.append(number)
        check_invariants(game, stood)
        assert Game.from_dict(json.loads(json.dumps(game.to_dict()))).to_dict() == game.to_dict()
        twin.apply(seat, Action.parse(action.key))
        assert twin.to_dict() == game.to_dict(), "the log replays to the same game"
        if rng.below(8) == 0:
            check_views_hide(game, rng)
    assert replay(seed, seats, log).to_dict() == game.to_dict()
    return len(log)


@pytest.mark.parametrize("seed", range(6))
def test_random_play_keeps_the_rules(seed: int) -> None:
    assert play(seed) > 0


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(6, 206))
def test_random_play_keeps_the_rules_long_run(seed: int) -> None:
    assert play(seed) > 0
