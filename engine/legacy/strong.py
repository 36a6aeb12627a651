"""The strong bot: each placement valued by what the sheet can still score with the numbers to come.

The numbers not yet drawn are public (every drawn one stands on the sheets), and so are how many
cards are left and how many journey cards are among them; their order is not, and the bot never
reads it. From these it works out, over every order the remaining cards could come in, how likely
the game is to last long enough to close a rectangle outline in the empire, and how many of the
numbers to come each place left in the garden could still take. A placement's value is the sheet's
score plus that outlook; the bot takes the placement that leaves the most, the first legal one on a
tie, so its choice depends only on the game and its seat.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb
from typing import NamedTuple

from engine.legacy import empire, garden, opus
from engine.legacy.actions import Action, Element
from engine.legacy.cards import JOURNEYS, NUMBERS
from engine.legacy.empire import Square
from engine.legacy.game import Game

DRAWS_PER_SQUARE = 2.8
"""How many draws, on average, it takes the empire to fill one more square of an outline."""
CORNER_HOPE = 5
"""The tens digit counted for a corner not yet filled: the bot waits for a good one."""
MARGIN = 2
"""How far beyond the empire's numbers an outline may reach."""
OPUS_LOW = 4.0
"""What an opus waiting for its low place is worth less than one waiting for a high place."""
SLOT = 5.0
"""What a free branch in the garden is worth when every number to come is smaller than its number."""
NUMBERS_PER_SLOT = 8
"""The garden counts one free branch, and one more for each this many numbers to come, at most."""
CORNERS_AT_MOST = 4 * empire.tens(max(NUMBERS))
"""The most an outline's corners add to its area: the tens of four numbers."""
CORNER_BETTER = max(0, empire.tens(max(NUMBERS)) - CORNER_HOPE)
"""The most a number placed on an outline's empty corner adds to its worth."""


@dataclass(frozen=True)
class Outlook:
    """What is public about the cards to come: the numbers left and the journey cards left."""

    left: tuple[int, ...]
    cards: int
    journeys: int

    @classmethod
    def of(cls, game: Game) -> Outlook:
        drawn = {n for sheet in game.sheets for n in sheet.numbers()}
        drawn.add(game.number or 0)
        return cls(tuple(n for n in NUMBERS if n not in drawn), len(game.deck), JOURNEYS - game.journeys)

    def lasts(self, draws: int) -> float:
        """The chance that at least ``draws`` more numbers come before the last journey card."""
        if draws <= 0 or self.journeys <= 0:
            return 1.0 if draws <= 0 else 0.0
        early = comb(draws + self.journeys - 1, self.journeys) / comb(self.cards, self.journeys)
        return max(0.0, 1.0 - early)

    def below(self, number: int) -> float:
        """The share of the numbers to come that are smaller than ``number``."""
        return sum(n < number for n in self.left) / len(self.left) if self.left else 0.0


def strong_bot(game: Game, seat: int) -> Action:
    """The placement that adds most to the sheet's score and outlook, the first legal one on a tie."""
    sheet = game.sheets[seat]
    number = game.number
    assert number is not None
    outlook = Outlook.of(game)
    actions = game.legal_actions(seat)
    outlines = _Outlines(sheet.empire, outlook)
    rest = {
        Element.OPUS: _opus_value(sheet.opus),
        Element.GARDEN: _garden_value(sheet.garden, outlook),
        Element.EMPIRE: outlines.value(),
    }

    def value(action: Action) -> float:
        assert action.element is not None
        if action.element is Element.OPUS:
            mine = _opus_value([*sheet.opus, number])
        elif action.element is Element.GARDEN:
            mine = _garden_value({**sheet.garden, number: action.above}, outlook)
        else:
            assert action.square is not None
            mine = outlines.value(action.square, number)
        return mine - rest[action.element]

    values = [value(a) for a in actions]
    return actions[values.index(max(values))]


def _opus_value(line: list[int]) -> float:
    return opus.score(line) - (0 if opus.is_high(len(line)) else OPUS_LOW)


def _garden_value(tree: dict[int, int | None], outlook: Outlook) -> float:
    """The garden's score and, for each free branch, the share of the numbers to come it could take."""
    grown = garden.branches(tree)
    free = sum((garden.BRANCHES - grown[n]) * outlook.below(n) for n in tree)
    return garden.score(tree) + SLOT * min(free, 1.0 + len(outlook.left) / NUMBERS_PER_SLOT)


class _Outline(NamedTuple):
    top: int
    left: int
    bottom: int
    right: int
    missing: int
    worth: float
    """What the outline scores once closed, empty corners counted at :data:`CORNER_HOPE`."""

    def holds(self, square: Square) -> bool:
        row, col = square
        inside = self.top <= row <= self.bottom and self.left <= col <= self.right
        return inside and (row in (self.top, self.bottom) or col in (self.left, self.right))

    def cornered(self, square: Square) -> bool:
        """Whether ``square`` is one of the outline's corners."""
        row, col = square
        return row in (self.top, self.bottom) and col in (self.left, self.right)


class _Outlines:
    """The rectangle outlines the empire might close: each one's worth if closed, and the chance it closes."""

    def __init__(self, realm: dict[Square, int], outlook: Outlook) -> None:
        self.realm, self.outlook = realm, outlook
        self.now = empire.score(realm)
        found = _outlines(realm, outlook, self.now) if realm else []
        self.outlines = sorted(found, key=lambda o: o.worth, reverse=True)
        """The outlines, the one worth most first."""
        most = max((o.missing for o in self.outlines), default=0)
        self.chances = [outlook.lasts(round(missing * DRAWS_PER_SQUARE)) for missing in range(most + 1)]
        """The chance that an outline closes, by the squares it misses."""
        self.ranked: dict[int, list[tuple[float, _Outline]]] = {}
        """By what the empire scores: each outline's value as the empire stands, the best first."""

    def value(self, square: Square | None = None, number: int = 0) -> float:
        """The empire's outlook as it stands, or with ``number`` on ``square``: the best of what it
        scores and of each outline's worth once closed, weighed by the chance it closes."""
        if not self.realm:
            if square is None:
                return 0.0
            return _Outlines({square: number}, self.outlook).value()
        if square is None:
            ranked = self._ranked(self.now)
            return max(float(self.now), ranked[0][0]) if ranked else float(self.now)
        now = empire.score({**self.realm, square: number})
        # An outline that does not hold the square is worth what it was: the best of them comes
        # first in rank. One that holds it misses a square less, and a corner of it has a number.
        best = max(float(now), next((v for v, o in self._ranked(now) if not o.holds(square)), now))
        bonus = max(0, empire.tens(number) - CORNER_HOPE)
        for o in self.outlines:
            if o.worth + bonus <= best:
                break  # weighed by a chance, an outline is worth no more than once closed
            if o.holds(square):
                worth = o.worth + (empire.tens(number) - CORNER_HOPE if o.cornered(square) else 0)
                best = max(best, self._value(now, o.missing - 1, worth))
        return best

    def _value(self, now: int, missing: int, worth: float) -> float:
        """What an outline missing ``missing`` squares is worth, the empire scoring ``now`` meanwhile."""
        return worth if missing == 0 else now + self.chances[missing] * (worth - now)

    def _ranked(self, now: int) -> list[tuple[float, _Outline]]:
        if now not in self.ranked:
            values = [(self._value(now, o.missing, o.worth), o) for o in self.outlines]
            self.ranked[now] = sorted(values, key=lambda pair: pair[0], reverse=True)
        return self.ranked[now]


def _outlines(realm: dict[Square, int], outlook: Outlook, now: int) -> list[_Outline]:
    """Every rectangle outline near the empire that holds at least one of its numbers, could
    still be filled with the numbers to come, and could score more than the empire's ``now``,
    even once a number on an empty corner adds :data:`CORNER_BETTER` (an outline scores no more
    than its area and :data:`CORNERS_AT_MOST`). Those left out could not change a value."""
    rows = [r for r, _c in realm]
    cols = [c for _r, c in realm]
    top0, left0 = min(rows) - MARGIN, min(cols) - MARGIN
    height, width = max(rows) - top0 + 1 + MARGIN, max(cols) - left0 + 1 + MARGIN
    filled = [[(top0 + r, left0 + c) in realm for c in range(width)] for r in range(height)]
    # What each square counts for as an outline's corner.
    corner = [
        [empire.tens(realm[top0 + r, left0 + c]) if filled[r][c] else CORNER_HOPE for c in range(width)]
        for r in range(height)
    ]
    across = [[0] * (width + 1) for _r in range(height)]
    for r in range(height):
        for c in range(width):
            across[r][c + 1] = across[r][c] + filled[r][c]
    down = [[0] * (height + 1) for _c in range(width)]
    for c in range(width):
        for r in range(height):
            down[c][r + 1] = down[c][r] + filled[r][c]
    most = max(0.0, len(outlook.left) / DRAWS_PER_SQUARE)
    found: list[_Outline] = []
    for top in range(height):
        for bottom in range(top, height):
            h = bottom - top + 1
            narrowest = max(1, (now - CORNERS_AT_MOST) // h + 1)
            for left in range(width):
                for right in range(left + narrowest - 1, width):
                    w = right - left + 1
                    outline = 2 * (w + h) - 4 if w > 1 and h > 1 else w * h
                    have = across[top][right + 1] - across[top][left]
                    if h > 1:
                        have += across[bottom][right + 1] - across[bottom][left]
                        have += down[left][bottom] - down[left][top + 1]
                        if w > 1:
                            have += down[right][bottom] - down[right][top + 1]
                    missing = outline - have
                    if have == 0 or missing > most:
                        continue
                    worth = w * h + corner[top][left]
                    if w > 1:
                        worth += corner[top][right]
                    if h > 1:
                        worth += corner[bottom][left] + (corner[bottom][right] if w > 1 else 0)
                    if worth + CORNER_BETTER <= now:
                        continue
                    found.append(
                        _Outline(top0 + top, left0 + left, top0 + bottom, left0 + right, missing, worth)
                    )
    return found
