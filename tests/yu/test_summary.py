"""What a finished game comes to (its counts, and the exact cause of the end),
and what is new when the next game of a campaign opens."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from scenario import edit, give, place, resolve, set_row, settle

from engine.text import Name
from engine.yu import Action, Content, Game, load
from engine.yu.bots.roster import make_bot
from engine.yu.campaign.campaign import Campaign
from engine.yu.content.steps import (
    Destroy,
    Draw,
    EndRound,
    Flood,
    Harvest,
    Read,
    Refresh,
    Retire,
    RevealBarbarian,
    TakeActions,
)
from engine.yu.rules.interpreter import push
from engine.yu.rules.rules import resolve as run
from engine.yu.rules.state import Outcome, Phase
from engine.yu.rules.summary import GameSummary, summarize

STORY = Path(__file__).parent / "campaign_content"


@pytest.fixture(scope="module")
def story() -> Content:
    return load(STORY)


def exhausted(g: Game, n: int) -> Game:
    """Move ``n`` cards from the Townsfolk Draw Pile onto the Exhausted Pile."""
    return place(g, "exhausted", *g.deck[:n])


def barbarians(g: Game, n: int) -> Game:
    """``n`` Barbarians on the right of the Card Row, Townsfolk on the rest."""
    folk = [c for c in g.row if c and c.startswith("t")]
    bands = [c for c in g.row if c and c.startswith("b")] + g.barbarian_deck
    return set_row(g, [*folk[: 7 - n], *bands[:n]])


# -- the counts ------------------------------------------------------------------------


def test_the_summary_counts_rounds_canals_barbarians_tucks_and_buildings(game: Game) -> None:
    folk = [c for c in game.row if c and c.startswith("t")]
    set_row(game, [*folk[:6], "b01"])  # 1 Fighter, 1 Labourer
    give(game, red=1, white=1, provision=3)
    game.apply(Action.parse("attack:7:WR"))
    place(game, "hand", game.deck[0])
    game.apply(Action.parse(f"tuck:{game.hand[0]}"))
    edit(game, round=4, built=3, flood=3, sites=["hut1", "farm3", "outpost4", *game.sites[3:]])
    resolve(game, Flood(1))
    summary = summarize(game)
    assert str(summary.cause) == (
        "The Flood moved onto unbuilt Canal section 4 during the actions of Round 4, "
        "when an effect moved it on."
    )
    assert summary == GameSummary(
        outcome=Outcome.FLOOD,
        cause=summary.cause,
        rounds=4,
        canals=3,
        defeated=1,
        tucked=1,
        huts=1,
        buildings=2,
        pressure=((-1, 0),),
    )


def test_barbarians_defeated_and_the_cause_are_saved_with_the_game(game: Game) -> None:
    folk = [c for c in game.row if c and c.startswith("t")]
    set_row(game, [*folk[:6], "b01"])
    give(game, red=1, white=1, provision=3)
    game.apply(Action.parse("attack:7:WR"))
    edit(game, ready=[], exhausted=[])
    resolve(game, Destroy(1))
    again = Game.from_dict(json.loads(json.dumps(game.to_dict())), game.content)
    assert (again.defeated, again.cause) == (1, game.cause) and game.cause


def test_a_game_not_over_has_no_summary(game: Game) -> None:
    with pytest.raises(AssertionError):
        summarize(game)


# -- each cause, in words -----------------------------------------------------------------


def test_the_flood_reached_by_a_harvest_draw_on_an_empty_ready_pile(game: Game) -> None:
    edit(game, ready=[], round=5, built=2, flood=2)
    exhausted(game, 6)
    resolve(game, Harvest(), TakeActions())
    assert game.outcome == "flood"
    assert str(game.cause) == (
        "The Flood moved onto unbuilt Canal section 3 in the Harvest of Round 5, "
        "when a draw found the Ready Pile empty."
    )


def test_the_flood_reached_by_a_destroy_in_the_attacks(game: Game) -> None:
    edit(game, ready=[], round=2, phase=Phase.ATTACKS)
    exhausted(game, 3)
    resolve(game, Destroy(1))
    assert str(game.cause) == (
        "The Flood moved onto unbuilt Canal section 1 in the Barbarian attacks of Round 2, "
        "when a destroy found the Ready Pile empty."
    )


def test_the_flood_running_off_the_river(game: Game) -> None:
    edit(game, built=6, flood=6, barge=False, round=9)
    resolve(game, Flood(1))
    assert str(game.cause) == (
        "The Flood ran off the end of the river during the actions of Round 9, when an effect moved it on."
    )


def test_seven_barbarians_after_the_refresh(game: Game) -> None:
    barbarians(game, 6)
    set_row(game, [None, *game.row[1:]])
    edit(game, built=0, round=8)
    resolve(game, Refresh())
    assert game.outcome == "barbarians"
    assert str(game.cause) == "Seven Barbarians stood in the Card Row after the Refresh of Round 8."


def test_seven_barbarians_when_an_effect_reveals_one(game: Game) -> None:
    barbarians(game, 6)
    edit(game, round=3)
    resolve(game, RevealBarbarian(1))
    assert game.outcome == "barbarians"
    assert str(game.cause) == (
        "Seven Barbarians stood in the Card Row during the actions of Round 3, "
        "when an effect revealed one more."
    )


@pytest.mark.parametrize(
    ("step", "phase", "said"),
    [
        (Destroy(2), Phase.ATTACKS, "A destroy in the Barbarian attacks of Round 6"),
        (Destroy(1), Phase.BARGE, "A destroy as the actions of Round 6 ended"),
        (Draw(1), Phase.ACTIONS, "A draw during the actions of Round 6"),
    ],
)
def test_damage_when_the_ready_and_exhausted_piles_are_both_empty(
    game: Game, step: Destroy | Draw, phase: Phase, said: str
) -> None:
    edit(game, ready=[], exhausted=[], round=6, phase=phase)
    resolve(game, step)
    assert game.outcome == "damage"
    assert str(game.cause) == f"{said} found the Ready and Exhausted Piles both empty."


def test_the_win_in_words(game: Game, content: Content) -> None:
    edit(game, river=["c01", "c02", "c05", "c06", "c08", "c03"], built=5, flood=0, round=7)
    give(game, white=1, red=1, cowrie=content.canals["c03"].cost.resources[0])
    set_row(game, [c if c and c.startswith("t") else None for c in game.row])
    game.apply(Action.parse("canal:WR"))
    game.apply(Action.parse("pick:clay"))
    game.apply(Action.parse("end"))
    settle(game)
    assert game.won
    assert str(summarize(game).cause) == "All six Canal sections stood when Round 7 was played out."
    assert summarize(game).canals == 6


# -- in a campaign: the summary between games ----------------------------------------------


def next_game(c: Campaign) -> None:
    while c.decision is not None:
        c.apply(Action.parse("choose:1"))
    c.apply(Action.parse("next"))


def lose_to_the_flood(c: Campaign) -> None:
    """End the game in progress with the Flood, through the rules."""
    g = c.game
    assert g is not None
    edit(g, built=0, flood=0)
    g.stack.append(Flood(1))
    run(g)
    c._finish_game()


def test_the_campaign_shows_the_summary_of_the_game_just_finished(story: Content) -> None:
    c = Campaign.new(31, story)
    assert c.view().summary is None
    lose_to_the_flood(c)
    view = c.view()
    assert view.summary is not None and view.summary.outcome is Outcome.FLOOD
    assert str(view.summary.cause).startswith("The Flood moved onto unbuilt Canal section 1")
    assert view.results[0].summary == view.summary
    next_game(c)
    assert c.view().summary is None
    assert c.view().results[0].summary == view.summary
    again = Campaign.from_dict(json.loads(json.dumps(c.to_dict())), story)
    assert again.view().results[0].summary == view.summary


def test_a_game_the_story_ends_at_its_start_says_so(story: Content) -> None:
    c = Campaign.new(14, story)
    lose_to_the_flood(c)
    while c.decision is not None:
        c.apply(Action.parse("choose:1"))
    c.next_start.append(Flood(1))
    c.apply(Action.parse("next"))
    summary = c.view().summary
    assert summary is not None
    assert str(summary.cause) == (
        "The Flood moved onto unbuilt Canal section 1 as the game began, when an effect moved it on."
    )


# -- what's new ------------------------------------------------------------------------------


def test_nothing_is_new_in_game_1(story: Content) -> None:
    news = Campaign.new(32, story).view().whats_new
    assert news.game == 1 and not news and news.lines == ()


def test_whats_new_after_a_game_whose_story_found_cards_added_rules_and_asked(story: Content) -> None:
    c = Campaign.new(33, story)
    g = c.game
    assert g is not None
    g.stack.append(Read(102))  # read during the game: its choice waits for the player
    run(g)
    c.apply(Action.parse("choose:1"))  # Feed the people: find the Hungry Season (a rule card)
    g.stack += [Read(106), Read(101)]  # the levee rule and 2 Cowrie at each start; find a Townsfolk
    run(g)
    lose_to_the_flood(c)
    next_game(c)
    news = c.view().whats_new
    assert news.game == 2
    assert news.choices == (Name("Feed the people"),)
    assert "Hungry Season" in [card.name for card in news.ongoing]  # the Flood's entry finds more
    assert [card.name for card in news.found] == ["Wandering Potter"]
    assert {"Hungry Season", "levee"} <= set(news.modules_added)
    assert "Every game now starts with 2 cowrie." in [str(m) for m in news.adjustments]
    lines = [str(line) for line in news.lines]
    assert lines[0] == "You chose: Feed the people."
    assert "A new rule is in play: levee." in lines
    assert "Found Wandering Potter: it joins the Townsfolk cards." in lines
    assert "Found Hungry Season: a new rule, now beside the board." in lines
    # The journal keeps the choice under the entry that asked.
    journal = {r.page.number: r.chosen for r in c.view().journal}
    assert journal[102] == (Name("Feed the people"),)
    # The news is the current game's: the next game has only its own.
    again = Campaign.from_dict(json.loads(json.dumps(c.to_dict())), story)
    assert again.view().whats_new == news
    push(c, [Retire(("sr_food",))])
    c._run()
    lose_to_the_flood(c)
    next_game(c)
    later = c.view().whats_new
    assert later.game == 3
    assert Name("Feed the people") not in later.choices
    assert later.modules_removed == ("Hungry Season",)
    lines = [str(line) for line in later.lines]
    assert "Hungry Season went into History." in lines
    assert "No longer in play: Hungry Season." in lines


def test_a_choice_between_games_is_new_and_in_the_journal(story: Content) -> None:
    c = Campaign.new(34, story)
    lose_to_the_flood(c)
    while c.decision is not None:
        c.apply(Action.parse("choose:1"))
    push(c, [Read(102)])
    c._run()
    assert c.decision is not None
    c.apply(Action.parse("choose:2"))  # Let them come: one more Barbarian each Refresh
    c.apply(Action.parse("next"))
    news = c.view().whats_new
    assert news.choices[-1] == Name("Let them come")
    assert "You chose: Let them come." in [str(line) for line in news.lines]
    assert "Each Refresh now adds more Barbarians (+1)." in [str(m) for m in news.adjustments]
    assert {r.page.number: r.chosen for r in c.view().journal}[102] == (Name("Let them come"),)


def test_the_pressure_is_noted_as_each_round_ends(game: Game) -> None:
    edit(game, built=2, flood=1)
    barbarians(game, 3)
    resolve(game, EndRound())
    assert game.pressure == [(1, 3)]
    assert game.round == 2


def test_the_pressure_of_a_whole_game_is_in_its_summary() -> None:
    game = Game.new(5)
    bot = make_bot("heuristic", 5)
    while not game.over:
        assert len(game.pressure) == game.round - 1
        game.apply(bot.choose(game))
    summary = summarize(game)
    assert len(summary.pressure) == summary.rounds
    assert summary.pressure[-1] == (
        game.built - game.flood,
        sum(1 for c in game.row if c and c.startswith("b")),
    )
    assert summary.closest_flood == min(m for m, _ in summary.pressure)
    assert summary.most_barbarians == max(b for _, b in summary.pressure)
    assert GameSummary.from_json(summary.to_json()) == summary
