"""Game Setup (rulebook steps 1-7) and the start of Round 1."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest
from scenario import CONTENT, blank, give

from engine.yu import Content, Game, load, new_game
from engine.yu.content.items import INDEX
from engine.yu.content.steps import Draw


def _all_townsfolk(g: Game) -> list[str]:
    row = [c for c in g.row if c is not None and c.startswith("t")]
    return g.hand + g.ready + g.exhausted + g.deck + g.discard + g.tucked + row


def test_setup_step_2_ready_pile_card_row_and_draw_pile(content: Content) -> None:
    g = new_game(5, content)
    # Round 1's Harvest has already drawn its cards from the Ready Pile.
    assert len(g.ready) + len(g.hand) == content.board.ready_pile
    assert all(card.startswith("t") for card in g.row[:6])
    assert len(g.deck) == len(content.townsfolk) - content.board.ready_pile - 6
    assert sorted(_all_townsfolk(g)) == sorted(content.townsfolk)
    assert g.exhausted == [] and g.discard == []


def test_setup_step_3_one_barbarian_in_the_right_most_space(content: Content) -> None:
    g = new_game(5, content)
    assert g.row[6] in content.barbarians
    assert sorted([*g.barbarian_deck, g.row[6]]) == sorted(content.barbarians)
    assert g.barbarian_discard == []


def test_setup_step_4_two_canal_cards_of_each_jade_group_in_river_order(content: Content) -> None:
    g = new_game(5, content)
    jades = [content.canals[c].jade for c in g.river]
    assert jades == [1, 1, 3, 3, 5, 5]
    assert sorted(g.river + g.canal_box) == sorted(content.canals)
    assert g.built == 0


def test_setup_step_5_four_hut_cards_face_down_the_rest_boxed(content: Content) -> None:
    g = new_game(5, content)
    assert len(g.hut_cards) == 4
    assert sorted(g.hut_cards + g.hut_box) == sorted(content.huts)
    assert g.huts_built == 0


def test_setup_step_6_buildings_unbuilt_flood_at_the_start_barge_on_the_first_canal(
    content: Content,
) -> None:
    g = new_game(5, content)
    assert g.sites == [None] * len(content.board.sites)
    assert g.flood == 0
    assert g.barge is True
    # With Workers and Cowrie enough for any first section, the Canal can be built.
    give(blank(g), white=3, red=1, blue=1, black=1, yellow=1, cowrie=2)
    assert any(a.kind == "canal" for a in g.legal_actions())


def test_setup_step_7_main_supply_holds_every_component(content: Content) -> None:
    g = new_game(5, content)
    # Nothing is created or lost: what the Harvest gave came out of the Main Supply.
    for name, i in INDEX.items():
        assert g.supply[i] + g.have[i] == content.board.supply[i], name


def test_setup_then_round_1_harvest_and_take_actions(content: Content) -> None:
    g = new_game(5, content)
    draws = sum(step.count for step in content.board.harvest if isinstance(step, Draw))
    assert (g.round, g.phase, g.decision, g.outcome) == (1, "actions", None, None)
    assert len(g.hand) == draws
    assert len(g.ready) == content.board.ready_pile - draws


def test_setup_is_decided_by_the_seed(content: Content) -> None:
    assert new_game(11, content).to_dict() == new_game(11, content).to_dict()
    shuffles = {tuple(new_game(seed, content).ready) for seed in range(6)}
    assert len(shuffles) == 6


def test_every_card_is_in_exactly_one_zone_after_setup(content: Content) -> None:
    g = new_game(9, content)
    townsfolk = Counter(_all_townsfolk(g))
    assert set(townsfolk.values()) == {1}
    barbarians = g.barbarian_deck + [c for c in g.row if c and c.startswith("b")]
    assert sorted(barbarians) == sorted(content.barbarians)


def test_ruling_17_each_game_starts_from_a_fresh_setup(content: Content) -> None:
    first = new_game(21, content).to_dict()
    played = new_game(3, content)
    rng = random.Random(3)
    while not played.over:
        played.apply(rng.choice(played.legal_actions()))
    # A game played to its end changes neither the content nor the next game's setup.
    assert new_game(21, content).to_dict() == first
    assert content.board.supply == load(CONTENT).board.supply


def test_ruling_18_reloading_the_content_restores_the_original(content: Content) -> None:
    again = load(CONTENT)
    assert again.version == content.version
    assert again.townsfolk == content.townsfolk
    with pytest.raises(dataclasses.FrozenInstanceError):
        content.board.card_row_costs = (9,) * 7  # type: ignore[misc]
