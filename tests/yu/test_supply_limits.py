"""Component limits: gains are capped by what is left in the Main Supply
(ruling 9); an item not available is simply not collected."""

from __future__ import annotations

import random

from scenario import edit, give, have, keys, kinds, place, resolve

from engine.yu import Action, Content, Game, new_game
from engine.yu.content.items import INDEX
from engine.yu.content.steps import Harvest, TakeActions


def drain(g: Game, name: str, leave: int = 0) -> None:
    """Give the player all but ``leave`` of an item from the Main Supply."""
    give(g, **{name: g.supply[INDEX[name]] - leave})


def test_ruling_9_a_gain_is_capped_by_the_main_supply(game: Game) -> None:
    drain(game, "cowrie", leave=1)
    held = game.have[INDEX["cowrie"]]
    place(game, "hand", "t28")  # plays for 2 Cowrie
    events = game.apply(Action.parse("play:t28"))
    assert game.have[INDEX["cowrie"]] == held + 1
    assert game.supply[INDEX["cowrie"]] == 0
    assert "short" in kinds(events)


def test_ruling_9_an_item_not_available_is_not_an_error(game: Game) -> None:
    drain(game, "white")
    events = resolve(game, Harvest(), TakeActions())
    assert game.phase == "actions"
    assert game.outcome is None
    assert game.have[INDEX["white"]] == 10
    assert "short" in kinds(events)


def test_ruling_9_a_choice_lists_only_what_is_left(game: Game) -> None:
    drain(game, "clay")
    place(game, "hand", "t24")  # 1 Clay or 1 Wood
    game.apply(Action.parse("play:t24"))
    assert {k for k in keys(game) if k.startswith("pick:")} == {"pick:wood"}


def test_ruling_9_a_choice_with_nothing_left_collects_nothing(game: Game) -> None:
    drain(game, "clay")
    drain(game, "wood")
    place(game, "hand", "t24")
    game.apply(Action.parse("play:t24"))
    assert {k for k in keys(game) if k.startswith("pick:")} == {"pick:none"}
    before = dict(have(game))
    game.apply(Action.parse("pick:none"))
    assert have(game) == before
    assert game.decision is None


def test_ruling_9_spent_items_go_back_to_the_main_supply_and_can_be_gained_again(game: Game) -> None:
    drain(game, "cowrie")
    assert game.supply[INDEX["cowrie"]] == 0
    game.apply(Action.parse("trade:1:clay"))
    assert game.supply[INDEX["cowrie"]] == 3
    place(game, "hand", "t28")
    game.apply(Action.parse("play:t28"))
    assert game.supply[INDEX["cowrie"]] == 1


def test_ruling_9_nothing_is_created_or_lost_in_random_play(content: Content) -> None:
    totals = content.board.supply
    rng = random.Random(3)
    for seed in range(4):
        g = new_game(seed, content)
        while not g.over:
            g.apply(rng.choice(g.legal_actions()))
            on_huts = [sum(1 for c in g.hut_spaces if c == i) for i in range(5)] + [0] * 4
            assert [a + b + c for a, b, c in zip(g.have, g.supply, on_huts, strict=True)] == list(totals)


def test_ruling_9_a_trade_frees_an_item_for_a_choice_still_open(game: Game) -> None:
    edit(game, built=6, barge=False)  # trade 7: a Clay or a Wood for a Cowrie
    drain(game, "clay")
    drain(game, "wood")
    place(game, "hand", "t24")
    game.apply(Action.parse("play:t24"))
    assert {k for k in keys(game) if k.startswith("pick:")} == {"pick:none"}
    game.apply(Action.parse("trade:7:clay"))
    assert {k for k in keys(game) if k.startswith("pick:")} == {"pick:clay"}
    game.apply(Action.parse("pick:clay"))
    assert have(game)["clay"] == 9
    assert have(game)["cowrie"] == 1
