"""Game content: the board and the cards, loaded from TOML into frozen dataclasses.

Every file is validated as it loads; a problem raises :class:`ContentError`
naming the file, the record id and the field.
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache, cached_property
from pathlib import Path
from typing import ClassVar, NoReturn, TypeVar

from engine.text import French
from engine.yu.content.effects import MODULES, parse_steps
from engine.yu.content.items import INDEX, WORKERS, Cost, Item, TermError, parse_cost, parse_cost_options
from engine.yu.content.steps import CampaignStep, Find, Gain, Pick, Read, Retire, Step, Steps, walk

DATA = Path(__file__).parent / "data"
TEXTS = frozenset({"name", "title", "text", "label"})
"""The fields a player reads; each has its French beside it, in ``<field>_fr``."""
FOODS = ("meat", "fish", "wheat", "milk")
JADE_GROUPS = (1, 3, 5)
"""Canal cards are grouped by the Jade numbers on their backs: 1-2, 3-4, 5-6."""

T = TypeVar("T")
D = TypeVar("D")


class ContentError(ValueError):
    """A content file that is malformed; the message names file, id and field."""


@dataclass(frozen=True, slots=True)
class Townsfolk:
    kind: ClassVar[str] = "townsfolk"
    id: str
    name: str
    food: str
    play: Steps
    discard: Steps
    """Gained on top of the play items when the card is discarded."""
    tuck: Steps
    stone: int = 0

    @property
    def discarded(self) -> Steps:
        """Everything a discard gives: the play items and the extra ones."""
        return self.play + self.discard


@dataclass(frozen=True, slots=True)
class Barbarian:
    kind: ClassVar[str] = "barbarian"
    id: str
    name: str
    defeat: Cost
    reward: Steps
    damage: int
    bribe: Cost | None
    turtle: int | None
    leader: bool = False
    """A war leader: while one stands in the Card Row, the others hit harder
    (the ``warlords`` module)."""
    stone: int = 0

    @property
    def defeated(self) -> Steps:
        """What defeating them gives: the reward, then the Gold Turtle's entry."""
        return self.reward + ((Read(self.turtle),) if self.turtle else ())


@dataclass(frozen=True, slots=True)
class CanalCard:
    kind: ClassVar[str] = "canal"
    id: str
    name: str
    jade: int
    cost: Cost
    effects: Steps
    stone: int = 0


@dataclass(frozen=True, slots=True)
class HutCard:
    kind: ClassVar[str] = "hut"
    id: str
    name: str
    effects: Steps
    stone: int = 0


@dataclass(frozen=True, slots=True)
class Ongoing:
    """A Story card that stays beside the board: a rule (turns a module on),
    a Skill (lasts some games) or a Fortuity (one-off help)."""

    id: str
    kind: str
    name: str
    text: str
    stone: int
    module: str | None = None
    games: int = 0
    harvest: Steps = ()
    start: Steps = ()
    effects: Steps = ()


@dataclass(frozen=True, slots=True)
class Entry:
    """A Story Book entry."""

    number: int
    title: str
    text: str
    effects: Steps
    requires: tuple[int, ...] = ()
    """Entries that must have been read before this one (``content check`` proves it)."""


@dataclass(frozen=True, slots=True)
class Ending:
    """A Victory or Defeat card. A Defeat card's ``entries`` are (Flood,
    Barbarians or Damage); a Victory card has one; Gold cards end the campaign."""

    id: str
    name: str
    gold: bool
    entries: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TradeOption:
    """One way to use a trade. ``item`` is the item chosen when the trade offers
    a choice (of what it takes or of what it gives), else None."""

    item: Item | None
    cost: Cost
    gain: Steps


@dataclass(frozen=True, slots=True)
class Trade:
    number: int
    name: str
    opened_by: int
    options: tuple[TradeOption, ...]


@dataclass(frozen=True, slots=True)
class ShoreIcon:
    barbarians: int
    uncovered_by: int


@dataclass(frozen=True, slots=True)
class Site:
    number: int
    opened_by: int
    covers: Steps


@dataclass(frozen=True, slots=True)
class HutSpace:
    number: int
    reward: Steps


class BuildingKind(StrEnum):
    FARM = "farm"
    OUTPOST = "outpost"
    HUT = "hut"
    FORTRESS = "fortress"
    """Only with the Fortress module."""

    @property
    def table(self) -> str:
        """The name of the content table that lists buildings of this kind."""
        return "fortresses" if self is BuildingKind.FORTRESS else f"{self}s"


BASE_BUILDINGS = {BuildingKind.FARM: 3, BuildingKind.OUTPOST: 4, BuildingKind.HUT: 4}
"""How many buildings of each kind the base board has."""


@dataclass(frozen=True, slots=True)
class Building:
    id: str
    kind: BuildingKind
    name: str
    harvest: Steps
    joins: int
    """For Outposts: the mask of Worker colours that count as one colour."""


@dataclass(frozen=True, slots=True)
class Board:
    card_row_costs: tuple[int, ...]
    ready_pile: int
    harvest: Steps
    per_outpost: Steps
    supply: tuple[int, ...]
    building_costs: dict[BuildingKind, Cost]
    trades: tuple[Trade, ...]
    shore: tuple[ShoreIcon, ...]
    sites: tuple[Site, ...]
    hut_spaces: tuple[HutSpace, ...]
    buildings: tuple[Building, ...]
    feed: Cost | None = None
    """What feeding the settlement costs instead of a Food card (``food`` module)."""
    levee: Cost | None = None
    """What raising the levee costs (``levee`` module)."""
    surge: int | None = None
    """The Round whose Harvest begins with the river surging, the Flood moving
    on one space (``levee`` module)."""


Card = Townsfolk | Barbarian | CanalCard | HutCard | Ongoing
C = TypeVar("C", bound=Card)


@dataclass(frozen=True)
class Content:
    version: str
    board: Board
    townsfolk: dict[str, Townsfolk]
    barbarians: dict[str, Barbarian]
    canals: dict[str, CanalCard]
    huts: dict[str, HutCard]
    ongoing: dict[str, Ongoing] = field(default_factory=dict)
    entries: dict[int, Entry] = field(default_factory=dict)
    victory: tuple[Ending, ...] = ()
    defeat: tuple[Ending, ...] = ()
    french: French = field(default_factory=lambda: French.of(TEXTS), compare=False)
    """The French written beside every name and text, and where it is missing."""

    @cached_property
    def cards(self) -> dict[str, Card]:
        """Every card by id."""
        return {**self.townsfolk, **self.barbarians, **self.canals, **self.huts, **self.ongoing}

    @cached_property
    def buildings(self) -> dict[str, Building]:
        return {b.id: b for b in self.board.buildings}

    @cached_property
    def endings(self) -> dict[str, Ending]:
        return {e.id: e for e in (*self.victory, *self.defeat)}

    @cached_property
    def trade_options(self) -> dict[tuple[int, Item | None], TradeOption]:
        """Each trade's options by trade number and the item chosen."""
        return {(t.number, o.item): o for t in self.board.trades for o in t.options}

    @cached_property
    def sites_uncovered(self) -> tuple[tuple[int, ...], ...]:
        """For 0 to 6 Canal sections built, the indexes of the build sites uncovered."""
        sites = self.board.sites
        return tuple(tuple(i for i, s in enumerate(sites) if s.opened_by <= n) for n in range(7))

    @cached_property
    def trades_open(self) -> tuple[tuple[Trade, ...], ...]:
        """For 0 to 6 Canal sections built, the trades uncovered."""
        return tuple(tuple(t for t in self.board.trades if t.opened_by <= n) for n in range(7))

    def stone(self, card_id: str) -> int:
        return self.cards[card_id].stone

    @cached_property
    def story_deck(self) -> tuple[str, ...]:
        """The Story Deck in its original order: by grey stone, then id."""
        return tuple(c.id for c in sorted(self.cards.values(), key=lambda c: (c.stone, c.id)) if c.stone)

    @staticmethod
    def starting(table: Mapping[str, Card]) -> list[str]:
        """The ids of a table's starting cards (grey stone 0)."""
        return sorted(c for c, card in table.items() if card.stone == 0)

    @cached_property
    def hut_order(self) -> tuple[str, ...]:
        """The Huts' ids, left to right: the order they must be built in."""
        return tuple(b.id for b in self.board.buildings if b.kind is BuildingKind.HUT)

    def building(self, building_id: str) -> Building:
        return self.buildings[building_id]

    def name(self, card_id: str) -> str:
        card = self.cards.get(card_id)
        return card.name if card is not None else self.buildings[card_id].name


Table = dict[str, object]
"""A TOML table as tomllib reads it."""


class _Record:
    """Field access on one TOML table, with errors that name file, id and field."""

    def __init__(self, file: str, data: object, where: str) -> None:
        self.file = file
        self.where = where
        if not isinstance(data, dict):
            self.fail("", "must be a table")
        self.data: Table = data
        self.used: set[str] = set()

    def fail(self, field: str, problem: str) -> NoReturn:
        at = f"{self.where}: {field}" if field else self.where
        raise ContentError(f"{self.file}: {at}: {problem}")

    def get(self, field: str, kind: type[T], check: Callable[[T], str | None] | None = None) -> T:
        """A field that must be there."""
        self.used.add(field)
        if field not in self.data:
            self.fail(field, "is missing")
        value = self.data[field]
        if (kind is int and isinstance(value, bool)) or not isinstance(value, kind):
            self.fail(field, f"must be {kind.__name__}, not {type(value).__name__}")
        if check and (problem := check(value)):
            self.fail(field, problem)
        return value

    def optional(
        self, field: str, kind: type[T], default: D, check: Callable[[T], str | None] | None = None
    ) -> T | D:
        """A field that may be left out, for ``default``."""
        if field not in self.data:
            self.used.add(field)
            return default
        return self.get(field, kind, check)

    def terms(self, field: str, parse: Callable[[list[object]], T]) -> T:
        """Effect or cost terms (none when left out)."""
        value = self.optional(field, list, [])
        try:
            return parse(value)
        except TermError as exc:
            self.fail(field, str(exc))

    def optional_terms(self, field: str, parse: Callable[[list[object]], T]) -> T | None:
        """Terms that may be left out altogether (None)."""
        if field not in self.data:
            self.used.add(field)
            return None
        return self.terms(field, parse)

    def done(self) -> None:
        extra = sorted(set(self.data) - self.used)
        if extra:
            self.fail(extra[0], "is not a known field")


def _records(file: str, data: Table, key: str) -> Iterator[_Record]:
    items = data.get(key)
    if not isinstance(items, list) or not items:
        raise ContentError(f"{file}: {key}: must be a non-empty array of tables")
    seen: set[str] = set()
    for n, item in enumerate(items, 1):
        where = f"{key}[{n}]"
        if isinstance(item, dict) and isinstance(item.get("number"), int):
            where = f"{key} {item['number']}"
        if isinstance(item, dict) and isinstance(item.get("id"), str):
            where = item["id"]
            if where in seen:
                raise ContentError(f"{file}: {where}: id: is used twice")
            seen.add(where)
        yield _Record(file, item, where)


def _positive(value: int) -> str | None:
    return None if value >= 1 else "must be at least 1"


def _not_negative(value: int) -> str | None:
    return None if value >= 0 else "must not be negative"


def _load_toml(path: Path) -> Table:
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{path.name}: not valid TOML: {exc}") from exc
    except OSError as exc:
        raise ContentError(f"{path.name}: cannot be read: {exc}") from exc


def _stone(r: _Record, story: bool) -> int:
    if not story:
        return 0
    return r.get("stone", int, check=_positive)


def _prefixed(prefix: str) -> Callable[[str], str | None]:
    """Card Row cards are told apart by the first letter of their id."""
    return lambda card_id: None if card_id.startswith(prefix) else f"must start with {prefix!r}"


def _townsfolk(r: _Record, story: bool = False) -> Townsfolk:
    return Townsfolk(
        id=r.get("id", str, check=_prefixed("t")),
        name=r.get("name", str),
        food=r.get("food", str, check=lambda f: None if f in FOODS else f"must be one of {FOODS}"),
        play=r.terms("play", parse_steps),
        discard=r.terms("discard", parse_steps),
        tuck=r.terms("tuck", parse_steps),
        stone=_stone(r, story),
    )


def _barbarian(r: _Record, story: bool = False) -> Barbarian:
    card = Barbarian(
        id=r.get("id", str, check=_prefixed("b")),
        name=r.get("name", str),
        defeat=r.terms("defeat", parse_cost),
        reward=r.terms("reward", parse_steps),
        damage=r.get("damage", int, check=_positive),
        bribe=r.optional_terms("bribe", parse_cost),
        turtle=r.optional("turtle", int, None, check=_positive),
        leader=r.optional("leader", bool, False),
        stone=_stone(r, story),
    )
    if any(card.defeat.resources) or card.defeat.exhaust or not card.defeat.workers:
        r.fail("defeat", "must name Workers, and only Workers")
    return card


def _canal(r: _Record, story: bool = False) -> CanalCard:
    jade = r.get(
        "jade", str, check=lambda j: None if j in ("1-2", "3-4", "5-6") else "must be 1-2, 3-4 or 5-6"
    )
    card = CanalCard(
        id=r.get("id", str),
        name=r.get("name", str),
        jade=int(jade[0]),
        cost=r.terms("cost", parse_cost),
        effects=r.terms("effects", parse_steps),
        stone=_stone(r, story),
    )
    if card.cost.resources[1:] != (0, 0, 0) or card.cost.exhaust:
        r.fail("cost", "may only name Workers and Cowrie")
    return card


def _hut(r: _Record, story: bool = False) -> HutCard:
    return HutCard(
        id=r.get("id", str),
        name=r.get("name", str),
        effects=r.terms("effects", parse_steps),
        stone=_stone(r, story),
    )


def _ongoing(kind: str) -> Callable[[_Record, bool], Ongoing]:
    def build(r: _Record, story: bool = True) -> Ongoing:
        card = Ongoing(
            id=r.get("id", str),
            kind=kind,
            name=r.get("name", str),
            text=r.get("text", str),
            stone=_stone(r, True),
            module=r.optional(
                "module", str, None, check=lambda m: None if m in MODULES else f"must be one of {MODULES}"
            ),
            games=r.optional("games", int, 0, check=_not_negative),
            harvest=r.terms("harvest", parse_steps),
            start=r.terms("start", parse_steps),
            effects=r.terms("effects", parse_steps),
        )
        if kind == "rule" and not card.module:
            r.fail("module", "a rule card names the module it turns on")
        if kind == "skill" and card.games < 1:
            r.fail("games", "a Skill card lasts at least 1 game")
        if kind == "fortuity" and not card.effects:
            r.fail("effects", "a Fortuity card needs effects")
        return card

    return build


def _cards(
    file: str, data: Table, key: str, build: Callable[[_Record, bool], C], story: bool
) -> dict[str, C]:
    cards: dict[str, C] = {}
    for r in _records(file, data, key):
        card = build(r, story)
        r.done()
        cards[card.id] = card
    return cards


def load_townsfolk(file: str, data: Table) -> dict[str, Townsfolk]:
    return _cards(file, data, "townsfolk", _townsfolk, False)


def load_barbarians(file: str, data: Table) -> dict[str, Barbarian]:
    return _cards(file, data, "barbarians", _barbarian, False)


def load_canals(file: str, data: Table) -> dict[str, CanalCard]:
    cards = _cards(file, data, "canals", _canal, False)
    for group in JADE_GROUPS:
        if sum(c.jade == group for c in cards.values()) < 2:
            raise ContentError(f"{file}: canals: Jade group {group}-{group + 1} needs at least 2 cards")
    return cards


def load_huts(file: str, data: Table) -> dict[str, HutCard]:
    return _cards(file, data, "huts", _hut, False)


@dataclass(frozen=True)
class StoryDeck:
    """The Story Deck: cards of every kind, each with its grey stone."""

    townsfolk: dict[str, Townsfolk]
    barbarians: dict[str, Barbarian]
    canals: dict[str, CanalCard]
    huts: dict[str, HutCard]
    ongoing: dict[str, Ongoing]


STORY_KINDS = ("townsfolk", "barbarians", "canals", "huts", "rules", "skills", "fortuity")


def load_story_deck(file: str, data: Table) -> StoryDeck:
    unknown = sorted(set(data) - set(STORY_KINDS))
    if unknown:
        raise ContentError(f"{file}: {unknown[0]}: is not a kind of Story card {sorted(STORY_KINDS)}")

    def cards(key: str, build: Callable[[_Record, bool], C]) -> dict[str, C]:
        return _cards(file, data, key, build, True) if key in data else {}

    return StoryDeck(
        townsfolk=cards("townsfolk", _townsfolk),
        barbarians=cards("barbarians", _barbarian),
        canals=cards("canals", _canal),
        huts=cards("huts", _hut),
        ongoing={
            **cards("rules", _ongoing("rule")),
            **cards("skills", _ongoing("skill")),
            **cards("fortuity", _ongoing("fortuity")),
        },
    )


def load_story_book(file: str, data: Table) -> dict[int, Entry]:
    entries: dict[int, Entry] = {}
    for r in _records(file, data, "entries"):
        entry = Entry(
            number=r.get("number", int, check=_positive),
            title=r.get("title", str),
            text=r.get("text", str),
            effects=r.terms("effects", parse_steps),
            requires=tuple(
                n for n in r.optional("requires", list, [], check=_entry_numbers) if isinstance(n, int)
            ),
        )
        r.done()
        if entry.number in entries:
            r.fail("number", f"entry {entry.number} is written twice")
        entries[entry.number] = entry
    return entries


def _entry_numbers(value: list[object]) -> str | None:
    if all(isinstance(n, int) and not isinstance(n, bool) and n > 0 for n in value):
        return None
    return "must list entry numbers"


Endings = tuple[tuple[Ending, ...], tuple[Ending, ...]]
"""The Victory cards and the Defeat cards."""


def load_endings(file: str, data: Table) -> Endings:
    victory, defeat = (
        _endings(file, data, deck, entries) for deck, entries in (("victory", 1), ("defeat", 2))
    )
    return victory, defeat


def _endings(file: str, data: Table, deck: str, entries: int) -> tuple[Ending, ...]:
    cards = []
    for r in _records(file, data, deck):
        numbers = r.get("entries", list)
        if len(numbers) != entries or not all(isinstance(e, int) for e in numbers):
            r.fail("entries", f"a {deck} card names {entries} entry number(s)")
        cards.append(
            Ending(
                id=r.get("id", str),
                name=r.get("name", str),
                gold=r.optional("gold", bool, False),
                entries=tuple(int(e) for e in numbers),
            )
        )
        r.done()
    if sum(c.gold for c in cards) != 1 or len(cards) != 7:
        raise ContentError(f"{file}: {deck}: needs 7 cards, exactly one of them Gold")
    return tuple(cards)


def trade_options(gives: tuple[tuple[Item | None, Cost], ...], gains: Steps) -> tuple[TradeOption, ...]:
    """A trade's ways of use, from what it takes (``gives``, as parsed by
    :func:`~engine.yu.content.items.parse_cost_options`) and what it gives: one per item
    of the choice it offers, of what it takes or of what it gives."""
    picks = [s for s in gains if isinstance(s, Pick)]
    if len(picks) + (len(gives) > 1) > 1:
        raise TermError("a trade offers one choice at most, of what it takes or of what it gives")
    if not picks:
        return tuple(TradeOption(item, cost, gains) for item, cost in gives)
    pick = picks[0]
    return tuple(
        TradeOption(item, gives[0][1], tuple(Gain(item, s.count) if s is pick else s for s in gains))
        for item in pick.items
    )


def load_board(file: str, data: Table) -> Board:
    top = _Record(file, data, "board")
    costs = top.get("card_row_costs", list)
    if len(costs) != 7 or not all(isinstance(c, int) and c >= 0 for c in costs):
        top.fail("card_row_costs", "must be 7 whole numbers, none negative")
    if costs[0] != 0:
        top.fail("card_row_costs", "the left-most space must cost 0: its Townsfolk card is always free")
    supply_table = _Record(file, top.get("supply", dict), "supply")
    supply = tuple(supply_table.get(name, int, check=_not_negative) for name in INDEX)
    supply_table.done()
    costs_table = _Record(file, top.get("building_costs", dict), "building_costs")
    building_costs = {k: costs_table.terms(k, parse_cost) for k in BASE_BUILDINGS}
    if BuildingKind.FORTRESS in costs_table.data:
        building_costs[BuildingKind.FORTRESS] = costs_table.terms(BuildingKind.FORTRESS, parse_cost)
    costs_table.done()

    trades = []
    for r in _records(file, data, "trades"):
        gains = r.terms("get", parse_steps)
        gives = r.terms("give", parse_cost_options)
        try:
            options = trade_options(gives, gains)
        except TermError as exc:
            r.fail("get", str(exc))
        trades.append(
            Trade(
                number=r.get("number", int, check=_positive),
                name=r.get("name", str),
                opened_by=r.get("opened_by", int, check=lambda v: None if 0 <= v <= 6 else "must be 0 to 6"),
                options=options,
            )
        )
        r.done()
    if [t.number for t in trades] != list(range(1, len(trades) + 1)):
        raise ContentError(f"{file}: trades: must be numbered 1, 2, 3 ... in river order")

    shore = []
    for r in _records(file, data, "shore"):
        shore.append(
            ShoreIcon(
                barbarians=r.get("barbarians", int, check=_positive),
                uncovered_by=r.get(
                    "uncovered_by", int, check=lambda v: None if 0 <= v <= 6 else "must be 0 to 6"
                ),
            )
        )
        r.done()

    sites = []
    for r in _records(file, data, "sites"):
        sites.append(
            Site(
                number=r.get("number", int, check=_positive),
                opened_by=r.get("opened_by", int, check=lambda v: None if 0 <= v <= 6 else "must be 0 to 6"),
                covers=r.terms("covers", parse_steps),
            )
        )
        r.done()
    if not any(s.opened_by == 0 for s in sites):
        raise ContentError(f"{file}: sites: at least one build site must be open at the start")

    hut_spaces = []
    for r in _records(file, data, "hut_spaces"):
        hut_spaces.append(
            HutSpace(number=r.get("number", int, check=_positive), reward=r.terms("reward", parse_steps))
        )
        r.done()

    buildings = []
    for kind in BuildingKind:
        if kind is BuildingKind.FORTRESS and kind.table not in data:
            continue
        for r in _records(file, data, kind.table):
            joins = r.optional("joins", list, [])
            is_outpost = kind is BuildingKind.OUTPOST
            if not is_outpost and joins:
                r.fail("joins", "only Outposts join colours")
            if is_outpost and (len(joins) < 2 or any(j not in WORKERS for j in joins)):
                r.fail("joins", "must name at least two Worker colours")
            buildings.append(
                Building(
                    id=r.get("id", str),
                    kind=kind,
                    name=r.get("name", str),
                    harvest=r.terms("harvest", parse_steps),
                    joins=sum(1 << WORKERS.index(j) for j in joins),
                )
            )
            r.done()
    counts = {k: sum(b.kind is k for b in buildings) for k in BASE_BUILDINGS}
    if counts != BASE_BUILDINGS:
        found = ", ".join(f"{n} {k.table}" for k, n in counts.items())
        raise ContentError(f"{file}: buildings: need 3 farms, 4 outposts and 4 huts, found {found}")
    if any(b.kind is BuildingKind.FORTRESS for b in buildings) != (BuildingKind.FORTRESS in building_costs):
        raise ContentError(
            f"{file}: fortresses: a Fortress needs a cost in building_costs, and a cost a Fortress"
        )
    if len(hut_spaces) != 1 + counts[BuildingKind.HUT]:
        raise ContentError(f"{file}: hut_spaces: need one space at the start and one per Hut (5)")

    board = Board(
        card_row_costs=tuple(costs),
        ready_pile=top.get("ready_pile", int, check=_positive),
        harvest=top.terms("harvest", parse_steps),
        per_outpost=top.terms("per_outpost", parse_steps),
        feed=top.optional_terms("feed", parse_cost),
        levee=top.optional_terms("levee", parse_cost),
        surge=top.optional("surge", int, None, check=_positive),
        supply=supply,
        building_costs=building_costs,
        trades=tuple(trades),
        shore=tuple(shore),
        sites=tuple(sites),
        hut_spaces=tuple(hut_spaces),
        buildings=tuple(buildings),
    )
    top.used |= {"trades", "shore", "sites", "hut_spaces", "farms", "outposts", "huts", "fortresses"}
    top.done()
    return board


FILES = ("board.toml", "townsfolk.toml", "barbarians.toml", "canals.toml", "huts.toml")
STORY_FILES = ("story_deck.toml", "story_book.toml", "endings.toml")
"""The campaign's files; a directory without them holds the base game only."""


def load(directory: Path = DATA) -> Content:
    """Load and validate every content file in ``directory``."""
    digest = hashlib.sha256()
    story = [name for name in STORY_FILES if (directory / name).exists()]
    if story and len(story) != len(STORY_FILES):
        raise ContentError(f"{directory.name}: the campaign needs all of {sorted(STORY_FILES)}")
    tables: dict[str, Table] = {}
    french = French.of(TEXTS)
    for name in (*FILES, *story):
        path = directory / name
        tables[name] = french.take(_load_toml(path), name) if path.exists() else _load_toml(path)
        # The rules' version: the French beside the English does not change it.
        digest.update(name.encode() + json.dumps(tables[name], sort_keys=True, default=str).encode())
    board = load_board("board.toml", tables["board.toml"])
    townsfolk = load_townsfolk("townsfolk.toml", tables["townsfolk.toml"])
    barbarians = load_barbarians("barbarians.toml", tables["barbarians.toml"])
    canals = load_canals("canals.toml", tables["canals.toml"])
    huts = load_huts("huts.toml", tables["huts.toml"])
    deck = StoryDeck({}, {}, {}, {}, {})
    entries: dict[int, Entry] = {}
    victory: tuple[Ending, ...] = ()
    defeat: tuple[Ending, ...] = ()
    if story:
        deck = load_story_deck("story_deck.toml", tables["story_deck.toml"])
        entries = load_story_book("story_book.toml", tables["story_book.toml"])
        victory, defeat = load_endings("endings.toml", tables["endings.toml"])
    owners: dict[str, str] = {}
    for file, ids in (
        ("board.toml", [b.id for b in board.buildings]),
        ("townsfolk.toml", list(townsfolk)),
        ("barbarians.toml", list(barbarians)),
        ("canals.toml", list(canals)),
        ("huts.toml", list(huts)),
        ("story_deck.toml", [*deck.townsfolk, *deck.barbarians, *deck.canals, *deck.huts, *deck.ongoing]),
        ("endings.toml", [e.id for e in victory + defeat]),
    ):
        for card_id in ids:
            if card_id in owners:
                raise ContentError(f"{file}: {card_id}: id: also used in {owners[card_id]}")
            owners[card_id] = file
    content = Content(
        version=f"yu+{digest.hexdigest()[:12]}",
        board=board,
        townsfolk={**townsfolk, **deck.townsfolk},
        barbarians={**barbarians, **deck.barbarians},
        canals={**canals, **deck.canals},
        huts={**huts, **deck.huts},
        ongoing=deck.ongoing,
        entries=entries,
        victory=victory,
        defeat=defeat,
        french=french,
    )
    _check_references(content)
    return content


def _check_references(content: Content) -> None:
    if len(content.starting(content.townsfolk)) < content.board.ready_pile + 7:
        raise ContentError("townsfolk.toml: townsfolk: too few cards for the Ready Pile and the Card Row")
    if len(content.starting(content.huts)) < 4:
        raise ContentError("huts.toml: huts: need at least 4 Hut cards")
    stones = {content.stone(c) for c in content.story_deck}
    for entry in content.entries.values():
        for number in entry.requires:
            if number not in content.entries or number == entry.number:
                raise ContentError(
                    f"story_book.toml: entries {entry.number}: requires: entry {number} cannot be required"
                )
    for where, steps in all_effects(content):
        for step in walk(steps):
            problem = _dangling(content, stones, step)
            if problem:
                raise ContentError(f"{where}: {problem}")


def _dangling(content: Content, stones: set[int], step: Step) -> str | None:
    if isinstance(step, Read) and content.entries and step.entry not in content.entries:
        return f"entry {step.entry} is not in the Story Book"
    if isinstance(step, Find):
        missing = [n for n in step.stones if n not in stones]
        if missing:
            return f"no Story card has grey stone {missing[0]}"
    if isinstance(step, Retire):
        unknown = [c for c in step.cards if c not in content.cards]
        if unknown:
            return f"there is no card {unknown[0]} to retire"
    if isinstance(step, CampaignStep) and not content.entries:
        return f"{type(step).__name__.lower()!r} needs the campaign files"
    return None


def card_effects(card: Card) -> Steps:
    """Every effect printed on a card, its Gold Turtle included."""
    if isinstance(card, Townsfolk):
        return card.play + card.discard + card.tuck
    if isinstance(card, Barbarian):
        return card.defeated
    if isinstance(card, Ongoing):
        return card.effects + card.harvest + card.start
    return card.effects


def all_effects(content: Content) -> list[tuple[str, Steps]]:
    """Every effect list in the content, with where it is written."""
    found = [(card.id, card_effects(card)) for card in content.cards.values()]
    found += [(f"entry {e.number}", e.effects) for e in content.entries.values()]
    found += [(e.id, tuple(Read(n) for n in e.entries)) for e in content.endings.values()]
    return found


@cache
def base() -> Content:
    """The game's content (base game and campaign), loaded once."""
    return load()
