"""Paying Workers: the player chooses which Workers pay a cost (ruling 8)."""

from __future__ import annotations

import pytest
from scenario import edit, give, have, keys, set_row, why

from engine.yu import Action, Game, IllegalAction, MalformedAction

RIVER = ["c03", "c01", "c05", "c07", "c08", "c10"]  # c03: 1 Labourer, 1 coloured, 2 Cowrie


def canal_keys(g: Game) -> set[str]:
    return {k for k in keys(g) if k.startswith("canal:")}


def test_ruling_8_each_way_to_pay_is_its_own_action(game: Game) -> None:
    edit(game, river=list(RIVER))
    give(game, white=2, red=1, blue=1, cowrie=2)
    assert canal_keys(game) == {"canal:WR", "canal:WB"}


def test_ruling_8_the_chosen_workers_are_the_ones_spent(game: Game) -> None:
    edit(game, river=list(RIVER))
    give(game, white=2, red=1, blue=1, cowrie=2)
    game.apply(Action.parse("canal:WB"))
    assert have(game)["red"] == 1
    assert have(game)["blue"] == 0
    assert have(game)["white"] == 1


def test_ruling_8_workers_of_one_colour_make_one_choice(game: Game) -> None:
    edit(game, river=list(RIVER))
    give(game, white=3, red=3, cowrie=2)
    assert canal_keys(game) == {"canal:WR"}


def test_ruling_8_a_payment_is_written_in_colour_order(game: Game) -> None:
    edit(game, river=list(RIVER))
    give(game, white=1, red=1, cowrie=2)
    assert why(game, "canal:WR") is None
    with pytest.raises(MalformedAction, match="'canal:RW' is not an action key"):
        Action.parse("canal:RW")


def test_ruling_8_a_payment_that_does_not_fit_the_cost_is_refused(game: Game) -> None:
    edit(game, river=list(RIVER))
    give(game, white=2, red=1, cowrie=2)
    before = game.to_dict()
    with pytest.raises(IllegalAction, match="That payment does not match the Canal's cost"):
        game.apply(Action.parse("canal:WW"))
    assert game.to_dict() == before


def test_ruling_8_a_choice_of_workers_for_a_bribe(game: Game) -> None:
    folk = [c for c in game.row if c and c.startswith("t")]
    set_row(game, [*folk[:6], "b16"])  # bribe: 1 coloured Worker and 1 Provision
    give(game, red=1, black=1, provision=1)
    game.apply(Action.parse("end"))
    assert {k for k in keys(game) if k.startswith("bribe")} == {"bribe:R", "bribe:K"}
