"""The rule modules the story turns on: food, fortress, fortuity, skills,
levee and warlords (on the tests' small campaign content)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from scenario import blank, edit, fill_ready, give, have, keys, place, resolve, set_row, why

from engine.yu import Action, Event, Game, IllegalAction, new_game
from engine.yu.bots.roster import make_bot
from engine.yu.content import words
from engine.yu.content.items import Cost
from engine.yu.content.loader import Content, load
from engine.yu.content.steps import Bribe, Harvest, Read, Retire, SufferAttacks
from engine.yu.rules.actions import Kind
from engine.yu.rules.interpreter import Facts
from engine.yu.rules.rules import LEVEE_SPACES, food_wanted
from engine.yu.rules.setup import Setup
from engine.yu.rules.state import Outcome, Phase
from engine.yu.rules.view import BribeView, ChoiceView

STORY = Path(__file__).parent / "campaign_content"


@pytest.fixture(scope="module")
def story() -> Content:
    return load(STORY)


def game_with(story: Content, *modules: str, seed: int = 3, **setup: object) -> Game:
    base = Setup.base(story)
    facts = Facts(game=1, modules=list(modules))
    chosen = replace(base, modules=modules, campaign=facts, **setup)  # type: ignore[arg-type]
    return blank(new_game(seed, story, chosen))


def food_card(g: Game, food: str, exclude: tuple[str, ...] = ()) -> str:
    return next(
        c
        for c in sorted(g.content.townsfolk)
        if g.content.townsfolk[c].food == food and c in g.in_play and c not in exclude
    )


# -- food -------------------------------------------------------------------


def test_food_the_settlement_asks_for_a_new_food_each_round(story: Content) -> None:
    g = game_with(story, "food")
    asked = []
    for r in range(1, 6):
        edit(g, round=r)
        asked.append(food_wanted(g))
    assert asked == ["meat", "fish", "wheat", "milk", "meat"]


def test_food_a_card_with_the_wanted_food_feeds_the_settlement(story: Content) -> None:
    g = game_with(story, "food")
    want = food_wanted(g)
    right = food_card(g, want)
    wrong = food_card(g, "milk" if want != "milk" else "fish")
    place(g, "hand", right, wrong)
    assert f"feed:{right}" in keys(g) and f"feed:{wrong}" not in keys(g)
    g.apply(Action.parse(f"feed:{right}"))
    assert g.fed and g.exhausted[-1] == right and sum(g.have) == 0
    assert not any(k.startswith("feed:") for k in keys(g))


def test_food_the_stores_can_feed_the_settlement_instead(story: Content) -> None:
    g = game_with(story, "food")
    assert "feed:provision" not in keys(g)
    give(g, provision=2)
    g.apply(Action.parse("feed:provision"))
    assert g.fed and have(g)["provision"] == 0


def test_food_an_unfed_round_costs_a_townsfolk_card(story: Content) -> None:
    g = game_with(story, "food")
    ready = len(g.ready)
    events = g.apply(Action.parse("end"))
    assert any(e.kind == "hunger" for e in events)
    assert len(g.ready) <= ready - 1 or g.flood > 0


def test_food_a_fed_round_costs_nothing(story: Content) -> None:
    g = game_with(story, "food")
    give(g, provision=2)
    g.apply(Action.parse("feed:provision"))
    events = g.apply(Action.parse("end"))
    assert not any(e.kind == "hunger" for e in events)


def test_food_is_asked_again_after_the_next_harvest(story: Content) -> None:
    g = game_with(story, "food")
    give(g, provision=2)
    g.apply(Action.parse("feed:provision"))
    resolve(g, Harvest())
    assert not g.fed


def test_food_without_the_module_the_icons_do_nothing(story: Content) -> None:
    g = game_with(story)
    place(g, "hand", food_card(g, food_wanted(g)))
    assert not any(k.startswith("feed") for k in keys(g))


# -- fortress ---------------------------------------------------------------------


def test_fortress_can_be_built_only_with_its_rule(story: Content) -> None:
    without = game_with(story)
    give(without, white=2, clay=2, wood=2)
    assert not any(k.startswith("build:fortress") for k in keys(without))
    g = game_with(story, "fortress")
    give(g, white=2, clay=2, wood=2)
    g.apply(Action.parse("build:fortress:1:WW"))
    assert g.sites[0] == "fortress"


def test_fortress_drives_off_the_first_barbarian_to_attack_each_round(story: Content) -> None:
    g = game_with(story, "fortress")
    g.sites[0] = "fortress"
    bands = [c for c in g.barbarian_deck[:2]]
    set_row(g, [None, None, None, None, None, bands[0], bands[1]])
    events = resolve(g, SufferAttacks())
    assert any(e.kind == "fortress" and story.name(bands[0]) in e.text for e in events)
    assert bands[0] not in g.row and g.barbarian_discard[-1] == bands[0]
    assert g.row[6] == bands[1]
    assert g.decision is None or g.decision == Bribe(6)


def test_fortress_the_barbarian_meter_counts_the_one_it_will_drive_off(story: Content) -> None:
    g = game_with(story, "fortress")
    bands = g.barbarian_deck[:6]
    set_row(g, [None, *bands])
    assert g.threats().barbarians.warn  # six stay and one comes: not built yet
    g.sites[0] = "fortress"
    assert not g.threats().barbarians.warn and g.threats().barbarians.driven_off == 1
    edit(g, phase=Phase.ATTACKS)  # this Round's attacks have begun: it has driven its one off
    assert g.threats().barbarians.warn and g.threats().barbarians.driven_off == 0


# -- fortuity ---------------------------------------------------------------------


def test_fortuity_a_card_is_played_once_at_any_moment_then_goes_to_history(story: Content) -> None:
    g = game_with(story, "fortuity", fortunes=("sf1",))
    g.in_play = sorted([*g.in_play, "sf1"])
    g.fortunes = ["sf1"]
    edit(g)
    assert "fortune:sf1" in keys(g)
    g.apply(Action.parse("fortune:sf1"))
    assert have(g)["provision"] == 2 and g.fortunes == []
    assert g.chapter is not None and Retire(("sf1",)) in g.chapter.pending
    with pytest.raises(IllegalAction):
        g.apply(Action.parse("fortune:sf1"))


def test_fortuity_cards_wait_for_their_rule(story: Content) -> None:
    g = game_with(story, fortunes=("sf1",))
    assert "fortune:sf1" not in keys(g)


# -- skills ----------------------------------------------------------------------


def test_skills_add_their_harvest_and_start_items(story: Content) -> None:
    g = new_game(
        4,
        story,
        replace(Setup.base(story), ongoing=("sk1",), modules=("skills",)),
    )
    assert g.have[8] >= 2  # the printed Provision and the Skill's start Provision
    blank(g)
    resolve(g, Harvest())
    assert have(g)["cowrie"] == 2  # the printed Cowrie and the Skill's


def test_skills_do_nothing_without_their_rule(story: Content) -> None:
    g = blank(new_game(4, story, replace(Setup.base(story), ongoing=("sk1",))))
    resolve(g, Harvest())
    assert have(g)["cowrie"] == 1


# -- levee -----------------------------------------------------------------------------


def test_levee_pushes_the_flood_back_once_a_game(story: Content) -> None:
    g = game_with(story, "levee")
    give(g, white=4, clay=4)
    assert not any(k.startswith("levee") for k in keys(g))  # the Flood has not moved yet
    edit(g, flood=3, built=3)
    g.apply(Action.parse("levee:WW"))
    assert g.flood == 3 - LEVEE_SPACES and g.levee_used
    edit(g, flood=1)
    assert not any(k.startswith("levee") for k in keys(g))
    again = game_with(story, "levee")
    give(again, white=2, clay=2)
    edit(again, flood=1, built=1)
    again.apply(Action.parse("levee:WW"))
    assert again.flood == 0  # never past its start


def test_levee_costing_no_workers_is_one_plain_action(story: Content) -> None:
    earthworks = replace(story, board=replace(story.board, levee=Cost(resources=(0, 1, 1, 0))))
    g = blank(new_game(3, earthworks, replace(Setup.base(earthworks), modules=("levee",))))
    give(g, clay=1, wood=1)
    edit(g, flood=1, built=1)
    assert [k for k in keys(g) if k.startswith("levee")] == ["levee"]
    g.apply(Action.parse("levee"))
    assert g.flood == 0 and have(g)["clay"] == have(g)["wood"] == 0


def test_levee_needs_its_rule(story: Content) -> None:
    g = game_with(story)
    give(g, white=2, clay=2)
    edit(g, flood=1, built=1)
    assert why(g, "levee:WW") is not None


def flood_after_harvest(story: Content, round_: int, *modules: str, built: int = 1) -> Game:
    g = game_with(story, *modules)
    fill_ready(g, 8)
    edit(g, round=round_, flood=0, built=built)
    resolve(g, Harvest())
    return g


def test_levee_the_river_surges_at_the_harvest_of_its_round(story: Content) -> None:
    surge = story.board.surge
    assert surge is not None
    assert flood_after_harvest(story, surge, "levee").flood == 1
    assert flood_after_harvest(story, surge + 1, "levee").flood == 0
    assert flood_after_harvest(story, surge).flood == 0  # not without the rule
    lost = flood_after_harvest(story, surge, "levee", built=0)
    assert lost.outcome is Outcome.FLOOD and str(lost.cause).endswith("when the river surged.")


def surge_coming(story: Content, *modules: str, built: int = 1) -> Game:
    """A game taking actions in the Round before the surge, the Flood at its start."""
    g = game_with(story, *modules)
    fill_ready(g, 8)
    assert story.board.surge is not None
    return edit(g, round=story.board.surge - 1, flood=0, built=built)


def test_levee_the_flood_meter_warns_of_a_surge_onto_an_unbuilt_section(story: Content) -> None:
    flood = surge_coming(story, "levee", built=0).threats().flood
    assert flood.surge_in == 1 and flood.warn
    flood = surge_coming(story, "levee").threats().flood
    assert flood.surge_in == 1 and not flood.warn
    flood = surge_coming(story, built=0).threats().flood
    assert flood.surge_in is None and not flood.warn
    early = surge_coming(story, "levee", built=0)
    edit(early, round=early.round - 1)
    assert early.threats().flood.surge_in == 2 and not early.threats().flood.warn


def test_levee_ending_actions_before_a_surge_onto_an_unbuilt_section_loses(story: Content) -> None:
    g = surge_coming(story, "levee", built=0)
    assert g.risk(Action.parse("end")).dooms is Outcome.FLOOD  # the Barbarians ask for bribes first
    assert str(g.risk(Action.parse("end")).reason) == (
        "The river surges at the next Harvest: the Flood will move onto unbuilt Canal section 1 "
        "and the game will be lost."
    )
    set_row(g, [c if c in story.townsfolk else None for c in g.row])
    risk = g.risk(Action.parse("end"))
    assert risk.loses is Outcome.FLOOD
    assert str(risk.reason) == (
        "Ending Take Actions: in the next Harvest the river surges, "
        "the Flood moves onto unbuilt Canal section 1 and the game is lost."
    )
    assert not surge_coming(story, built=0).risk(Action.parse("end")).danger


def test_levee_a_surge_and_a_reshuffle_in_one_harvest_doom_a_section_too_few(story: Content) -> None:
    g = surge_coming(story, "levee", built=2)
    edit(g, flood=1)
    while len(g.ready) > 2:
        g.exhausted.append(g.ready.pop())
    risk = g.risk(Action.parse("end"))  # the Barbarians ask for bribes first
    assert risk.dooms is Outcome.FLOOD
    assert str(risk.reason) == (
        "This leaves 2 cards in the Ready Pile and the next Harvest draws 4, after the river surges: "
        "the Flood will move onto unbuilt Canal section 3 and the game will be lost."
    )
    assert surge_coming(story, "levee", built=2).threats().flood.warn is False


def test_levee_the_bot_raises_it_before_a_surge_that_would_lose(story: Content) -> None:
    g = surge_coming(story, "levee")
    edit(g, flood=1)
    give(g, white=2, clay=2)
    assert make_bot("heuristic", 1).choose(g).kind is Kind.LEVEE


# -- warlords ----------------------------------------------------------------------------


def test_warlords_a_leader_makes_the_other_barbarians_hit_harder(story: Content) -> None:
    from engine.yu.rules.rules import damage

    g = game_with(story, "warlords", barbarians=(*Setup.base(story).barbarians, "bs1"))
    other = next(c for c in g.barbarian_deck if c != "bs1")
    set_row(g, [None, None, None, None, None, "bs1", other])
    assert damage(g, 6) == story.barbarians[other].damage + 1
    assert damage(g, 5) == story.barbarians["bs1"].damage


def test_warlords_a_leader_is_the_first_barbarian_revealed(story: Content) -> None:
    with_leader = (*Setup.base(story).barbarians, "bs1")
    firsts = {game_with(story, "warlords", seed=s, barbarians=with_leader).row[6] for s in range(8)}
    assert firsts == {"bs1"}
    plain = {game_with(story, seed=s, barbarians=with_leader).row[6] for s in range(8)}
    assert len(plain) > 1
    # with no leader among the Barbarians, the rule reveals whichever comes
    assert len({game_with(story, "warlords", seed=s).row[6] for s in range(8)}) > 1


def test_warlords_the_log_says_which_leader_drove_a_band_on(story: Content) -> None:
    g = game_with(story, "warlords", barbarians=(*Setup.base(story).barbarians, "bs1"))
    other = next(c for c in g.barbarian_deck if c != "bs1")
    set_row(g, [None, None, None, None, None, "bs1", other])
    fill_ready(g, 6)
    events = settle_all(g, resolve(g, SufferAttacks()))
    driven = [e for e in events if e.kind == "warlord"]
    assert [e.data for e in driven] == ["bs1"] and story.name(other) in driven[0].text
    hit = next(e for e in events if e.kind == "attack" and e.data == other)
    assert f"{story.barbarians[other].damage + 1} damage" in hit.text


def settle_all(g: Game, events: list[Event]) -> list[Event]:
    """Take the Damage of every Barbarian that asks for a bribe; all the events."""
    while isinstance(g.decision, Bribe):
        events += g.apply(Action.parse("suffer"))
    return events


def test_warlords_leaders_are_plain_barbarians_without_the_rule(story: Content) -> None:
    from engine.yu.rules.rules import damage

    g = game_with(story, barbarians=(*Setup.base(story).barbarians, "bs1"))
    other = next(c for c in g.barbarian_deck if c != "bs1")
    set_row(g, [None, None, None, None, None, "bs1", other])
    assert damage(g, 6) == story.barbarians[other].damage


@pytest.mark.parametrize(
    ("modules", "key", "reason"),
    [
        ((), "feed:provision", "The settlement needs no feeding in this game."),
        (("food",), "feed:provision", "Feeding from the stores costs 2 provision."),
        ((), "levee:WW", "The levee rule is not in play in this game."),
        (("levee",), "levee:WW", "The Flood has not moved yet."),
        ((), "fortune:sf1", "Fortuity cards are not in play in this game."),
        (("fortuity",), "fortune:sf1", "You hold no such Fortuity card."),
        ((), "choose:1", "There is no decision to answer."),
    ],
)
def test_module_actions_refused_say_why(
    story: Content, modules: tuple[str, ...], key: str, reason: str
) -> None:
    g = game_with(story, *modules)
    before = g.to_dict()
    assert why(g, key) == reason
    with pytest.raises(IllegalAction, match=reason):
        g.apply(Action.parse(key))
    assert g.to_dict() == before


def test_fortress_is_not_shown_before_its_rule_is_in_play(story: Content) -> None:
    assert "fortress" not in [c.building.kind for c in game_with(story).view().buildings]
    assert "fortress" in [c.building.kind for c in game_with(story, "fortress").view().buildings]


def test_the_view_shows_a_story_choice_and_the_entries_read_this_game(story: Content) -> None:
    g = game_with(story)
    assert g.chapter is not None
    g.chapter.facts.read.append(105)  # read in an earlier game: not part of this game's story
    resolve(g, Read(102))
    seen = g.view()
    assert seen.decision == ChoiceView(("Feed the people", "Let them come"))
    assert [e.number for e in seen.story] == [102]


def test_the_view_shows_the_rules_in_play(story: Content) -> None:
    g = game_with(story, "food", "levee")
    rules = g.view().rules
    assert rules.food_wanted == food_wanted(g) and rules.fed is False
    assert rules.levee_cost == story.board.levee and rules.feed_cost == story.board.feed
    assert str(words.cost(rules.levee_cost or Cost())) == "2 white, 2 clay"
    assert game_with(story).view().rules.food_wanted is None


def test_the_bribe_prompt_counts_the_warlords(story: Content) -> None:
    g = game_with(story, "warlords", barbarians=(*Setup.base(story).barbarians, "bs1"))
    other = next(c for c in g.barbarian_deck if c != "bs1" and story.barbarians[c].bribe)
    set_row(g, [None, None, None, None, None, "bs1", other])
    g.stack.append(Bribe(6))
    decision = g.view().decision
    assert isinstance(decision, BribeView) and decision.damage == story.barbarians[other].damage + 1
