"""Legacy as a session of the web app's tables (:class:`engine.seated.SeriesSession`)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.legacy.actions import Action
from engine.legacy.bots import BOTS
from engine.legacy.cards import SEATS
from engine.legacy.game import Game
from engine.legacy.layout import Layout, layout
from engine.legacy.view import SheetView, View, view
from engine.seated import SeriesSession
from engine.session import Data
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


class LegacyRules(SeriesSession[Game, Action, Shown]):
    name = "legacy"
    title = _("Legacy")
    seats = SEATS
    unit = _("points")

    def __init__(self) -> None:
        super().__init__(Action.parse, BOTS)

    def deal(self, seed: int, seats: int, carried: Data) -> Game:
        return Game.new(seed, seats)

    def load(self, data: Data) -> Game:
        return Game.from_dict(data)

    def shown(self, game: Game, seat: int | None) -> Shown:
        seen = view(game, seat)
        legal = game.legal_actions(seat) if seat is not None else []
        return Shown(seen, tuple(Laid(s, layout(s, legal if s.seat == seat else ())) for s in seen.sheets))

    def game_moment(self, game: Game, seat: int) -> str:
        placed = seat in range(game.seats) and game.placed[seat] is not None
        return f"{len(game.deck)}.{int(placed)}"


RULES = LegacyRules()
