"""The game's Story Book tells some entries by the campaign so far (its record,
the game number, the wedding), so that two campaigns that make the same
choices still read different entries and find different cards."""

from __future__ import annotations

import pytest

from engine.yu.content.loader import Content, base
from engine.yu.content.steps import Choice, Find, If, Read, Steps
from engine.yu.rules.interpreter import Facts


@pytest.fixture(scope="module")
def game() -> Content:
    return base()


def outcomes(content: Content, entry: int, facts: Facts) -> tuple[set[int], set[int]]:
    """The entries an entry may send the reader to and the grey stones it may
    find, with every condition decided by ``facts`` (every option of a choice
    counts; the entries sent to are not followed)."""
    reads: set[int] = set()
    stones: set[int] = set()

    def follow(steps: Steps) -> None:
        for step in steps:
            if isinstance(step, Read):
                reads.add(step.entry)
            elif isinstance(step, Find):
                stones.update(step.stones)
            elif isinstance(step, If):
                follow(step.then if facts.holds(step.condition) else step.otherwise)
            elif isinstance(step, Choice):
                for option in step.options:
                    follow(option.steps)

    follow(content.entries[entry].effects)
    return reads, stones


@pytest.mark.parametrize("victory", [1, 2, 3, 4, 5, 6])
def test_the_second_and_sixth_wins_are_told_by_the_defeats(game: Content, victory: int) -> None:
    assert 52 in outcomes(game, victory, Facts(wins=2, losses=1))[0]
    assert 96 in outcomes(game, victory, Facts(wins=2, losses=2))[0]
    assert 53 in outcomes(game, victory, Facts(wins=6, losses=4))[0]
    assert 99 in outcomes(game, victory, Facts(wins=6, losses=5))[0]


def test_the_tushan_clan_sends_its_weavers_only_after_the_wedding(game: Content) -> None:
    assert 18 in outcomes(game, 77, Facts(read=[4, 46]))[1]
    without = outcomes(game, 77, Facts(read=[46]))[1]
    assert 18 not in without and 23 in without


def test_the_wolf_clan_s_boy_and_the_serpent_banner_are_told_by_when_they_come(game: Content) -> None:
    assert outcomes(game, 10, Facts(game=2))[0] == {48}
    assert outcomes(game, 10, Facts(game=2, losses=1))[0] == {97}
    assert outcomes(game, 13, Facts(game=2))[0] == {66, 67}
    assert outcomes(game, 13, Facts(game=3))[0] == {66, 98}


def test_the_stalker_s_turtle_is_gone_after_the_first_game(game: Content) -> None:
    assert 13 in outcomes(game, 11, Facts(game=1))[1]
    later = outcomes(game, 11, Facts(game=2))[1]
    assert 13 not in later and 11 in later


@pytest.mark.parametrize("defeat", range(20, 32))
def test_the_tribes_withdraw_by_the_victories_so_far(game: Content, defeat: int) -> None:
    assert 49 in outcomes(game, defeat, Facts(wins=2, losses=5))[0]
    assert 100 in outcomes(game, defeat, Facts(wins=3, losses=5))[0]
