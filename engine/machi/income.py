"""What a roll pays: establishments activate red, then blue and green, then purple.

Red ones belong to the roller's opponents and take from the roller, in reverse
turn order, each owed in full before the next; a roller who cannot pay it all
pays what they can and the rest is forgotten (the bank never makes it up).
Blue ones pay every owner, green ones the roller, from the bank. Purple ones
take from every opponent of the roller. Each copy of an establishment counts.
"""

from __future__ import annotations

from engine.machi.cards import Colour, Establishment, Kind, Power, catalogue
from engine.machi.events import Event
from engine.machi.events import Kind as E
from engine.machi.town import Town


def payouts(
    towns: list[Town], coins: list[int], bank: int, roller: int, total: int
) -> tuple[int, list[Event]]:
    """Pay out a roll of ``total`` by ``roller``: ``coins`` change in place; the bank's coins after,
    and what happened."""
    seats, cards = len(towns), catalogue()
    events: list[Event] = []

    def rolled(owner: int, colour: Colour) -> list[tuple[Establishment, int]]:
        return [
            (card, n)
            for key, n in towns[owner].establishments.items()
            if (card := cards.establishments[key]).colour is colour and total in card.numbers
        ]

    # Red: the roller's opponents, counter-clockwise from the roller.
    for k in range(1, seats):
        owner = (roller - k) % seats
        guard = 1 if towns[roller].has(Power.RED_GUARD) else 0
        owed = sum(n * max(worth(card, towns[owner]) - guard, 0) for card, n in rolled(owner, Colour.RED))
        if owed:
            paid = min(owed, coins[roller])
            coins[roller] -= paid
            coins[owner] += paid
            events.append(Event(E.PAID, seat=roller, to=owner, coins=paid, owed=owed))
    # Blue for everyone, green for the roller: from the bank, the roller first.
    for k in range(seats):
        owner = (roller + k) % seats
        mine = rolled(owner, Colour.BLUE) + (rolled(owner, Colour.GREEN) if owner == roller else [])
        for card, n in sorted(mine, key=lambda pair: pair[0].numbers):
            gained = min(n * worth(card, towns[owner]), bank)
            bank -= gained
            coins[owner] += gained
            events.append(Event(E.EARNED, seat=owner, card=card.key, coins=gained))
    # Purple: the roller takes from each opponent, clockwise.
    for card, n in rolled(roller, Colour.PURPLE):
        for k in range(1, seats):
            payer = (roller + k) % seats
            owed = n * worth(card, towns[roller])
            paid = min(owed, coins[payer])
            coins[payer] -= paid
            coins[roller] += paid
            events.append(Event(E.PAID, seat=payer, to=roller, coins=paid, owed=owed, card=card.key))
    return bank, events


def worth(card: Establishment, town: Town) -> int:
    """Coins one copy of ``card`` gives its owner."""
    coins = card.coins * (town.tagged(card.counts or "") if card.kind is Kind.PER_TAG else 1)
    return coins + town.bonus(card.tag)
