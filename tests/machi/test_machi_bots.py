"""The bots: the planner comes first, plays its plan, and beats a simple heuristic and the random bot."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pytest

from engine.machi import Action, Game, Phase, Verb
from engine.machi.actions import PASS
from engine.machi.bots import BOTS, plan, planner, random_bot
from engine.machi.campaign import Campaign
from engine.machi.cards import Colour, Power, Rule, Setup, catalogue
from engine.machi.income import worth
from engine.machi.town import Town
from tests.parallel import spread

Bot = Callable[[Game, int], Action]


def chance(town: Town, numbers: tuple[int, ...]) -> float:
    """The chance that ``town``'s mayor rolls one of ``numbers``: two dice once they may."""
    if town.has(Power.TWO_DICE):
        return sum(6 - abs(n - 7) for n in numbers if 2 <= n <= 12) / 36
    return sum(1 for n in numbers if n <= 6) / 6


def income_added(game: Game, seat: int, key: str) -> float:
    """The coins a round one more ``key`` would bring ``seat``, on average."""
    card, town = catalogue().establishments[key], game.towns[seat]
    theirs = 0.0
    if card.colour in (Colour.BLUE, Colour.RED):
        theirs = sum(chance(game.towns[s], card.numbers) for s in range(game.seats) if s != seat)
    mine = 0.0
    if card.colour is not Colour.RED:
        mine = chance(town, card.numbers) * (game.seats - 1 if card.colour is Colour.PURPLE else 1)
    return (theirs + mine) * worth(card, town)


def best_income(game: Game, seat: int) -> Action:
    """A simple heuristic: two dice once it may, its cheapest goal as soon as it can pay, or else
    the establishment it can afford that adds the most income, whatever it costs."""
    legal = game.legal_actions(seat)
    if game.phase is not Phase.ACT:
        return legal[-1]
    cards = catalogue()

    def cost(action: Action) -> int:
        if action.verb is Verb.CONTRIBUTE:
            return cards.communities[game.setup.community].cost
        return cards.landmarks[action.card or ""].cost

    goals = [a for a in legal if a.verb in (Verb.LANDMARK, Verb.CONTRIBUTE)]
    if goals:
        return min(goals, key=lambda a: (cost(a), a.key))
    builds = [a for a in legal if a.verb is Verb.BUILD]
    if builds:
        return max(builds, key=lambda a: (income_added(game, seat, a.card or ""), a.key))
    return PASS


def setup_of(number: int) -> Setup:
    """The setup of the campaign's game ``number``, every game before it won by the first seat."""
    campaign = Campaign.start()
    for _ in range(number - 1):
        campaign.finish(0)
    return campaign.setup()


def won(bot: Bot, other: Bot, setup: Setup, number: int, seed: int) -> bool:
    """Whether ``bot`` wins the two-seat game of the campaign's game ``number`` (set up as
    ``setup``) seeded ``seed``, in seat ``seed % 2``, against ``other``; after game 1, which rolls
    for it, ``bot`` plays first in every other pair of seeds."""
    mine = seed % 2
    game = Game.new(seed, 2, setup, first=None if number == 1 else seed // 2 % 2)
    while not game.over:
        seat = game.waiting()[0]
        game.apply(seat, (bot if seat == mine else other)(game, seat))
    return game.winner == mine


def wins(bot: Bot, other: Bot, games: int, number: int = 1) -> int:
    """Of the games of the campaign's game ``number`` seeded 1 to ``games`` (:func:`won`), those
    ``bot`` won."""
    return sum(spread(partial(won, bot, other, setup_of(number), number), range(1, games + 1)))


def test_the_planner_comes_first_and_plays_its_plan() -> None:
    assert next(iter(BOTS)) == "planner" and BOTS["planner"] is planner
    game = Game.new(3, 2)
    for _ in range(30):
        seat = game.waiting()[0]
        chosen = plan(game, seat)
        assert planner(game, seat) == chosen.action == chosen.options[0].action
        assert chosen.action in game.legal_actions(seat)
        assert {o.action for o in chosen.options} <= set(game.legal_actions(seat))
        game.apply(seat, chosen.action)


def test_the_simple_heuristic_beats_the_random_bot_and_the_planner_beats_both() -> None:
    assert wins(best_income, random_bot, 10) >= 8
    assert wins(planner, best_income, 20) >= 12


@pytest.mark.slow
def test_the_planner_wins_seven_games_in_ten_against_the_simple_heuristic() -> None:
    against_random, against_heuristic = wins(planner, random_bot, 200), wins(planner, best_income, 200)
    print(f"game 1: {against_random}/200 won against random, {against_heuristic}/200 against best income")
    assert against_random >= 190 and against_heuristic >= 140


@pytest.mark.slow
def test_in_the_later_games_the_planner_beats_the_random_bot_and_holds_its_own_against_the_heuristic() -> (
    None
):
    numbers = range(2, 11)
    against_random = [wins(planner, random_bot, 40, n) for n in numbers]
    against_heuristic = [wins(planner, best_income, 40, n) for n in numbers]
    print(
        f"games 2-10, 40 each: {against_random} won against random, {against_heuristic} against best income"
    )
    assert sum(against_random) >= 0.9 * 40 * len(numbers) and sum(against_heuristic) >= 0.5 * 40 * len(
        numbers
    )


def position(towns: list[Town], phase: Phase, rules: tuple[Rule, ...] = ()) -> Game:
    one = catalogue().game_one
    setup = Setup(one.supply, one.landmarks, one.community, one.town_square, one.picks, rules)
    game = Game.new(1, len(towns), setup, first=0, towns=[""] * len(towns))
    game.chosen = [("bakery", "wheat_field")] * len(towns)
    game.towns, game.phase = towns, phase
    return game


def test_between_rolls_that_bring_it_as_much_the_planner_takes_the_one_that_brings_the_others_less() -> None:
    # Seat 0 earns nothing on its own rolls; seat 1's Wheat Field pays on a 1, which two dice never show.
    game = position([Town({"cafe": 1}, ["forge"]), Town({"wheat_field": 1})], Phase.ROLL)
    chosen = plan(game, 0)
    assert chosen.action == Action(Verb.ROLL, dice=2)
    assert [o.income for o in chosen.options] == [0.0, 0.0]
    assert chosen.options[0].others == 0.0 < chosen.options[1].others


def test_the_planner_never_weighs_demolishing_for_nothing() -> None:
    game = position([Town({"wheat_field": 1, "forest": 1}), Town()], Phase.ACT, (Rule.DEMOLISH,))
    weighed = {o.action.key for o in plan(game, 0).options}
    assert "demolish:forest" in weighed and "demolish:wheat_field" not in weighed
