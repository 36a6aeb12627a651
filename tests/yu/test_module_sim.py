"""``modules``: when a game used a rule module or the Huts, how the games are
set up, and the bot forbidden to build Huts."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from scenario import blank, edit, fill_ready, give, resolve, set_row, why

from engine.yu import Action, Event, Game, new_game
from engine.yu.bots.bots import HeuristicBot
from engine.yu.bots.roster import make_bot
from engine.yu.content.loader import BuildingKind, Content, base, load
from engine.yu.content.steps import Bribe, Harvest, SufferAttacks
from engine.yu.rules.interpreter import Facts
from engine.yu.rules.rules import food_wanted
from engine.yu.rules.setup import Setup
from engine.yu.simulation.modules import FINDS, HUTS, MODULES, measure, setup_for, used, with_rule

STORY = Path(__file__).parent / "campaign_content"


@pytest.fixture(scope="module")
def story() -> Content:
    return load(STORY)


def game_with(story: Content, *modules: str, **setup: object) -> Game:
    chosen = replace(
        Setup.base(story),
        modules=modules,
        campaign=Facts(game=1, modules=list(modules)),
        **setup,  # type: ignore[arg-type]
    )
    return blank(new_game(3, story, chosen))


def test_fortuity_is_used_once_a_card_is_played(story: Content) -> None:
    g = game_with(story, "fortuity", fortunes=("sf1",))
    assert not used("fortuity", g, [])
    events = g.apply(Action.parse("fortune:sf1"))
    assert used("fortuity", g, events)


def test_levee_is_used_once_raised(story: Content) -> None:
    g = game_with(story, "levee")
    give(g, white=2, clay=2)
    edit(g, flood=1, built=1)
    assert not used("levee", g, [])
    assert used("levee", g, g.apply(Action.parse("levee:WW")))


def test_fortress_is_used_once_built(story: Content) -> None:
    g = game_with(story, "fortress")
    give(g, white=2, clay=2, wood=2)
    assert not used("fortress", g, [])
    g.apply(Action.parse("build:fortress:1:WW"))
    assert used("fortress", g, [])


def test_food_is_used_by_feeding_not_by_going_hungry(story: Content) -> None:
    g = game_with(story, "food")
    assert not used("food", g, g.apply(Action.parse("end")))
    g = game_with(story, "food")
    card = next(c for c in sorted(g.deck) if story.townsfolk[c].food == food_wanted(g))
    g.deck.remove(card)
    g.hand.append(card)
    edit(g)
    assert used("food", g, g.apply(Action.parse(f"feed:{card}")))


def test_warlords_are_used_when_a_leader_drives_a_band_on(story: Content) -> None:
    g = game_with(story, "warlords", barbarians=(*Setup.base(story).barbarians, "bs1"))
    other = next(c for c in g.barbarian_deck if c != "bs1")
    set_row(g, [None, None, None, None, None, "bs1", other])
    fill_ready(g, 6)
    events = resolve(g, SufferAttacks())
    assert not used("warlords", g, events)  # no Damage taken yet
    while isinstance(g.decision, Bribe):
        events += g.apply(Action.parse("suffer"))
    assert used("warlords", g, events)


def test_warlords_are_used_when_a_leader_is_defeated(story: Content) -> None:
    g = game_with(story, "warlords", barbarians=(*Setup.base(story).barbarians, "bs1"))
    set_row(g, [None, None, None, None, None, None, "bs1"])
    give(g, red=2, provision=3)
    assert used("warlords", g, g.apply(Action.parse("attack:7:RR")))
    assert not used("warlords", g, [Event("defeat", "Defeated someone.", data="b01")])


def test_skills_are_used_while_a_skill_card_pays_out(story: Content) -> None:
    g = game_with(story, "skills", ongoing=("sk1",))
    resolve(g, Harvest())
    assert used("skills", g, [])
    assert not used("skills", game_with(story, "skills"), [])


def test_a_hut_counts_once_built(story: Content) -> None:
    g = game_with(story)
    assert not used("hut", g, [])
    g.huts_built = 1
    assert used("hut", g, [])


def test_unknown_module_is_refused(story: Content) -> None:
    with pytest.raises(ValueError):
        used("dragons", game_with(story), [])


# -- the games played -----------------------------------------------------------


def test_setups_add_the_rule_card_only_when_on() -> None:
    content = base()
    for module in MODULES:
        on, off = setup_for(content, module, 1, True), setup_for(content, module, 1, False)
        assert on.modules == (module,) and off.modules == ()
        assert any(content.ongoing[c].module == module for c in on.ongoing)
        assert not off.ongoing and not off.fortunes
    skills = setup_for(content, "skills", 0, True)
    assert sum(content.ongoing[c].kind == "skill" for c in skills.ongoing) == 1
    assert setup_for(content, "fortuity", 0, True).fortunes
    # the war leaders' bands are in the game with the rule or without it
    for i in range(len(FINDS["warlords"])):
        off = setup_for(content, "warlords", i, False)
        assert any(content.barbarians[b].leader for b in off.barbarians)
    assert setup_for(content, "levee", 0, False) == Setup.base(content)


def test_a_bot_forbidden_huts_never_builds_one() -> None:
    content = base()
    built = []
    for seed in range(4):
        for never in (frozenset(), HUTS):
            g = new_game(seed, content)
            bot = HeuristicBot(seed, never_build=never)
            while not g.over:
                g.apply(bot.choose(g))
            built.append((never, g.huts_built))
    assert all(n == 0 for never, n in built if never)
    assert any(n > 0 for never, n in built if not never)
    assert BuildingKind.HUT in HUTS


def test_the_strong_bot_can_be_forbidden_huts_too() -> None:
    from engine.yu.bots.strong import StrongBot

    bot = make_bot("strong", 1, HUTS)
    assert isinstance(bot, StrongBot) and bot.heuristic.never_build == HUTS


def test_the_report_has_a_row_per_module_and_the_huts() -> None:
    report = measure(2, "heuristic", 1, modules=("levee", "warlords")).to_dict()
    assert set(report["modules"]) == {"levee", "warlords"}  # type: ignore[call-overload]
    huts = report["huts"]
    assert isinstance(huts, dict) and set(huts) == {"allowed", "banned", "difference", "used"}
    assert report["games"] == 2


def test_the_command_prints_the_table_and_the_json() -> None:
    import io
    import json

    from engine.yu.cli import main

    out = io.StringIO()
    assert main(["modules", "--games", "1", "--json"], stdout=out) == 0
    report = json.loads(out.getvalue())
    assert set(report["modules"]) == set(MODULES) and report["bot"] == "heuristic"
    out = io.StringIO()
    main(["modules", "--games", "1"], stdout=out)
    lines = out.getvalue().splitlines()
    assert lines[1].split() == ["on", "off", "difference", "used"]
    assert [line.split()[0] for line in lines[2:]] == [*MODULES, "huts"]


# -- the rules in campaign games ------------------------------------------------


def test_with_rule_turns_one_rule_on_or_off_on_a_copy(story: Content) -> None:
    dealt = game_with(story, "food")
    give(dealt, white=2, clay=2)
    edit(dealt, flood=1, built=1)
    on, off = with_rule(dealt, "levee", True), with_rule(dealt, "levee", False)
    assert on.modules == ["food", "levee"] and off.modules == ["food"] and dealt.modules == ["food"]
    assert why(on, "levee:WW") is None and why(off, "levee:WW") is not None
    on.apply(Action.parse("levee:WW"))
    assert dealt.flood == 1 and not dealt.levee_used


def test_with_rule_refuses_a_rule_that_acts_when_the_game_is_dealt(story: Content) -> None:
    with pytest.raises(ValueError, match="levee, fortress"):
        with_rule(game_with(story), "warlords", True)


def test_campaigns_play_every_game_again_with_each_rule_on_and_off() -> None:
    from engine.yu.simulation.campaigns import CampaignReport, run

    report = run(2, "heuristic", 3, in_play=("levee", "fortress"))
    for pair in report.in_play.values():
        assert pair.games == sum(report.games)
        assert 0 < pair.used <= pair.games
    data = report.to_dict()["modules_in_campaigns"]
    assert isinstance(data, dict) and set(data) == {"levee", "fortress"}
    assert CampaignReport().to_dict()["modules_in_campaigns"] == {}


def test_the_command_takes_only_rules_that_act_in_play() -> None:
    from engine.yu.cli import parser

    assert parser().parse_args(["campaigns", "--in-play", "levee,fortress"]).in_play == ("levee", "fortress")
    with pytest.raises(SystemExit):
        parser().parse_args(["campaigns", "--in-play", "levee,food"])
