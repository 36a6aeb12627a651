"""Bots that can take any seat: one plays at random, one by a simple plan.

The planner rolls two dice when its town earns more that way, takes the win or
a landmark or its contribution as soon as it can pay, and otherwise buys the
establishment that pays back soonest, while that leaves it on course for its
next goal. A bot's choice depends only on the game and its seat, so a table's
log plus the seed replays it without running the bots again.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.machi.actions import PASS, Action, Verb
from engine.machi.cards import Colour, Establishment, Kind, Power, catalogue
from engine.machi.game import Game, Phase
from engine.machi.town import Town
from engine.rng import Rng

ONE_DIE = {n: 1 / 6 for n in range(1, 7)}
TWO_DICE = {n: (6 - abs(n - 7)) / 36 for n in range(2, 13)}
PAYBACK = 9.0
"""The most rounds the planner waits for an establishment to pay for itself."""


def random_bot(game: Game, seat: int) -> Action:
    return _pick(game, seat, game.legal_actions(seat))


def planner(game: Game, seat: int) -> Action:
    legal = game.legal_actions(seat)
    if game.phase is Phase.CHOOSE:
        town = game.towns[seat]
        return max(
            legal,
            key=lambda a: sum(_per_round(game, seat, town, catalogue().establishments[c]) for c in a.cards),
        )
    if game.phase is Phase.ROLL:
        return max(legal, key=lambda a: _income(game, seat, TWO_DICE if a.dice == 2 else ONE_DIE))
    goals = [a for a in legal if a.verb in (Verb.LANDMARK, Verb.CONTRIBUTE)]
    if goals:
        return min(goals, key=lambda a: _goal_cost(game, a))
    builds = [a for a in legal if a.verb is Verb.BUILD]
    town, cards = game.towns[seat], catalogue().establishments
    paying = {
        a: cards[a.card or ""].cost / max(_per_round(game, seat, town, cards[a.card or ""]), 1e-9)
        for a in builds
    }
    best = sorted((rounds, a.key, a) for a, rounds in paying.items() if rounds <= PAYBACK)
    return best[0][2] if best else PASS


def _goal_cost(game: Game, action: Action) -> int:
    cards = catalogue()
    if action.verb is Verb.CONTRIBUTE:
        return cards.communities[game.setup.community].cost
    return cards.landmarks[action.card or ""].cost


def _income(game: Game, seat: int, odds: dict[int, float]) -> float:
    """What the mayor's own turn pays them, on average, rolling with ``odds``."""
    town, cards = game.towns[seat], catalogue().establishments
    total = 0.0
    for key, copies in town.establishments.items():
        card = cards[key]
        if card.colour in (Colour.BLUE, Colour.GREEN, Colour.PURPLE):
            chance = sum(odds.get(n, 0.0) for n in card.numbers)
            total += (
                copies * chance * _coins(card, town) * (game.seats - 1 if card.colour is Colour.PURPLE else 1)
            )
    return total


def _per_round(game: Game, seat: int, town: Town, card: Establishment) -> float:
    """What one more copy of ``card`` earns in a round of turns, on average."""
    odds = TWO_DICE if town.has(Power.TWO_DICE) else ONE_DIE
    chance = sum(odds.get(n, 0.0) for n in card.numbers)
    others = sum(sum(ONE_DIE.get(n, 0.0) for n in card.numbers) for s in range(game.seats) if s != seat)
    coins = _coins(card, town)
    if card.kind is Kind.PER_TAG and card.tag == card.counts:
        coins += card.coins
    if card.colour is Colour.BLUE:
        return (chance + others) * coins
    if card.colour is Colour.RED:
        return others * coins
    return chance * coins * (game.seats - 1 if card.colour is Colour.PURPLE else 1)


def _coins(card: Establishment, town: Town) -> int:
    coins = card.coins * (town.tagged(card.counts or "") if card.kind is Kind.PER_TAG else 1)
    return coins + (1 if card.tag == "shop" and town.has(Power.SHOP_BONUS) else 0)


def _pick(game: Game, seat: int, actions: list[Action]) -> Action:
    """One of ``actions``, drawn from the game's seed, the seat and the turn: the same every time."""
    rng = Rng(game.seed * 131 + seat * 7919 + game.turns * 104729 + list(Phase).index(game.phase))
    return actions[rng.below(len(actions))]


BOTS: dict[str, Callable[[Game, int], Action]] = {"planner": planner, "random": random_bot}
