"""Every rule of the game 1 rulebook, the two payment examples among them."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.machi import Action, Event, Game, IllegalAction, Kind, Phase, Verb
from engine.machi.actions import CONTRIBUTE, PASS, TOWN_NAME, choose
from engine.machi.cards import Power, Rule, catalogue
from engine.machi.income import payouts
from engine.machi.town import Town
from engine.text import Msg

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
        takes = catalogue().establishments["festival_hall"].coins
        coins = [0, 5, 1]
        payouts(held, coins, 100, 0, 6)
        assert coins == [takes + 1, 5 - takes, 0]  # the second opponent pays what they have


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
        cost = catalogue().establishments["forest"].cost
        assert game.towns[0].establishments["forest"] == 1 and game.coins[0] == 10 - cost
        assert game.supply["forest"] == 4
        assert (game.turn, game.phase) == (1, Phase.ROLL)

    def test_building_costs_what_the_card_says_and_refuses_what_cannot_be_paid(self) -> None:
        game = rolling(started(), 0, 6)
        game.apply(0, ROLL1)
        mine, fountain = catalogue().establishments["gold_mine"].cost, catalogue().landmarks["fountain"].cost
        game.coins[0] = mine - 1
        before = game.to_dict()
        with pytest.raises(
            IllegalAction, match=f"need {mine} coins to build a Gold Mine, and have {mine - 1}"
        ):
            game.apply(0, Action(Verb.BUILD, card="gold_mine"))
        with pytest.raises(IllegalAction, match=f"need {fountain} coins to build your Fountain"):
            game.apply(0, Action(Verb.LANDMARK, card="fountain"))
        with pytest.raises(IllegalAction, match="no Café left"):
            game.apply(0, Action(Verb.BUILD, card="cafe"))  # not in game 1's supply
        assert game.to_dict() == before

    def test_landmarks_in_any_order_and_each_once(self) -> None:
        game = rolling(started(), 0, 6)
        game.apply(0, ROLL1)
        game.coins[0] = 30
        game.apply(0, Action(Verb.LANDMARK, card="flower_shop"))
        cost = catalogue().landmarks["flower_shop"].cost
        assert game.towns[0].built == ["flower_shop"] and game.coins[0] == 30 - cost
        game = rolling(game, 0, 6)
        game.apply(0, ROLL1)
        with pytest.raises(IllegalAction, match="Flower Shop is built already"):
            game.apply(0, Action(Verb.LANDMARK, card="flower_shop"))

    def test_contributing_once_gives_the_bonus(self) -> None:
        game = rolling(started(), 0, 6)
        game.apply(0, ROLL1)
        observatory = catalogue().communities["observatory"]
        game.coins[0] = observatory.cost
        bank = game.bank
        events = game.apply(0, CONTRIBUTE)
        assert game.towns[0].flag and game.coins[0] == observatory.bonus
        assert game.bank == bank + observatory.cost - observatory.bonus
        assert events[0].kind is Kind.CONTRIBUTED
        game = rolling(game, 0, 6)
        game.apply(0, ROLL1)
        game.coins[0] = observatory.cost
        with pytest.raises(IllegalAction, match="contributed to the Observatory already"):
            game.apply(0, CONTRIBUTE)

    def test_the_first_with_three_landmarks_and_a_flag_wins_at_once(self) -> None:
        game = rolling(started(), 0, 6)
        game.towns[0].built = ["forge", "fountain"]
        game.towns[0].flag = True
        game.apply(0, ROLL1)
        game.coins[0] = catalogue().landmarks["flower_shop"].cost
        events = game.apply(0, Action(Verb.LANDMARK, card="flower_shop"))
        assert events[-1].kind is Kind.WON and game.over and game.winners() == [0]
        assert game.waiting() == [] and game.legal_actions(1) == []

    def test_doubles_with_the_fountain_built_on_an_earlier_turn_play_again(self) -> None:
        game = doubled(["forge", "fountain"])
        seat = game.turn
        events = game.apply(seat, PASS)
        assert events[-1].kind is Kind.AGAIN and game.turn == seat and game.phase is Phase.ROLL

    def test_a_fountain_built_this_turn_gives_no_turn_for_this_turns_doubles(self) -> None:
        game = doubled(["forge"])
        seat = game.turn
        game.coins[seat] = catalogue().landmarks["fountain"].cost
        events = game.apply(seat, Action(Verb.LANDMARK, card="fountain"))
        assert [e.kind for e in events] == [Kind.LANDMARK]
        assert game.turn == 1 - seat and game.phase is Phase.ROLL
        assert game.towns[seat].has(Power.DOUBLES_AGAIN)  # from its next turn on

    def test_a_game_without_the_forge_names_the_landmark_that_allows_two_dice(self) -> None:
        windmill = replace(catalogue().game_one, landmarks=("windmill", "flower_shop", "fountain"))
        game = Game.new(1, 2, windmill)
        for seat in range(2):
            game.apply(seat, choose(["bakery", "wheat_field"]))
        with pytest.raises(IllegalAction) as refused:
            game.apply(game.turn, ROLL2)
        assert str(refused.value) == "You roll one die until your Windmill is built."
        none = Game.new(1, 2, replace(windmill, landmarks=("sawmill", "flower_shop", "fountain")))
        for seat in range(2):
            none.apply(seat, choose(["bakery", "wheat_field"]))
        with pytest.raises(IllegalAction, match="no landmark of this game allows two"):
            none.apply(none.turn, ROLL2)


def doubled(built: list[str]) -> Game:
    """A game of two whose mayor to play has ``built`` and has just rolled doubles."""
    game = started()
    seat = game.turn
    game.towns[seat].built = list(built)
    for seed in range(1000):
        trial = Game.from_dict({**game.to_dict(), "rng": seed})
        trial.apply(seat, ROLL2)
        if trial.dice[0] == trial.dice[1]:
            return trial
    raise AssertionError("no seed rolls doubles")


def under(rules: list[Rule], seats: int = 2, seed: int = 1, first: int | None = None) -> Game:
    """A game of game 1's cards with ``rules`` in the rules deck, past the town square choice."""
    setup = replace(catalogue().game_one, rules=tuple(rules))
    game = Game.new(seed, seats, setup, first)
    for seat in range(seats):
        game.apply(seat, choose(["bakery", "wheat_field"]))
    return game


class TestRulesCards:
    def test_city_hall_gives_a_mayor_with_no_coins_one_before_the_roll(self) -> None:
        game = rolling(under([Rule.CITY_HALL]), 0, 6)
        game.coins[0], bank = 0, game.bank
        events = game.apply(0, ROLL1)
        assert events[0].kind is Kind.AIDED and game.coins[0] == 1 and game.bank == bank - 1
        game = rolling(started(), 0, 6)
        game.coins[0] = 0
        assert Kind.AIDED not in {e.kind for e in game.apply(0, ROLL1)}  # not without the card

    def test_market_day_and_latecomers_at_the_start_of_the_game(self) -> None:
        market = Game.new(1, 3, replace(catalogue().game_one, rules=(Rule.MARKET_DAY,)), first=1)
        assert market.coins == [5, 3, 5]  # every mayor but the first player
        late = Game.new(1, 4, replace(catalogue().game_one, rules=(Rule.LATECOMERS,)), first=2)
        assert late.coins == [5, 6, 3, 4] and late.bank + sum(late.coins) == catalogue().bank

    def test_demolish_returns_an_establishment_for_half_its_cost(self) -> None:
        game = rolling(under([Rule.DEMOLISH]), 0, 6)
        game.apply(0, ROLL1)
        game.towns[0].add("forest")
        game.supply["forest"] -= 1
        coins, supply = game.coins[0], game.supply["forest"]
        events = game.apply(0, Action(Verb.DEMOLISH, card="forest"))
        refund = catalogue().establishments["forest"].cost // 2
        assert events[0].kind is Kind.DEMOLISHED and game.coins[0] == coins + refund
        assert "forest" not in game.towns[0].establishments and game.supply["forest"] == supply + 1
        plain = rolling(started(), 0, 6)
        plain.apply(0, ROLL1)
        with pytest.raises(IllegalAction, match="No rules card lets a mayor demolish"):
            plain.apply(0, Action(Verb.DEMOLISH, card="bakery"))
        assert Action.parse("demolish:forest") == Action(Verb.DEMOLISH, card="forest")

    def test_a_consolation_landmark_pays_a_roll_that_earned_nothing(self) -> None:
        game = rolling(started(), 0, 6)
        game.towns[0].built = ["soup_kitchen"]
        coins = game.coins[0]
        events = game.apply(0, ROLL1)
        assert events[-1].kind is Kind.CONSOLED and game.coins[0] == coins + 1
        game = rolling(game_at_act_end(game), 0, 2)  # the bakery pays: no consolation
        assert Kind.CONSOLED not in {e.kind for e in game.apply(0, ROLL1)}

    def test_a_watchtower_takes_a_coin_off_each_red_card(self) -> None:
        coins = [5, 0]
        payouts(towns({}, {"noodle_stand": 1, "cafe": 2}, built=(["watchtower"],)), coins, 100, 0, 9)
        assert coins == [5 - 2, 2]  # the noodle stand takes 3 - 1; the cafés do not activate
        coins = [5, 0]
        payouts(towns({}, {"cafe": 2}, built=(["watchtower"],)), coins, 100, 0, 3)
        assert coins == [5, 0]

    def test_a_tag_bonus_landmark_counts_its_own_tag(self) -> None:
        coins = [0, 0]
        payouts(towns({"forest": 2, "wheat_field": 1}, {}, built=(["sawmill"],)), coins, 100, 1, 4)
        assert coins == [4, 0]  # two forests, each 1 + 1; no wheat field on a 4


def game_at_act_end(game: Game) -> Game:
    game.apply(game.turn, PASS)
    return game


class FakeFrench:
    """A language whose catalogue has the few refusals these tests say."""

    def gettext(self, message: str) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        assert singular == "You need {n} coin to build {card:a}, and have {have}."
        return "Il vous faut {n} pièce pour {card}." if n <= 1 else "Il vous faut {n} pièces pour {card}."

    def content(self, text: str) -> str:
        return {"Gold Mine": "Mine d'or"}.get(text, text)


def test_a_refusal_is_a_message_said_in_english_or_in_the_readers_language() -> None:
    game = rolling(started(), 0, 6)
    game.apply(0, ROLL1)
    game.coins[0] = 1
    with pytest.raises(IllegalAction) as refused:
        game.apply(0, Action(Verb.BUILD, card="gold_mine"))
    mine = catalogue().establishments["gold_mine"].cost
    assert str(refused.value) == f"You need {mine} coins to build a Gold Mine, and have 1."
    assert refused.value.msg.say(FakeFrench()) == f"Il vous faut {mine} pièces pour Mine d'or."
    assert Msg.from_json(refused.value.msg.to_json()) == refused.value.msg
    with pytest.raises(IllegalAction) as malformed:
        Action.parse("fly:away")
    assert str(malformed.value) == '"fly:away" is not an action.' and malformed.value.msg.values


class TestTownNames:
    def test_a_name_is_read_from_its_key_once_and_written_back(self) -> None:
        named = Action.parse("town:  Port Lune-sur-Mer ")
        assert named == Action(Verb.TOWN, name="Port Lune-sur-Mer")
        assert Action.parse(named.key) == named and named.key == "town:Port Lune-sur-Mer"
        longest = Action.parse("town:" + "x" * TOWN_NAME)
        assert len(longest.key) <= 64  # a log row's key

    @pytest.mark.parametrize(
        ("key", "why"),
        [
            ("town:", "Give your town a name."),
            ("town:   ", "Give your town a name."),
            (
                "town:" + "y" * (TOWN_NAME + 1),
                f"at most {TOWN_NAME} characters; this one has {TOWN_NAME + 1}.",
            ),
            ("town:Two\nlines", "without control characters"),
            ("town:Tab\there", "without control characters"),
            ("town:Bell\x07", "without control characters"),
        ],
    )
    def test_a_bad_name_is_refused_with_why(self, key: str, why: str) -> None:
        with pytest.raises(IllegalAction, match=why):
            Action.parse(key)

    def test_every_mayor_names_and_renames_until_the_first_roll(self) -> None:
        game = Game.new(1, 3)
        assert game.naming and game.waiting() == [0, 1, 2]
        events = game.apply(2, Action.parse("town:Riverside"))
        assert events == [Event(Kind.NAMED, 2, name="Riverside")]
        for seat in range(3):
            game.apply(seat, choose(["bakery", "wheat_field"]))
        other = (game.turn + 1) % 3  # not their turn: they still name
        game.apply(other, Action.parse("town:Hilltop"))
        game.apply(2, Action.parse("town:Riverside Bay"))
        assert [t.name for t in game.towns][2] == "Riverside Bay"
        assert game.towns[other].name in ("Hilltop", "Riverside Bay")
        assert all(a.verb is not Verb.TOWN for a in game.legal_actions(game.turn))  # free text: never listed
        game.apply(game.turn, ROLL1)
        before = game.to_dict()
        with pytest.raises(IllegalAction, match="too late"):
            game.apply(other, Action.parse("town:Late"))
        assert game.to_dict() == before and not game.naming

    def test_a_name_made_outside_the_parser_is_refused_too(self) -> None:
        game = Game.new(1, 2)
        with pytest.raises(IllegalAction, match="start or end with a space"):
            game.apply(0, Action(Verb.TOWN, name=" Gap"))
        assert game.towns[0].name == ""

    def test_a_later_game_has_its_towns_named_already(self) -> None:
        game = Game.new(1, 2, first=1, towns=["Riverside", ""])
        assert not game.naming and game.towns[0].name == "Riverside"
        with pytest.raises(IllegalAction, match="first game, until its first roll"):
            game.apply(0, Action.parse("town:Elsewhere"))
