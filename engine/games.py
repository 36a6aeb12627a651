"""Every game the web app plays, by the name a campaign row stores."""

from __future__ import annotations

from typing import Any

from engine.legacy.table import RULES as LEGACY
from engine.machi.table import RULES as MACHI
from engine.seated import SeriesSession
from engine.session import Session
from engine.yu.session import SESSION as YU

GAMES: dict[str, Session[Any, Any, Any]] = {session.name: session for session in (YU, LEGACY, MACHI)}
"""Each game's session; a game's own types are known only inside its package."""
TABLES: dict[str, SeriesSession[Any, Any, Any]] = {rules.name: rules for rules in (LEGACY, MACHI)}
"""The games played at a table of seats, a series of games at a time."""


def at_table(session: Session[Any, Any, Any]) -> bool:
    """Whether the game is played at a table of seats, each someone's; else its one seat is
    shared by the owner and the players they let in (a campaign of Legacy of Yu)."""
    return session.seats != range(1, 2)


def content_french() -> dict[str, str]:
    """The French of every game's content texts (names, card texts, story), by their English."""
    from engine.machi.campaign import deck
    from engine.machi.cards import catalogue
    from engine.yu.content.loader import base

    return base().french.texts | catalogue().french.texts | deck().french.texts
