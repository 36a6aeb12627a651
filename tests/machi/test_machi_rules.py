"""Every rule of the game 1 rulebook, the two payment examples among them."""

from __future__ import annotations

import pytest

from engine.machi import Action, Game, IllegalAction, Kind, Phase, Verb
from engine.machi.actions import CONTRIBUTE, PASS, choose
from engine.machi.cards import catalogue
from engine.machi.income import payouts
from engine.machi.town import Town

ROLL1, ROLL2 = Action(Verb.ROLL, dice=1), Action(Verb.ROLL, dice=2)


def towns(*held: dict[str, int], built: tuple[list[str], ...] = ()) -> list[Town]:
    return [Town(dict(h), list(built[i]) if i < len(built) else []) for i, h in enumerate(held)]


def started(seats: int = 2, seed: int = 1) -> Game:
    """A game past the town square choice, at its first roll."""
    game = Game.new(seed, seats)
    for seat in range(seats):
        game.apply(seat, choose(["bakery", "wheat_field"]))
    return game


def rolling(game: Game, seat: int, total: int) -> Game:
    """``game`` with ``seat`` about to roll ``total`` on one die (a seed found for it)."""
    for seed in range(10_000):
        trial = Game.from_dict({**game.to_dict(), "rng": seed, "turn": seat, "phase": "roll"})
        probe = Game.from_dict(trial.to_dict())
        probe.apply(seat, ROLL1)
        if probe.dice == (total,):
            return trial
    raise AssertionError(f"no seed rolls {total}")


class TestPayments:
    def test_a_roller_with_no_coins_pays_a_cafe_nothing_then_earns_from_the_bakeries(self) -> None:
        # Gabrielle rolls a 3 with no coins: Ezra's Café is owed 1 and gets nothing; her two Bakeries pay.
        held = towns({"bakery": 2}, {"cafe": 1})
        coins = [0, 5]
        bank, events = payouts(held, coins, 100, 0, 3)
        assert coins == [2, 5] and bank == 98
        assert [e.kind for e in events] == [Kind.PAID, Kind.EARNED]
        assert (events[0].coins, events[0].owed, events[0].to) == (0, 1, 1)

    def test_payments_go_in_reverse_turn_order_each_in_full(self) -> None:
        # Gabrielle (first) rolls a 3 with 3 coins; Ezra (second) has three Cafés, Tomoko (third) two.
        held = towns({}, {"cafe": 3}, {"cafe": 2})
        coins = [3, 0, 0]
        bank, events = payouts(held, coins, 100, 0, 3)
        assert coins == [0, 1, 2] and bank == 100  # Tomoko in full, Ezra what was left; the bank adds nothing
        assert [(e.to, e.coins, e.owed) for e in events] == [(2, 2, 2), (1, 1, 3)]

    def test_red_pays_first_then_blue_and_green_then_purple(self) -> None:
        held = towns({"festival_hall": 1, "fox_meadow": 1}, {"cafe": 1})
        coins = [0, 0]
        _, events = payouts(held, coins, 100, 0, 6)  # no red card on 6: the Fox Meadow, then the hall takes
        assert [e.kind for e in events] == [Kind.EARNED, Kind.PAID]
        assert coins == [3, 0]  # the opponent had nothing to give the hall
        held = towns({"bakery": 1}, {"cafe": 1})
        coins = [0, 0]
        _, events = payouts(held, coins, 100, 0, 3)
        assert [e.kind for e in events] == [Kind.PAID, Kind.EARNED]  # the Café before the Bakery

    def test_purple_takes_from_every_opponent(self) -> None:
        held = towns({"festival_hall": 1}, {}, {})
        coins = [0, 5, 1]
        payouts(held, coins, 100, 0, 6)
        assert coins == [3, 3, 0]


class TestActivation:
    def test_blue_pays_on_anyones_turn_green_and_purple_only_the_roller_red_only_opponents(self) -> None:
        held = towns({"wheat_field": 1, "bakery": 1, "cafe": 1}, {"wheat_field": 1, "bakery": 1, "cafe": 1})
        coins = [0, 0]
        payouts(held, coins, 100, 0, 1)
        assert coins == [1, 1]  # both Wheat Fields
        coins = [0, 5]
        payouts(held, coins, 100, 1, 3)
        assert coins == [1, 5]  # seat 1 rolls 3: seat 0's Café takes 1, seat 1's Bakery pays it 1

    def test_every_copy_activates(self) -> None:
        coins = [0, 0]
        payouts(towns({"wheat_field": 3}, {}), coins, 100, 1, 1)
        assert coins == [3, 0]

    def test_an_establishment_paying_per_tag_counts_every_copy(self) -> None:
        coins = [0, 0]
        payouts(towns({"furniture_factory": 1, "forest": 2, "gold_mine": 1}, {}), coins, 100, 0, 8)
        assert coins == [9, 0]  # 3 for each of three gear establishments

    def test_the_flower_shop_adds_a_coin_to_each_shop(self) -> None:
        coins = [0, 0]
        payouts(towns({"bakery": 2}, {}, built=(["flower_shop"],)), coins, 100, 0, 2)
        assert coins == [4, 0]

    def test_the_bank_pays_only_what_it_has(self) -> None:
        coins = [0, 0]
        bank, _ = payouts(towns({"gold_mine": 1}, {}), coins, 2, 1, 7)
        assert (coins, bank) == ([2, 0], 0)


class TestSetup:
    def test_each_mayor_starts_with_three_coins_and_the_rest_is_the_bank(self) -> None:
        game = Game.new(3, 4)
        assert game.coins == [3, 3, 3, 3]
        assert game.bank + sum(game.coins) == catalogue().bank == 42 + 5 * 24 + 10 * 12
        assert game.setup.landmarks == ("forge", "flower_shop", "fountain")
        assert game.setup.community == "observatory"
        assert sorted(game.supply) == sorted(
            [
                "wheat_field",
                "bakery",
                "forest",
                "fox_meadow",
                "gold_mine",
                "furniture_factory",
                "apple_orchard",
                "convenience_store",
            ]
        )

    @pytest.mark.parametrize("seed", range(20))
    def test_the_highest_opening_roll_goes_first(self, seed: int) -> None:
        game = Game.new(seed, 3)
        rolled = [[t for t in r if t is not None] for r in game.opening]
        assert [t is not None for t in game.opening[0]] == [True] * 3  # everyone rolls
        for before, after in zip(
            game.opening, game.opening[1:], strict=False
        ):  # a tie for the highest rolls again
            best = max(t for t in before if t is not None)
            assert [t == best for t in before] == [t is not None for t in after]
        assert game.opening[-1][game.first] == max(rolled[-1]) and rolled[-1].count(max(rolled[-1])) == 1
        assert game.turn == game.first

    def test_a_later_game_starts_with_the_last_winner(self) -> None:
        assert Game.new(5, 3, first=2).turn == 2

    def test_town_square_cards_are_chosen_by_all_then_revealed_together(self) -> None:
        game = Game.new(1, 2)
        assert game.phase is Phase.CHOOSE and game.waiting() == [0, 1]
        assert [a.key for a in game.legal_actions(0)] == ["choose:bakery,wheat_field"]
        events = game.apply(1, choose(["wheat_field", "bakery"]))
        assert [e.kind for e in events] == [Kind.CHOSE] and game.towns[1].establishments == {}
        with pytest.raises(IllegalAction, match="chosen your town square cards already"):
            game.apply(1, choose(["wheat_field", "bakery"]))
        with pytest.raises(IllegalAction, match="not a town square card"):
            game.apply(0, choose(["wheat_field", "gold_mine"]))
        events = game.apply(0, choose(["bakery", "wheat_field"]))
        assert events[-1].kind is Kind.REVEALED
        assert all(t.establishments == {"bakery": 1, "wheat_field": 1} for t in game.towns)
        assert game.phase is Phase.ROLL and game.waiting() == [game.first]


class TestTurn:
    def test_one_die_until_the_forge_is_built_then_one_or_two(self) -> None:
        game = started()
        seat = game.turn
        assert game.legal_actions(seat) == [ROLL1]
        with pytest.raises(IllegalAction, match="one die until your Forge is built"):
            game.apply(seat, ROLL2)
        game.towns[seat].built.append("forge")
        assert game.legal_actions(seat) == [ROLL1, ROLL2]
        game.apply(seat, ROLL2)
        assert len(game.dice) == 2

    def test_only_the_mayor_whose_turn_it_is_rolls_and_only_once(self) -> None:
        game = started()
        other = 1 - game.turn
        with pytest.raises(IllegalAction, match="another mayor's turn"):
            game.apply(other, ROLL1)
        game.apply(game.turn, ROLL1)
        with pytest.raises(IllegalAction, match="rolled already"):
            game.apply(game.turn, ROLL1)

    def test_one_action_then_the_next_mayor(self) -> None:
        game = rolling(started(), 0, 6)
        game.apply(0, ROLL1)
        game.coins[0] = 10
        game.apply(0, Action(Verb.BUILD, card="forest"))
        assert game.towns[0].establishments["forest"] == 1 and game.coins[0] == 7
        assert game.supply["forest"] == 4
        assert (game.turn, game.phase) == (1, Phase.ROLL)

    def test_building_costs_what_the_card_says_and_refuses_what_cannot_be_paid(self) -> None:
        game = rolling(started(), 0, 6)
        game.apply(0, ROLL1)
        game.coins[0] = 5
        before = game.to_dict()
        with pytest.raises(IllegalAction, match="need 6 coins to build a Gold Mine, and have 5"):
            game.apply(0, Action(Verb.BUILD, card="gold_mine"))
        with pytest.raises(IllegalAction, match="need 14 coins to build your Fountain"):
            game.apply(0, Action(Verb.LANDMARK, card="fountain"))
        with pytest.raises(IllegalAction, match="no cafe left"):
            game.apply(0, Action(Verb.BUILD, card="cafe"))  # not in game 1's supply
        assert game.to_dict() == before

    def test_landmarks_in_any_order_and_each_once(self) -> None:
        game = rolling(started(), 0, 6)
        game.apply(0, ROLL1)
        game.coins[0] = 30
        game.apply(0, Action(Verb.LANDMARK, card="flower_shop"))
        assert game.towns[0].built == ["flower_shop"] and game.coins[0] == 22
        game = rolling(game, 0, 6)
        game.apply(0, ROLL1)
        with pytest.raises(IllegalAction, match="Flower Shop is built already"):
            game.apply(0, Action(Verb.LANDMARK, card="flower_shop"))

    def test_contributing_once_gives_the_bonus(self) -> None:
        game = rolling(started(), 0, 6)
        game.apply(0, ROLL1)
        game.coins[0] = 10
        bank = game.bank
        events = game.apply(0, CONTRIBUTE)
        assert game.towns[0].flag and game.coins[0] == 4 and game.bank == bank + 10 - 4
        assert events[0].kind is Kind.CONTRIBUTED
        game = rolling(game, 0, 6)
        game.apply(0, ROLL1)
        game.coins[0] = 10
        with pytest.raises(IllegalAction, match="contributed to the Observatory already"):
            game.apply(0, CONTRIBUTE)

    def test_the_first_with_three_landmarks_and_a_flag_wins_at_once(self) -> None:
        game = rolling(started(), 0, 6)
        game.towns[0].built = ["forge", "fountain"]
        game.towns[0].flag = True
        game.apply(0, ROLL1)
        game.coins[0] = 8
        events = game.apply(0, Action(Verb.LANDMARK, card="flower_shop"))
        assert events[-1].kind is Kind.WON and game.over and game.winners() == [0]
        assert game.waiting() == [] and game.legal_actions(1) == []

    def test_doubles_with_the_fountain_play_again(self) -> None:
        game = started()
        seat = game.turn
        game.towns[seat].built = ["forge", "fountain"]
        for seed in range(1000):
            trial = Game.from_dict({**game.to_dict(), "rng": seed})
            trial.apply(seat, ROLL2)
            if trial.dice[0] == trial.dice[1]:
                break
        events = trial.apply(seat, PASS)
        assert events[-1].kind is Kind.AGAIN and trial.turn == seat and trial.phase is Phase.ROLL
