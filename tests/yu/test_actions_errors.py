"""Illegal and malformed actions: a specific error that says why, and the
state left exactly as it was."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from scenario import edit, give, place, set_row

from engine.yu import Action, Content, Game, IllegalAction, MalformedAction, new_game


def refused(g: Game, key: str) -> str:
    """Apply the action ``key`` names, expect :class:`IllegalAction`, check nothing changed;
    return the message."""
    before = g.to_dict()
    legal = [a.key for a in g.legal_actions()]
    with pytest.raises(IllegalAction) as caught:
        g.apply(Action.parse(key))
    assert g.to_dict() == before
    assert [a.key for a in g.legal_actions()] == legal
    return str(caught.value)


def test_errors_are_value_errors() -> None:
    assert issubclass(MalformedAction, IllegalAction)
    assert issubclass(IllegalAction, ValueError)


@pytest.mark.parametrize(
    "key",
    [
        "",
        "dance",
        "play:",
        "play::t01",
        ":",
        "END",
        "attack:7:" + "W" * 80,
        "trade:1:",
        "build:farm1::W",
        "recruit:left",
        "build:farm1:W",
        "hut:W",
    ],
)
def test_malformed_keys_are_refused(key: str) -> None:
    with pytest.raises(MalformedAction) as caught:
        Action.parse(key)
    assert str(caught.value) == f"{key!r} is not an action key"


def test_every_legal_action_key_parses_back_to_itself(content: Content) -> None:
    g = new_game(6, content)
    for action in g.legal_actions():
        assert Action.parse(action.key) == action
        assert g.explain(action) is None


def _decision_pick(g: Game) -> None:
    place(g, "hand", "t24")  # a Clay or a Wood: a choice
    g.apply(Action.parse("play:t24"))


def _decision_bribe(g: Game) -> None:
    folk = [c for c in g.row if c and c.startswith("t")]
    set_row(g, [*folk[:6], "b01"])
    g.apply(Action.parse("end"))


CASES: list[tuple[str, Callable[[Game], object], str, str]] = [
    ("play a card not in hand", lambda g: None, "play:t99", "That card is not in your hand."),
    (
        "end with cards in hand",
        lambda g: place(g, "hand", "t01", "t02"),
        "end",
        "Use every Townsfolk card in your hand first (2 left).",
    ),
    (
        "canal without its cost",
        lambda g: edit(g, river=["c01", "c03", "c05", "c07", "c08", "c10"]),
        "canal:WWR",
        "Cannot build the Canal: you need 1 cowrie and have 0.",
    ),
    (
        "canal twice in a Round",
        lambda g: edit(g, barge=False, built=1),
        "canal:WR",
        "The Barge has already built a section this Round; it returns at the end of the Round.",
    ),
    (
        "canal after all six",
        lambda g: edit(g, barge=False, built=6),
        "canal:WR",
        "All six Canal sections are built.",
    ),
    ("recruit from space 0", lambda g: None, "recruit:0", "Card Row spaces are numbered 1 to 7."),
    (
        "dismiss an empty space",
        lambda g: set_row(g, [None, *g.row[1:]]),
        "dismiss:1",
        "Card Row space 1 is empty.",
    ),
    (
        "attack a Townsfolk",
        lambda g: None,
        "attack:1:W",
        "Space 1 holds a Townsfolk card, not a Barbarian.",
    ),
    (
        "build a building that does not exist",
        lambda g: None,
        "build:castle:1:W",
        "There is no building called castle.",
    ),
    (
        "hut space not open",
        lambda g: give(g, white=1),
        "hut:3:W",
        "Hut space 3 is not open; each Hut built opens one more.",
    ),
    ("trade 8", lambda g: None, "trade:8", "Trades are numbered 1 to 7."),
    ("trade without its cost", lambda g: None, "trade:1:clay", "Cannot trade: you need 3 cowrie and have 0."),
    (
        "trade an unknown option",
        lambda g: give(g, cowrie=3),
        "trade:1:stone",
        "That is not a way to use trade 1.",
    ),
    ("pick with nothing to answer", lambda g: None, "pick:clay", "There is no decision to answer."),
    ("suffer with nothing to answer", lambda g: None, "suffer", "There is no decision to answer."),
    (
        "play during a choice",
        _decision_pick,
        "recruit:1",
        "First answer the open decision (trades are still allowed).",
    ),
    ("bribe during a choice", _decision_pick, "bribe:W", "No Barbarian is attacking now."),
    ("pick an item not offered", _decision_pick, "pick:red", "That is not one of the options."),
    ("pick during a bribe", _decision_bribe, "pick:clay", "The open decision is not a choice of items."),
    (
        "bribe without the Workers",
        _decision_bribe,
        "bribe:W",
        "You cannot pay the bribe: your Workers cannot pay 1 white.",
    ),
]


@pytest.mark.parametrize(("setup", "key", "message"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_illegal_action_says_why_and_changes_nothing(
    game: Game, setup: Callable[[Game], object], key: str, message: str
) -> None:
    setup(game)
    assert refused(game, key) == message
    assert str(game.explain(Action.parse(key))) == message
