"""Threat meters and the risk of an action: the Flood, the Barbarians and
Damage as things stand, and what an action would do to them (worked out on
copies of the game, without peeking at hidden cards)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from scenario import blank, edit, fill_ready, give, keys, place, set_row, settle, why

from engine.rng import Rng
from engine.yu import Action, Content, Game, IllegalAction, load, new_game
from engine.yu.campaign.campaign import Campaign
from engine.yu.content.items import INDEX
from engine.yu.content.steps import Bribe, Choice, Draw, Gain, Option, Pick
from engine.yu.rules.actions import Kind
from engine.yu.rules.interpreter import Facts
from engine.yu.rules.rules import harvest_steps, shore_barbarians
from engine.yu.rules.setup import Setup
from engine.yu.rules.state import LOSSES, Outcome, Phase, State
from engine.yu.rules.threats import Dealt, Risk, harvest_draws, lost_because

STORY = Path(__file__).parent / "campaign_content"


def ready_of(g: Game, n: int) -> Game:
    """Leave ``n`` cards in the Ready Pile (moving cards to or from the Townsfolk Draw Pile)."""
    extra = len(g.ready) - n
    if extra > 0:
        g.deck[:0] = g.ready[:extra]
        del g.ready[:extra]
    return fill_ready(g, n)


def exhaust(g: Game, n: int) -> Game:
    place(g, "exhausted", *g.deck[:n])
    return g


def townsfolk_row(g: Game) -> Game:
    """A Card Row of Townsfolk only: no attacks this Round."""
    folk = [c for c in g.row if c and c.startswith("t")]
    return set_row(g, [*folk, *[None] * (7 - len(folk))])


def with_barbarians(g: Game, *bands: str) -> Game:
    folk = [c for c in g.row if c and c.startswith("t")]
    return set_row(g, [*folk[: 7 - len(bands)], *bands])


# -- the meters --------------------------------------------------------------------


def test_flood_meter_next_space_unbuilt_loses_built_is_harmless(game: Game) -> None:
    flood = game.threats().flood
    assert (flood.at, flood.next_space, flood.next_built, flood.moving_loses) == (0, 1, False, True)
    assert flood.cards_before == len(game.ready) and flood.harvest_draws == 4
    edit(game, built=2, flood=1)
    flood = game.threats().flood
    assert (flood.at, flood.next_space, flood.next_built, flood.moving_loses) == (1, 2, True, False)
    edit(game, built=6, flood=6)
    assert game.threats().flood.next_space == 7 and game.threats().flood.moving_loses


def test_flood_meter_warns_when_the_next_harvest_moves_it_onto_an_unbuilt_section(game: Game) -> None:
    edit(game, built=1, flood=1)
    ready_of(game, 3)
    exhaust(game, 2)
    flood = game.threats().flood
    assert flood.cards_before == 3 and flood.harvest_draws == 4
    assert flood.warn
    edit(game, built=2)  # the move is harmless now
    assert not game.threats().flood.warn
    edit(game, built=1)
    ready_of(game, 4)  # the Harvest does not empty the Ready Pile
    assert not game.threats().flood.warn


def test_flood_meter_no_exhausted_pile_is_a_damage_loss_not_a_flood(game: Game) -> None:
    ready_of(game, 3)
    t = game.threats()
    assert not t.flood.warn
    assert t.townsfolk.warn and (t.townsfolk.ready, t.townsfolk.exhausted, t.townsfolk.harvest_draws) == (
        3,
        0,
        4,
    )


def test_harvest_draws_count_tucked_cards_and_the_story_s_additions(game: Game) -> None:
    assert harvest_draws(game) == 4
    place(game, "tucked", "t23")  # tucked: draw 1 and 1 cowrie every Harvest
    assert harvest_draws(game) == 5
    edit(game, harvest_extra=[Draw(2)])
    assert harvest_draws(game) == 7
    assert game.threats().flood.harvest_draws == game.threats().townsfolk.harvest_draws == 7


def test_harvest_draws_count_nested_steps(game: Game) -> None:
    choice = Choice((Option("more", (Draw(1),)), Option("none", ())))
    edit(game, harvest_extra=[choice])
    assert harvest_draws(game) == 5


def test_harvest_draws_are_what_the_harvest_takes(game: Game) -> None:
    townsfolk_row(game)
    place(game, "tucked", "t23")
    steps = harvest_steps(game)
    assert any(isinstance(s, Draw) for s in steps)
    ready = len(game.ready)
    draws = harvest_draws(game)
    game.apply(Action.parse("end"))
    while game.decision is not None:
        game.apply(min(game.legal_actions(), key=str))
    assert game.phase is Phase.ACTIONS and game.round == 2
    assert ready - len(game.ready) == draws


def test_barbarian_meter_six_in_the_row_and_one_per_refresh_warns(game: Game) -> None:
    with_barbarians(game, "b01", "b02", "b03", "b04", "b05", "b06")
    meter = game.threats().barbarians
    assert (meter.in_row, meter.limit, meter.next_refresh) == (6, 7, shore_barbarians(game)) == (6, 7, 1)
    assert meter.warn
    with_barbarians(game, "b01", "b02", "b03", "b04", "b05")
    assert not game.threats().barbarians.warn
    edit(game, built=3)  # a second shore icon uncovered
    assert game.threats().barbarians.next_refresh == 2 and game.threats().barbarians.warn


def test_barbarian_meter_no_warning_when_no_barbarian_is_left_to_come(game: Game) -> None:
    with_barbarians(game, "b01", "b02", "b03", "b04", "b05", "b06")
    edit(game, barbarian_deck=[], barbarian_discard=["b07"])
    assert game.threats().barbarians.warn  # the discards are shuffled into a new pile
    edit(game, barbarian_discard=[])
    meter = game.threats().barbarians
    assert meter.next_refresh == 1 and not meter.warn


def test_townsfolk_meter_warns_when_the_piles_hold_fewer_than_the_harvest_draws(game: Game) -> None:
    ready_of(game, 2)
    exhaust(game, 1)
    t = game.threats().townsfolk
    assert (t.ready, t.exhausted, t.harvest_draws, t.warn) == (2, 1, 4, True)
    place(game, "hand", game.deck[0])  # a card in hand goes to the Exhausted Pile once played
    t = game.threats().townsfolk
    assert (t.in_hand, t.warn) == (1, False)
    place(game, "discard", *game.hand)
    exhaust(game, 1)
    assert not game.threats().townsfolk.warn


def test_the_view_carries_the_threats(game: Game) -> None:
    assert game.view().threats == game.threats()


def test_no_warnings_once_the_canal_is_finished(game: Game) -> None:
    edit(game, built=6, flood=5)
    ready_of(game, 1)
    exhaust(game, 1)
    t = game.threats()
    assert not t.flood.warn and not t.townsfolk.warn  # the Round ends in a win first


# -- the meters count the hand -------------------------------------------------------


def hand_of(g: Game, n: int) -> Game:
    """Deal ``n`` cards from the Townsfolk Draw Pile into the hand, each one that only
    gives items, however it is used (nothing drawn, nothing to choose)."""
    plain = [c for c in g.deck if all(isinstance(s, Gain) for s in g.content.townsfolk[c].discarded)]
    return place(g, "hand", *plain[:n])


def next_harvest(g: Game, uses: list[str]) -> Game:
    """A copy of ``g`` whose hand is used as ``uses`` says, card by card ("play",
    "discard", "tuck"), then played on to the next Take Actions or to its end,
    suffering every attack."""
    trial = g.copy()
    for verb, card in zip(uses, list(trial.hand), strict=True):
        trial.apply(Action.parse(f"{verb}:{card}"))
    trial.apply(Action.parse("end"))
    while not trial.over and not (trial.phase is Phase.ACTIONS and trial.decision is None):
        settle(trial)
    return trial


EVERY_USE = (["play"] * 4, ["discard"] * 4, ["play", *["discard"] * 3], ["tuck", *["discard"] * 3])
"""Ways to use a hand of four: every card to the Exhausted Pile, none, one."""


def test_both_piles_empty_and_a_hand_of_four_lose_at_the_next_harvest_however_it_is_used(game: Game) -> None:
    townsfolk_row(game)
    ready_of(game, 0)
    hand_of(game, 4)
    t = game.threats()
    assert (t.flood.cards_before, t.flood.harvest_draws, t.flood.harvest_moves) == (0, 4, 1)
    assert t.flood.warn and t.flood.from_hand  # the Flood meter is red...
    assert not t.townsfolk.warn  # ...the Townsfolk meter is not: played, the hand covers the draws
    outcomes = {next_harvest(game, uses).outcome for uses in EVERY_USE}
    assert outcomes == {Outcome.FLOOD, Outcome.DAMAGE}


def test_the_flood_meter_says_when_building_the_next_section_this_round_saves_the_game(game: Game) -> None:
    townsfolk_row(game)
    ready_of(game, 2)
    exhaust(game, 3)
    flood = game.threats().flood
    assert flood.warn and flood.canal_saves  # one section short, the Barge free
    edit(game, barge=False)  # the Canal was built this Round already
    assert game.threats().flood.warn and not game.threats().flood.canal_saves
    edit(game, barge=True, built=1, flood=1)
    ready_of(game, 9)
    assert not game.threats().flood.warn and not game.threats().flood.canal_saves
    story = load(STORY)
    g = surge_next(story, built=1)
    ready_of(g, 0)
    exhaust(g, 3)
    flood = g.threats().flood
    assert flood.harvest_moves == 2 and flood.warn and flood.canal_saves  # onto 1, then onto 2
    edit(g, built=0)
    flood = g.threats().flood
    assert flood.warn and not flood.canal_saves  # two sections short: one Round builds one


def test_a_hand_reshuffled_onto_a_built_section_is_harmless_as_things_stand(game: Game) -> None:
    townsfolk_row(game)
    ready_of(game, 0)
    hand_of(game, 4)
    edit(game, built=1)  # as if the Canal were built this Round
    flood = game.threats().flood
    assert flood.harvest_moves == 1 and flood.from_hand and not flood.warn
    after = next_harvest(game, ["play"] * 4)
    assert not after.over and (after.round, after.flood) == (2, 1)
    assert next_harvest(game, ["discard"] * 4).outcome is Outcome.DAMAGE  # not every use is safe


def test_a_short_ready_pile_with_exhausted_cards_moves_the_flood_whatever_the_hand(game: Game) -> None:
    townsfolk_row(game)
    ready_of(game, 2)
    exhaust(game, 3)
    hand_of(game, 4)
    flood = game.threats().flood
    assert (flood.cards_before, flood.harvest_moves, flood.from_hand, flood.warn) == (2, 1, False, True)
    assert {next_harvest(game, uses).outcome for uses in EVERY_USE} == {Outcome.FLOOD}


def test_a_ready_pile_that_covers_the_harvest_leaves_the_flood_where_it_is(game: Game) -> None:
    townsfolk_row(game)
    ready_of(game, 4)
    hand_of(game, 4)
    flood, folk = game.threats().flood, game.threats().townsfolk
    assert (flood.harvest_moves, flood.from_hand, flood.warn, folk.warn) == (0, False, False, False)
    for uses in EVERY_USE:
        after = next_harvest(game, uses)
        assert not after.over and (after.round, after.flood) == (2, 0)


def test_the_next_section_built_makes_the_reshuffle_harmless(game: Game) -> None:
    townsfolk_row(game)
    edit(game, built=1)
    ready_of(game, 2)
    exhaust(game, 3)
    flood = game.threats().flood
    assert (flood.next_built, flood.harvest_moves, flood.warn) == (True, 1, False)
    after = next_harvest(game, [])
    assert not after.over and after.flood == 1


def surge_next(story: Content, built: int) -> Game:
    """A game of the story content with the levee rule, taking actions in the
    Round before the river surges, the Flood at its start."""
    setup = replace(Setup.base(story), modules=("levee",), campaign=Facts(game=1, modules=["levee"]))
    g = blank(new_game(3, story, setup))
    assert story.board.surge is not None
    return edit(g, round=story.board.surge - 1, flood=0, built=built)


def test_a_surge_and_a_reshuffle_from_the_hand_both_count() -> None:
    story = load(STORY)
    g = surge_next(story, built=1)
    townsfolk_row(g)
    ready_of(g, 8)
    flood = g.threats().flood
    assert (flood.surge_in, flood.harvest_moves, flood.warn) == (1, 1, False)  # onto built section 1
    ready_of(g, 0)
    hand_of(g, 4)
    flood = g.threats().flood
    assert (flood.harvest_moves, flood.from_hand, flood.warn) == (2, True, True)  # then onto section 2
    assert next_harvest(g, ["play"] * 4).outcome is Outcome.FLOOD
    g = surge_next(story, built=0)
    ready_of(g, 8)
    flood = g.threats().flood
    assert (flood.harvest_moves, flood.from_hand, flood.warn) == (1, False, True)  # the surge alone


# -- what loses the game ------------------------------------------------------------


def said(g: Game) -> list[str]:
    return [str(m) for m in lost_because(g)]


def test_nothing_loses_a_fresh_game(game: Game) -> None:
    assert lost_because(game) == ()


def test_what_loses_when_the_hand_alone_would_be_reshuffled(game: Game) -> None:
    edit(game, barge=False)  # the Canal was built this Round: no building saves it
    ready_of(game, 0)
    hand_of(game, 4)
    assert said(game) == [
        "As things stand, the Ready Pile holds 0 cards and the next Harvest draws 4. Every card you play "
        "or exhaust from your hand goes to the empty Exhausted Pile, which is then reshuffled: the Flood "
        "will move onto unbuilt Canal section 1 and the game will be lost; with no card there, the "
        "Harvest finds none to draw and the game is lost to Damage."
    ]


def test_what_loses_when_the_exhausted_pile_is_reshuffled(game: Game) -> None:
    edit(game, built=2, flood=2, barge=False)
    ready_of(game, 1)
    exhaust(game, 3)
    assert said(game) == [
        "As things stand, the Ready Pile holds 1 card and the next Harvest draws 4: the Exhausted Pile is "
        "reshuffled and the Flood will move onto unbuilt Canal section 3 and the game will be lost."
    ]
    hand_of(game, 2)
    assert said(game) == [
        "As things stand, the Ready Pile holds 1 card and the next Harvest draws 4: the Exhausted Pile is "
        "reshuffled and the Flood will move onto unbuilt Canal section 3 and the game will be lost, "
        "however your hand is used."
    ]


def test_what_loses_when_the_river_surges() -> None:
    g = surge_next(load(STORY), built=0)
    edit(g, barge=False)
    ready_of(g, 8)
    assert said(g) == [
        "As things stand, the river surges at the next Harvest: the Flood will move onto unbuilt Canal "
        "section 1 and the game will be lost."
    ]


def test_what_loses_when_the_piles_run_out(game: Game) -> None:
    edit(game, barge=False)
    ready_of(game, 3)
    assert said(game) == [
        "As things stand, the Ready and Exhausted Piles, with your hand played onto them, hold 3 Townsfolk "
        "cards and the next Harvest draws 4: the game will be lost to Damage."
    ]
    ready_of(game, 2)
    hand_of(game, 1)  # played, it would be reshuffled first: the Flood too
    reasons = said(game)
    assert len(reasons) == 2
    assert "Every card you play" in reasons[0] and "hold 3 Townsfolk cards" in reasons[1]


def test_what_loses_says_whether_the_next_section_can_still_be_paid_for(game: Game) -> None:
    townsfolk_row(game)
    ready_of(game, 2)
    exhaust(game, 3)
    assert game.threats().flood.canal_saves
    assert said(game)[1:] == [
        "Building Canal section 1 this Round would make that move harmless, but you cannot pay for it now."
    ]
    give(game, white=3, red=3, blue=3, black=3, yellow=3, cowrie=5)
    assert any(a.kind is Kind.CANAL for a in game.legal_actions())
    assert said(game)[1:] == ["Building Canal section 1 this Round would make that move harmless."]


def test_what_loses_when_the_seventh_barbarian_comes(game: Game) -> None:
    with_barbarians(game, "b01", "b02", "b03", "b04", "b05", "b06")
    assert not any(a.kind is Kind.ATTACK for a in game.legal_actions())
    assert said(game) == [
        "As things stand, the next Refresh adds 1 Barbarian band to the 6 in the Card Row: the seventh "
        "arrives and the game is lost, and you cannot attack any of them now."
    ]
    give(game, white=3, red=3, blue=3, black=3, yellow=3, provision=5)
    assert any(a.kind is Kind.ATTACK for a in game.legal_actions())
    assert said(game) == [
        "As things stand, the next Refresh adds 1 Barbarian band to the 6 in the Card Row: the seventh "
        "arrives and the game is lost, unless you defeat one first."
    ]


def test_what_loses_says_the_refresh_before_the_harvest(game: Game) -> None:
    edit(game, barge=False)
    with_barbarians(game, "b01", "b02", "b03", "b04", "b05", "b06")
    ready_of(game, 2)
    exhaust(game, 3)
    reasons = said(game)
    assert len(reasons) == 2 and "Refresh" in reasons[0] and "Exhausted Pile is reshuffled" in reasons[1]


# -- copying a game ------------------------------------------------------------------


def test_a_copy_equals_its_original_and_then_goes_its_own_way(game: Game) -> None:
    give(game, cowrie=3)
    copy = game.copy()
    assert type(copy) is Game
    assert copy.to_dict() == game.to_dict()
    before = game.to_dict()
    copy.apply(Action.parse("end"))
    while copy.decision is not None:
        copy.apply(min(copy.legal_actions(), key=str))
    assert copy.round == 2
    assert game.to_dict() == before
    game.apply(Action.parse("trade:1:clay"))
    assert copy.have != game.have


def test_a_copy_copies_every_list_the_game_changes(content: Content) -> None:
    g = State(content, 1)
    lists = {name for name, value in vars(g).items() if isinstance(value, list)}
    assert lists - {"events"} <= set(State.MUTABLE)


def test_a_copy_of_a_campaign_game_has_its_own_chapter() -> None:
    c = Campaign.new(5, load(STORY))
    assert c.game is not None and c.game.chapter is not None
    copy = c.game.copy()
    assert copy.chapter is not None and copy.chapter is not c.game.chapter
    copy.chapter.read.append(99)
    copy.chapter.facts.read.append(99)
    assert 99 not in c.game.chapter.read and 99 not in c.game.chapter.facts.read


# -- the risk of an action -----------------------------------------------------------


def test_end_that_lets_the_harvest_move_the_flood_onto_an_unbuilt_section_loses(game: Game) -> None:
    townsfolk_row(game)
    ready_of(game, 2)
    exhaust(game, 3)
    risk = game.risk(Action.parse("end"))
    assert risk.loses is Outcome.FLOOD and risk.dooms is None and risk.danger and risk.reveals
    assert str(risk.reason) == (
        "Ending Take Actions: in the next Harvest the Flood moves onto unbuilt Canal section 1 "
        "and the game is lost."
    )


def test_suffer_that_destroys_past_the_ready_pile_onto_an_unbuilt_section_loses(game: Game) -> None:
    with_barbarians(game, "b06")  # damage 2
    edit(game, built=1, flood=1)
    ready_of(game, 1)
    exhaust(game, 3)
    game.apply(Action.parse("end"))
    assert game.decision == Bribe(6)
    risk = game.risk(Action.parse("suffer"))
    assert risk.loses is Outcome.FLOOD
    assert (
        str(risk.reason)
        == "Suffering destroys 2 cards: the Flood moves onto unbuilt Canal section 2 and the game is lost."
    )


def test_suffer_that_leaves_no_townsfolk_loses_to_damage(game: Game) -> None:
    with_barbarians(game, "b06")
    ready_of(game, 1)
    game.apply(Action.parse("end"))
    risk = game.risk(Action.parse("suffer"))
    assert risk.loses is Outcome.DAMAGE
    assert "no Townsfolk are left" in str(risk.reason)


def test_suffer_that_dooms_the_next_harvest_to_the_flood(game: Game) -> None:
    with_barbarians(game, "b06", "b01")
    edit(game, built=1, flood=1)
    ready_of(game, 5)
    exhaust(game, 2)
    game.apply(Action.parse("end"))
    assert game.decision == Bribe(5)
    risk = game.risk(Action.parse("suffer"))
    assert risk.loses is None and risk.dooms is Outcome.FLOOD and risk.danger
    assert str(risk.reason) == (
        "This leaves 3 cards in the Ready Pile and the next Harvest draws 4: "
        "the Flood will move onto unbuilt Canal section 2 and the game will be lost."
    )


def test_bribe_that_keeps_the_ready_pile_does_not_doom(game: Game) -> None:
    with_barbarians(game, "b06", "b01")
    edit(game, built=1, flood=1)
    ready_of(game, 5)
    exhaust(game, 2)
    give(game, red=1)
    game.apply(Action.parse("end"))
    risk = game.risk(Action.parse("bribe:R"))
    assert risk == Risk(reveals=False)
    assert not risk.danger


def test_suffer_that_dooms_the_next_harvest_to_damage(game: Game) -> None:
    with_barbarians(game, "b06", "b01")
    ready_of(game, 5)
    game.apply(Action.parse("end"))
    risk = game.risk(Action.parse("suffer"))
    assert risk.dooms is Outcome.DAMAGE
    assert str(risk.reason) == (
        "This leaves 3 Townsfolk cards in the Ready and Exhausted Piles and the next Harvest draws 4: "
        "the game will be lost to Damage."
    )


def test_no_damage_doom_while_a_card_in_hand_could_still_be_exhausted(game: Game) -> None:
    with_barbarians(game, "b06", "b01")
    ready_of(game, 5)
    edit(game, built=2)  # trade 3 is open: exhaust a card from hand for 2 cowrie
    game.apply(Action.parse("end"))
    place(game, "hand", game.deck[0])
    assert not game.risk(Action.parse("suffer")).danger


def test_end_that_leaves_seven_barbarians_for_the_refresh_dooms(game: Game) -> None:
    with_barbarians(game, "b01", "b02", "b03", "b04", "b05", "b06")
    risk = game.risk(Action.parse("end"))
    assert risk.dooms is Outcome.BARBARIANS
    assert str(risk.reason).startswith("This leaves 6 Barbarian bands in the Card Row and the Refresh adds 1")


def test_suffer_that_lets_the_refresh_bring_a_seventh_band_loses(game: Game) -> None:
    with_barbarians(game, "b01", "b02", "b03", "b04", "b05", "b06")
    ready_of(game, 9)
    game.apply(Action.parse("end"))
    while game.decision != Bribe(6):
        game.apply(Action.parse("suffer"))
    risk = game.risk(Action.parse("suffer"))
    assert risk.loses is Outcome.BARBARIANS
    assert str(risk.reason) == (
        "Suffering destroys 2 cards: a seventh Barbarian band joins the Card Row and the game is lost."
    )


def test_what_reveals_and_what_does_not(game: Game) -> None:
    give(game, cowrie=3, white=1, clay=3, wood=1)
    place(game, "hand", "t23", "t01")  # t23: play draws a Townsfolk card
    assert game.risk(Action.parse("play:t23")).reveals
    assert not game.risk(Action.parse("tuck:t01")).reveals
    assert not game.risk(Action.parse("trade:1:clay")).reveals
    build = next(a for a in game.legal_actions() if a.key.startswith("build:hut1"))
    assert game.risk(build).reveals
    assert not game.risk(build).danger


def test_ending_the_actions_reveals_once_the_round_runs_on(game: Game) -> None:
    # It stops at the first attack: nothing shown yet.
    assert game.risk(Action.parse("end")) == Risk(reveals=False)
    townsfolk_row(game)
    risk = game.risk(Action.parse("end"))
    assert risk.reveals and not risk.danger and risk.reason is None


def test_risk_of_an_illegal_action_is_refused(game: Game) -> None:
    with pytest.raises(IllegalAction):
        game.risk(Action.parse("suffer"))
    with pytest.raises(IllegalAction):
        game.risk(Action.parse("not an action"))


def test_risk_leaves_the_game_as_it_was(game: Game) -> None:
    with_barbarians(game, "b06", "b01")
    edit(game, built=1, flood=1)
    ready_of(game, 5)
    exhaust(game, 2)
    give(game, cowrie=4, red=1, white=1, clay=1, wood=1)
    place(game, "hand", "t23")
    before = game.to_dict()
    for action in game.legal_actions():
        game.risk(action)
    assert game.to_dict() == before
    game.apply(Action.parse("play:t23"))
    for card in list(game.hand):
        game.apply(Action.parse(f"discard:{card}"))
    game.apply(Action.parse("end"))
    before = game.to_dict()
    for action in game.legal_actions():
        game.risk(action)
    assert game.to_dict() == before


def twins(content: Content) -> tuple[Game, Game]:
    """Two games the player cannot tell apart: the same public view, the
    hidden cards in another order and another split between the Ready Pile
    and the Townsfolk Draw Pile, another hidden random state."""
    a = blank(new_game(4, content))
    b = Game.from_dict(a.to_dict(), content)
    b.ready.reverse()
    b.ready[0], b.deck[0] = b.deck[0], b.ready[0]
    b.barbarian_deck.reverse()
    b.rng.state ^= 0x5DEECE66D
    edit(b, hut_cards=b.hut_cards[::-1])
    assert a.view() == b.view()
    assert a.to_dict() != b.to_dict()
    return a, b


def test_risk_does_not_depend_on_the_hidden_order(content: Content) -> None:
    a, b = twins(content)
    for g in (a, b):
        with_barbarians(g, "b06", "b01")
        edit(g, built=1, flood=1)
        ready_of(g, 5)
        g.exhausted.extend(g.deck[-2:])
        del g.deck[-2:]
        give(g, red=1, cowrie=3)
    assert a.view() == b.view()
    for g in (a, b):
        g.apply(Action.parse("end"))
    assert a.view() == b.view()
    risks = [[g.risk(action) for action in g.legal_actions()] for g in (a, b)]
    assert risks[0] == risks[1]
    assert any(r.dooms is Outcome.FLOOD for r in risks[0])


def test_the_risk_of_ending_does_not_depend_on_the_hidden_order(content: Content) -> None:
    a, b = twins(content)
    for g in (a, b):
        townsfolk_row(g)
        ready_of(g, 2)
        g.exhausted.extend(g.deck[-3:])
        del g.deck[-3:]
    assert a.view() == b.view()
    assert a.risk(Action.parse("end")) == b.risk(Action.parse("end"))


def test_a_loss_that_hangs_on_the_hidden_cards_is_not_claimed(game: Game) -> None:
    # Building the Hut turns over a face-down Hut card: only h5 reveals a
    # Barbarian, the seventh; the player cannot know which card it is.
    with_barbarians(game, "b01", "b02", "b03", "b04", "b05", "b06")
    give(game, white=1, clay=3, wood=1)
    edit(game, built=1, hut_cards=["h1", "h2", "h3", "h5"], hut_box=["h4", "h6"])
    build = Action.parse("build:hut1:2:W")  # site 2 covers 1 clay: nothing to choose before the Hut card
    risk = game.risk(build)
    assert risk.reveals and not risk.danger
    edit(game, hut_cards=["h1", "h2", "h3", "h4"], hut_box=["h5", "h6"])
    assert game.risk(build) == risk
    edit(game, hut_cards=["h5"], hut_box=[])  # now it can only be h5
    assert game.risk(build).loses is Outcome.BARBARIANS


def test_what_risk_claims_comes_true_in_play(content: Content) -> None:
    """A loss claimed happens; a doom claimed ends the game before the next
    Take Actions, however the player goes on."""
    claims = 0
    for seed in range(6):
        g = new_game(seed, content)
        rng = Rng(seed)
        while not g.over:
            actions = g.legal_actions()
            for action in actions:
                risk = g.risk(action)
                if not risk.danger:
                    continue
                claims += 1
                h = g.copy()
                h.apply(action)
                while not h.over and not (h.phase is Phase.ACTIONS and h.decision is None):
                    options = h.legal_actions()
                    h.apply(options[rng.below(len(options))])
                assert h.outcome in LOSSES, (seed, action.key, risk)
                if risk.loses:
                    assert h.outcome is risk.loses
            g.apply(actions[rng.below(len(actions))])
    assert claims


def test_the_risks_of_a_states_actions_share_their_shuffled_copies_and_come_out_the_same(
    content: Content,
) -> None:
    """Each action's risk tried on copies of the trials' shuffles made once for the state is the
    risk tried on shuffles of its own, and leaves the shared copies as they were made."""
    compared = dangers = 0
    for seed in range(4):
        g = new_game(seed, content)
        rng = Rng(seed)
        while not g.over:
            actions = g.legal_actions()
            dealt: Dealt = {}
            for action in actions:
                shared = g.risk(action, dealt=dealt)
                assert shared == g.risk(action), (seed, action.key)
                compared += 1
                dangers += shared.danger
            for k, copy in dealt.items():
                fresh: Dealt = {}
                g.risk(actions[0], dealt=fresh)
                if k in fresh:
                    assert copy.to_dict() == fresh[k].to_dict()
            g.apply(actions[rng.below(len(actions))])
    assert compared > 500 and dangers


# -- the campaign ------------------------------------------------------------------------


def test_campaign_risk_goes_to_the_game_and_its_end_reveals() -> None:
    c = Campaign.new(5, load(STORY))
    assert c.game is not None
    g = blank(c.game)
    townsfolk_row(g)
    ready_of(g, 2)
    exhaust(g, 3)
    risk = c.risk(Action.parse("end"))
    assert risk.loses is Outcome.FLOOD and risk.reveals


def test_campaign_risk_between_games_reveals_and_never_loses() -> None:
    c = Campaign.new(5, load(STORY))
    assert c.game is not None
    c.game.outcome = Outcome.WON
    c.game.phase = Phase.OVER
    c._finish_game()
    while c.decision is not None:
        assert c.risk(Action.parse("choose:1")) == Risk(reveals=True)
        c.apply(Action.parse("choose:1"))
    assert c.risk(Action.parse("next")) == Risk(reveals=True)
    with pytest.raises(IllegalAction):
        c.risk(Action.parse("end"))


# -- picks the Main Supply cannot give ------------------------------------------------


def test_a_pick_of_an_item_the_main_supply_lacks_is_refused_with_the_reason(game: Game) -> None:
    clay, wood = INDEX["clay"], INDEX["wood"]
    edit(game, stack=[Pick((clay, wood), 1)])
    game.supply[clay] = 0
    assert keys(game) >= {"pick:wood"} and "pick:clay" not in keys(game)
    assert why(game, "pick:clay") == "The Main Supply has none of it left."
    refused = [o for o in game.options() if o.target.key == "pick:clay"]
    assert refused and str(refused[0].refusal) == "The Main Supply has none of it left."


def test_end_that_leaves_only_forced_answers_to_a_loss_dooms(game: Game) -> None:
    blank(game)  # nothing to bribe with, nothing to trade
    with_barbarians(game, "b06", "b11")  # 2 damage each: the Ready Pile is empty by the Harvest
    ready_of(game, 4)
    assert not game.exhausted
    risk = game.risk(Action.parse("end"))
    assert risk.dooms is Outcome.DAMAGE and not risk.loses
    assert str(risk.reason).startswith("After this you have no choice left")
    give(game, cowrie=2)  # now the second band can be bribed: the loss is no longer certain
    assert not game.risk(Action.parse("end")).danger
