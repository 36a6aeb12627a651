"""The empire's search against the obvious one, the bots, and a series' running total."""

from __future__ import annotations

import statistics

import pytest

from engine.legacy import empire
from engine.legacy.actions import Action
from engine.legacy.bots import BOTS, greedy_bot
from engine.legacy.cli import checkerboard, grown_empire, main, naive_best, play
from engine.legacy.game import Game
from engine.legacy.sheet import Sheet
from engine.legacy.strong import Outlook, strong_bot
from engine.series import Series
from tests.parallel import spread


@pytest.mark.parametrize("size", [1, 2, 5, 12, 30, 60, 90])
def test_the_best_rectangle_is_the_one_a_full_search_finds(size: int) -> None:
    for seed in range(4):
        realm = grown_empire(seed * 100 + size, size)
        found, naive = empire.best(realm), naive_best(realm)
        assert found is not None and naive is not None and found.score == naive.score
        assert empire.worth(realm, found) == found.score


def test_a_full_checkerboard_scores_its_whole_outline_or_better() -> None:
    realm = checkerboard()
    best = empire.best(realm)
    whole = empire.Rectangle(0, 0, 10, 9, 0)
    assert best is not None and best.score >= empire.worth(realm, whole) > 90


def test_the_greedy_bot_beats_the_random_one() -> None:
    games = [play(seed, ["greedy", "random"]) for seed in range(4)]
    assert sum(g.scores()[0] for g in games) > sum(g.scores()[1] for g in games) + 4 * 20


def test_bots_only_take_legal_actions_and_decide_the_same_way_twice() -> None:
    for name, bot in BOTS.items():
        game = Game.new(3, 2)
        for _ in range(10):
            for seat in game.waiting():
                action = bot(game, seat)
                assert action in game.legal_actions(seat), name
                assert bot(game, seat) == action
                game.apply(seat, action)


def test_the_greedy_bot_takes_a_number_that_adds_a_leaf() -> None:
    game = Game.new(1, 1)
    game.sheets[0].garden = {80: None, 70: 80}
    game.sheets[0].opus = [20]  # the next opus place is low
    game.number = 10
    action = greedy_bot(game, 0)
    assert (action.element, action.above) == ("garden", 80)


def test_a_series_keeps_each_game_and_the_running_total() -> None:
    series = Series(7, 3)
    assert series.game_seed(1) != series.game_seed(2) and series.game_seed(1) == Series(7, 2).game_seed(1)
    series.record([10, 30, 20])
    series.record([25, 5, 20])
    assert series.totals() == [35, 35, 40] and series.leaders() == [2] and series.next_number == 3
    assert Series.from_dict(series.to_dict()) == series
    with pytest.raises(ValueError, match="3 scores"):
        series.record([1, 2])


def test_the_command_line_plays_bots_and_refuses_an_unknown_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bots", "--seats", "greedy,random", "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "seat 1 greedy" in out and "seat 2 random" in out
    with pytest.raises(SystemExit):
        main(["bots", "--seats", "clever"])


def nearest_gain(game: Game, seat: int) -> Action:
    """The placement that adds most to the score now, the first legal one on a tie."""
    sheet, number = game.sheets[seat], game.number
    assert number is not None
    now = sheet.score().total

    def gain(action: Action) -> int:
        after = Sheet(list(sheet.opus), dict(sheet.garden), dict(sheet.empire))
        after.place(number, action)
        return after.score().total - now

    return max(game.legal_actions(seat), key=gain)


def duel(seed: int) -> tuple[int, int]:
    """A two-seat game seeded ``seed``, the strong bot in seat ``seed % 2`` and the nearest gain in
    the other: their scores."""
    mine = seed % 2
    game = Game.new(seed, 2)
    while not game.over:
        for seat in game.waiting():
            game.apply(seat, strong_bot(game, seat) if seat == mine else nearest_gain(game, seat))
    scores = game.scores()
    return scores[mine], scores[1 - mine]


def strong_against_nearest_gain(games: int) -> tuple[int, float, float]:
    """Two-seat games seeded 1 to ``games`` (:func:`duel`): the strong bot's wins, and both bots'
    mean scores."""
    scores = spread(duel, range(1, games + 1))
    wins = sum(strong > other for strong, other in scores)
    strong = statistics.mean(strong for strong, _other in scores)
    other = statistics.mean(other for _strong, other in scores)
    print(f"strong bot: {wins}/{games} won, mean {strong:.1f} to {other:.1f}")
    return wins, strong, other


def test_the_strong_bot_beats_the_nearest_gain_in_most_games() -> None:
    wins, strong, other = strong_against_nearest_gain(10)
    assert wins > 5 and strong > other


@pytest.mark.slow
def test_the_strong_bot_wins_seven_games_in_ten_and_scores_half_as_much_again() -> None:
    wins, strong, other = strong_against_nearest_gain(200)
    assert wins >= 140 and strong >= 1.5 * other


def test_the_strong_bot_comes_first_and_never_reads_the_order_of_the_deck() -> None:
    assert next(iter(BOTS)) == "strong"
    game = Game.new(5, 2)
    for _ in range(12):
        for seat in game.waiting():
            game.apply(seat, strong_bot(game, seat))
    shuffled = Game.from_dict(game.to_dict())
    shuffled.deck.reverse()
    shuffled.seed = 99
    assert [strong_bot(shuffled, s) for s in range(2)] == [strong_bot(game, s) for s in range(2)]


def test_the_outlook_knows_the_numbers_left_and_how_long_the_game_may_last() -> None:
    game = Game.new(3, 1)
    outlook = Outlook.of(game)
    assert len(outlook.left) == 89 and game.number not in outlook.left
    assert outlook.lasts(0) == 1.0 and outlook.lasts(len(outlook.left) + 1) == 0.0
    assert outlook.lasts(10) > outlook.lasts(60) > 0
