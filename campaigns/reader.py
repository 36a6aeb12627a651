"""The engines' messages and the games' content texts said in the active language (the
reader's, as :mod:`campaigns.accounts.language` says), French in its typography."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from gettext import NullTranslations

from django.utils import translation
from django.utils.translation import trans_real

from engine.french import typeset
from engine.games import content_french
from engine.text import Value, say


@cache
def _content_french() -> dict[str, str]:
    """The French of every game's content texts, by their English, set in French typography
    (read once); a name's French is a :class:`engine.french.Word`, its grammar with it."""
    return {english: typeset(french) for english, french in content_french().items()}


_SPOKEN: ContextVar[tuple[str, NullTranslations] | None] = ContextVar("spoken", default=None)
"""The language of the drawing in progress and its catalogue (:func:`speaking`)."""


@contextmanager
def speaking() -> Iterator[None]:
    """Within: the active language and its catalogue as they were on entering, found once.

    Django keeps the active language in an asgiref ``Local``: a lock and a context lookup for
    each message, which a board's drawing says by the hundred. A drawing never changes the
    language it is drawn in."""
    language = translation.get_language()
    token = _SPOKEN.set((language, trans_real.translation(language)))
    try:
        yield
    finally:
        _SPOKEN.reset(token)


def language() -> str:
    """The active language."""
    spoken = _SPOKEN.get()
    return spoken[0] if spoken is not None else translation.get_language()


def gettext(message: str) -> str:
    """Django's ``gettext``, from the catalogue of the drawing in progress if there is one."""
    spoken = _SPOKEN.get()
    if spoken is None or not message:
        return translation.gettext(message)
    return spoken[1].gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """Django's ``ngettext``, from the catalogue of the drawing in progress if there is one."""
    spoken = _SPOKEN.get()
    if spoken is None:
        return translation.ngettext(singular, plural, n)
    return spoken[1].ngettext(singular, plural, n)


def _french() -> bool:
    return language() == "fr"


class Reader:
    """The active language, as the engine's messages ask for it."""

    def gettext(self, message: str) -> str:
        return gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return ngettext(singular, plural, n)

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
