"""Building the Canal (max. once per Round) and Phase 3, Return Barge."""

from __future__ import annotations

import pytest
from scenario import blank, edit, give, have, keys, kinds, place, resolve, settle, why

from engine.yu import Action, Content, Game, IllegalAction
from engine.yu.content.items import CLAY, COWRIE, WOOD, Cost
from engine.yu.content.steps import Destroy, Gain, Pick, ReturnBarge

RIVER = ["c01", "c03", "c05", "c07", "c08", "c10"]


@pytest.fixture
def river(game: Game, content: Content) -> Game:
    """A known river: sections 1-6 are RIVER, in order."""
    rest = [c for c in content.canals if c not in RIVER]
    return edit(game, river=list(RIVER), canal_box=rest)


def canal_keys(g: Game) -> set[str]:
    return {k for k in keys(g) if k.startswith("canal:")}


def pay_first_section(g: Game, cost: Cost) -> None:
    """c01 costs 2 Labourers, 1 Fighter and Cowrie."""
    assert [n for _, n in cost.workers] == [2, 1]
    give(g, white=2, red=1, cowrie=cost.resources[0])


def test_canal_step_1_spends_the_workers_and_cowrie_shown(river: Game, content: Content) -> None:
    cost = content.canals["c01"].cost
    pay_first_section(river, cost)
    supply = list(river.supply)
    assert canal_keys(river) == {"canal:WWR"}
    river.apply(Action.parse("canal:WWR"))
    assert river.have[:5] == [0] * 5
    assert river.have[COWRIE] == 0
    assert river.supply[0] == supply[0] + 2 and river.supply[1] == supply[1] + 1
    assert river.supply[COWRIE] == supply[COWRIE] + cost.resources[0]


def test_canal_step_2_the_barge_leaves_the_board(river: Game, content: Content) -> None:
    pay_first_section(river, content.canals["c01"].cost)
    river.apply(Action.parse("canal:WWR"))
    assert river.barge is False
    assert river.built == 1


def test_canal_steps_3_to_5_the_effects_resolve_left_to_right(river: Game, content: Content) -> None:
    # c01: a Clay, then destroy the top card of the Ready Pile.
    effects = content.canals["c01"].effects
    assert [type(e) for e in effects] == [Gain, Destroy]
    top = river.ready[-1]
    pay_first_section(river, content.canals["c01"].cost)
    events = river.apply(Action.parse("canal:WWR"))
    assert kinds(events)[-2:] == ["gain", "destroy"]
    assert have(river)["clay"] == 1
    # Destroyed cards go to the Townsfolk Discard Pile, not the Exhausted Pile.
    assert river.discard[-1] == top
    assert top not in river.exhausted


def test_canal_effect_choice_waits_for_the_player_before_later_effects(river: Game, content: Content) -> None:
    # Section 4 is c07: "1 clay|wood" then "destroy 1".
    edit(river, built=3)
    cost = content.canals["c07"].cost
    give(river, white=1, red=1, blue=1, cowrie=cost.resources[0])
    ready = list(river.ready)
    river.apply(Action.parse("canal:WRB"))
    assert river.decision == Pick((CLAY, WOOD), 1)
    assert river.ready == ready
    river.apply(Action.parse("pick:wood"))
    assert have(river)["wood"] == 1
    assert river.ready == ready[:-1]


def test_canal_effect_story_entry_is_announced(river: Game, content: Content) -> None:
    # Section 6 is c10: "destroy 1", "entry 14".
    edit(river, built=5)
    give(river, white=2, red=2, cowrie=content.canals["c10"].cost.resources[0])
    key = sorted(canal_keys(river))[0]
    events = river.apply(Action.parse(key))
    entries = [e for e in events if e.kind == "entry"]
    assert [e.data for e in entries] == [14]


def test_ruling_14_the_canal_is_built_at_most_once_per_round(river: Game, content: Content) -> None:
    pay_first_section(river, content.canals["c01"].cost)
    river.apply(Action.parse("canal:WWR"))
    give(river, white=3, red=1, blue=1, cowrie=2)
    assert canal_keys(river) == set()
    with pytest.raises(IllegalAction, match="Barge has already built"):
        river.apply(Action.parse("canal:WB"))


def test_canal_needs_its_cost(river: Game) -> None:
    give(river, white=2, red=1)
    assert canal_keys(river) == set()
    assert why(river, "canal:WWR") == "Cannot build the Canal: you need 1 cowrie and have 0."
    blank(river)
    give(river, white=2, blue=1, cowrie=1)
    assert why(river, "canal:WWB") == "Cannot build the Canal: your Workers cannot pay 2 white, 1 red."


def test_return_barge_puts_it_on_the_next_canal(river: Game, content: Content) -> None:
    pay_first_section(river, content.canals["c01"].cost)
    river.apply(Action.parse("canal:WWR"))
    events = resolve(river, ReturnBarge())
    assert river.barge is True
    assert "section 2" in events[0].text


def test_return_barge_is_skipped_when_the_canal_was_not_built(river: Game) -> None:
    events = resolve(river, ReturnBarge())
    assert river.barge is True
    assert events == []


def test_ruling_2_no_barge_returns_once_all_six_sections_are_built(river: Game) -> None:
    edit(river, built=6, barge=False)
    resolve(river, ReturnBarge())
    assert river.barge is False


def test_a_built_canal_opens_its_trade_site_and_shore_icon(river: Game, content: Content) -> None:
    board = content.board
    trade = next(t for t in board.trades if t.opened_by == 1)
    site = next(s for s in board.sites if s.opened_by == 1)
    pay_first_section(river, content.canals["c01"].cost)
    assert why(river, f"trade:{trade.number}").startswith(f"Trade {trade.number} opens")
    events = river.apply(Action.parse("canal:WWR"))
    unlocks = [e.text for e in events if e.kind == "unlock"]
    assert f"Trade {trade.number} ({trade.name}) is open." in unlocks
    assert f"Build site {site.number} is open." in unlocks
    assert "opens when" not in (why(river, f"trade:{trade.number}") or "")


def test_a_round_with_a_canal_ends_with_the_barge_back(river: Game, content: Content) -> None:
    pay_first_section(river, content.canals["c01"].cost)
    river.apply(Action.parse("canal:WWR"))
    river.apply(Action.parse("end"))
    settle(river)
    assert river.round == 2
    assert river.barge is True


def test_canal_step_3_the_card_leaves_before_its_effects_so_the_flood_may_move_onto_it(
    river: Game, content: Content
) -> None:
    # c01 destroys a card; with the Ready Pile empty the Flood advances onto
    # section 1, which was built in step 3, before the effects in step 4.
    place(river, "discard", *river.ready)
    place(river, "exhausted", *river.deck[:3])
    pay_first_section(river, content.canals["c01"].cost)
    river.apply(Action.parse("canal:WWR"))
    assert river.flood == 1
    assert river.outcome is None
