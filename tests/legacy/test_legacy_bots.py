"""The empire's search against the obvious one, the bots, and a series' running total."""

from __future__ import annotations

import pytest

from engine.legacy import empire
from engine.legacy.bots import BOTS, greedy_bot
from engine.legacy.cli import checkerboard, grown_empire, main, naive_best, play
from engine.legacy.game import Game
from engine.series import Series


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
