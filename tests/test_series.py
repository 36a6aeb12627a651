"""A series told game by game (engine/chronicle.py): winners, margins, running totals and the
closest calls, on series made up here and on series the bots play to the end."""

from __future__ import annotations

import pytest

from engine.chronicle import CLOSE_CALLS, Near, OneAway, tell
from engine.games import TABLES
from engine.seated import NEXT_GAME
from engine.series import Series


def series(*results: list[int]) -> Series:
    played = Series(11, len(results[0]) if results else 2)
    for scores in results:
        played.record(scores)
    return played


def test_each_game_has_its_winners_margin_and_running_totals() -> None:
    told = tell(series([40, 35, 20], [30, 30, 12], [25, 50, 49]))
    assert [g.number for g in told.games] == [1, 2, 3]
    assert [g.winners for g in told.games] == [(0,), (0, 1), (1,)]
    assert [g.margin for g in told.games] == [5, 0, 1]
    assert [g.totals for g in told.games] == [(40, 35, 20), (70, 65, 32), (95, 115, 81)]
    assert [g.leaders for g in told.games] == [(0,), (0,), (1,)]
    assert (told.totals, told.leaders) == ((95, 115, 81), (1,))


def test_the_closest_calls_are_the_games_won_by_the_smallest_margin() -> None:
    told = tell(series([10, 7], [9, 8], [3, 4], [20, 2]))
    assert (told.closest, told.margin) == ((2, 3), 1)


def test_a_shared_win_is_the_closest_call_of_all() -> None:
    assert tell(series([10, 7], [9, 9])).closest == (2,)


def test_a_race_for_points_names_the_game_whose_scores_lay_closest_together() -> None:
    told = tell(series([40, 35, 20], [30, 28, 27], [25, 50, 49]), Near.SPREAD)
    assert told.closest == (3,)  # won by 1, yet 25 lay far behind
    assert told.tightest == (2,)  # every score within 3
    assert told.one_away == ()


def test_at_two_seats_the_closest_scores_are_the_smallest_margin_said_once() -> None:
    assert tell(series([10, 7], [9, 8]), Near.SPREAD).tightest == ()


def test_a_race_to_a_goal_names_the_games_won_while_another_seat_was_one_step_away() -> None:
    told = tell(series([4, 3, 3], [1, 4, 2], [2, 0, 4]), Near.ONE_AWAY)
    assert told.one_away == (OneAway(1, (1, 2)),)
    assert told.tightest == ()


def test_a_table_of_one_seat_has_no_margins() -> None:
    told = tell(series([30], [45]), Near.SPREAD)
    assert [g.margin for g in told.games] == [None, None]
    assert (told.closest, told.margin, told.tightest) == ((), None, ())


def test_an_empty_series_tells_nothing() -> None:
    told = tell(Series(1, 3), Near.ONE_AWAY)
    assert (told.games, told.closest, told.totals, told.leaders, told.one_away) == ((), (), (), (), ())


def test_every_table_game_names_what_its_close_calls_are() -> None:
    assert set(CLOSE_CALLS) == set(TABLES)


@pytest.mark.parametrize(("game", "bot", "seats"), [("legacy", "greedy", 3), ("machi", "planner", 3)])
def test_a_series_the_bots_play_is_told_with_each_games_own_winners(game: str, bot: str, seats: int) -> None:
    rules = TABLES[game]
    state = rules.new(5, seats)
    winners: list[tuple[int, ...]] = []
    for number in range(1, 4):
        if number > 1:
            rules.apply(state, 0, NEXT_GAME)
        while not state.game.over:
            for seat in state.game.waiting():
                rules.apply(state, seat, rules.bot(bot, state, seat))
        winners.append(tuple(state.game.winners()))
    played = state.series
    told = tell(played, CLOSE_CALLS[game])
    assert [g.scores for g in told.games] == [tuple(r) for r in played.results]
    assert [g.winners for g in told.games] == winners
    assert told.totals == tuple(played.totals())
    assert told.leaders == tuple(played.leaders())
    margins = [g.margin for g in told.games]
    assert told.closest == tuple(g.number for g in told.games if g.margin == min(margins))
