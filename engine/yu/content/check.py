"""``content check``: the campaign content is whole and every part of it can be reached.

Loading already checks each file and every reference. This adds what needs
the whole picture: no orphan entries or Story cards, every Story card and
entry reachable from the start of a campaign by some path, and every entry
read only after the entries it requires.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from engine.yu.content.loader import (
    DATA,
    BuildingKind,
    Content,
    ContentError,
    all_effects,
    card_effects,
    load,
)
from engine.yu.content.steps import AddHarvest, AddStart, Choice, Find, If, Module, Read, Steps, walk


def problems(directory: Path = DATA, deck_size: int | None = 71, french: bool = True) -> list[str]:
    """Everything wrong with the content in ``directory`` (empty when whole); without
    ``french``, a text may go without its French (as in the tests' own small content)."""
    try:
        content = load(directory)
    except ContentError as exc:
        return [str(exc)]
    found: list[str] = list(content.french.missing) if french else []
    if not content.entries:
        return ["the campaign files (story_deck.toml, story_book.toml, endings.toml) are missing"]
    if deck_size is not None and len(content.story_deck) != deck_size:
        found.append(
            f"story_deck.toml: the Story Deck holds {len(content.story_deck)} cards, not {deck_size}"
        )
    referenced_entries, referenced_stones = _references(content)
    for number in sorted(set(content.entries) - referenced_entries):
        found.append(f"story_book.toml: entry {number}: nothing leads to it")
    stones = {content.stone(c): c for c in content.story_deck}
    for stone in sorted(set(stones) - referenced_stones):
        found.append(f"story_deck.toml: {stones[stone]}: no effect finds grey stone {stone}")
    entries, cards = reachable(content)
    for number in sorted((set(content.entries) & referenced_entries) - entries):
        found.append(f"story_book.toml: entry {number}: cannot be reached from the campaign's start")
    for card in content.story_deck:
        if card not in cards and content.stone(card) in referenced_stones:
            found.append(f"story_deck.toml: {card}: cannot be reached from the campaign's start")
    found += _module_needs(content)
    found += _unmet_requirements(content)
    return found


def _references(content: Content) -> tuple[set[int], set[int]]:
    entries: set[int] = set()
    stones: set[int] = set()
    for _, steps in all_effects(content):
        for step in walk(steps):
            if isinstance(step, Read):
                entries.add(step.entry)
            elif isinstance(step, Find):
                stones.update(step.stones)
    return entries, stones


def reachable(content: Content) -> tuple[set[int], set[str]]:
    """Entries and Story cards some path from the campaign's start reaches:
    every ending's entries and every starting card's effects, then whatever
    those lead to (both sides of every choice and condition)."""
    entries: set[int] = set()
    cards: set[str] = set()
    todo: list[Steps] = [tuple(Read(n) for n in e.entries) for e in content.endings.values()]
    todo += [card_effects(card) for card in content.cards.values() if card.stone == 0]
    by_stone: dict[int, list[str]] = {}
    for card_id in content.story_deck:
        by_stone.setdefault(content.stone(card_id), []).append(card_id)
    while todo:
        for step in walk(todo.pop()):
            if isinstance(step, Read) and step.entry not in entries and step.entry in content.entries:
                entries.add(step.entry)
                todo.append(content.entries[step.entry].effects)
            elif isinstance(step, Find):
                for stone in step.stones:
                    for card_id in by_stone.get(stone, []):
                        if card_id not in cards:
                            cards.add(card_id)
                            todo.append(card_effects(content.cards[card_id]))
    return entries, cards


def _module_needs(content: Content) -> list[str]:
    board = content.board
    needs = {
        "food": board.feed is not None,
        "levee": board.levee is not None,
        "fortress": any(b.kind is BuildingKind.FORTRESS for b in board.buildings),
    }
    used = {o.module for o in content.ongoing.values() if o.module}
    for _, steps in all_effects(content):
        used |= {s.name for s in walk(steps) if isinstance(s, Module)}
    return [
        f"board.toml: module {m!r} is used but the board lacks what it needs"
        for m in sorted(used)
        if not needs.get(m, True)
    ]


Known = frozenset[int]


@dataclass
class _Ways:
    """Every place that reads an entry or finds a grey stone, with the entries
    surely read by then, and the place's name."""

    reads: list[tuple[int, Known, str]] = field(default_factory=list)
    finds: list[tuple[int, Known, str]] = field(default_factory=list)


def read_before(content: Content) -> dict[int, Known]:
    """For each entry some path reaches: the entries read before it on every path.

    A path starts at an ending card (the Gold Victory card comes after every
    Blue one, so its entry after theirs) or a starting card's effects, and
    goes on through the entries read and the Story cards found (a card's
    effects come after it is found). Along an effect list, an entry read is
    read for the steps after it; an ``if`` that asks whether an entry was read
    knows it on its ``then`` side, and one that asks whether a stone was found
    knows what every way to that stone had read. What every path knows is the
    intersection, worked out until nothing changes."""
    return _fixed_point(content)[0]


def _fixed_point(content: Content) -> tuple[dict[int, Known], dict[int, Known], _Ways]:
    blue = frozenset(n for e in content.victory if not e.gold for n in e.entries)
    roots: list[tuple[Steps, Known, str]] = [
        ((Read(n),), blue if e.gold and e in content.victory else frozenset(), e.id)
        for e in content.endings.values()
        for n in e.entries  # a Defeat card's two entries are one or the other
    ]
    roots += [(card_effects(c), frozenset(), c.id) for c in content.cards.values() if c.stone == 0]
    before: dict[int, Known] = {}
    stones: dict[int, Known] = {}
    while True:
        ways = _Ways()
        sources = list(roots)
        sources += [(content.entries[n].effects, known | {n}, f"entry {n}") for n, known in before.items()]
        sources += [
            (card_effects(c), stones[c.stone], c.id) for c in content.cards.values() if c.stone in stones
        ]
        for steps, known, where in sources:
            _follow(steps, set(known), where, stones, ways)
        new_before = _meet(ways.reads)
        new_stones = _meet(ways.finds)
        if new_before == before and new_stones == stones:
            return before, stones, ways
        before, stones = new_before, new_stones


def _meet(ways: list[tuple[int, Known, str]]) -> dict[int, Known]:
    met: dict[int, Known] = {}
    for key, known, _ in ways:
        met[key] = met[key] & known if key in met else known
    return met


def _follow(steps: Steps, known: set[int], where: str, stones: dict[int, Known], ways: _Ways) -> None:
    """Record the reads and finds of ``steps``, in order, knowing ``known`` (updated)."""
    for step in steps:
        if isinstance(step, Read):
            ways.reads.append((step.entry, frozenset(known), where))
            known.add(step.entry)
        elif isinstance(step, Find):
            ways.finds += [(stone, frozenset(known), where) for stone in step.stones]
        elif isinstance(step, Choice):
            for option in step.options:
                _follow(option.steps, set(known), where, stones, ways)
        elif isinstance(step, If):
            test, value = step.condition.test, step.condition.value
            then = set(known)
            if test == "read" and isinstance(value, int):
                then.add(value)
            elif test == "found" and isinstance(value, int) and value in stones:
                then |= stones[value]
            _follow(step.then, then, where, stones, ways)
            _follow(step.otherwise, set(known), where, stones, ways)
        elif isinstance(step, AddHarvest | AddStart):
            _follow(step.steps, set(known), where, stones, ways)


def _unmet_requirements(content: Content) -> list[str]:
    """Entries that some path reads before an entry they require, with that path's last step."""
    before, _, ways = _fixed_point(content)
    found: list[str] = []
    for number, entry in sorted(content.entries.items()):
        if number not in before:
            continue
        for required in entry.requires:
            if required in before[number]:
                continue
            where = next(w for n, known, w in ways.reads if n == number and required not in known)
            found.append(
                f"story_book.toml: entry {number}: requires entry {required}, "
                f"but {where} may lead to it before entry {required} is read"
            )
    return found
