"""Legacy as the web app's tables see it (:class:`engine.protocol.Rules`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from engine.legacy.actions import Action
from engine.legacy.bots import BOTS
from engine.legacy.cards import SEATS
from engine.legacy.events import revealed
from engine.legacy.game import Game, replay
from engine.legacy.layout import Layout, layout
from engine.legacy.view import SheetView, View, view
from engine.protocol import Move, Table


@dataclass(frozen=True)
class Laid:
    sheet: SheetView
    layout: Layout


@dataclass(frozen=True)
class Shown:
    """What a seat's board draws: the view, and each sheet laid out (the seat's own with its moves)."""

    view: View
    seats: tuple[Laid, ...]


class LegacyRules:
    name: str = "legacy"
    title: str = "Legacy"
    seats: range = SEATS
    bots: Sequence[str] = tuple(BOTS)

    def new(self, seed: int, seats: int) -> Game:
        return Game.new(seed, seats)

    def load(self, data: dict[str, Any]) -> Game:
        return Game.from_dict(data)

    def parse(self, key: str) -> Action:
        return Action.parse(key)

    def apply(self, table: Table, seat: int, action: Move) -> tuple[list[dict[str, Any]], bool]:
        events = cast(Game, table).apply(seat, cast(Action, action))
        return [e._asdict() for e in events], revealed(events)

    def view(self, table: Table, seat: int | None) -> Shown:
        game = cast(Game, table)
        seen = view(game, seat)
        legal = game.legal_actions(seat) if seat is not None else []
        return Shown(seen, tuple(Laid(s, layout(s, legal if s.seat == seat else ())) for s in seen.sheets))

    def moment(self, table: Table, seat: int) -> str:
        game = cast(Game, table)
        placed = seat in range(game.seats) and game.placed[seat] is not None
        return f"{len(game.deck)}.{int(placed)}"

    def bot(self, name: str, table: Table, seat: int) -> Action:
        return BOTS[name](cast(Game, table), seat)

    def replay(self, seed: int, seats: int, log: Sequence[tuple[int, str]]) -> Game:
        return replay(seed, seats, log)


RULES = LegacyRules()
