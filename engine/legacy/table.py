"""Legacy as the web app's tables see it (:class:`engine.protocol.Rules`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from engine.legacy.actions import Action
from engine.legacy.bots import BOTS
from engine.legacy.cards import SEATS
from engine.legacy.game import Game
from engine.legacy.layout import Layout, layout
from engine.legacy.view import SheetView, View, view
from engine.protocol import SeatedRules, Table
from engine.text import _


@dataclass(frozen=True)
class Laid:
    sheet: SheetView
    layout: Layout


@dataclass(frozen=True)
class Shown:
    """What a seat's board draws: the view, and each sheet laid out (the seat's own with its moves)."""

    view: View
    seats: tuple[Laid, ...]


class LegacyRules(SeatedRules):
    name = "legacy"
    title = _("Legacy")
    seats = SEATS
    unit = _("points")

    def __init__(self) -> None:
        super().__init__(Game, Action, BOTS)

    def view(self, table: Table, seat: int | None) -> Shown:
        game = cast(Game, table)
        seen = view(game, seat)
        legal = game.legal_actions(seat) if seat is not None else []
        return Shown(seen, tuple(Laid(s, layout(s, legal if s.seat == seat else ())) for s in seen.sheets))

    def moment(self, table: Table, seat: int) -> str:
        game = cast(Game, table)
        placed = seat in range(game.seats) and game.placed[seat] is not None
        return f"{len(game.deck)}.{int(placed)}"


RULES = LegacyRules()
