"""Bots that can take any seat: one plays at random, one by a simple plan.

The planner rolls two dice when its town earns more that way, takes the win or
a landmark or its contribution as soon as it can pay, and otherwise buys the
establishment that would earn it the most, less its cost, over the rounds it
expects to need to reach its goals. A bot's choice depends only on the game and its seat, so a table's
log plus the seed replays it without running the bots again.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.machi.actions import PASS, Action, Verb
from engine.machi.cards import Colour, Establishment, Kind, Power, catalogue
from engine.machi.game import Game, Phase
from engine.machi.income import worth
from engine.machi.town import Town
from engine.rng import Rng

ONE_DIE = {n: 1 / 6 for n in range(1, 7)}
TWO_DICE = {n: (6 - abs(n - 7)) / 36 for n in range(2, 13)}
MIN_ROUNDS, MAX_ROUNDS = 2.0, 12.0
"""The planner values an establishment by what it would earn over the rounds it expects the game
to last for it, within these bounds."""


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
    town, cards = game.towns[seat], catalogue().establishments
    rounds = _rounds_left(game, seat)
    gains = {
        a: _per_round(game, seat, town, card) * rounds - card.cost
        for a in legal
        if a.verb is Verb.BUILD and (card := cards[a.card or ""])
    }
    best = sorted((-gain, a.key, a) for a, gain in gains.items() if gain > 0)
    return best[0][2] if best else PASS


def _rounds_left(game: Game, seat: int) -> float:
    """About how many more rounds the mayor needs to reach their goals, at what their town earns."""
    cards, town = catalogue(), game.towns[seat]
    owed = sum(cards.landmarks[k].cost for k in game.setup.landmarks if k not in town.built)
    if not town.flag:
        owed += cards.communities[game.setup.community].cost
    earned = sum(
        _per_round(game, seat, town, cards.establishments[k]) * n for k, n in town.establishments.items()
    )
    return min(max((owed - game.coins[seat]) / max(earned, 0.5), MIN_ROUNDS), MAX_ROUNDS)


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
                copies * chance * worth(card, town) * (game.seats - 1 if card.colour is Colour.PURPLE else 1)
            )
    return total


def _per_round(game: Game, seat: int, town: Town, card: Establishment) -> float:
    """What one more copy of ``card`` earns in a round of turns, on average."""
    chance = _chance(town, card)
    others = sum(_chance(game.towns[s], card) for s in range(game.seats) if s != seat)
    coins = worth(card, town)
    if card.kind is Kind.PER_TAG and card.tag == card.counts:
        coins += card.coins
    if card.colour is Colour.BLUE:
        return (chance + others) * coins
    if card.colour is Colour.RED:
        return others * coins
    return chance * coins * (game.seats - 1 if card.colour is Colour.PURPLE else 1)


def _chance(town: Town, card: Establishment) -> float:
    """The chance that ``town``'s mayor rolls one of ``card``'s numbers on their turn."""
    odds = TWO_DICE if town.has(Power.TWO_DICE) else ONE_DIE
    return sum(odds.get(n, 0.0) for n in card.numbers)


def _pick(game: Game, seat: int, actions: list[Action]) -> Action:
    """One of ``actions``, drawn from the game's seed, the seat and the turn: the same every time."""
    rng = Rng(game.seed * 131 + seat * 7919 + game.turns * 104729 + list(Phase).index(game.phase))
    return actions[rng.below(len(actions))]


BOTS: dict[str, Callable[[Game, int], Action]] = {"planner": planner, "random": random_bot}
