"""Using Huts: Workers on Hut spaces (ruling 12), and the tuck spaces Huts open
(ruling 11)."""

from __future__ import annotations

import pytest
from scenario import edit, give, have, keys, place, settle, why

from engine.yu import Action, Content, Game, IllegalAction, Kind
from engine.yu.content.items import INDEX, ITEMS
from engine.yu.content.steps import Gain
from engine.yu.rules.rules import tuck_spaces


def hut_keys(g: Game) -> set[str]:
    return {k for k in keys(g) if k.startswith("hut:")}


def reward(content: Content, space: int) -> dict[str, int]:
    out: dict[str, int] = {}
    for step in content.board.hut_spaces[space - 1].reward:
        assert isinstance(step, Gain), "a Hut space with a choice"
        out[ITEMS[step.item]] = out.get(ITEMS[step.item], 0) + step.count
    return out


def test_ruling_12_one_hut_space_at_the_start(game: Game) -> None:
    give(game, white=1, red=1)
    assert hut_keys(game) == {"hut:1:W", "hut:1:R"}
    assert why(game, "hut:2:W") == "Hut space 2 is not open; each Hut built opens one more."


def test_ruling_12_each_hut_built_opens_one_more_hut_space(game: Game, content: Content) -> None:
    give(game, white=1)
    for huts in range(len(content.board.hut_spaces)):
        edit(game, huts_built=huts)
        assert {a.space for a in game.legal_actions() if a.kind is Kind.HUT} == set(range(1, huts + 2))


def test_ruling_12_a_worker_of_any_colour_earns_the_reward_at_once(game: Game, content: Content) -> None:
    give(game, yellow=1)
    game.apply(Action.parse("hut:1:Y"))
    assert game.hut_spaces[0] == INDEX["yellow"]
    assert {k: v for k, v in have(game).items() if v} == reward(content, 1)


def test_ruling_12_the_worker_stays_on_the_space_not_in_the_main_supply(game: Game) -> None:
    give(game, blue=1)
    supply = game.supply[INDEX["blue"]]
    game.apply(Action.parse("hut:1:B"))
    assert game.have[INDEX["blue"]] == 0
    assert game.supply[INDEX["blue"]] == supply


def test_ruling_12_each_hut_space_holds_one_worker(game: Game) -> None:
    give(game, white=2)
    game.apply(Action.parse("hut:1:W"))
    assert hut_keys(game) == set()
    with pytest.raises(IllegalAction, match="Hut space 1 already holds a Worker until the next Harvest"):
        game.apply(Action.parse("hut:1:W"))


def test_ruling_12_the_worker_returns_at_the_next_harvest(game: Game) -> None:
    give(game, black=1)
    game.apply(Action.parse("hut:1:K"))
    game.apply(Action.parse("end"))
    settle(game)
    assert game.round == 2
    assert game.hut_spaces[0] is None
    assert game.have[INDEX["black"]] == 1


def test_hut_placement_needs_a_worker_of_that_colour(game: Game) -> None:
    give(game, white=1)
    assert why(game, "hut:1:R") == "You have no Worker of that colour."


def test_ruling_11_one_tuck_space_at_the_start_one_more_per_hut(game: Game) -> None:
    place(game, "hand", *game.deck[:3])
    card, second, third = game.hand
    assert tuck_spaces(game) == 1
    game.apply(Action.parse(f"tuck:{card}"))
    assert f"tuck:{second}" not in keys(game)
    assert why(game, f"tuck:{second}") == "The 1 tuck space is full; each Hut built opens one more."
    edit(game, huts_built=1)
    game.apply(Action.parse(f"tuck:{second}"))
    assert game.tucked == [card, second]
    assert f"tuck:{third}" not in keys(game)
