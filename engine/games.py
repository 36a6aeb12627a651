"""The games played at tables of seats, by the name a table row stores.

Legacy of Yu, the solo campaign, keeps its own richer interface (``engine.yu``)."""

from __future__ import annotations

from engine.legacy.table import RULES as LEGACY
from engine.machi.table import RULES as MACHI
from engine.protocol import Rules

GAMES: dict[str, Rules] = {rules.name: rules for rules in (LEGACY, MACHI)}


def content_french() -> dict[str, str]:
    """The French of every game's content texts (names, card texts, story), by their English."""
    from engine.machi.campaign import deck
    from engine.machi.cards import catalogue
    from engine.yu.content.loader import base

    return base().french.texts | catalogue().french.texts | deck().french.texts
