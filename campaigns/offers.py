"""The games the home page offers: each one's name, what it is, who plays it and for how long."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.urls import reverse
from django.utils.functional import Promise
from django.utils.translation import gettext, gettext_lazy

from campaigns.models import YU
from campaigns.reader import said
from engine.games import GAMES, TABLES, at_table
from engine.seated import SeriesSession

LINES: dict[str, Promise] = {
    YU: gettext_lazy("Alone against the river: dig six Canal sections before the Flood reaches them."),
    "legacy": gettext_lazy("Everyone places the same drawn number in an opus, a garden or an empire."),
    "machi": gettext_lazy(
        "Roll the dice, earn coins and build up your town; "
        "from one game to the next, a legacy deck changes the rules."
    ),
}
"""What each game is, in one line."""


@dataclass(frozen=True)
class Offer:
    """A game as the home page shows it."""

    name: str
    title: str
    line: str
    players: str
    length: str
    rules: str
    """The address of its rules page."""

    @property
    def table(self) -> bool:
        """Whether it is played at a table (else it is the Legacy of Yu campaign)."""
        return at_table(GAMES[self.name])

    @property
    def start(self) -> str:
        """The home page's address at the form that starts it."""
        home = reverse("home")
        return f"{home}?game={self.name}#new-table" if self.table else f"{home}#new-campaign"


def _players(seats: range) -> str:
    return gettext("{least} to {most} players").format(least=seats.start, most=seats.stop - 1)


def _length(rules: SeriesSession[Any, Any, Any]) -> str:
    if rules.games is None:
        return gettext("As many games as you like")
    if rules.free_play:
        return gettext("A campaign of {n} games, then free play").format(n=rules.games)
    return gettext("A campaign of {n} games").format(n=rules.games)


def offers() -> list[Offer]:
    """Legacy of Yu first, then the games of the tables, in the reader's language."""
    yu = Offer(
        YU,
        "Legacy of Yu",
        str(LINES[YU]),
        gettext("Solo"),
        gettext("A campaign of 7 to 13 games"),
        reverse("rules"),
    )
    return [yu] + [
        Offer(
            name,
            said(rules.title),
            str(LINES[name]),
            _players(rules.seats),
            _length(rules),
            reverse("game_rules", args=[name]),
        )
        for name, rules in TABLES.items()
    ]
