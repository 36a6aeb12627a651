"""What one seat, or a watcher, may see of a game: every sheet as it stands, and
only whether the others have placed the current number, never where."""

from __future__ import annotations

from dataclasses import dataclass

from engine.legacy import empire, garden
from engine.legacy.actions import Action
from engine.legacy.cards import JOURNEYS
from engine.legacy.empire import Rectangle
from engine.legacy.game import Game
from engine.legacy.sheet import Score, Sheet


@dataclass(frozen=True)
class SheetView:
    seat: int
    opus: tuple[int, ...]
    garden: tuple[tuple[int, int | None], ...]
    """Each number and the number it branches from, in the order they were placed."""
    empire: tuple[tuple[int, int, int], ...]
    """Row, column, number."""
    score: Score
    leaves: tuple[int, ...]
    full: tuple[int, ...]
    """Garden numbers that already have both branches."""
    rectangle: Rectangle | None
    placed: bool
    pending: int | None = None
    """The number this seat placed for now (shown to it alone, in place): it may still take it back."""


@dataclass(frozen=True)
class View:
    seat: int | None
    """Whose view it is; ``None`` for a watcher."""
    number: int | None
    journeys: int
    journeys_in_all: int
    left: int
    """Cards still face down."""
    sheets: tuple[SheetView, ...]
    pending: Action | None
    """This seat's own placement of the current number, while it can be taken back."""
    over: bool
    winners: tuple[int, ...]

    @property
    def last_journey(self) -> bool:
        """Only one journey card is left: any card drawn may end the game."""
        return not self.over and self.journeys == self.journeys_in_all - 1


def sheet_view(seat: int, sheet: Sheet, placed: bool, pending: int | None = None) -> SheetView:
    grown = garden.branches(sheet.garden)
    return SheetView(
        seat,
        tuple(sheet.opus),
        tuple(sheet.garden.items()),
        tuple((row, col, n) for (row, col), n in sheet.empire.items()),
        sheet.score(),
        tuple(garden.leaves(sheet.garden)),
        tuple(n for n in sheet.garden if grown[n] >= garden.BRANCHES),
        empire.best(sheet.empire),
        placed,
        pending,
    )


def _sheet(game: Game, s: int, seat: int | None) -> SheetView:
    """Seat ``s``'s sheet as ``seat`` sees it: with its own placement of the number, if any, in place."""
    sheet, placed = game.sheets[s], game.placed[s]
    if s != seat or placed is None or game.number is None:
        return sheet_view(s, sheet, placed is not None)
    tried = Sheet.from_dict(sheet.to_dict())
    tried.place(game.number, placed)
    return sheet_view(s, tried, True, game.number)


def view(game: Game, seat: int | None = None) -> View:
    if seat is not None and seat not in range(game.seats):
        raise ValueError(f"there is no seat {seat + 1}")
    return View(
        seat,
        game.number,
        game.journeys,
        JOURNEYS,
        len(game.deck),
        tuple(_sheet(game, s, seat) for s in range(game.seats)),
        game.placed[seat] if seat is not None else None,
        game.over,
        tuple(game.winners()),
    )
