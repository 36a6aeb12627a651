"""Building rules scenarios: edit a game's state directly, then act on it.

The rules tests use the frozen content in ``tests/yu/content`` (see
``CONTENT``), never the base game's data, which is re-tuned by simulation.
Every helper here keeps the components whole: a card pulled for a scenario
comes out of the zone it was in, an item given comes out of the Main Supply.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from engine.yu import Action, Event, Game, Kind, new_game
from engine.yu.campaign.campaign import Campaign
from engine.yu.content.items import INDEX, ITEMS
from engine.yu.content.loader import Content
from engine.yu.content.steps import Bribe, Step
from engine.yu.rules.rules import resolve as run

CONTENT = Path(__file__).parent / "content"

CARD_ZONES = (
    "hand",
    "ready",
    "exhausted",
    "deck",
    "discard",
    "tucked",
    "barbarian_deck",
    "barbarian_discard",
)


def edit(g: Game, **fields: Any) -> Game:
    """Set state fields and drop what the game caches about them."""
    for name, value in fields.items():
        if not hasattr(g, name) or name.startswith("_"):
            raise AttributeError(f"a game has no field {name!r}")
        setattr(g, name, value)
    g.changed()
    g.groups = None
    return g


def pull(g: Game, *card_ids: str) -> list[str]:
    """Take cards out of whatever zone holds them (the Card Row included)."""
    for card in card_ids:
        for zone in CARD_ZONES:
            pile = getattr(g, zone)
            if card in pile:
                pile.remove(card)
                break
        else:
            if card not in g.row:
                raise LookupError(f"{card} is in no zone")
            g.row[g.row.index(card)] = None
    g.changed()
    return list(card_ids)


def place(g: Game, zone: str, *card_ids: str) -> Game:
    """Move cards to the end (the top) of ``zone``, in the order given."""
    pull(g, *card_ids)
    getattr(g, zone).extend(card_ids)
    return g


def card_places(g: Game) -> Counter[str]:
    """How many times each card lies in the game's zones and the Card Row."""
    places: Counter[str] = Counter()
    for name in Game.LISTS:
        if name != "in_play":
            places.update(getattr(g, name))
    places.update(c for c in g.row if c)
    return places


def assert_whole(g: Game) -> None:
    """Every card dealt into the game is in exactly one place."""
    places = card_places(g)
    places.subtract(g.in_play)
    assert +places == Counter() and -places == Counter(), f"cards out of place: {dict(places)}"


def set_row(g: Game, row: list[str | None]) -> Game:
    """Lay out the Card Row; cards already on it that are left out go to
    their discard pile."""
    cards = [c for c in row if c is not None]
    pull(g, *[c for c in cards if c not in g.row])
    for card in g.row:
        if card is not None and card not in cards:
            (g.discard if card.startswith("t") else g.barbarian_discard).append(card)
    return edit(g, row=list(row))


def fill_ready(g: Game, n: int) -> Game:
    """Move cards from the Townsfolk Draw Pile onto the Ready Pile until it holds ``n``."""
    while len(g.ready) < n:
        g.ready.insert(0, g.deck.pop(0))
    return edit(g)


def give(g: Game, **items: int) -> Game:
    """Move items from the Main Supply to the player's supply."""
    for name, n in items.items():
        i = INDEX[name]
        if g.supply[i] < n:
            raise ValueError(f"the Main Supply has only {g.supply[i]} {name}")
        g.supply[i] -= n
        g.have[i] += n
    return edit(g)


def have(g: Game) -> dict[str, int]:
    """The player's supply by item name."""
    return dict(zip(ITEMS, g.have, strict=True))


def supply(g: Game) -> dict[str, int]:
    """The Main Supply by item name."""
    return dict(zip(ITEMS, g.supply, strict=True))


def blank(g: Game) -> Game:
    """Empty the player's supply back into the Main Supply and the hand into
    the Townsfolk Discard Pile: a clean start for the Take Actions phase."""
    for i, n in enumerate(g.have):
        g.supply[i] += n
        g.have[i] = 0
    g.discard.extend(g.hand)
    g.hand.clear()
    return edit(g)


def keys(g: Game) -> set[str]:
    return {a.key for a in g.legal_actions()}


def why(g: Game | Campaign, key: str) -> str | None:
    """Why the action ``key`` names is refused now, in words; None when it is allowed."""
    reason = g.explain(Action.parse(key))
    return None if reason is None else str(reason)


def settle(g: Game) -> Game:
    """Answer every open decision the plain way: take the Damage of each
    Barbarian, the first option of each choice."""
    while g.decision is not None and not g.over:
        if isinstance(g.decision, Bribe):
            g.apply(Action.parse("suffer"))
        else:
            g.apply(min((a for a in g.legal_actions() if a.kind is Kind.PICK), key=str))
    return g


def resolve(g: Game, *steps: Step) -> list[Event]:
    """Put rules steps on the stack, first step first, and resolve them up to
    the next decision; return the events."""
    g.events = []
    g.stack.extend(reversed(steps))
    g.changed()
    run(g)
    g.changed()
    events, g.events = g.events, []
    return events


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def fresh(content: Content, seed: int = 1) -> Game:
    """A new game in the Take Actions phase of Round 1, with nothing in hand
    or in the player's supply."""
    return blank(new_game(seed, content))
