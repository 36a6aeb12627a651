"""Phase 4, Suffer Attacks: every Barbarian left on the Card Row attacks;
the player bribes it or takes its Damage."""

from __future__ import annotations

import pytest
from scenario import edit, give, have, keys, kinds, place, set_row

from engine.yu import Action, Content, Game, IllegalAction
from engine.yu.content import words
from engine.yu.content.steps import Bribe


def with_barbarians(g: Game, *bands: str) -> Game:
    folk = [c for c in g.row if c and c.startswith("t")]
    return set_row(g, [*folk[: 7 - len(bands)], *bands])


def answers(g: Game) -> set[str]:
    return {k for k in keys(g) if not k.startswith("trade:")}


def test_suffer_attacks_every_barbarian_attacks_left_to_right(game: Game) -> None:
    with_barbarians(game, "b01", "b02")
    game.apply(Action.parse("end"))
    assert game.phase == "attacks"
    assert game.decision == Bribe(5)
    game.apply(Action.parse("suffer"))
    assert game.decision == Bribe(6)


def test_suffer_attacks_rulebook_example_destroy_one_or_bribe_one_labourer(
    game: Game, content: Content
) -> None:
    band = content.barbarians["b01"]
    assert band.damage == 1 and band.bribe is not None and str(words.cost(band.bribe)) == "1 white"
    with_barbarians(game, "b01")
    give(game, white=1)
    game.apply(Action.parse("end"))
    assert answers(game) == {"bribe:W", "suffer"}


def test_suffer_attacks_paying_the_bribe_spends_it_and_saves_the_townsfolk(game: Game) -> None:
    with_barbarians(game, "b01")
    give(game, white=1)
    ready = list(game.ready)
    supply = game.supply[0]
    game.apply(Action.parse("end"))
    events = game.apply(Action.parse("bribe:W"))
    assert "bribe" in kinds(events)
    assert game.have[0] == 1  # the next Round's Harvest Labourer only
    assert game.supply[0] == supply  # one back, one out again
    assert len(game.ready) == len(ready) - 4  # only the Harvest draws


def test_suffer_attacks_taking_the_damage_destroys_top_ready_cards(game: Game, content: Content) -> None:
    band = content.barbarians["b06"]
    with_barbarians(game, "b06")
    top = list(reversed(game.ready[-band.damage :]))
    game.apply(Action.parse("end"))
    events = game.apply(Action.parse("suffer"))
    destroyed = [e.data for e in events if e.kind == "destroy"]
    assert destroyed == top
    # Into the Townsfolk Discard Pile, not the Exhausted Pile.
    assert set(top) <= set(game.discard)
    assert not set(top) & set(game.exhausted)


def test_suffer_attacks_a_bribe_you_cannot_pay_leaves_only_the_damage(game: Game) -> None:
    with_barbarians(game, "b01")
    game.apply(Action.parse("end"))
    assert answers(game) == {"suffer"}
    with pytest.raises(IllegalAction, match="You cannot pay the bribe: your Workers cannot pay 1 white"):
        game.apply(Action.parse("bribe:W"))


def test_suffer_attacks_the_bribe_is_never_forced(game: Game) -> None:
    with_barbarians(game, "b01")
    give(game, white=1)
    game.apply(Action.parse("end"))
    game.apply(Action.parse("suffer"))
    assert game.have[0] == 2  # kept, plus the next Harvest's Labourer


def test_suffer_attacks_a_resource_bribe(game: Game) -> None:
    with_barbarians(game, "b02")  # bribe: 2 Cowrie
    give(game, cowrie=2)
    game.apply(Action.parse("end"))
    assert answers(game) == {"bribe", "suffer"}
    game.apply(Action.parse("bribe"))
    assert game.round == 2


def test_suffer_attacks_a_barbarian_without_a_bribe_always_deals_damage(game: Game, content: Content) -> None:
    band = content.barbarians["b10"]
    assert band.bribe is None
    with_barbarians(game, "b10")
    top = game.ready[-1]
    events = game.apply(Action.parse("end"))
    assert top in game.discard
    assert "destroy" in kinds(events)
    assert game.round == 2


def test_suffer_attacks_only_barbarians_still_on_the_card_row_attack(game: Game) -> None:
    with_barbarians(game, "b01")
    give(game, white=1, red=1, provision=3)
    game.apply(Action.parse("attack:7:WR"))
    events = game.apply(Action.parse("end"))
    assert "attack" not in kinds(events)
    assert game.round == 2


def test_suffer_attacks_damage_from_an_empty_ready_pile_reshuffles_and_floods(game: Game) -> None:
    with_barbarians(game, "b10")
    edit(game, built=1)
    place(game, "discard", *game.ready)
    place(game, "exhausted", *game.deck[:6])
    events = game.apply(Action.parse("end"))
    assert kinds(events)[kinds(events).index("shuffle") + 1] == "flood"
    assert game.flood == 1
    assert game.outcome is None


def test_suffer_attacks_damage_with_no_townsfolk_left_loses_due_to_damage(game: Game) -> None:
    with_barbarians(game, "b10")
    place(game, "discard", *game.ready)
    game.apply(Action.parse("end"))
    assert game.outcome == "damage"


def test_ruling_15_bribe_or_damage_is_the_players_choice_with_a_choice_of_workers(game: Game) -> None:
    with_barbarians(game, "b06")  # bribe: 1 coloured Worker
    give(game, red=1, blue=1, yellow=1)
    game.apply(Action.parse("end"))
    assert answers(game) == {"bribe:R", "bribe:B", "bribe:Y", "suffer"}
    game.apply(Action.parse("bribe:B"))
    assert have(game)["blue"] == 0 and have(game)["red"] == 1
