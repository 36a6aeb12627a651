"""Trading along the river: seven trades, opened one per Canal built, usable
any number of times and at any point."""

from __future__ import annotations

import pytest
from scenario import edit, give, have, keys, place, set_row, why

from engine.yu import Action, Content, Game, IllegalAction
from engine.yu.content.steps import Bribe, UseHand
from engine.yu.rules.state import Phase


def trade_keys(g: Game) -> set[str]:
    return {k for k in keys(g) if k.startswith("trade:")}


def held(g: Game) -> dict[str, int]:
    """What the player's supply holds, leaving out what it has none of."""
    return {k: v for k, v in have(g).items() if v}


def test_one_trade_at_the_start_and_one_more_per_canal_built(game: Game, content: Content) -> None:
    assert len(content.board.trades) == 7
    for built in range(7):
        edit(game, built=built)
        assert [t.trade.number for t in game.view().trades if t.open] == list(range(1, built + 2))


def test_trade_not_yet_opened_is_refused(game: Game, content: Content) -> None:
    give(game, cowrie=4)
    opened_by = content.board.trades[4].opened_by
    with pytest.raises(IllegalAction, match=f"Trade 5 opens when Canal section {opened_by} is built"):
        game.apply(Action.parse("trade:5"))


def test_trade_1_three_cowrie_for_a_clay_or_a_wood(game: Game) -> None:
    give(game, cowrie=6)
    assert {"trade:1:clay", "trade:1:wood"} <= trade_keys(game)
    game.apply(Action.parse("trade:1:clay"))
    game.apply(Action.parse("trade:1:wood"))
    assert held(game) == {"clay": 1, "wood": 1}


def test_trade_2_two_cowrie_for_a_provision(game: Game) -> None:
    edit(game, built=1)
    give(game, cowrie=2)
    game.apply(Action.parse("trade:2"))
    assert held(game) == {"provision": 1}


def test_trade_3_exhaust_a_card_from_hand_for_two_cowrie(game: Game, content: Content) -> None:
    edit(game, built=2)
    card = "t10"  # would play for a Cowrie and a Provision
    place(game, "hand", card)
    game.apply(Action.parse(f"trade:3:{card}"))
    assert game.exhausted[-1] == card
    assert game.hand == []
    # No other benefit from the card.
    assert held(game) == {"cowrie": 2}


def test_ruling_20_trade_4_a_labourer_and_a_provision_for_a_worker_of_any_colour_but_white(
    game: Game,
) -> None:
    edit(game, built=3)
    give(game, white=1, provision=1)
    trade_4 = {k for k in trade_keys(game) if k.startswith("trade:4:")}
    assert trade_4 == {"trade:4:red:W", "trade:4:blue:W", "trade:4:black:W", "trade:4:yellow:W"}
    assert why(game, "trade:4:white:W") == "That is not a way to use trade 4."
    game.apply(Action.parse("trade:4:yellow:W"))
    assert held(game) == {"yellow": 1}


def test_trade_5_four_cowrie_for_a_labourer(game: Game) -> None:
    edit(game, built=4)
    give(game, cowrie=4)
    game.apply(Action.parse("trade:5"))
    assert held(game) == {"white": 1}


def test_trade_6_two_provisions_and_two_cowrie_draw_a_townsfolk(game: Game) -> None:
    edit(game, built=5)
    give(game, provision=2, cowrie=2)
    top = game.deck[-1]
    ready = list(game.ready)
    game.apply(Action.parse("trade:6"))
    assert game.hand == [top]
    assert game.ready == ready  # from the Townsfolk Draw Pile, not the Ready Pile
    assert held(game) == {}


def test_ruling_10_a_card_drawn_by_a_trade_must_be_used_before_the_phase_ends(game: Game) -> None:
    edit(game, built=5)
    give(game, provision=2, cowrie=2)
    assert "end" in keys(game)
    game.apply(Action.parse("trade:6"))
    assert "end" not in keys(game)
    assert why(game, "end") == "Use every Townsfolk card in your hand first (1 left)."


def test_trade_7_a_clay_or_a_wood_for_a_cowrie(game: Game) -> None:
    edit(game, built=6, barge=False)
    give(game, clay=1, wood=1)
    game.apply(Action.parse("trade:7:clay"))
    game.apply(Action.parse("trade:7:wood"))
    assert held(game) == {"cowrie": 2}


def test_each_trade_may_be_used_any_number_of_times(game: Game) -> None:
    give(game, cowrie=12)
    for _ in range(4):
        game.apply(Action.parse("trade:1:wood"))
    assert held(game) == {"wood": 4}


def test_trades_are_allowed_during_a_decision_other_actions_are_not(game: Game) -> None:
    give(game, cowrie=3)
    place(game, "hand", "t24")  # plays for a Clay or a Wood: a decision
    game.apply(Action.parse("play:t24"))
    assert game.decision is not None
    assert "trade:1:clay" in keys(game)
    assert not any(k.startswith(("play:", "recruit:")) for k in keys(game))
    assert why(game, "recruit:1") == "First answer the open decision (trades are still allowed)."
    game.apply(Action.parse("trade:1:clay"))
    # The trade's item comes at once; the decision stays open.
    assert held(game) == {"clay": 1}
    assert game.decision is not None
    game.apply(Action.parse("pick:wood"))
    assert held(game) == {"clay": 1, "wood": 1}


def test_ruling_9_trades_may_be_used_in_the_middle_of_paying_a_bribe(game: Game) -> None:
    edit(game, built=4)
    folk = [c for c in game.row if c and c.startswith("t")]
    set_row(game, [*folk[:6], "b01"])  # bribe: 1 Labourer
    give(game, cowrie=4)
    game.apply(Action.parse("end"))
    assert isinstance(game.decision, Bribe)
    assert "bribe:W" not in keys(game)
    game.apply(Action.parse("trade:5"))
    # The Labourer is there at once, to pay the bribe still being asked for.
    assert game.have[0] == 1
    assert isinstance(game.decision, Bribe)
    assert "bribe:W" in keys(game)
    ready = len(game.ready)
    game.apply(Action.parse("bribe:W"))
    assert game.round == 2
    assert len(game.ready) == ready - 4  # no card lost, only the Harvest draws


def bribe_with_trade_6_open(game: Game) -> None:
    """Take Actions ends with a Barbarian asking a bribe, and trade 6 open."""
    edit(game, built=5)
    folk = [c for c in game.row if c and c.startswith("t")]
    set_row(game, [*folk[:6], "b01"])  # bribe: 1 Labourer
    give(game, provision=2, cowrie=2, white=1)
    game.apply(Action.parse("end"))
    assert isinstance(game.decision, Bribe)


def test_ruling_19_a_card_drawn_after_take_actions_must_be_used_at_once(game: Game) -> None:
    bribe_with_trade_6_open(game)
    top = game.deck[-1]
    game.apply(Action.parse("trade:6"))
    assert game.hand == [top]
    # The card is used before anything else: the bribe waits until it is.
    assert isinstance(game.decision, UseHand)
    assert {k for k in keys(game) if not k.startswith("trade:")} == {
        f"play:{top}",
        f"discard:{top}",
        f"tuck:{top}",
    }
    assert why(game, "bribe:W") == "First use the card that came into your hand: play, discard or tuck it."
    game.apply(Action.parse(f"discard:{top}"))
    assert game.hand == [] and top in game.discard
    assert isinstance(game.decision, Bribe)
    game.apply(Action.parse("bribe:W"))
    assert game.round == 2 and game.phase is Phase.ACTIONS


def test_ruling_19_a_card_drawn_after_take_actions_may_be_traded_away(game: Game) -> None:
    bribe_with_trade_6_open(game)
    top = game.deck[-1]
    game.apply(Action.parse("trade:6"))
    game.apply(Action.parse(f"trade:3:{top}"))  # exhausted by trade 3, for 2 Cowrie
    assert game.hand == [] and game.exhausted[-1] == top
    assert isinstance(game.decision, Bribe)


def test_ruling_19_trading_before_using_the_card_still_lets_the_round_go_on(game: Game) -> None:
    bribe_with_trade_6_open(game)
    top = game.deck[-1]
    give(game, cowrie=4)
    game.apply(Action.parse("trade:6"))
    game.apply(Action.parse("trade:2"))  # a trade while the card waits: its gain resolves first
    game.apply(Action.parse("trade:2"))
    assert isinstance(game.decision, UseHand)
    game.apply(Action.parse(f"discard:{top}"))
    assert game.hand == []
    assert isinstance(game.decision, Bribe)
    game.apply(Action.parse("bribe:W"))
    assert game.round == 2 and game.phase is Phase.ACTIONS


def test_ruling_19_no_card_is_carried_into_the_next_round(game: Game) -> None:
    bribe_with_trade_6_open(game)
    top = game.deck[-1]
    game.apply(Action.parse("trade:6"))
    before = game.to_dict()
    for key in ("suffer", "bribe:W", "end"):
        with pytest.raises(IllegalAction):
            game.apply(Action.parse(key))
    assert game.to_dict() == before
    game.apply(Action.parse(f"play:{top}"))
    game.apply(Action.parse("suffer"))
    assert game.round == 2 and top not in game.hand


def test_the_flood_has_no_effect_on_trading(game: Game) -> None:
    edit(game, built=2, flood=2)
    give(game, cowrie=2)
    game.apply(Action.parse("trade:2"))
    assert held(game) == {"provision": 1}


def test_trading_rulebook_example_frees_cowrie_to_collect(game: Game) -> None:
    """Needing to collect 3 Cowrie with only 2 in the Main Supply, spend 2
    Cowrie for a Provision first: then all 3 can be collected."""
    edit(game, built=1)
    folk = [c for c in game.row if c and c.startswith("t")]
    set_row(game, [*folk[:6], "b13"])  # reward: 3 Cowrie
    give(game, cowrie=game.supply[5] - 2, provision=3, yellow=2, red=1)
    cowrie = game.have[5]
    assert game.supply[5] == 2
    game.apply(Action.parse("trade:2"))
    assert game.supply[5] == 4
    game.apply(Action.parse("attack:7:RYY"))
    assert game.have[5] == cowrie - 2 + 3
    assert held(game) == {"cowrie": cowrie + 1, "provision": 1}
