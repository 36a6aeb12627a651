"""How hard a campaign is: the level chosen when it starts, and the streaks
that make the next game harder after a run of wins and easier after a run of
losses. Both change a game's setup, on top of the story's lasting changes;
a standard campaign's games are set up as the rulebook says.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from engine.text import Msg, _, ngettext
from engine.yu.content import words
from engine.yu.content.items import PROVISION
from engine.yu.content.steps import Gain, RevealBarbarian, Steps
from engine.yu.rules.setup import Setup


@dataclass(frozen=True, slots=True)
class Handicap:
    """Changes to one game's setup (negative numbers make it easier)."""

    ready_pile: int = 0
    """Added to the number of Townsfolk dealt to the Ready Pile."""
    start: Steps = ()
    """Resolved once, before the first Harvest."""
    harvest: Steps = ()
    """Added to every Harvest."""

    def apply(self, setup: Setup) -> Setup:
        """``setup`` with these changes (its Ready Pile given)."""
        assert setup.ready_pile is not None
        return replace(
            setup,
            ready_pile=max(4, setup.ready_pile + self.ready_pile),
            start=(*setup.start, *self.start),
            harvest=(*setup.harvest, *self.harvest),
        )

    def text(self) -> Msg:
        """The changes in words, as one clause."""
        parts = []
        if self.ready_pile > 0:
            parts.append(
                ngettext(
                    "{n} Townsfolk more in the Ready Pile",
                    "{n} Townsfolk more in the Ready Pile",
                    self.ready_pile,
                )
            )
        elif self.ready_pile < 0:
            fewer = -self.ready_pile
            parts.append(
                ngettext(
                    "{n} Townsfolk fewer in the Ready Pile", "{n} Townsfolk fewer in the Ready Pile", fewer
                )
            )
        if self.start:
            parts.append(_("{what} before the first Harvest", what=words.steps(self.start)))
        if self.harvest:
            parts.append(_("{what} more at every Harvest", what=words.steps(self.harvest)))
        if not parts:
            return _("no change")
        clause = parts[0]
        for part in parts[1:]:
            clause = _("{first}; {then}", first=clause, then=part)
        return clause


@dataclass(frozen=True, slots=True)
class Level:
    describe: Msg
    """One line for the player choosing a level."""
    handicap: Handicap
    """What every game of the campaign is set up with."""


class Difficulty(StrEnum):
    """The level a campaign is played at, chosen when it starts."""

    GENTLE = "gentle"
    STANDARD = "standard"
    HARD = "hard"

    @property
    def describe(self) -> Msg:
        return LEVELS[self].describe

    @property
    def handicap(self) -> Handicap:
        """The changes this level makes to every game of a campaign."""
        return LEVELS[self].handicap


LEVELS = {
    Difficulty.GENTLE: Level(
        _("A kinder river: one Townsfolk more in the Ready Pile and a Provision more at every Harvest."),
        Handicap(ready_pile=1, harvest=(Gain(PROVISION, 1),)),
    ),
    Difficulty.STANDARD: Level(_("The river as the rulebook sets it."), Handicap()),
    Difficulty.HARD: Level(
        _("A crueller river: every game deals two Townsfolk fewer to the Ready Pile."),
        Handicap(ready_pile=-2),
    ),
}
"""Each level's changes to every game of its campaign."""

STREAK = 2
"""Games won, or lost, in a row from which the next game changes: one result
is luck, two are a trend the river answers."""
WIN_STREAK = (
    Handicap(ready_pile=-1, start=(RevealBarbarian(1),)),
    Handicap(ready_pile=-1, start=(RevealBarbarian(2),)),
)
"""The next game after 2 wins in a row, then after 3 or more: the tribes have
heard of the works and come to raid them, and the villages send one hand fewer."""
LOSS_STREAK = (
    Handicap(ready_pile=1),
    Handicap(ready_pile=1, harvest=(Gain(PROVISION, 1),)),
)
"""The next game after 2 losses in a row, then after 3 or more: the villages
send more hands and more grain."""


def extend(streak: int, won: bool) -> int:
    """The streak after one more game: wins in a row positive, losses negative."""
    return max(streak, 0) + 1 if won else min(streak, 0) - 1


def streak_handicap(streak: int) -> Handicap:
    """The change to the next game after ``streak`` results in a row (wins
    positive, losses negative); no change below :data:`STREAK`."""
    if abs(streak) < STREAK:
        return Handicap()
    table = WIN_STREAK if streak > 0 else LOSS_STREAK
    return table[min(abs(streak) - STREAK, len(table) - 1)]


def streak_words(streak: int) -> Msg | None:
    """What a streak does to the next game, in words; None when it does nothing."""
    if abs(streak) < STREAK:
        return None
    handicap = streak_handicap(streak).text()
    if streak > 0:
        return _(
            "{n} wins in a row: the tribes have heard of your works. This game: {handicap}.",
            n=streak,
            handicap=handicap,
        )
    return _(
        "{n} losses in a row: the villages send help. This game: {handicap}.", n=-streak, handicap=handicap
    )
