"""The engines' messages and the games' content texts said in the active language (the
reader's, as :mod:`campaigns.accounts.language` says)."""

from __future__ import annotations

from functools import cache

from django.utils import translation

from engine.games import content_french
from engine.text import Value, say

_content_french = cache(content_french)
"""The French of every game's content texts, by their English (read once)."""


class Reader:
    """The active language, as the engine's messages ask for it."""

    def gettext(self, message: str) -> str:
        return translation.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return translation.ngettext(singular, plural, n)

    def content(self, text: str) -> str:
        if translation.get_language() == "fr":
            return _content_french().get(text, text)
        return text


READER = Reader()


def said(value: Value) -> str:
    """A message or a content text in the active language."""
    return say(value, READER)


def content(text: str) -> str:
    """A game's content text (a card's name, its text) in the active language."""
    return READER.content(text)
