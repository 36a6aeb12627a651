"""End of the game: the win (all six Canal sections, Round played out) and
the three losses, each with its reason."""

from __future__ import annotations

import pytest
from scenario import edit, give, keys, kinds, place, resolve, set_row, why

from engine.yu import Action, Content, Game, IllegalAction
from engine.yu.content.steps import Bribe, Destroy, Draw, EndRound, Flood, Refresh, RevealBarbarian


def last_section(g: Game, content: Content) -> Game:
    """Five sections built; the sixth is c03 (1 Labourer, 1 coloured, Cowrie)."""
    river = ["c01", "c02", "c05", "c06", "c08", "c03"]
    edit(g, river=river, built=5, flood=0)
    give(g, white=1, red=1, cowrie=content.canals["c03"].cost.resources[0])
    return g


def only_townsfolk(g: Game) -> Game:
    """No Barbarian left on the Card Row to attack."""
    return set_row(g, [c if c and c.startswith("t") else None for c in g.row])


def test_ruling_2_the_sixth_canal_does_not_win_before_the_round_ends(game: Game, content: Content) -> None:
    last_section(game, content)
    game.apply(Action.parse("canal:WR"))
    game.apply(Action.parse("pick:clay"))  # c03 gives a Clay or a Wood
    assert game.built == 6
    assert game.outcome is None
    assert "end" in keys(game)


def test_ruling_2_the_game_is_won_when_the_round_is_played_out(game: Game, content: Content) -> None:
    last_section(game, content)
    only_townsfolk(game)
    game.apply(Action.parse("canal:WR"))
    game.apply(Action.parse("pick:clay"))
    events = game.apply(Action.parse("end"))
    assert game.outcome == "won"
    assert game.won and game.over
    # Suffer Attacks and Refresh Card Row were played; no new Round began.
    assert game.round == 1
    assert "reveal" in kinds(events)
    assert events[-1].kind == "outcome" and events[-1].data == "won"
    assert game.legal_actions() == []


def test_ruling_2_the_last_round_still_suffers_attacks(game: Game, content: Content) -> None:
    last_section(game, content)
    set_row(game, [*[c for c in game.row if c and c.startswith("t")][:6], "b01"])
    game.apply(Action.parse("canal:WR"))
    game.apply(Action.parse("pick:clay"))
    game.apply(Action.parse("end"))
    assert game.outcome is None
    assert game.decision == Bribe(6)
    game.apply(Action.parse("suffer"))
    assert game.outcome == "won"


def test_ruling_2_a_loss_in_the_last_round_beats_the_win(game: Game, content: Content) -> None:
    last_section(game, content)
    set_row(game, [*[c for c in game.row if c and c.startswith("t")][:6], "b10"])  # no bribe
    place(game, "discard", *game.ready)
    game.apply(Action.parse("canal:WR"))
    game.apply(Action.parse("pick:clay"))
    game.apply(Action.parse("end"))
    assert game.outcome == "damage"


def test_ruling_3_seven_barbarians_after_refresh_lose(game: Game) -> None:
    bands = game.barbarian_deck[:6]
    set_row(game, [None, *bands])
    edit(game, built=0)
    resolve(game, Refresh())
    assert game.outcome == "barbarians"
    assert sum(1 for c in game.row if c and c.startswith("b")) == 7


def test_ruling_3_seven_barbarians_lose_even_with_the_canal_complete(game: Game) -> None:
    bands = game.barbarian_deck[:6]
    set_row(game, [None, *bands])
    edit(game, built=6, barge=False)
    resolve(game, Refresh(), EndRound())
    assert game.outcome == "barbarians"


def test_ruling_3_seven_barbarians_revealed_by_an_effect_lose_at_once(game: Game, content: Content) -> None:
    bands = game.barbarian_deck[:6]
    folk = [c for c in game.row if c and c.startswith("t")]
    set_row(game, [folk[0], *bands])
    # The Smoke Signal Hut reveals a Barbarian when its Hut is built.
    assert RevealBarbarian(1) in content.huts["h5"].effects
    edit(game, hut_cards=["h5", *[h for h in game.hut_cards if h != "h5"][:3]])
    edit(game, built=1)
    give(game, white=1, clay=3, wood=1)
    events = game.apply(Action.parse("build:hut1:2:W"))  # site 2 covers a Clay
    assert game.outcome == "barbarians"
    assert events[-1].data == "barbarians"
    # Lost at once: the rest of the Hut card (a Worker, Cowrie) never came.
    assert kinds(events).count("gain") == 1
    assert game.decision is None and game.stack == []


def test_loss_due_to_the_flood(game: Game) -> None:
    edit(game, ready=[], built=0)
    place(game, "exhausted", *game.deck[:4])
    resolve(game, Draw(1))
    assert game.outcome == "flood"


def test_loss_due_to_damage(game: Game) -> None:
    edit(game, ready=[], exhausted=[])
    resolve(game, Destroy(1))
    assert game.outcome == "damage"


@pytest.mark.parametrize("reason", ["flood", "barbarians", "damage"])
def test_ruling_16_the_loss_says_why_for_the_defeat_card(game: Game, reason: str) -> None:
    """The Defeat card's top entry is for the Flood, its bottom entry for the
    Barbarians or Damage: the outcome carries the reason."""
    if reason == "flood":
        edit(game, flood=6, built=6, barge=False)
        events = resolve(game, Flood(1))
    elif reason == "barbarians":
        set_row(game, [None, *game.barbarian_deck[:6]])
        events = resolve(game, RevealBarbarian(1))
    else:
        edit(game, ready=[], exhausted=[])
        events = resolve(game, Destroy(1))
    assert game.outcome == reason
    assert [e.data for e in events if e.kind == "outcome"] == [reason]


def test_a_game_over_takes_no_more_actions(game: Game) -> None:
    edit(game, ready=[], exhausted=[])
    resolve(game, Destroy(1))
    before = game.to_dict()
    assert game.legal_actions() == []
    assert why(game, "end") == "The game is over."
    with pytest.raises(IllegalAction, match="The game is over"):
        game.apply(Action.parse("end"))
    assert game.to_dict() == before
