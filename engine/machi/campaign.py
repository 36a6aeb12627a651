"""The ten-game campaign: a legacy deck read in order, and what it changes between games.

The deck is read side by side (card 1 A, card 1 B, card 2 A, ...) until a side
that says stop: once before the first game, and again when each game ends.
What a side does moves cards between the six unopened mystery boxes, the
reserves, the supply, the archives and the landmarks in play, hands over rules
and reference cards, and grows the town square choices. Between games
everything else resets: the next game starts from :meth:`Campaign.setup`.
Reading depends on nothing but the deck, so every card is read by the end.
After the ten games, free play goes on with the tenth game's setup; the town
register keeps its ten lines.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import Any

from engine.machi.cards import TEXTS, BadContent, Rule, Setup, catalogue, check
from engine.text import French

DATA = Path(__file__).parent / "data" / "legacy.json"
GAMES = 10
"""The games of a campaign; the town register has a line for each."""


class Do(StrEnum):
    """What a side of a legacy card does, in the order it says it."""

    OPEN = "open"
    """Open a mystery box: its contents go to the reserves."""
    SUPPLY = "supply"
    """Establishments from the reserves to the supply."""
    RESERVE = "reserve"
    """Establishments from the supply to the reserves."""
    LANDMARK = "landmark"
    """A landmark from the reserves takes the place of one in play, which goes to the archives."""
    COMMUNITY = "community"
    """A community landmark from the reserves takes the place of the one in play (archived)."""
    TOWN_SQUARE = "town_square"
    """More establishments mayors may choose for their town square."""
    PICKS = "picks"
    """How many town square cards each mayor chooses."""
    RULE = "rule"
    """A rules card joins the rules deck."""
    REFERENCE = "reference"
    """A new reference card; the old one is destroyed."""


@dataclass(frozen=True)
class Effect:
    do: Do
    cards: tuple[tuple[str, int], ...] = ()
    """The cards, and copies, it moves or adds."""
    key: str = ""
    """The box, landmark, community, rule or reference card it names."""
    replaces: str = ""
    number: int = 0


@dataclass(frozen=True)
class Side:
    name: str
    """``3A``: the card's number and side."""
    title: str
    text: str
    effects: tuple[Effect, ...]
    stop: bool


@dataclass(frozen=True)
class Reference:
    name: str
    steps: tuple[str, ...]


@dataclass(frozen=True)
class RulesCard:
    name: str
    text: str


@dataclass(frozen=True)
class Deck:
    sides: tuple[Side, ...]
    boxes: dict[int, dict[str, int]]
    rules: dict[Rule, RulesCard]
    references: dict[str, Reference]
    french: French = field(default_factory=lambda: French.of(TEXTS), compare=False)
    """The French written beside every title and text, and where it is missing."""


@cache
def deck() -> Deck:
    return read(json.loads(DATA.read_text(encoding="utf-8")))


def read(data: dict[str, Any]) -> Deck:
    """The legacy deck in ``data``, or :class:`BadContent` that says what is wrong."""
    french = French.of(TEXTS)
    data = french.take(data, "legacy")
    try:
        sides = tuple(
            _side(f"{n}{letter}", card[letter.lower()])
            for n, card in enumerate(data["deck"], 1)
            for letter in "AB"
        )
        boxes = {int(n): {k: _count(c) for k, c in box.items()} for n, box in data["boxes"].items()}
        rules = {Rule(k): RulesCard(r["name"], r["text"]) for k, r in data["rules"].items()}
        references = {
            k: Reference(r["name"], tuple(s["text"] for s in r["steps"]))
            for k, r in data["references"].items()
        }
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise BadContent(f"the legacy deck is malformed: {exc!r}") from exc
    return Deck(sides, boxes, rules, references, french)


def _side(name: str, data: dict[str, Any]) -> Side:
    effects = tuple(_effect(e) for e in data.get("do", []))
    return Side(name, data["title"], data["text"], effects, bool(data.get("stop", False)))


def _effect(data: dict[str, Any]) -> Effect:
    ((word, value),) = ((k, v) for k, v in data.items() if k != "replaces")
    do = Do(word)
    if do in (Do.SUPPLY, Do.RESERVE):
        return Effect(do, cards=tuple((k, _count(n)) for k, n in value.items()))
    if do is Do.TOWN_SQUARE:
        return Effect(do, cards=tuple((str(k), 1) for k in value))
    if do in (Do.OPEN, Do.PICKS):
        return Effect(do, number=_count(value))
    if do is Do.RULE:
        return Effect(do, key=Rule(value).value)
    return Effect(do, key=str(value), replaces=str(data.get("replaces", "")))


def _count(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise ValueError(f"{value!r} is not a count")
    return value


@dataclass
class Campaign:
    """Where the campaign stands: where every card is, the rules in force, the towns' names and
    every game's winner."""

    place: int
    """The sides read so far."""
    supply: dict[str, int]
    reserve: dict[str, int]
    archive: dict[str, int]
    opened: list[int]
    landmarks: list[str]
    community: str
    town_square: list[str]
    picks: int
    rules: list[Rule]
    reference: str
    winners: list[int] = field(default_factory=list)
    """The winner's seat of each game played, the ten of the campaign and those of free play after."""
    towns: list[str] = field(default_factory=list)
    """Each mayor's town's name as game 1 left it ("": not named); empty until game 1 ends."""
    readings: list[int] = field(default_factory=list)
    """Where each reading stopped."""

    @classmethod
    def start(cls) -> Campaign:
        """A new campaign, its first reading done: game 1 is ready to set up."""
        one = catalogue().game_one
        campaign = cls(
            0,
            dict(one.supply),
            {},
            {},
            [],
            list(one.landmarks),
            one.community,
            list(one.town_square),
            one.picks,
            [],
            "turn",
        )
        campaign.read()
        return campaign

    @property
    def game(self) -> int:
        """The number of the game to play next (or being played)."""
        return len(self.winners) + 1

    @property
    def register(self) -> list[int]:
        """The town register: the winner's seat of each of the campaign's games played."""
        return self.winners[:GAMES]

    @property
    def over(self) -> bool:
        """The ten games are played: the games now are free play."""
        return len(self.winners) >= GAMES

    def setup(self) -> Setup:
        return Setup(
            tuple(self.supply.items()),
            (self.landmarks[0], self.landmarks[1], self.landmarks[2]),
            self.community,
            tuple(self.town_square),
            self.picks,
            tuple(self.rules),
        )

    def finish(self, winner: int, towns: Sequence[str] | None = None) -> list[Side]:
        """Write the game's winner (in the register, for the campaign's games), keep the ``towns``'
        names, and read on to the next stop; after the campaign, free play reads nothing."""
        if towns is not None:
            self.towns = list(towns)
        free = self.over
        self.winners.append(winner)
        return [] if free else self.read()

    def latest(self) -> list[Side]:
        """What the last reading read."""
        start = self.readings[-2] if len(self.readings) > 1 else 0
        return list(deck().sides[start : self.place])

    def read(self) -> list[Side]:
        """Read side after side, doing what each says, up to and including one that says stop."""
        sides = deck().sides
        start = self.place
        while self.place < len(sides):
            side = sides[self.place]
            for effect in side.effects:
                self._do(side, effect)
            self.place += 1
            if side.stop:
                break
        else:
            raise BadContent("the legacy deck ran out before a stop")
        self.readings.append(self.place)
        return list(sides[start : self.place])

    def _do(self, side: Side, effect: Effect) -> None:
        try:
            self._apply(effect)
        except ValueError as exc:
            raise BadContent(f"legacy card {side.name}: {exc}") from exc

    def _apply(self, effect: Effect) -> None:
        match effect.do:
            case Do.OPEN:
                if effect.number in self.opened or effect.number not in deck().boxes:
                    raise ValueError(f"there is no unopened box {effect.number}")
                self.opened.append(effect.number)
                for key, n in deck().boxes[effect.number].items():
                    _put(self.reserve, key, n)
            case Do.SUPPLY:
                for key, n in effect.cards:
                    _put(self.supply, key, _take(self.reserve, key, n))
            case Do.RESERVE:
                for key, n in effect.cards:
                    _put(self.reserve, key, _take(self.supply, key, n))
            case Do.LANDMARK:
                if effect.replaces not in self.landmarks:
                    raise ValueError(f"{effect.replaces} is not a landmark in play")
                _take(self.reserve, effect.key, 1)
                _put(self.archive, effect.replaces, 1)
                self.landmarks[self.landmarks.index(effect.replaces)] = effect.key
            case Do.COMMUNITY:
                _take(self.reserve, effect.key, 1)
                _put(self.archive, self.community, 1)
                self.community = effect.key
            case Do.TOWN_SQUARE:
                self.town_square += [k for k, _ in effect.cards]
            case Do.PICKS:
                self.picks = effect.number
            case Do.RULE:
                self.rules.append(Rule(effect.key))
            case Do.REFERENCE:
                if effect.key not in deck().references:
                    raise ValueError(f"there is no reference card {effect.key}")
                self.reference = effect.key
        check(catalogue(), self.setup())

    def held(self) -> Iterator[tuple[str, int]]:
        """Every card the campaign has out of the boxes, wherever it is."""
        for place in (self.supply, self.reserve, self.archive):
            yield from place.items()
        yield from ((k, 1) for k in [*self.landmarks, self.community])

    def to_dict(self) -> dict[str, Any]:
        return {
            "place": self.place,
            "supply": dict(self.supply),
            "reserve": dict(self.reserve),
            "archive": dict(self.archive),
            "opened": list(self.opened),
            "landmarks": list(self.landmarks),
            "community": self.community,
            "town_square": list(self.town_square),
            "picks": self.picks,
            "rules": [r.value for r in self.rules],
            "reference": self.reference,
            "winners": list(self.winners),
            "towns": list(self.towns),
            "readings": list(self.readings),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Campaign:
        return cls(
            data["place"],
            dict(data["supply"]),
            dict(data["reserve"]),
            dict(data["archive"]),
            list(data["opened"]),
            list(data["landmarks"]),
            data["community"],
            list(data["town_square"]),
            data["picks"],
            [Rule(r) for r in data["rules"]],
            data["reference"],
            list(data["winners"]),
            list(data["towns"]),
            list(data["readings"]),
        )


def _take(source: dict[str, int], key: str, n: int) -> int:
    if source.get(key, 0) < n:
        raise ValueError(f"there are not {n} of {key} to take")
    source[key] -= n
    if not source[key]:
        del source[key]
    return n


def _put(target: dict[str, int], key: str, n: int) -> None:
    target[key] = target.get(key, 0) + n
