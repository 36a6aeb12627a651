"""Machi Koro Legacy's printed numbers, as docs/printed.md lists them, are the data's and the engine's.

Each check below writes what the data says the way the table writes it; the table must
list every one of them, and nothing else."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.machi.actions import DICE, Action, Verb
from engine.machi.campaign import GAMES, deck
from engine.machi.cards import SEATS, Establishment, Kind, catalogue
from engine.machi.game import Game
from engine.machi.income import worth
from engine.machi.town import Town
from tests.printed import printed

SECTION = "Machi Koro Legacy"
TOWNS = max(SEATS)
"""A box holds the cards of four mayors."""


def numbers(card: Establishment) -> str:
    low, high = card.numbers[0], card.numbers[-1]
    assert card.numbers == tuple(range(low, high + 1))
    return str(low) if low == high else f"{low}-{high}"


def effect(card: Establishment) -> str:
    """What one copy pays its owner, from a town that holds nothing else (or one card of the tag
    it counts)."""
    if card.kind is Kind.PER_TAG:
        tagged = next(k for k, c in catalogue().establishments.items() if c.tag == card.counts)
        coins = worth(card, Town({tagged: 1}))
        return f"{coins} {'coin' if coins == 1 else 'coins'} from the bank for each establishment of a tag"
    assert card.kind is Kind.BANK
    coins = worth(card, Town())
    return f"{coins} {'coin' if coins == 1 else 'coins'} from the bank"


def named(keys: tuple[str, ...], letters: bool = False) -> str:
    cards = catalogue()
    names = {**cards.establishments, **cards.landmarks, **cards.communities}
    return ", ".join(
        f"{names[k].name} ({'ABC'[i]})" if letters else names[k].name for i, k in enumerate(keys)
    )


def checks() -> dict[str, Callable[[], str]]:
    """Every printed number, by its key in docs/printed.md: what the data and the engine say."""
    cards = catalogue()
    one = cards.game_one
    found: dict[str, Callable[[], str]] = {}
    for key, _ in one.supply:
        card = cards.establishments[key]
        found[f"establishments.{key}.numbers"] = lambda card=card: numbers(card)
        found[f"establishments.{key}.colour"] = lambda card=card: card.colour.value
        found[f"establishments.{key}.effect"] = lambda card=card: effect(card)
        found[f"game_one.supply.{key}"] = lambda key=key: str(dict(one.supply)[key])
    return found | {
        "game_one.supply": lambda: str(sum(n for _, n in one.supply)),
        "game_one.landmarks": lambda: named(one.landmarks, letters=True),
        "len(game_one.landmarks) * max(cards.SEATS)": lambda: str(len(one.landmarks) * TOWNS),
        "landmarks.forge.power": lambda: cards.landmarks["forge"].power.value,
        "game_one.community": lambda: named((one.community,)),
        "game_one.town_square": lambda: named(one.town_square),
        "len(game_one.town_square) * max(cards.SEATS)": lambda: str(len(one.town_square) * TOWNS),
        "game_one.picks": lambda: str(one.picks),
        "game_one": lambda: str(
            sum(n for _, n in one.supply) + TOWNS * (len(one.town_square) + len(one.landmarks) + 1) + 1
        ),
        "max(cards.SEATS)": lambda: str(TOWNS),
        "actions.DICE": lambda: str(DICE),
        **{f"bank.{value}": (lambda n=n: str(n)) for value, n in cards.coins},
        "bank": lambda: str(sum(n for _, n in cards.coins)),
        "start_coins": lambda: str(cards.start_coins),
        "legacy.boxes": lambda: str(len(deck().boxes)),
        "campaign.GAMES": lambda: str(GAMES),
    }


def test_the_table_lists_every_printed_number_and_nothing_else() -> None:
    rows, known = printed(SECTION), checks()
    unchecked, missing = sorted(rows.keys() - known.keys()), sorted(known.keys() - rows.keys())
    assert (unchecked, missing) == ([], []), "rows that name nothing checked; printed numbers not listed"


@pytest.mark.parametrize("key", sorted(printed(SECTION)))
def test_the_data_says_what_the_rulebook_prints(key: str) -> None:
    check = checks().get(key)
    assert check is not None, f"{key} names nothing this test checks"
    assert check() == printed(SECTION)[key]


def test_the_engine_plays_what_the_data_says() -> None:
    """A game of four starts as the book sets it out: three coins each, the rest in the bank, one
    die until the Forge (game 1's two-dice landmark) is built, the first stack the Wheat Fields."""
    cards = catalogue()
    game = Game.new(1, TOWNS)
    assert game.coins == [cards.start_coins] * TOWNS
    assert game.bank + sum(game.coins) == sum(value * n for value, n in cards.coins)
    for seat in range(TOWNS):
        game.apply(seat, game.legal_actions(seat)[0])
    assert game.legal_actions(game.first) == [Action(Verb.ROLL, dice=1)]
    game.towns[game.first].built.append("forge")
    assert [a.dice for a in game.legal_actions(game.first)] == list(range(1, DICE + 1))
    stacks = sorted(cards.game_one.supply, key=lambda s: cards.establishments[s[0]].numbers)
    assert (stacks[0][0], stacks[-1][0]) == ("wheat_field", "convenience_store")
