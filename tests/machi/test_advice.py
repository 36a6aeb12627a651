"""Advice: the hint is the planner's own move with its reason, and a mistake is named only when
another move is certainly at least as good."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import polib
import pytest

from engine.french import typeset
from engine.games import content_french
from engine.machi import Action, Game, Phase, Verb
from engine.machi.actions import PASS
from engine.machi.advice import Hint, hint, mistake
from engine.machi.bots import BOTS, planner
from engine.machi.campaign import Campaign
from engine.machi.cards import Rule, Setup, catalogue
from engine.machi.town import Town
from engine.rng import Rng
from engine.text import Msg

CATALOGUE = Path(__file__).resolve().parents[2] / "locale" / "fr" / "LC_MESSAGES" / "django.po"
ONE, TWO = Action(Verb.ROLL, dice=1), Action(Verb.ROLL, dice=2)


class French:
    """The French catalogue as the site reads it, and the cards' French."""

    def __init__(self) -> None:
        self.entries = {e.msgid: e for e in polib.pofile(str(CATALOGUE)) if e.translated()}
        self.cards = content_french()

    def gettext(self, message: str) -> str:
        return str(self.entries[message].msgstr)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return str(self.entries[singular].msgstr_plural[int(n > 1)])

    def content(self, text: str) -> str:
        return self.cards[text]


FRENCH = French()


def ids(msg: Msg) -> Iterator[str]:
    """The message ids ``msg`` is said with, its values' included."""
    yield msg.id
    for _key, value in msg.values:
        if isinstance(value, Msg):
            yield from ids(value)


def position(
    towns: list[Town],
    coins: list[int],
    phase: Phase = Phase.ACT,
    rules: tuple[Rule, ...] = (),
) -> Game:
    """Game 1's setup (with ``rules``) at seat 0's turn, the towns and coins as given."""
    one = catalogue().game_one
    setup = Setup(one.supply, one.landmarks, one.community, one.town_square, one.picks, rules)
    game = Game.new(1, len(towns), setup, first=0, towns=[""] * len(towns))
    game.chosen = [("bakery", "wheat_field")] * len(towns)
    game.towns, game.coins, game.phase = towns, coins, phase
    game.bank = catalogue().bank - sum(coins)
    return game


def landmarks_but(last: str, flag: bool = True) -> Town:
    built = [k for k in catalogue().game_one.landmarks if k != last]
    return Town({"wheat_field": 1, "bakery": 1}, built, flag)


# -- the hint --------------------------------------------------------------------------------------


def check_hint(game: Game, seat: int) -> Hint:
    """The hint for ``seat``: the planner's legal move, given without changing the game, the same
    for a copy of it, said in English and in French."""
    before = game.to_dict()
    given = hint(game, seat)
    assert given is not None
    assert game.to_dict() == before
    assert given.action in game.legal_actions(seat) and given.action == planner(game, seat)
    assert hint(Game.from_dict(before), seat) == given
    english, french = str(given.why), given.why.say(FRENCH)
    assert english.endswith(".") and french.endswith(".") and english != french
    return given


def test_the_hint_is_the_planners_move_said_in_english_and_french_all_through_a_game() -> None:
    game = Game.new(5, 2)
    said: set[str] = set()
    while not game.over:
        seat = game.waiting()[0]
        given = check_hint(game, seat)
        said.update(ids(given.why))
        game.apply(seat, given.action)
    assert game.winner is not None
    assert "{units}.{tenths}" in said and len(said) >= 8  # decimals, and many kinds of reason


def test_there_is_no_hint_for_a_seat_with_nothing_to_do() -> None:
    game = Game.new(5, 2)
    game.apply(0, game.legal_actions(0)[0])
    assert hint(game, 0) is None  # chosen already, waiting for the other mayor
    game.apply(1, game.legal_actions(1)[0])
    assert hint(game, 1 - game.turn) is None  # another mayor's turn
    game.phase = Phase.OVER
    assert hint(game, game.turn) is None


def test_the_hint_takes_the_win_and_says_so() -> None:
    game = position([landmarks_but("fountain"), Town()], [30, 0])
    given = check_hint(game, 0)
    assert given.action == Action(Verb.LANDMARK, card="fountain")
    assert "you win the game now" in str(given.why)


def test_a_mayor_without_two_dice_is_told_why_one_die() -> None:
    game = position([Town({"wheat_field": 1, "bakery": 1})] * 2, [3, 3], Phase.ROLL)
    given = check_hint(game, 0)
    assert given.action == ONE and given.why == game.refusal(0, TWO)


def test_the_hint_to_save_names_the_next_goal_and_the_rounds_to_it() -> None:
    game = position([Town({"wheat_field": 1, "bakery": 1}), Town({"wheat_field": 1})], [0, 0])
    given = check_hint(game, 0)
    assert given.action == PASS
    assert str(given.why).startswith("Save for your Forge: at about ") and " rounds" in str(given.why)
    assert typeset(given.why.say(FRENCH)).startswith("Économisez pour votre Forge\N{NARROW NO-BREAK SPACE}:")


def test_a_roll_hint_gives_its_figures_with_the_readers_decimal_mark() -> None:
    town = Town({"gold_mine": 2, "wheat_field": 1}, ["forge"])
    game = position([town, Town({"wheat_field": 1})], [3, 3], Phase.ROLL)
    given = check_hint(game, 0)
    assert given.action == TWO
    assert (
        str(given.why)
        == "Two dice should bring you about 1.0 coins this turn, against 0.2 coins with one die."
    )
    assert "1,0 pièce" in given.why.say(FRENCH) and "0,2 pièce" in given.why.say(FRENCH)


def test_between_rolls_that_bring_a_mayor_as_much_the_hint_spares_the_opponents() -> None:
    # Seat 0 earns nothing on its own rolls; seat 1's Wheat Field pays on a 1, which two dice never show.
    game = position([Town({"cafe": 1}, ["forge"]), Town({"wheat_field": 1})], [3, 3], Phase.ROLL)
    given = check_hint(game, 0)
    assert given.action == TWO
    assert str(given.why) == (
        "Either roll should bring you about 0.0 coins this turn, and two dice bring your opponents less."
    )
    assert mistake(game, 0, ONE) is not None  # and one die is beaten on every total


# -- mistakes --------------------------------------------------------------------------------------


def test_anything_but_the_win_at_hand_is_a_mistake() -> None:
    game = position([landmarks_but("fountain"), Town()], [30, 0])
    win = Action(Verb.LANDMARK, card="fountain")
    assert mistake(game, 0, win) is None
    for action in (PASS, Action(Verb.BUILD, card="forest")):
        why = mistake(game, 0, action)
        assert why is not None and str(why) == "Building your Fountain wins the game now; this move does not."
        assert why.say(FRENCH) != str(why)
    game.coins[0] = 23  # one coin short: saving is a choice like another
    assert mistake(game, 0, PASS) is None and mistake(game, 0, Action(Verb.BUILD, card="forest")) is None


def test_not_contributing_when_it_wins_is_a_mistake() -> None:
    game = position([landmarks_but("", flag=False), Town()], [25, 0])
    assert mistake(game, 0, Action(Verb.CONTRIBUTE)) is None
    why = mistake(game, 0, PASS)
    assert why is not None and "Contributing to the Observatory wins the game now" in str(why)


def test_a_goal_that_does_not_win_is_no_mistake_to_put_off() -> None:
    game = position([landmarks_but("fountain", flag=False), Town()], [30, 0])
    assert all(mistake(game, 0, a) is None for a in game.legal_actions(0))


def two_dice_town(**more: int) -> Town:
    """A town with its Forge, whose only establishments (and ``more``) pay on a 7."""
    return Town({"gold_mine": 1, **more}, ["forge"])


def test_one_die_is_a_mistake_when_two_dice_do_at_least_as_well_on_every_total() -> None:
    # Seat 0 earns only on a 7; seat 1's only card pays on its own turns.
    game = position([two_dice_town(), Town({"bakery": 1})], [3, 3], Phase.ROLL)
    why = mistake(game, 0, ONE)
    assert why is not None and str(why).startswith("Whatever the dice show, two dice leave you")
    assert mistake(game, 0, TWO) is None


def test_one_die_is_no_mistake_when_some_total_of_it_does_better_for_someone() -> None:
    rolls = [
        [two_dice_town(wheat_field=1), Town({"bakery": 1})],  # a 1 pays seat 0, which two dice cannot
        [two_dice_town(), Town({"gold_mine": 1})],  # two dice pay seat 1 on a 7
        [two_dice_town(), Town({"apple_orchard": 1})],  # and on a 9 or a 10
    ]
    for towns in rolls:
        game = position(towns, [3, 3], Phase.ROLL)
        assert mistake(game, 0, ONE) is None and mistake(game, 0, TWO) is None


def test_a_roll_is_never_called_a_mistake_with_another_turn_for_doubles() -> None:
    town = Town({"gold_mine": 1}, ["forge", "fountain"])
    game = position([town, Town({"bakery": 1})], [3, 3], Phase.ROLL)
    assert mistake(game, 0, ONE) is None


def test_two_dice_are_a_mistake_when_one_die_does_at_least_as_well_on_every_total() -> None:
    # Seat 0 earns only on a 1; two dice would pay seat 1's Gold Mine on a 7.
    game = position([Town({"wheat_field": 1}, ["forge"]), Town({"gold_mine": 1})], [3, 3], Phase.ROLL)
    why = mistake(game, 0, TWO)
    assert why is not None and str(why).startswith("Whatever the dice show, one die leaves you")
    assert mistake(game, 0, ONE) is None


def test_demolishing_for_no_coin_is_a_mistake() -> None:
    town = Town({"wheat_field": 1, "bakery": 1, "forest": 1})
    game = position([town, Town()], [0, 0], rules=(Rule.DEMOLISH,))
    why = mistake(game, 0, Action(Verb.DEMOLISH, card="wheat_field"))
    assert why is not None and str(why).startswith("Demolishing your Wheat Field brings back no coin")
    assert mistake(game, 0, Action(Verb.DEMOLISH, card="forest")) is None  # 2 coins back
    assert mistake(game, 0, PASS) is None
    game.coins[1], game.bank = game.bank, 0  # nothing in the bank to give back
    assert mistake(game, 0, Action(Verb.DEMOLISH, card="forest")) is not None


def test_an_illegal_move_or_a_town_name_is_no_mistake_to_confirm() -> None:
    game = position([landmarks_but("fountain"), Town()], [30, 0])
    assert mistake(game, 0, ONE) is None  # refused by the rules, not a mistake
    assert mistake(game, 1, PASS) is None  # not seat 1's turn
    assert mistake(game, 0, Action(Verb.TOWN, name="Riverside")) is None


# -- over many positions ---------------------------------------------------------------------------


def setup_of(number: int) -> Setup:
    campaign = Campaign.start()
    for _ in range(number - 1):
        campaign.finish(0)
    return campaign.setup()


def play_checking_advice(seed: int) -> int:
    """A game of random bots (now and then the planner, so that goals get reached), in some part of
    the campaign: at every step each waiting mayor's hint is legal, changes nothing and is never
    called a mistake, and a move called a mistake is never the planner's. The moves made."""
    rng = Rng(seed)
    number, seats = 1 + 3 * (seed % 4), 2 + seed % 3
    game = Game.new(seed, seats, setup_of(number), first=None if number == 1 else 0)
    steps = 0
    while not game.over:
        for seat in game.waiting():
            before = game.to_dict()
            given = hint(game, seat)
            assert given is not None and given.action in game.legal_actions(seat)
            assert game.to_dict() == before and mistake(game, seat, given.action) is None
        seat = game.waiting()[0]
        action = (BOTS["planner"] if rng.below(3) == 0 else BOTS["random"])(game, seat)
        if mistake(game, seat, action) is not None:
            assert action != planner(game, seat)
        game.apply(seat, action)
        steps += 1
    return steps


@pytest.mark.parametrize("seed", range(6))
def test_over_random_games_the_hint_is_legal_and_never_a_mistake(seed: int) -> None:
    assert play_checking_advice(seed) > 0


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(6, 86))
def test_over_random_games_the_hint_is_legal_and_never_a_mistake_long_run(seed: int) -> None:
    assert play_checking_advice(seed) > 0
