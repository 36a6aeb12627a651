"""The engines' messages and the games' content texts said in the active language (the
reader's, as :mod:`campaigns.accounts.language` says), French in its typography."""

from __future__ import annotations

from functools import cache

from django.utils import translation

from engine.french import typeset
from engine.games import content_french
from engine.text import Value, say


@cache
def _content_french() -> dict[str, str]:
    """The French of every game's content texts, by their English, set in French typography
    (read once); a name's French is a :class:`engine.french.Word`, its grammar with it."""
    return {english: typeset(french) for english, french in content_french().items()}


def _french() -> bool:
    return translation.get_language() == "fr"


class Reader:
    """The active language, as the engine's messages ask for it."""

    def gettext(self, message: str) -> str:
        return translation.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return translation.ngettext(singular, plural, n)

    def content(self, text: str) -> str:
        if _french():
            return _content_french().get(text, text)
        return text


READER = Reader()


def said(value: Value) -> str:
    """A message or a content text in the active language; French in its typography, whatever
    its parts put before a colon."""
    text = say(value, READER)
    return typeset(text) if _french() else text


def content(text: str) -> str:
    """A game's content text (a card's name, its text) in the active language."""
    return READER.content(text)
