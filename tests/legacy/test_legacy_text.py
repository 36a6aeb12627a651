"""Refusals as messages: said in English by ``str``, in French by a tongue that has them,
and kept whole through JSON."""

from __future__ import annotations

from typing import ClassVar

import pytest

from engine.legacy import Action, Element, Game, IllegalAction, MalformedAction, new_game
from engine.legacy.table import RULES
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
