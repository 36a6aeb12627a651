"""Bots that can take any seat: the planner, which plays best, and one that plays at random.

The planner races to its goals (its three landmarks and its contribution to the
community landmark). It weighs each move it may make by the rounds it expects to
need after it before it can win, in a model of the race (:class:`Race`): each
round brings the coins its town earns on average, and each later turn takes the
cheapest goal it can pay for, or else builds the establishment that would earn
most over the rounds still needed, less its cost, if any earns its cost back.
It plays the move that leaves the fewest rounds (on a tie: a goal, then
saving, then building, then demolishing); a move that wins at once leaves none.
It rolls the dice that bring it the most coins on average (on a tie, those that
bring the other mayors least), worked out from what each total would pay, and
chooses the town square cards that leave the fewest rounds. :func:`plan` gives
the move with what was worked out for it. A bot's choice depends only on the
game and its seat, so a table's log plus the seed replays it without running
the bots again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache

from engine.machi.actions import CONTRIBUTE, Action, Verb
from engine.machi.cards import Colour, Establishment, Power, catalogue
from engine.machi.game import Game, Phase
from engine.machi.income import worth
from engine.machi.town import Town
from engine.rng import Rng

ODDS = {1: {n: 1 / 6 for n in range(1, 7)}, 2: {n: (6 - abs(n - 7)) / 36 for n in range(2, 13)}}
"""The chance of each total, rolling one die or two."""
HORIZON = 60
"""The most rounds the race model plays ahead; a town that has not won by then is far from it."""
PREFERRED = (Verb.LANDMARK, Verb.CONTRIBUTE, Verb.PASS, Verb.BUILD, Verb.DEMOLISH)
"""Among moves that leave as many rounds, the planner's order of choice."""


def random_bot(game: Game, seat: int) -> Action:
    return _pick(game, seat, game.legal_actions(seat))


@dataclass(frozen=True)
class Option:
    """A move the planner weighed, and what it expects after it."""

    action: Action
    rounds: float = 0.0
    """The rounds before the mayor can win, in the race model; 0 for a move that wins."""
    income: float = 0.0
    """The coins the town earns in a round of turns, on average, after the move; for a roll, the
    coins this roll brings the mayor."""
    others: float = 0.0
    """For a roll: the coins it brings the other mayors together, on average."""


@dataclass(frozen=True)
class Plan:
    """The planner's move (the first option) and the others it weighed, each with its figures."""

    options: tuple[Option, ...]
    income: float = 0.0
    """The coins the town earns in a round of turns now, on average."""

    @property
    def action(self) -> Action:
        return self.options[0].action

    @property
    def chosen(self) -> Option:
        return self.options[0]

    def option(self, verb: Verb) -> Option | None:
        """The option with a move of ``verb`` that leaves the fewest rounds, if one was weighed."""
        return next((o for o in self.options if o.action.verb is verb), None)


def planner(game: Game, seat: int) -> Action:
    return plan(game, seat).action


def plan(game: Game, seat: int) -> Plan:
    """The planner's move for ``seat`` now, with what it worked out; ``seat`` has something to do."""
    legal = game.legal_actions(seat)
    if game.phase is Phase.ROLL:
        return Plan(tuple(sorted((_roll(game, seat, a) for a in legal), key=_by_roll)))
    race = Race.of(game, seat)
    now = State.of(game.towns[seat], game.coins[seat], game.supply)
    if game.phase is Phase.CHOOSE:
        options = []
        for action in legal:
            state = State.of(Town(), game.coins[seat], game.supply)
            for card in action.cards:
                state.town.add(card)
            options.append(_weigh(race, action, state))
        return Plan(tuple(sorted(options, key=lambda o: figure(o.rounds))))
    options = []
    for action in legal:
        if action.verb is Verb.DEMOLISH and not game.refund(action.card or ""):
            continue  # nothing back, and an establishment less
        state = now.copy()
        race.act(state, action)
        options.append(_weigh(race, action, state))
    options.sort(key=lambda o: (figure(o.rounds), PREFERRED.index(o.action.verb), o.action.key))
    return Plan(tuple(options), race.earns(now.town))


def figure(value: float) -> float:
    """``value`` as the planner compares it: to nine decimals, so that sums added up in another
    order tie."""
    return round(value, 9)


def _weigh(race: Race, action: Action, state: State) -> Option:
    """``action``'s option: the town's income once it is taken, and the rounds the race leaves."""
    income = race.earns(state.town)
    return Option(action, race.rounds(state), income)


def dice_outcomes(game: Game, seat: int, dice: int) -> list[tuple[float, list[int]]]:
    """What ``seat`` rolling ``dice`` dice now can do: the chance of each total, and every mayor's
    coins after it."""
    return [(p, game.coins_after(seat, _showing(dice, total))) for total, p in ODDS[dice].items()]


def _showing(dice: int, total: int) -> tuple[int, ...]:
    """Faces of ``dice`` dice that add up to ``total``."""
    return (total,) if dice == 1 else (total - min(total - 1, 6), min(total - 1, 6))


def _roll(game: Game, seat: int, action: Action) -> Option:
    mine = others = 0.0
    for p, coins in dice_outcomes(game, seat, action.dice):
        gains = [after - before for after, before in zip(coins, game.coins, strict=True)]
        mine += p * gains[seat]
        others += p * (sum(gains) - gains[seat])
    return Option(action, income=mine, others=others)


def _by_roll(option: Option) -> tuple[float, float, int]:
    """The planner's order of rolls: most coins to the mayor, then fewest to the others, then one die."""
    return (-figure(option.income), figure(option.others), option.action.dice)


@dataclass
class State:
    """A town in the race model: what it holds, its coins and the supply left to it."""

    town: Town
    coins: float
    supply: dict[str, int]

    @classmethod
    def of(cls, town: Town, coins: float, supply: dict[str, int]) -> State:
        """A state of its own, with copies of ``town`` and ``supply``."""
        return cls(Town(dict(town.establishments), list(town.built), town.flag), coins, dict(supply))

    def copy(self) -> State:
        return State.of(self.town, self.coins, self.supply)


@dataclass
class Race:
    """The race to one mayor's goals as the planner sees it: every round brings the coins the town
    earns on average, and the other mayors' towns stay as they are."""

    seats: int
    goals: dict[str, int]
    """The landmarks' costs and the contribution's, by key."""
    community: str
    bonus: int
    theirs: dict[str, float] = field(default_factory=dict)
    """For each establishment: the chance that another mayor's roll activates it, summed over them."""
    pays: dict[tuple[int, int], float] = field(default_factory=dict)
    """The coins the mayor pays the others' red establishments on a roll of theirs, on average,
    by the dice rolled (1 or 2) and the coin each red one takes less."""
    taken: float = 0.0
    """The coins the others' purple establishments take from the mayor in a round, on average."""
    refunds: dict[str, int] = field(default_factory=dict)
    """What demolishing each establishment gives back now."""
    earnings: dict[tuple[tuple[tuple[str, int], ...], tuple[str, ...]], float] = field(default_factory=dict)
    """What :meth:`earns` worked out, by the town's establishments and landmarks: the model
    weighs the same towns again and again."""

    @classmethod
    def of(cls, game: Game, seat: int) -> Race:
        cards = catalogue()
        community = cards.communities[game.setup.community]
        race = cls(
            game.seats,
            {key: cards.landmarks[key].cost for key in game.setup.landmarks}
            | {community.key: community.cost},
            community.key,
            community.bonus,
        )
        race.refunds = {key: game.refund(key) for key in game.towns[seat].establishments}
        others = [game.towns[s] for s in range(game.seats) if s != seat]
        rolls = [(town, _dice(town)) for town in others]
        for key, card in cards.establishments.items():
            race.theirs[key] = sum(_chance(dice, card.numbers) for _, dice in rolls)
        for dice in ODDS:
            for guard in (0, 1):
                race.pays[dice, guard] = sum(
                    n * _chance(dice, card.numbers) * max(worth(card, town) - guard, 0)
                    for town in others
                    for card, n in _held(town, Colour.RED)
                )
        race.taken = sum(
            n * _chance(dice, card.numbers) * worth(card, town)
            for town, dice in rolls
            for card, n in _held(town, Colour.PURPLE)
        )
        return race

    def earns(self, town: Town) -> float:
        """The coins ``town`` earns in a round of turns, on average: its mayor's roll with the dice
        that pay more, less what the others' red establishments take on it, and the others' rolls."""
        held = (tuple(sorted(town.establishments.items())), tuple(town.built))
        if held not in self.earnings:
            self.earnings[held] = self._earns(town)
        return self.earnings[held]

    def _earns(self, town: Town) -> float:
        guard = int(town.has(Power.RED_GUARD))
        own = {1: -self.pays[1, guard], 2: -self.pays[2, guard]}
        theirs = -self.taken
        for card, n in _held(town):
            coins = n * worth(card, town)
            if card.colour in (Colour.BLUE, Colour.RED):
                theirs += self.theirs[card.key] * coins
            if card.colour is not Colour.RED:
                coins *= self.seats - 1 if card.colour is Colour.PURPLE else 1
                own[1] += _chance(1, card.numbers) * coins
                own[2] += _chance(2, card.numbers) * coins
        return (max(own.values()) if town.has(Power.TWO_DICE) else own[1]) + theirs

    def owed(self, town: Town) -> list[tuple[int, str]]:
        """The goals still to reach, cheapest first: (cost, key)."""
        return sorted(
            (cost, key)
            for key, cost in self.goals.items()
            if not (town.flag if key == self.community else key in town.built)
        )

    def act(self, state: State, action: Action) -> None:
        cards = catalogue()
        key = action.card or ""
        if action.verb is Verb.BUILD:
            state.coins -= cards.establishments[key].cost
            state.supply[key] -= 1
            state.town.add(key)
        elif action.verb is Verb.LANDMARK:
            state.coins -= self.goals[key]
            state.town.built.append(key)
        elif action.verb is Verb.CONTRIBUTE:
            state.coins += self.bonus - self.goals[self.community]
            state.town.flag = True
        elif action.verb is Verb.DEMOLISH:
            state.coins += self.refunds[key]
            state.supply[key] = state.supply.get(key, 0) + 1
            state.town.add(key, -1)

    def rounds(self, state: State) -> float:
        """The rounds before ``state``'s mayor reaches their last goal, from the next turn on, each
        turn taking the cheapest goal it can pay for or else the best establishment. The last goal
        waits for a turn whose action is free, and for its coins: counted as they come in through
        a round, so that a coin more never counts for less."""
        played, free = 0, 1
        while True:
            owed = self.owed(state.town)
            if not owed:
                return played
            income = self.earns(state.town)
            if played == HORIZON:
                return HORIZON + sum(cost for cost, _ in owed) / max(income, 1.0)
            before, (cost, key) = state.coins, owed[0]
            state.coins += income
            played += 1
            if state.coins < cost:
                self._build(state, income, sum(c for c, _ in owed))
            elif len(owed) > 1:
                self.act(state, CONTRIBUTE if key == self.community else Action(Verb.LANDMARK, card=key))
                free = played + 1
            else:
                paid = played - 1 + (cost - before) / income if income > 0 else played
                return max(free, paid)

    def _build(self, state: State, income: float, owed: int) -> None:
        """Build the establishment that earns most over the rounds still needed, less its cost, if
        any earns more than it costs."""
        cards = catalogue().establishments
        left = max((owed - state.coins) / max(income, 0.5), 1.0)
        best, gain = "", 0.0
        for key, n in sorted(state.supply.items()):
            card = cards[key]
            if n and card.cost <= state.coins:
                state.town.add(key)
                earned = (self.earns(state.town) - income) * left - card.cost
                state.town.add(key, -1)
                if earned > gain:
                    best, gain = key, earned
        if best:
            self.act(state, Action(Verb.BUILD, card=best))


def _held(town: Town, colour: Colour | None = None) -> list[tuple[Establishment, int]]:
    """``town``'s establishments (of ``colour``, if given) and their copies, in the order of their
    keys: the same sums however the town was built up."""
    cards = catalogue().establishments
    return [
        (cards[key], n)
        for key, n in sorted(town.establishments.items())
        if colour is None or cards[key].colour is colour
    ]


def _dice(town: Town) -> int:
    """The dice ``town``'s mayor is expected to roll: two when they pay the town more."""
    return 2 if town.has(Power.TWO_DICE) and _own(town, 2) > _own(town, 1) else 1


def _own(town: Town, dice: int) -> float:
    """What ``town``'s establishments pay on its mayor's roll of ``dice`` dice, on average (taking
    nothing from the others)."""
    return sum(
        n * _chance(dice, card.numbers) * worth(card, town)
        for card, n in _held(town)
        if card.colour is not Colour.RED
    )


@cache
def _chance(dice: int, numbers: tuple[int, ...]) -> float:
    """The chance that a roll of ``dice`` dice shows one of ``numbers``."""
    return sum(ODDS[dice].get(n, 0.0) for n in numbers)


def _pick(game: Game, seat: int, actions: list[Action]) -> Action:
    """One of ``actions``, drawn from the game's seed, the seat and the turn: the same every time."""
    rng = Rng(game.seed * 131 + seat * 7919 + game.turns * 104729 + list(Phase).index(game.phase))
    return actions[rng.below(len(actions))]


BOTS: dict[str, Callable[[Game, int], Action]] = {"planner": planner, "random": random_bot}
"""By key, the one that plays best first."""
