"""Every word of the effect vocabulary, resolved inside a game (on the frozen
test content). The campaign words (find, retire, adjust, module) and the
campaign side of choice and if are tested in test_campaign.py."""

from __future__ import annotations

import pytest
from scenario import give, have, kinds, resolve, supply

from engine.yu import Action, Game
from engine.yu.campaign.campaign import WORDS as CAMPAIGN_WORDS
from engine.yu.content import words
from engine.yu.content.effects import COUNTED, parse_steps, parse_term
from engine.yu.content.items import INDEX, TermError
from engine.yu.content.steps import (
    AddHarvest,
    AddStart,
    Choice,
    Decision,
    Find,
    Gain,
    If,
    Module,
    MoreBarbarians,
    Pay,
    Pick,
    ReadyPile,
    Retire,
    RowCost,
)
from engine.yu.rules.rules import WORDS

VOCABULARY = {
    Gain, Pay, Pick, Choice, If, *COUNTED.values(),
    Find, Retire, Module, RowCost, MoreBarbarians, ReadyPile, AddHarvest, AddStart,
}  # fmt: skip
"""Every kind of step a content file can write."""


def test_every_word_of_the_vocabulary_has_a_rule_in_a_game_and_between_games() -> None:
    for words_of in (WORDS, CAMPAIGN_WORDS):
        assert {s for s in VOCABULARY if not issubclass(s, Decision)} - set(words_of) == set()


def test_gain_takes_items_from_the_main_supply(game: Game) -> None:
    before = supply(game)["clay"]
    resolve(game, parse_term("2 clay"))
    assert have(game)["clay"] == 2 and supply(game)["clay"] == before - 2


def test_gain_is_capped_by_the_main_supply(game: Game) -> None:
    give(game, clay=supply(game)["clay"] - 1)
    events = resolve(game, parse_term("3 clay"))
    assert supply(game)["clay"] == 0
    assert kinds(events) == ["gain", "short"]


def test_pay_spends_items_back_to_the_main_supply(game: Game) -> None:
    give(game, cowrie=3)
    before = supply(game)["cowrie"]
    events = resolve(game, parse_term("pay 2 cowrie"))
    assert have(game)["cowrie"] == 1 and supply(game)["cowrie"] == before + 2
    assert kinds(events) == ["spend"]


def test_pay_what_the_player_lacks_is_let_go(game: Game) -> None:
    give(game, wood=1)
    events = resolve(game, parse_term("pay 3 wood"))
    assert have(game)["wood"] == 0
    assert kinds(events) == ["spend", "short"]
    assert "2 wood let go" in events[-1].text


@pytest.mark.parametrize("term", ["pay 1 clay|wood", "pay 0 cowrie", "pay cowrie", "pay 2 gold"])
def test_pay_terms_that_do_not_parse_say_why(term: str) -> None:
    with pytest.raises(TermError):
        parse_term(term)


def test_pay_is_described_in_words() -> None:
    assert str(words.steps((parse_term("pay 2 cowrie"), parse_term("1 wood")))) == "pay 2 cowrie, 1 wood"


def test_pick_waits_for_the_player_to_choose(game: Game) -> None:
    resolve(game, parse_term("1 clay|wood"))
    assert game.decision == Pick((INDEX["clay"], INDEX["wood"]), 1)
    game.apply(Action.parse("pick:wood"))
    assert have(game)["wood"] == 1 and game.decision is None


def test_draw_takes_cards_from_the_ready_pile_into_hand(game: Game) -> None:
    top = game.ready[-2:]
    resolve(game, parse_term("draw 2"))
    assert sorted(game.hand) == sorted(top)


def test_destroy_puts_ready_pile_cards_on_the_discard_pile(game: Game) -> None:
    top = game.ready[-1]
    resolve(game, parse_term("destroy 1"))
    assert game.discard[-1] == top and top not in game.ready


def test_draw_townsfolk_takes_from_the_townsfolk_draw_pile(game: Game) -> None:
    top = game.deck[-1]
    resolve(game, parse_term("draw_townsfolk 1"))
    assert game.hand == [top]


def test_flood_advances_the_flood(game: Game) -> None:
    game.built = 1
    resolve(game, parse_term("flood 1"))
    assert game.flood == 1 and not game.over


def test_reveal_barbarian_adds_one_to_the_card_row(game: Game) -> None:
    bands = sum(1 for c in game.row if c and c[0] == "b")
    resolve(game, parse_term("reveal_barbarian 1"))
    assert sum(1 for c in game.row if c and c[0] == "b") == bands + 1


def test_entry_outside_a_campaign_only_says_so(game: Game) -> None:
    events = resolve(game, parse_term("entry 12"))
    assert kinds(events) == ["entry"] and not events[0].reveal


def test_choice_offers_its_options_and_resolves_the_chosen_one(game: Game) -> None:
    (step,) = parse_steps(
        [{"choice": [{"label": "Clay", "effects": ["2 clay"]}, {"label": "Wood", "effects": ["1 wood"]}]}]
    )
    resolve(game, step)
    assert {a.key for a in game.legal_actions()} >= {"choose:1", "choose:2"}
    game.apply(Action.parse("choose:2"))
    assert have(game)["wood"] == 1 and have(game)["clay"] == 0


def test_if_reads_the_branch_its_condition_picks(game: Game) -> None:
    (step,) = parse_steps([{"if": {"wins_at_least": 1}, "then": ["2 clay"], "else": ["1 wood"]}])
    resolve(game, step)  # outside a campaign there are no wins
    assert have(game)["wood"] == 1 and have(game)["clay"] == 0


def test_campaign_words_outside_a_campaign_change_nothing(game: Game) -> None:
    (step,) = parse_steps([{"module": "food"}])
    events = resolve(game, step)
    assert kinds(events) == ["campaign"] and "food" not in game.modules
