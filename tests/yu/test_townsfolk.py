"""Townsfolk cards in hand: play, discard, tuck, exhaust; every card in hand
must be used before the Take Actions phase ends (ruling 10)."""

from __future__ import annotations

import dataclasses

from scenario import edit, fresh, have, keys, place, settle, why

from engine.yu import Action, Content, Game, new_game
from engine.yu.content.items import ITEMS
from engine.yu.content.steps import Gain, Steps


def items(steps: Steps) -> dict[str, int]:
    out: dict[str, int] = {}
    for step in steps:
        assert isinstance(step, Gain)
        out[ITEMS[step.item]] = out.get(ITEMS[step.item], 0) + step.count
    return out


def held(g: Game) -> dict[str, int]:
    return {k: v for k, v in have(g).items() if v}


def test_play_gains_the_play_items_and_goes_to_the_exhausted_pile(game: Game, content: Content) -> None:
    card = content.townsfolk["t10"]  # play: a Cowrie and a Provision; discard adds a Wood
    place(game, "hand", card.id)
    game.apply(Action.parse("play:t10"))
    assert game.exhausted[-1] == "t10"
    assert game.hand == []
    assert held(game) == items(card.play)


def test_discard_gains_all_items_and_goes_to_the_townsfolk_discard_pile(game: Game, content: Content) -> None:
    card = content.townsfolk["t10"]
    place(game, "hand", card.id)
    game.apply(Action.parse("discard:t10"))
    assert game.discard[-1] == "t10"
    assert "t10" not in game.exhausted
    expected = items(card.play)
    for name, n in items(card.discard).items():
        expected[name] = expected.get(name, 0) + n
    assert held(game) == expected


def test_tuck_places_the_card_beneath_the_board_and_gives_nothing_now(game: Game) -> None:
    place(game, "hand", "t05")
    game.apply(Action.parse("tuck:t05"))
    assert game.tucked == ["t05"]
    assert held(game) == {}


def test_tucked_cards_stay_for_the_rest_of_the_game(game: Game) -> None:
    place(game, "hand", "t05")
    game.apply(Action.parse("tuck:t05"))
    for _ in range(2):
        settle(game).apply(Action.parse("end"))
        settle(game)
        for card in list(game.hand):
            settle(game).apply(Action.parse(f"play:{card}"))
        settle(game)
        assert game.tucked == ["t05"]


def test_ruling_15_a_card_offering_clay_or_wood_is_the_players_choice(game: Game) -> None:
    place(game, "hand", "t24")  # 1 Clay or 1 Wood
    game.apply(Action.parse("play:t24"))
    assert {k for k in keys(game) if k.startswith("pick:")} == {"pick:clay", "pick:wood"}
    game.apply(Action.parse("pick:wood"))
    assert held(game) == {"wood": 1}


def test_ruling_10_every_card_in_hand_must_be_used_before_the_phase_ends(game: Game) -> None:
    place(game, "hand", "t01", "t02", "t03", "t04")
    assert "end" not in keys(game)
    assert why(game, "end") == "Use every Townsfolk card in your hand first (4 left)."
    game.apply(Action.parse("play:t01"))
    game.apply(Action.parse("discard:t02"))
    game.apply(Action.parse("tuck:t03"))
    assert why(game, "end") == "Use every Townsfolk card in your hand first (1 left)."
    edit(game, built=2)
    game.apply(Action.parse("trade:3:t04"))
    assert "end" in keys(game)


def test_ruling_10_a_card_drawn_by_an_effect_must_be_used_too(game: Game) -> None:
    place(game, "hand", "t23")  # play: draw 1 from the Townsfolk Draw Pile
    top = game.deck[-1]
    game.apply(Action.parse("play:t23"))
    assert game.hand == [top]
    assert "end" not in keys(game)
    game.apply(Action.parse(f"play:{top}"))
    settle(game)
    assert "end" in keys(game)


def test_no_townsfolk_are_held_between_rounds(content: Content) -> None:
    g = new_game(4, content)
    hand = list(g.hand)
    for card in hand:
        g.apply(Action.parse(f"play:{card}"))
        settle(g)
    g.apply(Action.parse("end"))
    settle(g)
    assert g.round == 2
    assert not set(hand) & set(g.hand)


def test_food_icons_are_ignored(content: Content) -> None:
    """Cards differing only in their Food icon play exactly alike."""
    other = {"fish": "meat", "meat": "wheat", "wheat": "milk", "milk": "fish"}
    townsfolk = {k: dataclasses.replace(card, food=other[card.food]) for k, card in content.townsfolk.items()}
    fed = dataclasses.replace(content, townsfolk=townsfolk, version=content.version + "-food")
    games = [fresh(content, seed=8), fresh(fed, seed=8)]
    for g in games:
        place(g, "hand", "t01", "t05", "t09")
        for card in ("t01", "t05"):
            g.apply(Action.parse(f"play:{card}"))
        g.apply(Action.parse("discard:t09"))
    first, second = (g.to_dict() for g in games)
    first.pop("content")
    second.pop("content")
    assert first == second
