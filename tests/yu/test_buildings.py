"""Constructing Farms, Outposts and Huts on build sites."""

from __future__ import annotations

import pytest
from scenario import edit, give, have, keys, why

from engine.yu import Action, Content, Game, IllegalAction, Kind
from engine.yu.content.items import CLAY
from engine.yu.content.steps import Gain
from engine.yu.rules.rules import open_sites


def build_keys(g: Game) -> set[str]:
    return {k for k in keys(g) if k.startswith("build:")}


def materials(g: Game, content: Content, kind: str, times: int = 1) -> Game:
    """Give the Labourers, Clay and Wood that ``kind`` costs, ``times`` over."""
    cost = content.board.building_costs[kind]
    cowrie, clay, wood, provision = cost.resources
    return give(
        g,
        white=times * cost.worker_count,
        clay=times * clay,
        wood=times * wood,
        cowrie=times * cowrie,
        provision=times * provision,
    )


def test_construct_step_1_spends_the_workers_clay_and_wood(game: Game, content: Content) -> None:
    materials(game, content, "outpost")
    supply = list(game.supply)
    game.apply(Action.parse("build:outpost2:1:W"))
    assert game.have[:8] == [0] * 8
    cost = content.board.building_costs["outpost"]
    assert game.supply[6] == supply[6] + cost.resources[1]
    assert game.supply[7] == supply[7] + cost.resources[2]


def test_construct_step_2_the_building_covers_a_site_and_gains_its_items(
    game: Game, content: Content
) -> None:
    site = content.board.sites[1]
    edit(game, built=site.opened_by)
    materials(game, content, "farm")
    game.apply(Action.parse("build:farm3:2:W"))
    assert game.sites[1] == "farm3"
    covered = {k: v for k, v in have(game).items() if v}
    assert covered == {"clay": 1} and site.covers == (Gain(CLAY, 1),)


def test_construct_a_covered_choice_is_a_decision(game: Game, content: Content) -> None:
    # Site 1 covers any coloured Worker.
    materials(game, content, "farm")
    game.apply(Action.parse("build:farm1:1:W"))
    assert {k for k in keys(game) if k.startswith("pick:")} == {
        "pick:red",
        "pick:blue",
        "pick:black",
        "pick:yellow",
    }


def test_construct_needs_an_available_build_site(game: Game, content: Content) -> None:
    assert [s.number for s in content.board.sites if s.opened_by == 0] == [1]
    materials(game, content, "farm", times=2)
    game.apply(Action.parse("build:farm1:1:W"))
    game.apply(Action.parse("pick:red"))
    assert open_sites(game) == []
    assert build_keys(game) == set()
    with pytest.raises(IllegalAction, match="No build site is open and free; building the Canal opens more"):
        game.apply(Action.parse("build:farm2:1:W"))


def test_construct_a_site_not_yet_opened_is_refused(game: Game, content: Content) -> None:
    materials(game, content, "farm")
    assert why(game, "build:farm1:2:W") == "Choose an open, free build site and Workers that pay."


def test_construct_build_sites_need_not_be_filled_left_to_right(game: Game, content: Content) -> None:
    edit(game, built=2)
    materials(game, content, "farm")
    assert {"build:farm1:1:W", "build:farm1:2:W", "build:farm1:3:W"} <= build_keys(game)
    game.apply(Action.parse("build:farm1:3:W"))
    assert game.sites[:3] == [None, None, "farm1"]


def test_ruling_13_farms_and_outposts_may_be_built_in_any_order(game: Game, content: Content) -> None:
    materials(game, content, "outpost")
    materials(game, content, "farm")
    assert {"build:farm3:1:W", "build:outpost4:1:W"} <= build_keys(game)


def test_ruling_13_huts_are_built_left_to_right(game: Game, content: Content) -> None:
    edit(game, built=6, hut_cards=["h1", "h3", "h6", "h2"])  # no choices on them
    materials(game, content, "hut", times=2)
    built = {a.building for a in game.legal_actions() if a.kind is Kind.BUILD}
    assert "hut1" in built
    assert "hut2" not in built
    with pytest.raises(IllegalAction, match="Huts are built in order, left to right"):
        game.apply(Action.parse("build:hut2:1:W"))
    game.apply(Action.parse("build:hut1:2:W"))
    assert any(k.startswith("build:hut2") for k in build_keys(game))


def test_ruling_13_building_a_hut_reveals_and_resolves_its_hut_card(game: Game, content: Content) -> None:
    hut_card = "h1"  # Potter's Hut: 2 Clay
    edit(game, hut_cards=[hut_card, *[h for h in game.hut_cards if h != hut_card][:3]])
    materials(game, content, "hut")
    events = game.apply(Action.parse("build:hut1:1:W"))
    game.apply(Action.parse("pick:red"))  # what site 1 covers
    revealed = [e for e in events if e.kind == "hut"]
    assert revealed and revealed[0].reveal and revealed[0].data == hut_card
    assert game.huts_built == 1
    assert have(game)["clay"] == sum(s.count for s in content.huts[hut_card].effects if isinstance(s, Gain))


def test_construct_a_building_only_once(game: Game, content: Content) -> None:
    edit(game, built=1)
    materials(game, content, "farm", times=2)
    game.apply(Action.parse("build:farm2:2:W"))
    assert not any(k.startswith("build:farm2") for k in build_keys(game))
    assert why(game, "build:farm2:1:W") == f"{content.building('farm2').name} is already built."


def test_construct_the_flood_has_no_effect(game: Game, content: Content) -> None:
    edit(game, built=2, flood=2)
    materials(game, content, "farm")
    assert "build:farm1:3:W" in build_keys(game)


def test_construct_needs_the_materials(game: Game, content: Content) -> None:
    give(game, white=1, clay=1)
    assert build_keys(game) == set()
    assert why(game, "build:farm1:1:W") == "Cannot build: you need 1 wood and have 0."
