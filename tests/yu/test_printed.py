"""Legacy of Yu's printed numbers, as docs/printed.md lists them, are the game's.

Each row names where its number lives; :data:`IN_THE_GAME` reads that number
from the loaded content, or from a game the engine sets up, in the words of
the table's printed column.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import partial
from itertools import pairwise

import pytest
from scenario import edit, fresh, give, resolve, set_row

from engine.yu import Game, Kind, new_game
from engine.yu.content.effects import parse_steps
from engine.yu.content.items import INDEX, WORKERS, parse_cost, parse_cost_options
from engine.yu.content.loader import BASE_BUILDINGS, BuildingKind, Ending, base, trade_options
from engine.yu.content.steps import RevealBarbarian
from engine.yu.rules.card_row import SPACES, is_barbarian, is_townsfolk
from engine.yu.rules.rules import open_sites, tuck_spaces
from engine.yu.rules.state import Outcome
from tests.printed import printed

GAME = "Legacy of Yu"
ARROW = " → "


def terms(cell: str) -> list[object]:
    """A printed cell's content terms (``1 clay/wood`` is the content's ``1 clay|wood``)."""
    return [term.replace("/", "|") for term in cell.split(", ")]


def dealt() -> Game:
    """A base game as the engine sets it up."""
    return new_game(1, base())


def deck(cards: tuple[Ending, ...]) -> str:
    gold = sum(card.gold for card in cards)
    return f"{len(cards)} ({len(cards) - gold} + {gold} Gold)"


def per_hut(spaces: Callable[[Game], int]) -> str:
    """``"1 + 1 per Hut"``: the spaces open with no Hut built, and how many each
    Hut adds, in games with a Labourer to place."""
    content = base()
    huts = range(len(content.hut_order) + 1)
    counts = [spaces(give(edit(fresh(content), huts_built=n), white=1)) for n in huts]
    steps = {b - a for a, b in pairwise(counts)}
    return f"{counts[0]} + {steps.pop()} per Hut" if len(steps) == 1 else f"{counts} by Huts built"


def hut_spaces_open(game: Game) -> int:
    return len({a.space for a in game.legal_actions() if a.kind is Kind.HUT})


def card_row_at_setup() -> str:
    row = dealt().row
    folk = sum(map(is_townsfolk, row))
    bands = sum(map(is_barbarian, row))
    return f"{folk} Townsfolk, {bands} Barbarian" + (" (right-most)" if is_barbarian(row[-1]) else "")


def river_at_setup() -> str:
    content = base()
    river = dealt().river
    per_group = Counter(content.canals[card].jade for card in river)
    each = set(per_group.values())
    groups = ", ".join(f"{jade}-{jade + 1}" for jade in sorted(per_group))
    return f"{len(river)}: {each.pop()} each of Jade {groups}" if len(each) == 1 else str(per_group)


def barbarians_that_lose() -> int | None:
    """How many Barbarians in the Card Row lose the game: the first count at
    which revealing one more ends it."""
    content = base()
    bands = sorted(content.starting(content.barbarians))
    for standing in range(SPACES):
        game = fresh(content)
        set_row(game, [None] * (SPACES - standing) + bands[:standing])
        resolve(game, RevealBarbarian(1))
        if game.outcome is Outcome.BARBARIANS:
            return standing + 1
    return None


def card_row_spaces() -> str:
    """The Card Row's spaces, as the engine, the board's costs and a game agree on them."""
    sizes = {SPACES, len(base().board.card_row_costs), len(dealt().row)}
    return str(sizes.pop()) if len(sizes) == 1 else f"{sorted(sizes)} (they differ)"


def buildings(kind: BuildingKind) -> int:
    return sum(b.kind is kind for b in base().board.buildings)


def supply(name: str) -> int:
    return base().board.supply[INDEX[name]]


def building_cost(kind: BuildingKind, cell: str) -> tuple[object, object]:
    return base().board.building_costs[kind], parse_cost(terms(cell))


def trade(number: int, cell: str) -> tuple[object, object]:
    """Trade ``number``'s ways of use, and those of ``cell`` (what it takes → what it gives)."""
    takes, gives = cell.split(ARROW)
    as_printed = trade_options(parse_cost_options(terms(takes)), parse_steps(terms(gives)))
    return base().board.trades[number - 1].options, as_printed


IN_THE_GAME: dict[str, Callable[[], object]] = {
    "townsfolk.toml": lambda: len(base().starting(base().townsfolk)),
    "barbarians.toml": lambda: len(base().starting(base().barbarians)),
    "endings.toml victory": lambda: deck(base().victory),
    "endings.toml defeat": lambda: deck(base().defeat),
    "huts.toml": lambda: len(base().starting(base().huts)),
    "canals.toml": lambda: len(base().starting(base().canals)),
    "story_deck.toml": lambda: len(base().story_deck),
    "board.supply.workers": lambda: sum(supply(w) for w in WORKERS),
    **{f"board.supply.{name}": partial(supply, name) for name in INDEX},
    "board.farms": lambda: buildings(BuildingKind.FARM),
    "board.outposts": lambda: buildings(BuildingKind.OUTPOST),
    "board.huts": lambda: buildings(BuildingKind.HUT),
    "board.ready_pile": lambda: base().board.ready_pile,
    "rules.deal (Card Row)": card_row_at_setup,
    "rules.deal (river)": river_at_setup,
    "rules.deal (Hut cards)": lambda: len(dealt().hut_cards),
    "card_row.SPACES": card_row_spaces,
    "Outcome.BARBARIANS": barbarians_that_lose,
    "board.card_row_costs[1]": lambda: base().board.card_row_costs[0],
    "board.sites": lambda: f"{len(open_sites(fresh(base())))} at the start",
    "rules.tuck_spaces": lambda: per_hut(tuck_spaces),
    "board.hut_spaces": lambda: per_hut(hut_spaces_open),
    "board.trades": lambda: f"{len(base().trades_open[0])} at the start",
}
"""Each number the table lists, read from the game, as the printed column writes it."""

IN_TERMS: dict[str, Callable[[str], tuple[object, object]]] = {
    "board.harvest": lambda cell: (base().board.harvest, parse_steps(terms(cell))),
    "board.per_outpost": lambda cell: (base().board.per_outpost, parse_steps(terms(cell))),
    **{f"board.building_costs.{kind}": partial(building_cost, kind) for kind in BASE_BUILDINGS},
    **{f"board.trades[{n}]": partial(trade, n) for n in range(1, 8)},
}
"""Each cost, Harvest or trade the table lists: the game's, and the printed
column read with the content's parser."""


def test_every_number_the_rulebooks_print_is_in_the_table() -> None:
    listed = printed(GAME)
    checked = IN_THE_GAME.keys() | IN_TERMS.keys()
    assert sorted(checked - listed.keys()) == [], "printed numbers the table leaves out"
    assert sorted(listed.keys() - checked) == [], "rows that name nothing the test can check"


@pytest.mark.parametrize("key", sorted(IN_THE_GAME))
def test_the_printed_number_is_the_games(key: str) -> None:
    assert str(IN_THE_GAME[key]()) == printed(GAME)[key]


@pytest.mark.parametrize("key", sorted(IN_TERMS))
def test_the_printed_cost_harvest_or_trade_is_the_games(key: str) -> None:
    cell = printed(GAME)[key]
    in_the_game, as_printed = IN_TERMS[key](cell)
    assert in_the_game == as_printed, f"{key} differs from the printed {cell!r}"
