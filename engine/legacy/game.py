"""A game of Legacy: one shuffled deck, every seat placing the same number at once.

A seat may take its placement back until the last seat places; then all
placements stand and the next card is drawn. Journey cards are set aside; the
third ends the game at once.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from engine.legacy.actions import BACK, Action, Element, IllegalAction
from engine.legacy.cards import JOURNEY, JOURNEYS, NUMBERS, SEATS
from engine.legacy.events import Event, Kind
from engine.legacy.sheet import Sheet
from engine.rng import Rng
from engine.text import Msg, _


@dataclass
class Game:
    seed: int
    sheets: list[Sheet]
    placed: list[Action | None]
    """Each seat's placement of the current number, while it may still be taken back."""
    deck: list[int]
    """Face down: the next card is the last."""
    number: int | None = None
    """The number every seat places now; ``None`` once the game is over."""
    journeys: int = 0

    @classmethod
    def new(cls, seed: int, seats: int) -> Game:
        if seats not in SEATS:
            raise ValueError(f"a table has {SEATS.start} to {SEATS.stop - 1} seats, not {seats}")
        deck = [*NUMBERS, *[JOURNEY] * JOURNEYS]
        Rng(seed).shuffle(deck)
        game = cls(seed, [Sheet() for _seat in range(seats)], [None] * seats, deck)
        game._draw()
        return game

    @property
    def seats(self) -> int:
        return len(self.sheets)

    @property
    def over(self) -> bool:
        return self.journeys >= JOURNEYS

    def waiting(self) -> list[int]:
        """The seats that have not placed the current number."""
        return [] if self.over else [s for s, p in enumerate(self.placed) if p is None]

    def legal_actions(self, seat: int) -> list[Action]:
        if self.over or seat not in range(self.seats):
            return []
        if self.placed[seat] is not None:
            return [BACK]
        assert self.number is not None
        return self.sheets[seat].placements(self.number)

    def refusal(self, seat: int, action: Action) -> Msg | None:
        """Why ``seat`` cannot take ``action`` now; ``None`` if it can."""
        if seat not in range(self.seats):
            return _("There is no seat {seat} at this table.", seat=seat + 1)
        if self.over:
            return _("The game is over.")
        mine = self.placed[seat]
        if action == BACK:
            return None if mine else _("There is no placement to take back.")
        assert self.number is not None
        if mine is not None:
            return _placed_already(self.number, mine)
        return self.sheets[seat].refusal(self.number, action)

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Take ``action`` for ``seat``, or raise :class:`IllegalAction` and change nothing."""
        why = self.refusal(seat, action)
        if why is not None:
            raise IllegalAction(why)
        if action == BACK:
            self.placed[seat] = None
            return [Event(Kind.BACK, seat)]
        self.placed[seat] = action
        events = [Event(Kind.PLACED, seat)]
        if not self.waiting():
            events += self._stand()
        return events

    def _stand(self) -> list[Event]:
        assert self.number is not None
        for sheet, placed in zip(self.sheets, self.placed, strict=True):
            assert placed is not None
            sheet.place(self.number, placed)
        events = [Event(Kind.STOOD, number=self.number)]
        self.placed = [None] * self.seats
        return events + self._draw()

    def _draw(self) -> list[Event]:
        self.number = None
        events: list[Event] = []
        while self.deck:
            card = self.deck.pop()
            if card != JOURNEY:
                self.number = card
                return [*events, Event(Kind.DRAWN, number=card)]
            self.journeys += 1
            events.append(Event(Kind.JOURNEY, journeys=self.journeys))
            if self.over:
                return [*events, Event(Kind.ENDED)]
        raise AssertionError("the deck always holds the third journey card")

    def scores(self) -> list[int]:
        return [sheet.score().total for sheet in self.sheets]

    def winners(self) -> list[int]:
        """The seats with the best score, once the game is over."""
        if not self.over:
            return []
        scores = self.scores()
        return [s for s, score in enumerate(scores) if score == max(scores)]

    def redeal(self, seed: int) -> None:
        """Shuffle the face-down deck anew from ``seed`` (:mod:`engine.redeals`)."""
        Rng(seed).shuffle(self.deck)

    def to_dict(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "sheets": [sheet.to_dict() for sheet in self.sheets],
            "placed": [p.key if p else None for p in self.placed],
            "deck": list(self.deck),
            "number": self.number,
            "journeys": self.journeys,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Game:
        return cls(
            data["seed"],
            [Sheet.from_dict(s) for s in data["sheets"]],
            [Action.parse(p) if p else None for p in data["placed"]],
            list(data["deck"]),
            data["number"],
            data["journeys"],
        )


def _placed_already(number: int, placed: Action) -> Msg:
    """The refusal of a second placement: the first must be taken back."""
    if placed.element is Element.OPUS:
        return _("{number} is already placed in the opus: take it back first.", number=number)
    if placed.element is Element.GARDEN:
        return _("{number} is already placed in the garden: take it back first.", number=number)
    return _("{number} is already placed in the empire: take it back first.", number=number)


def new_game(seed: int, seats: int) -> Game:
    return Game.new(seed, seats)


def replay(seed: int, seats: int, log: Iterable[tuple[int, str]]) -> Game:
    """The game that ``log`` (seat and action key, in order) made from ``seed``."""
    game = Game.new(seed, seats)
    for seat, key in log:
        game.apply(seat, Action.parse(key))
    return game
