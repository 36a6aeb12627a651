"""Attacking Barbarians on the Card Row."""

from __future__ import annotations

import pytest
from scenario import blank, give, have, keys, kinds, set_row, why

from engine.yu import Action, Content, Game, IllegalAction
from engine.yu.content.steps import Gain


def with_barbarians(g: Game, *bands: str) -> Game:
    """Put the Barbarians on the right-most spaces, Townsfolk on the rest."""
    folk = [c for c in g.row if c and c.startswith("t")]
    return set_row(g, [*folk[: 7 - len(bands)], *bands])


def attack_keys(g: Game) -> set[str]:
    return {k for k in keys(g) if k.startswith("attack:")}


def test_attack_step_1_spends_the_provisions_under_the_space(game: Game, content: Content) -> None:
    with_barbarians(game, "b01")  # 1 Fighter, 1 Labourer
    price = content.board.card_row_costs[6]
    give(game, red=1, white=1, provision=price + 1)
    game.apply(Action.parse("attack:7:WR"))
    assert have(game)["provision"] == 1


def test_attack_step_2_spends_the_workers_on_the_card(game: Game) -> None:
    with_barbarians(game, "b01")
    give(game, red=1, white=2, provision=3)
    supply = list(game.supply)
    game.apply(Action.parse("attack:7:WR"))
    assert game.have[:5] == [1, 0, 0, 0, 0]
    assert game.supply[0] == supply[0] + 1 and game.supply[1] == supply[1] + 1


def test_attack_step_3_gains_the_rewards(game: Game, content: Content) -> None:
    with_barbarians(game, "b01")  # reward: 2 Cowrie
    give(game, red=1, white=1, provision=3)
    game.apply(Action.parse("attack:7:WR"))
    assert have(game)["cowrie"] == sum(
        s.count for s in content.barbarians["b01"].reward if isinstance(s, Gain)
    )


def test_attack_step_4_the_defeated_barbarian_goes_to_the_discard_pile(game: Game) -> None:
    with_barbarians(game, "b01")
    give(game, red=1, white=1, provision=3)
    game.apply(Action.parse("attack:7:WR"))
    assert game.row[6] is None
    assert game.barbarian_discard[-1] == "b01"


def test_attack_a_gold_turtle_sends_you_to_its_story_entry(game: Game, content: Content) -> None:
    band = content.barbarians["b06"]  # 2 Fighters; turtle
    assert band.turtle is not None
    with_barbarians(game, "b06")
    give(game, red=2, provision=3)
    events = game.apply(Action.parse("attack:7:RR"))
    assert [e.data for e in events if e.kind == "entry"] == [band.turtle]


def test_attack_a_reward_of_any_worker_is_a_decision(game: Game) -> None:
    with_barbarians(game, "b09")  # reward: 1 any
    give(game, red=1, black=1, provision=3)
    game.apply(Action.parse("attack:7:RK"))
    assert {k for k in keys(game) if k.startswith("pick:")} == {
        "pick:white",
        "pick:red",
        "pick:blue",
        "pick:black",
        "pick:yellow",
    }


def test_attack_needs_the_provisions_and_the_workers(game: Game, content: Content) -> None:
    with_barbarians(game, "b01")
    price = content.board.card_row_costs[6]
    give(game, red=1, white=1)
    assert attack_keys(game) == set()
    assert why(game, "attack:7:WR") == f"Cannot attack: you need {price} provision and have 0."
    blank(game)
    give(game, white=1, provision=price)
    assert why(game, "attack:7:WR") == "Cannot attack: your Workers cannot pay 1 red, 1 white."
    with pytest.raises(IllegalAction):
        game.apply(Action.parse("attack:7:WR"))


def test_attack_refuses_a_townsfolk_card(game: Game) -> None:
    give(game, red=3, white=3, provision=3)
    assert why(game, "attack:1:WR") == "Space 1 holds a Townsfolk card, not a Barbarian."


def test_attack_two_barbarians_rulebook_example(game: Game, content: Content) -> None:
    """The first Barbarian costs 2 Provisions, 2 Riders and 1 Archer and gives
    2 Cowrie and 1 Clay; the second costs 3 Provisions, 2 Archers and 1
    Fighter and gives 3 Cowrie."""
    costs = content.board.card_row_costs
    assert (costs[5], costs[6]) == (2, 3)
    with_barbarians(game, "b03", "b13")
    give(game, provision=5, black=2, yellow=3, red=1)
    assert attack_keys(game) == {"attack:6:KKY", "attack:7:RYY"}

    events = game.apply(Action.parse("attack:6:KKY"))
    assert "Spent 2 black, 1 yellow, 2 provision." in [e.text for e in events]
    assert have(game) == {
        "white": 0,
        "red": 1,
        "blue": 0,
        "black": 0,
        "yellow": 2,
        "cowrie": 2,
        "clay": 1,
        "wood": 0,
        "provision": 3,
    }
    events = game.apply(Action.parse("attack:7:RYY"))
    assert kinds(events) == ["spend", "defeat", "gain"]
    assert have(game) == {
        "white": 0,
        "red": 0,
        "blue": 0,
        "black": 0,
        "yellow": 0,
        "cowrie": 5,
        "clay": 1,
        "wood": 0,
        "provision": 0,
    }
    assert game.row[5:] == [None, None]
    assert game.barbarian_discard[-2:] == ["b03", "b13"]
