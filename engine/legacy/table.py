"""Legacy as a session of the web app's tables (:class:`engine.seated.SeriesSession`)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.legacy import opus
from engine.legacy.actions import Action, Element
from engine.legacy.bots import BOTS
from engine.legacy.cards import SEATS
from engine.legacy.empire import where
from engine.legacy.game import Game
from engine.legacy.layout import Layout, layout
from engine.legacy.sheet import Sheet
from engine.legacy.strong import strong_bot
from engine.legacy.view import SheetView, View, view
from engine.seated import Next, Played, SeriesSession
from engine.session import Data, Hint, Suggestion
from engine.text import Msg, _


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

    # -- advice ------------------------------------------------------------------------

    def warning(self, state: Played[Game], seat: int, action: Action | Next) -> Msg | None:
        """No placement loses for certain: nothing to ask."""
        return None

    def hint(self, state: Played[Game], seat: int) -> Hint[Action] | Msg:
        """Where the strong bot would place the number, from what every seat sees."""
        game = state.game
        if game.over:
            return _("The game is over: there is nothing to hint at.")
        if seat not in game.waiting():
            return _("You have placed this number: the others are placing it now.")
        action = strong_bot(game, seat)
        assert game.number is not None
        return Hint((Suggestion(action, placing(action, game.number, game.sheets[seat])),))


def placing(action: Action, number: int, sheet: Sheet) -> Msg:
    """A placement on ``sheet`` (the seat's, before it) in words."""
    if action.element is Element.OPUS:
        if opus.is_high(len(sheet.opus)):
            return _(
                "Place {number} at the end of your opus, a high place: its ones digit adds.", number=number
            )
        return _(
            "Place {number} at the end of your opus, a low place: its ones digit takes away.", number=number
        )
    if action.element is Element.GARDEN and action.above is None:
        return _("Plant {number} as the trunk of your garden.", number=number)
    if action.element is Element.GARDEN:
        return _(
            "Place {number} in your garden, as a branch of {above}.",
            number=number,
            above=action.above or 0,
        )
    assert action.square is not None
    return _(
        "Place {number} in your empire: {where}.", number=number, where=where(sheet.empire, action.square)
    )


RULES = LegacyRules()
