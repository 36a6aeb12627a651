"""Refusals as messages: said in English by ``str``, in French by a tongue that has them,
and kept whole through JSON."""

from __future__ import annotations

from typing import ClassVar

import pytest

from engine.legacy import Action, Element, Game, IllegalAction, MalformedAction, new_game
from engine.legacy.empire import spots, where
from engine.legacy.layout import layout
from engine.legacy.sheet import Sheet
from engine.legacy.table import RULES, placing
from engine.legacy.view import view
from engine.text import Msg

OPUS = Action(Element.OPUS)
NBSP = "\N{NO-BREAK SPACE}"


class French:
    """A French catalogue of two messages; any other text stays English."""

    texts: ClassVar[dict[str, str]] = {
        "{number} is already placed in the opus: take it back first.": (
            f"{{number}} est déjà placé dans votre opus{NBSP}: reprenez-le d'abord."
        ),
        "The game is over.": "La partie est terminée.",
    }

    def gettext(self, message: str) -> str:
        return self.texts.get(message, message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.gettext(singular if n == 1 else plural)

    def content(self, text: str) -> str:
        return text


def refused(game: Game, seat: int, action: Action) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        game.apply(seat, action)
    return caught.value


def test_a_refusal_says_itself_in_french_and_in_english() -> None:
    game = new_game(seed=3, seats=2)
    number = game.number
    game.apply(0, OPUS)
    exc = refused(game, 0, Action(Element.GARDEN))
    assert isinstance(exc.msg, Msg)
    assert str(exc) == str(exc.msg) == f"{number} is already placed in the opus: take it back first."
    assert exc.msg.say(French()) == f"{number} est déjà placé dans votre opus{NBSP}: reprenez-le d'abord."


def test_a_refusal_survives_json() -> None:
    game = new_game(seed=3, seats=1)
    game.apply(0, Action(Element.EMPIRE, square=(0, 0)))
    for action in (Action(Element.EMPIRE, square=(0, 0)), Action(Element.EMPIRE, square=(5, 5))):
        msg = refused(game, 0, action).msg
        again = Msg.from_json(msg.to_json())
        assert again == msg and str(again) == str(msg)


def test_every_refusal_is_a_sentence_of_its_own() -> None:
    """Whatever a seat tries, the reason is a whole message with its values, never English glued on."""
    game = new_game(seed=5, seats=2)
    game.apply(0, Action(Element.GARDEN))
    game.apply(1, Action(Element.EMPIRE, square=(0, 0)))
    tries = [
        (7, OPUS),
        (0, Action()),
        (1, Action(Element.GARDEN, above=99)),
        (1, Action(Element.EMPIRE, square=(3, 3))),
        (0, Action(Element.GARDEN)),
    ]
    for seat, action in tries:
        msg = game.refusal(seat, action)
        assert msg is not None, (seat, action)
        english = str(msg)
        assert english[0].isupper() and english.endswith("."), english
        assert "{" not in english, english


def test_a_key_that_is_no_action_says_so() -> None:
    with pytest.raises(MalformedAction) as caught:
        Action.parse("garden:x")
    assert caught.value.msg.to_json() == {"id": '"{key}" is not an action.', "values": {"key": "garden:x"}}
    assert str(caught.value) == '"garden:x" is not an action.'


def test_the_table_names_the_game_and_its_unit_as_messages() -> None:
    assert isinstance(RULES.title, Msg) and str(RULES.title) == "Legacy"
    assert isinstance(RULES.unit, Msg) and RULES.unit.say(French()) == "points"


def test_an_empire_square_is_said_by_a_number_beside_it() -> None:
    """Squares count from wherever the first number went: a player finds one by its neighbours."""
    empire = {(0, 0): 8, (0, 1): 3}
    said = {square: str(where(empire, square)) for square in spots(empire)}
    assert said[(1, 0)] == "below 8"
    assert said[(0, 2)] == "right of 3"
    assert said[(0, -1)] == "left of 8"
    assert said[(-1, 1)] == "above 3"
    assert str(where({}, (0, 0))) == "its first square"
    sheet = Sheet(opus=[40], garden={66: None, 29: 66}, empire=empire)
    said_as = {
        Action(Element.EMPIRE, square=(1, 1)): "Place 5 in your empire: below 3.",
        Action(Element.OPUS): "Place 5 at the end of your opus, a low place: its ones digit takes away.",
        Action(Element.GARDEN, above=66): "Place 5 in your garden, as a branch of 66.",
    }
    for action, words in said_as.items():
        assert str(placing(action, 5, sheet)) == words
    assert str(placing(Action(Element.OPUS), 5, Sheet())) == (
        "Place 5 at the end of your opus, a high place: its ones digit adds."
    )
    first = placing(Action(Element.EMPIRE, square=(0, 0)), 7, Sheet())
    assert str(first) == "Place 7 in your empire: its first square."


def test_the_sheet_names_each_empire_spot_where_it_goes() -> None:
    game = new_game(seed=5, seats=1)
    game.apply(0, Action(Element.EMPIRE, square=(0, 0)))
    first = game.sheets[0].empire[(0, 0)]
    offered = [Action(Element.EMPIRE, square=square) for square in spots(game.sheets[0].empire)]
    laid = layout(view(game).sheets[0], offered)
    said = [(sq.key, str(sq.where)) for row in laid.empire for sq in row if sq.key or sq.where]
    sides = {(-1, 0): "above", (1, 0): "below", (0, -1): "left of", (0, 1): "right of"}
    assert sorted(said) == sorted((f"empire:{r},{c}", f"{side} {first}") for (r, c), side in sides.items())
