"""The Flood: drawing from an empty Ready Pile, advancing along the river."""

from __future__ import annotations

from scenario import edit, kinds, place, resolve, set_row

from engine.yu import Game
from engine.yu.content.items import COWRIE
from engine.yu.content.steps import (
    Destroy,
    Draw,
    DrawTownsfolk,
    Flood,
    Gain,
    Harvest,
    RevealBarbarian,
    TakeActions,
)


def exhausted_pile(g: Game, n: int) -> list[str]:
    """Move ``n`` cards from the Townsfolk Draw Pile to the Exhausted Pile."""
    cards = g.deck[:n]
    place(g, "exhausted", *cards)
    return cards


def test_ruling_1_the_flood_starts_left_of_canal_space_1(game: Game) -> None:
    assert game.flood == 0


def test_ruling_5_drawing_from_an_empty_ready_pile_shuffles_the_exhausted_pile_and_advances_the_flood(
    game: Game,
) -> None:
    edit(game, built=1, ready=[])
    cards = exhausted_pile(game, 5)
    events = resolve(game, Draw(1))
    assert game.flood == 1
    assert game.exhausted == []
    assert sorted(game.ready + game.hand) == sorted(cards)
    assert len(game.hand) == 1
    assert kinds(events)[:2] == ["shuffle", "flood"]
    assert events[0].reveal


def test_ruling_5_destroying_from_an_empty_ready_pile_also_shuffles_and_advances(game: Game) -> None:
    edit(game, built=1, ready=[])
    cards = exhausted_pile(game, 3)
    resolve(game, Destroy(1))
    assert game.flood == 1
    assert len(game.ready) == 2
    assert game.discard[-1] in cards


def test_ruling_6_a_multi_card_draw_reshuffles_in_the_middle(game: Game) -> None:
    edit(game, built=1)
    place(game, "discard", *game.ready[:-2])
    first = list(reversed(game.ready))
    cards = exhausted_pile(game, 5)
    events = resolve(game, Draw(4))
    assert game.hand[:2] == first
    assert set(game.hand[2:]) <= set(cards)
    assert len(game.ready) == 3
    assert game.flood == 1
    assert kinds(events) == ["draw", "draw", "shuffle", "flood", "draw", "draw"]


def test_ruling_6_a_multi_card_destroy_reshuffles_in_the_middle(game: Game) -> None:
    edit(game, built=1, ready=game.ready[-1:])
    exhausted_pile(game, 4)
    resolve(game, Destroy(3))
    assert game.flood == 1
    assert len(game.ready) == 2
    assert game.outcome is None


def test_ruling_1_flood_moving_onto_built_section_is_harmless(game: Game) -> None:
    edit(game, built=2, flood=1)
    events = resolve(game, Flood(1))
    assert game.flood == 2
    assert game.outcome is None
    assert "harmlessly" in events[0].text


def test_ruling_1_flood_moving_onto_an_unbuilt_canal_loses_at_once(game: Game) -> None:
    edit(game, built=2, flood=2)
    events = resolve(game, Flood(1), Gain(COWRIE, 1))
    assert game.flood == 3
    assert game.outcome == "flood"
    assert game.over and not game.won
    # The game stopped there: nothing after the Flood was resolved.
    assert game.have[5] == 0
    assert kinds(events) == ["flood", "outcome"]


def test_ruling_1_flood_moving_off_the_board_loses_even_with_all_six_canals_built(game: Game) -> None:
    edit(game, built=6, flood=6, barge=False)
    resolve(game, Flood(1))
    assert game.outcome == "flood"


def test_empty_ready_pile_at_harvest_can_lose_to_the_flood(game: Game) -> None:
    edit(game, ready=[])
    exhausted_pile(game, 6)
    resolve(game, Harvest(), TakeActions())
    assert game.outcome == "flood"
    assert game.flood == 1
    assert game.legal_actions() == []


def test_ruling_5_no_card_in_the_ready_or_exhausted_pile_to_draw_loses_due_to_damage(game: Game) -> None:
    edit(game, ready=[], exhausted=[], built=1)
    resolve(game, Draw(1))
    assert game.outcome == "damage"
    assert game.flood == 0


def test_ruling_5_no_card_to_destroy_loses_due_to_damage(game: Game) -> None:
    edit(game, ready=[], exhausted=[])
    resolve(game, Destroy(1))
    assert game.outcome == "damage"


def test_an_empty_townsfolk_draw_pile_reshuffles_the_discards_without_the_flood(game: Game) -> None:
    place(game, "discard", *game.deck[:4])
    place(game, "exhausted", *game.deck)
    discards = list(game.discard)
    events = resolve(game, DrawTownsfolk(1))
    assert game.flood == 0
    assert game.discard == []
    assert len(game.deck) == len(discards) - 1
    assert game.hand[0] in discards
    assert kinds(events) == ["shuffle", "draw"]


def test_an_empty_barbarian_draw_pile_reshuffles_the_discards_without_the_flood(game: Game) -> None:
    set_row(game, [*game.row[:6], None])
    place(game, "barbarian_discard", *game.barbarian_deck)
    beaten = list(game.barbarian_discard)
    events = resolve(game, RevealBarbarian(1))
    assert game.flood == 0
    assert game.barbarian_discard == []
    assert len(game.barbarian_deck) == len(beaten) - 1
    assert game.row[6] in beaten
    assert kinds(events) == ["shuffle", "reveal"]
