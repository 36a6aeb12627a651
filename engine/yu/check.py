"""``content check``: the campaign content is whole and every part of it can be reached.

Loading already checks each file and every reference. This adds what needs
the whole picture: no orphan entries or Story cards, and every Story card and
entry reachable from the start of a campaign by some path.
"""

from __future__ import annotations

from pathlib import Path

from engine.yu.content import DATA, Content, ContentError, load
from engine.yu.effects import walk
from engine.yu.items import Step


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
    for number in sorted(set(content.entries) - entries - (set(content.entries) - referenced_entries)):
        found.append(f"story_book.toml: entry {number}: cannot be reached from the campaign's start")
    for card in content.story_deck:
        if card not in cards and content.stone(card) in referenced_stones:
            found.append(f"story_deck.toml: {card}: cannot be reached from the campaign's start")
    found += _module_needs(content)
    return found


def _card_effects(content: Content, card: str) -> tuple[Step, ...]:
    """The effects printed on a card, its Gold Turtle included."""
    if card in content.barbarians:
        b = content.barbarians[card]
        return b.reward + ((("entry", b.turtle),) if b.turtle else ())
    if card in content.canals:
        return content.canals[card].effects
    if card in content.huts:
        return content.huts[card].effects
    if card in content.ongoing:
        o = content.ongoing[card]
        return o.effects + o.harvest + o.start
    t = content.townsfolk[card]
    return t.play + t.discard + t.tuck


def _everything(content: Content) -> list[tuple[Step, ...]]:
    lists = [_card_effects(content, c) for t in content.tables for c in t]
    lists += [e.effects for e in content.entries.values()]
    lists += [tuple(("entry", n) for n in e.entries) for e in content.victory + content.defeat]
    return lists


def _references(content: Content) -> tuple[set[int], set[int]]:
    entries: set[int] = set()
    stones: set[int] = set()
    for steps in _everything(content):
        for step in walk(steps):
            if step[0] == "entry":
                entries.add(step[1])
            elif step[0] == "find":
                stones.update(step[1])
    return entries, stones


def reachable(content: Content) -> tuple[set[int], set[str]]:
    """Entries and Story cards some path from the campaign's start reaches:
    every ending's entries and every starting card's effects, then whatever
    those lead to (both sides of every choice and condition)."""
    entries: set[int] = set()
    cards: set[str] = set()
    todo: list[tuple[Step, ...]] = [
        tuple(("entry", n) for n in e.entries) for e in content.victory + content.defeat
    ]
    todo += [_card_effects(content, c) for t in content.tables for c in t if t[c].stone == 0]
    by_stone: dict[int, list[str]] = {}
    for card in content.story_deck:
        by_stone.setdefault(content.stone(card), []).append(card)
    while todo:
        for step in walk(todo.pop()):
            if step[0] == "entry" and step[1] not in entries and step[1] in content.entries:
                entries.add(step[1])
                todo.append(content.entries[step[1]].effects)
            elif step[0] == "find":
                for stone in step[1]:
                    for card in by_stone.get(stone, []):
                        if card not in cards:
                            cards.add(card)
                            todo.append(_card_effects(content, card))
    return entries, cards


def _module_needs(content: Content) -> list[str]:
    board = content.board
    needs = {
        "food": board.feed is not None,
        "levee": board.levee is not None,
        "fortress": any(b.kind == "fortress" for b in board.buildings),
    }
    used = {o.module for o in content.ongoing.values() if o.module}
    for steps in _everything(content):
        used |= {s[1] for s in walk(steps) if s[0] == "module"}
    return [
        f"board.toml: module {m!r} is used but the board lacks what it needs"
        for m in sorted(used)
        if not needs.get(m, True)
    ]
