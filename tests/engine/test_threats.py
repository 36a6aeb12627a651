"""Threat meters and the risk of an action: the Flood, the Barbarians and
Damage as things stand, and what an action would do to them (worked out on
copies of the game, without peeking at hidden cards)."""

from __future__ import annotations

from pathlib import Path

import pytest
from scenario import blank, edit, fill_ready, give, keys, place, set_row

from engine.rng import Rng
from engine.yu import Content, Game, IllegalAction, load, new_game
from engine.yu.campaign import Campaign
from engine.yu.items import INDEX
from engine.yu.rules import harvest_steps, shore_barbarians
from engine.yu.state import LOSSES, Outcome, Phase, State
from engine.yu.steps import Bribe, Choice, Draw, Option, Pick
from engine.yu.threats import Risk, harvest_draws

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
    game.apply("end")
    while game.decision is not None:
        game.apply(sorted(keys(game))[0])
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


# -- copying a game ------------------------------------------------------------------


def test_a_copy_equals_its_original_and_then_goes_its_own_way(game: Game) -> None:
    give(game, cowrie=3)
    copy = game.copy()
    assert type(copy) is Game
    assert copy.to_dict() == game.to_dict()
    before = game.to_dict()
    copy.apply("end")
    while copy.decision is not None:
        copy.apply(sorted(keys(copy))[0])
    assert copy.round == 2
    assert game.to_dict() == before
    game.apply("trade:1:clay")
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
    risk = game.risk("end")
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
    game.apply("end")
    assert game.decision == Bribe(6)
    risk = game.risk("suffer")
    assert risk.loses is Outcome.FLOOD
    assert (
        str(risk.reason)
        == "Suffering destroys 2 cards: the Flood moves onto unbuilt Canal section 2 and the game is lost."
    )


def test_suffer_that_leaves_no_townsfolk_loses_to_damage(game: Game) -> None:
    with_barbarians(game, "b06")
    ready_of(game, 1)
    game.apply("end")
    risk = game.risk("suffer")
    assert risk.loses is Outcome.DAMAGE
    assert "no Townsfolk are left" in str(risk.reason)


def test_suffer_that_dooms_the_next_harvest_to_the_flood(game: Game) -> None:
    with_barbarians(game, "b06", "b01")
    edit(game, built=1, flood=1)
    ready_of(game, 5)
    exhaust(game, 2)
    game.apply("end")
    assert game.decision == Bribe(5)
    risk = game.risk("suffer")
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
    game.apply("end")
    risk = game.risk("bribe:R")
    assert risk == Risk(reveals=False)
    assert not risk.danger


def test_suffer_that_dooms_the_next_harvest_to_damage(game: Game) -> None:
    with_barbarians(game, "b06", "b01")
    ready_of(game, 5)
    game.apply("end")
    risk = game.risk("suffer")
    assert risk.dooms is Outcome.DAMAGE
    assert str(risk.reason) == (
        "This leaves 3 Townsfolk cards in the Ready and Exhausted Piles and the next Harvest draws 4: "
        "the game will be lost to Damage."
    )


def test_no_damage_doom_while_a_card_in_hand_could_still_be_exhausted(game: Game) -> None:
    with_barbarians(game, "b06", "b01")
    ready_of(game, 5)
    edit(game, built=2)  # trade 3 is open: exhaust a card from hand for 2 cowrie
    game.apply("end")
    place(game, "hand", game.deck[0])
    assert not game.risk("suffer").danger


def test_end_that_leaves_seven_barbarians_for_the_refresh_dooms(game: Game) -> None:
    with_barbarians(game, "b01", "b02", "b03", "b04", "b05", "b06")
    risk = game.risk("end")
    assert risk.dooms is Outcome.BARBARIANS
    assert str(risk.reason).startswith("This leaves 6 Barbarian bands in the Card Row and the Refresh adds 1")


def test_suffer_that_lets_the_refresh_bring_a_seventh_band_loses(game: Game) -> None:
    with_barbarians(game, "b01", "b02", "b03", "b04", "b05", "b06")
    ready_of(game, 9)
    game.apply("end")
    while game.decision != Bribe(6):
        game.apply("suffer")
    risk = game.risk("suffer")
    assert risk.loses is Outcome.BARBARIANS
    assert str(risk.reason) == (
        "Suffering destroys 2 cards: a seventh Barbarian band joins the Card Row and the game is lost."
    )


def test_what_reveals_and_what_does_not(game: Game) -> None:
    give(game, cowrie=3, white=1, clay=3, wood=1)
    place(game, "hand", "t23", "t01")  # t23: play draws a Townsfolk card
    assert game.risk("play:t23").reveals
    assert not game.risk("tuck:t01").reveals
    assert not game.risk("trade:1:clay").reveals
    build = next(k for k in keys(game) if k.startswith("build:hut1"))
    assert game.risk(build).reveals
    assert not game.risk(build).danger


def test_ending_the_actions_reveals_once_the_round_runs_on(game: Game) -> None:
    assert game.risk("end") == Risk(reveals=False)  # it stops at the first attack: nothing shown yet
    townsfolk_row(game)
    risk = game.risk("end")
    assert risk.reveals and not risk.danger and risk.reason is None


def test_risk_of_an_illegal_action_is_refused(game: Game) -> None:
    with pytest.raises(IllegalAction):
        game.risk("suffer")
    with pytest.raises(IllegalAction):
        game.risk("not an action")


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
    game.apply("play:t23")
    for card in list(game.hand):
        game.apply(f"discard:{card}")
    game.apply("end")
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
        g.apply("end")
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
    assert a.risk("end") == b.risk("end")


def test_a_loss_that_hangs_on_the_hidden_cards_is_not_claimed(game: Game) -> None:
    # Building the Hut turns over a face-down Hut card: only h5 reveals a
    # Barbarian, the seventh; the player cannot know which card it is.
    with_barbarians(game, "b01", "b02", "b03", "b04", "b05", "b06")
    give(game, white=1, clay=3, wood=1)
    edit(game, built=1, hut_cards=["h1", "h2", "h3", "h5"], hut_box=["h4", "h6"])
    build = "build:hut1:2:W"  # site 2 covers 1 clay: nothing to choose before the Hut card
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


# -- the campaign ------------------------------------------------------------------------


def test_campaign_risk_goes_to_the_game_and_its_end_reveals() -> None:
    c = Campaign.new(5, load(STORY))
    assert c.game is not None
    g = blank(c.game)
    townsfolk_row(g)
    ready_of(g, 2)
    exhaust(g, 3)
    risk = c.risk("end")
    assert risk.loses is Outcome.FLOOD and risk.reveals


def test_campaign_risk_between_games_reveals_and_never_loses() -> None:
    c = Campaign.new(5, load(STORY))
    assert c.game is not None
    c.game.outcome = Outcome.WON
    c.game.phase = Phase.OVER
    c._finish_game()
    while c.decision is not None:
        assert c.risk("choose:1") == Risk(reveals=True)
        c.apply("choose:1")
    assert c.risk("next") == Risk(reveals=True)
    with pytest.raises(IllegalAction):
        c.risk("end")


# -- picks the Main Supply cannot give ------------------------------------------------


def test_a_pick_of_an_item_the_main_supply_lacks_is_refused_with_the_reason(game: Game) -> None:
    clay, wood = INDEX["clay"], INDEX["wood"]
    edit(game, stack=[Pick((clay, wood), 1)])
    game.supply[clay] = 0
    assert keys(game) >= {"pick:wood"} and "pick:clay" not in keys(game)
    assert str(game.explain("pick:clay")) == "The Main Supply has none of it left."
    refused = [o for o in game.options() if o.target.key == "pick:clay"]
    assert refused and str(refused[0].refusal) == "The Main Supply has none of it left."


def test_end_that_leaves_only_forced_answers_to_a_loss_dooms(game: Game) -> None:
    blank(game)  # nothing to bribe with, nothing to trade
    with_barbarians(game, "b06", "b11")  # 2 damage each: the Ready Pile is empty by the Harvest
    ready_of(game, 4)
    assert not game.exhausted
    risk = game.risk("end")
    assert risk.dooms is Outcome.DAMAGE and not risk.loses
    assert str(risk.reason).startswith("After this you have no choice left")
    give(game, cowrie=2)  # now the second band can be bribed: the loss is no longer certain
    assert not game.risk("end").danger
