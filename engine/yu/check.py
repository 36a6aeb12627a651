"""``content check``: the campaign content is whole and every part of it can be reached.

Loading already checks each file and every reference. This adds what needs
the whole picture: no orphan entries or Story cards, and every Story card and
entry reachable from the start of a campaign by some path.
"""

from __future__ import annotations

from pathlib import Path

from engine.yu.content import DATA, BuildingKind, Content, ContentError, all_effects, card_effects, load
from engine.yu.steps import Find, Module, Read, Steps, walk


def problems(directory: Path = DATA, deck_size: int | None = 71) -> list[str]:
    """Everything wrong with the content in ``directory`` (empty when whole)."""
    try:
        content = load(directory)
    except ContentError as exc:
        return [str(exc)]
    found: list[str] = []
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
