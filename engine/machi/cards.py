"""The cards of Machi Koro Legacy as this project designs them, read from ``data/cards.json``.

Establishments activate on a roll of one of their numbers: blue on anyone's turn,
green and purple on the roller's, red on the roller's opponents'. Landmarks sit
face down on each town board until built; the community landmark takes one
contribution from each mayor. :func:`catalogue` is the only reader of the file,
and refuses a malformed one with what is wrong.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import Any

from engine.text import French

DATA = Path(__file__).parent / "data" / "cards.json"
TEXTS = frozenset({"name", "title", "text"})
"""The fields a player reads; each has its French beside it, in ``<field>_fr``."""
SEATS = range(2, 5)
"""Two to four mayors."""


class Colour(StrEnum):
    BLUE = "blue"
    GREEN = "green"
    RED = "red"
    PURPLE = "purple"


class Kind(StrEnum):
    """What an establishment does when it activates."""

    BANK = "bank"
    """Its owner gets coins from the bank."""
    PER_TAG = "per_tag"
    """Its owner gets coins from the bank for each of their establishments with a tag."""
    TAKE = "take"
    """Its owner takes coins from the player who rolled."""
    TAKE_EACH = "take_each"
    """Its owner takes coins from every other player."""


class Power(StrEnum):
    """What a built landmark does from then on."""

    TWO_DICE = "two_dice"
    """Roll one or two dice."""
    TAG_BONUS = "tag_bonus"
    """Each of your establishments with the landmark's tag gives one coin more."""
    DOUBLES_AGAIN = "doubles_again"
    """Rolling doubles gives you another turn after this one."""
    CONSOLATION = "consolation"
    """A roll of yours that earns you nothing gets you one coin from the bank."""
    RED_GUARD = "red_guard"
    """Each red establishment takes one coin less from you."""


class Rule(StrEnum):
    """A rules card of the campaign: kept in the rules deck once the legacy deck hands it over."""

    RIVALS = "rivals"
    """Red establishments: the income rules have always held them; the card explains them."""
    TOWERS = "towers"
    """Purple establishments, explained likewise."""
    CITY_HALL = "city_hall"
    """Before rolling, a mayor with no coins takes one from the bank."""
    LATECOMERS = "latecomers"
    """At the start of the game, each mayor takes one coin more for each place they sit after the first."""
    MARKET_DAY = "market_day"
    """At the start of the game, each mayor but the first player takes two coins more."""
    DEMOLISH = "demolish"
    """A new action: return one of your establishments to the supply for half its cost."""


class BadContent(ValueError):
    """The cards file says something the game cannot play; the message says what."""


@dataclass(frozen=True)
class Establishment:
    key: str
    name: str
    colour: Colour
    numbers: tuple[int, ...]
    cost: int
    tag: str
    kind: Kind
    coins: int
    counts: str | None = None
    """The tag a ``per_tag`` effect counts."""


@dataclass(frozen=True)
class Landmark:
    key: str
    name: str
    cost: int
    power: Power
    tag: str | None = None
    """The tag a ``tag_bonus`` adds to."""


@dataclass(frozen=True)
class Community:
    key: str
    name: str
    cost: int
    bonus: int
    """Coins from the bank for contributing."""


@dataclass(frozen=True)
class Setup:
    """What one game starts with."""

    supply: tuple[tuple[str, int], ...]
    landmarks: tuple[str, str, str]
    """Letters A, B and C, in that order."""
    community: str
    town_square: tuple[str, ...]
    picks: int
    """How many town square cards each mayor chooses."""
    rules: tuple[Rule, ...] = ()
    """The rules deck: the campaign's rules cards in force."""


@dataclass(frozen=True)
class Catalogue:
    establishments: dict[str, Establishment]
    landmarks: dict[str, Landmark]
    communities: dict[str, Community]
    coins: tuple[tuple[int, int], ...]
    """The coins in the box: each value, and how many coins of it."""
    start_coins: int
    game_one: Setup
    french: French = field(default_factory=lambda: French.of(TEXTS), compare=False)
    """The French written beside every card's name, and where it is missing."""

    @property
    def bank(self) -> int:
        """The value of every coin in the box."""
        return sum(value * count for value, count in self.coins)


@cache
def catalogue() -> Catalogue:
    return read(json.loads(DATA.read_text(encoding="utf-8")))


def read(data: dict[str, Any]) -> Catalogue:
    """The cards in ``data``, or :class:`BadContent`."""
    french = French.of(TEXTS)
    data = french.take(data, "cards")
    try:
        establishments = {e["key"]: _establishment(e) for e in data["establishments"]}
        landmarks = {m["key"]: _landmark(m) for m in data["landmarks"]}
        communities = {
            c["key"]: Community(c["key"], c["name"], _cost(c["cost"]), _cost(c["bonus"]))
            for c in data["communities"]
        }
        coins = tuple((int(value), _cost(count)) for value, count in data["bank"].items())
        one = data["game_one"]
        setup = Setup(
            tuple((key, _cost(n)) for key, n in one["supply"].items()),
            tuple(one["landmarks"]),
            one["community"],
            tuple(one["town_square"]),
            _cost(one["picks"]),
        )
        catalogue = Catalogue(
            establishments, landmarks, communities, coins, _cost(data["start_coins"]), setup, french
        )
        shared = (establishments.keys() & landmarks.keys()) | (
            communities.keys() & (establishments.keys() | landmarks.keys())
        )
        if shared:
            raise ValueError(f"one key names two cards: {', '.join(sorted(shared))}")
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise BadContent(f"the cards file is malformed: {exc!r}") from exc
    check(catalogue, setup)
    return catalogue


def check(catalogue: Catalogue, setup: Setup) -> None:
    """Refuse a setup that names cards the catalogue lacks or cannot be played."""
    unknown = [k for k, _ in setup.supply if k not in catalogue.establishments]
    unknown += [k for k in setup.town_square if k not in catalogue.establishments]
    unknown += [k for k in setup.landmarks if k not in catalogue.landmarks]
    if setup.community not in catalogue.communities:
        unknown.append(setup.community)
    if unknown:
        raise BadContent(f"a setup names cards that do not exist: {', '.join(unknown)}")
    if len(setup.landmarks) != 3 or len(set(setup.landmarks)) != 3:
        raise BadContent("a setup gives each mayor three different landmarks")
    if not 0 < setup.picks <= len(setup.town_square):
        raise BadContent(f"a mayor cannot choose {setup.picks} of {len(setup.town_square)} town square cards")


def _landmark(m: dict[str, Any]) -> Landmark:
    power = Power(m["power"])
    if (power is Power.TAG_BONUS) != ("tag" in m):
        raise ValueError(f"{m['key']}: a tag_bonus landmark, and only one, names its tag")
    return Landmark(m["key"], m["name"], _cost(m["cost"]), power, m.get("tag"))


def _establishment(e: dict[str, Any]) -> Establishment:
    numbers = tuple(int(n) for n in e["numbers"])
    if not numbers or not all(1 <= n <= 12 for n in numbers):
        raise ValueError(f"{e['key']}: activation numbers run from 1 to 12")
    effect = e["effect"]
    kind = Kind(effect["kind"])
    counts = effect.get("tag") if kind is Kind.PER_TAG else None
    if kind is Kind.PER_TAG and not counts:
        raise ValueError(f"{e['key']}: a per_tag effect names the tag it counts")
    return Establishment(
        e["key"],
        e["name"],
        Colour(e["colour"]),
        numbers,
        _cost(e["cost"]),
        e["tag"],
        kind,
        _cost(effect["coins"]),
        counts,
    )


def _cost(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"{value!r} is not a whole number of coins")
    return value
