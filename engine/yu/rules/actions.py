"""Actions: small typed values with a stable string key, like ``attack:5:KKY``.

The key is what a form field or a log line carries. :meth:`Action.parse`
turns a key into an :class:`Action`, and is the only code that reads one;
:attr:`Action.key` writes it back.
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import NamedTuple

from engine.text import Refusal, _
from engine.yu.content.items import INDEX, ITEMS, Item

Payment = tuple[int, int, int, int, int]
"""Workers given, by colour (White, Red, Blue, Black, Yellow)."""
NO_WORKERS: Payment = (0, 0, 0, 0, 0)
LETTERS = "WRBKY"
"""One letter per Worker colour: how a payment is written in a key."""


class Kind(StrEnum):
    PLAY = "play"
    DISCARD = "discard"
    TUCK = "tuck"
    CANAL = "canal"
    ATTACK = "attack"
    RECRUIT = "recruit"
    DISMISS = "dismiss"
    BUILD = "build"
    HUT = "hut"
    TRADE = "trade"
    END = "end"
    FEED = "feed"
    FORTUNE = "fortune"
    LEVEE = "levee"
    PICK = "pick"
    """Answers a pick: one item (none when the Main Supply has none left)."""
    BRIBE = "bribe"
    SUFFER = "suffer"
    CHOOSE = "choose"
    """Answers the story's choice, in a game or between games."""
    NEXT = "next"
    """Starts a campaign's next game."""


class IllegalAction(Refusal):
    """An action the rules do not allow now."""


class MalformedAction(IllegalAction):
    """Text that is not an action key at all."""


class Action(NamedTuple):
    """One action. Card Row spaces, Hut spaces, build sites, trades and story
    options are numbered from 1, as the board prints them."""

    kind: Kind
    card: str | None = None
    """The card played, discarded, tucked, fed, exhausted by a trade, or the Fortuity card."""
    space: int | None = None
    """The Card Row space (recruit, dismiss, attack) or the Hut space."""
    site: int | None = None
    building: str | None = None
    trade: int | None = None
    item: Item | None = None
    """The item picked, or the one a trade offers a choice of."""
    option: int | None = None
    payment: Payment | None = None
    """The Workers that pay, when the cost asks for Workers."""

    @property
    def key(self) -> str:
        parts: list[str] = [self.kind]
        if self.trade is not None:
            parts.append(str(self.trade))
        if self.kind is Kind.PICK:
            parts.append(ITEMS[self.item] if self.item is not None else "none")
        elif self.item is not None:
            parts.append(ITEMS[self.item])
        if self.building is not None:
            parts.append(self.building)
        if self.kind is Kind.FEED and self.card is None:
            parts.append("provision")
        for value in (self.card, self.space, self.site, self.option):
            if value is not None:
                parts.append(str(value))
        if self.payment is not None:
            parts.append(letters(self.payment))
        return ":".join(parts)

    def __str__(self) -> str:
        return self.key

    @property
    def target(self) -> Action:
        """What the action acts on, without the variant chosen (the Workers
        that pay, the build site, the card a trade exhausts)."""
        if self.payment is None and self.site is None and (self.card is None or self.kind is not Kind.TRADE):
            return self
        card = None if self.kind is Kind.TRADE else self.card
        return self._replace(payment=None, site=None, card=card)

    @classmethod
    def parse(cls, key: str) -> Action:
        """The action a key names; :class:`MalformedAction` if it names none."""
        if not key or len(key) > 64:
            raise MalformedAction(_("{key} is not an action key", key=repr(key)))
        name, *args = key.split(":")
        try:
            kind = Kind(name)
            action = _PARSERS[kind](kind, args)
        except (ValueError, KeyError, IndexError):
            action = None
        if action is None or action.key != key:
            raise MalformedAction(_("{key} is not an action key", key=repr(key)))
        return action


def letters(payment: Payment) -> str:
    """``(1, 2, 0, 0, 0)`` -> ``"WRR"``."""
    return "".join(LETTERS[c] * n for c, n in enumerate(payment))


_LETTERS = re.compile(r"[WRBKY]+")
_ID = re.compile(r"[a-z][a-z0-9_]*")


def _payment(text: str) -> Payment:
    if not _LETTERS.fullmatch(text):
        raise ValueError(text)
    return (text.count("W"), text.count("R"), text.count("B"), text.count("K"), text.count("Y"))


def _card(text: str) -> str:
    if not _ID.fullmatch(text) or text in INDEX:
        raise ValueError(text)
    return text


def _number(text: str) -> int:
    if not text.isdigit() or len(text) > 3:
        raise ValueError(text)
    return int(text)


def _bare(kind: Kind, args: list[str]) -> Action | None:
    return None if args else Action(kind)


def _of_card(kind: Kind, args: list[str]) -> Action | None:
    (card,) = args
    if kind is Kind.FEED and card == "provision":
        return Action(kind)
    return Action(kind, card=_card(card))


def _paid(kind: Kind, args: list[str]) -> Action | None:
    if (kind is Kind.BRIBE or kind is Kind.LEVEE) and not args:
        return Action(kind)
    (pay,) = args
    return Action(kind, payment=_payment(pay))


def _at_space(kind: Kind, args: list[str]) -> Action | None:
    if kind is Kind.RECRUIT or kind is Kind.DISMISS:
        (space,) = args
        return Action(kind, space=_number(space))
    space, pay = args
    return Action(kind, space=_number(space), payment=_payment(pay))


def _build(kind: Kind, args: list[str]) -> Action | None:
    building, site, pay = args
    return Action(kind, building=_card(building), site=_number(site), payment=_payment(pay))


def _trade(kind: Kind, args: list[str]) -> Action | None:
    number, *rest = args
    item = INDEX[rest.pop(0)] if rest and rest[0] in INDEX else None
    card = _card(rest.pop(0)) if rest and _ID.fullmatch(rest[0]) else None
    payment = _payment(rest.pop(0)) if rest else None
    if rest:
        return None
    return Action(kind, trade=_number(number), item=item, card=card, payment=payment)


def _pick(kind: Kind, args: list[str]) -> Action | None:
    (item,) = args
    return Action(kind, item=None if item == "none" else INDEX[item])


def _choose(kind: Kind, args: list[str]) -> Action | None:
    (number,) = args
    return Action(kind, option=_number(number))


_PARSERS = {
    Kind.PLAY: _of_card,
    Kind.DISCARD: _of_card,
    Kind.TUCK: _of_card,
    Kind.FEED: _of_card,
    Kind.FORTUNE: _of_card,
    Kind.CANAL: _paid,
    Kind.LEVEE: _paid,
    Kind.BRIBE: _paid,
    Kind.RECRUIT: _at_space,
    Kind.DISMISS: _at_space,
    Kind.ATTACK: _at_space,
    Kind.HUT: _at_space,
    Kind.BUILD: _build,
    Kind.TRADE: _trade,
    Kind.PICK: _pick,
    Kind.CHOOSE: _choose,
    Kind.END: _bare,
    Kind.SUFFER: _bare,
    Kind.NEXT: _bare,
}
