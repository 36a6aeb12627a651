"""Bots that can take any seat: one places at random, one takes the best gain, and the strong one
(:mod:`engine.legacy.strong`) weighs what the numbers to come can still complete.

A bot's choice depends only on the game and its seat, so a table's log plus
the seed replays it without running the bots again.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.legacy import empire, opus
from engine.legacy.actions import Action, Element
from engine.legacy.game import Game
from engine.legacy.sheet import Sheet
from engine.legacy.strong import strong_bot
from engine.rng import Rng

LOOKAHEAD = 0.5
"""How much the greedy bot counts a rectangle one more number would complete."""
OPUS_LOW = 4.5
"""The greedy bot's worth of opening a high place in the opus: a ones digit on average."""


def random_bot(game: Game, seat: int) -> Action:
    return _pick(game, seat, game.legal_actions(seat))


def greedy_bot(game: Game, seat: int) -> Action:
    """The placement that adds most to the score now, with a look one number ahead in the
    empire; among equals, one at random (two greedy bots at a table soon part ways)."""
    sheet = game.sheets[seat]
    number = game.number
    assert number is not None
    now = sheet.score().total
    gains = {action: gain(sheet, now, number, action) for action in game.legal_actions(seat)}
    top = max(gains.values())
    return _pick(game, seat, [a for a, g in gains.items() if g == top])


def _pick(game: Game, seat: int, actions: list[Action]) -> Action:
    """One of ``actions``, drawn from the game's seed, the seat and the cards left: the same every time."""
    rng = Rng(game.seed * 131 + seat * 7919 + len(game.deck))
    return actions[rng.below(len(actions))]


def gain(sheet: Sheet, now: int, number: int, action: Action) -> float:
    if action.element is Element.OPUS:
        place = len(sheet.opus)
        return opus.worth(number, place) + (0 if opus.is_high(place) else OPUS_LOW)
    after = Sheet(list(sheet.opus), dict(sheet.garden), dict(sheet.empire))
    after.place(number, action)
    value: float = after.score().total - now
    if action.element is Element.EMPIRE:
        assert action.square is not None
        value += LOOKAHEAD * _one_more(after.empire, action.square)
    return value


def _one_more(realm: dict[empire.Square, int], placed: empire.Square) -> int:
    """What a number of middling tens beside ``placed`` would add to the empire. Neighbours
    alternate parity, so the square's colour on a checkerboard fixes the parity it takes."""
    base = empire.score(realm)
    guess = 44 if realm[placed] % 2 else 45
    return max(
        (empire.score({**realm, s: guess}) - base for s in empire.neighbours(placed) if s not in realm),
        default=0,
    )


BOTS: dict[str, Callable[[Game, int], Action]] = {
    "strong": strong_bot,
    "greedy": greedy_bot,
    "random": random_bot,
}
"""By key, the one that plays best first."""
