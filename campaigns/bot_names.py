"""How players see a table's bots: named by how they play, the same way in every game."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy

from engine.games import GAMES

PLAYS_WELL = gettext_lazy("Plays well")
"""Every game's first bot, the one that plays best."""
STYLES: dict[str, Promise] = {
    "random": gettext_lazy("Plays at random"),
    "greedy": gettext_lazy("Plays for the moment"),
}
"""The other bots, by key."""
BEST = frozenset(rules.bots[0] for rules in GAMES.values())


def bot_name(key: str) -> str:
    """What the bot ``key`` is called, said in the reader's language."""
    return str(PLAYS_WELL if key in BEST else STYLES[key])
