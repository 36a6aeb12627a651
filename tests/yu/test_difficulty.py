"""Difficulty: each level's setup for the first game, the streaks that make
the next game harder or easier, and a campaign's level and streak kept
through JSON and replay (a campaign saved before them loads as standard)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.rng import Rng
from engine.yu import Action
from engine.yu.campaign.campaign import Campaign
from engine.yu.campaign.difficulty import (
    LOSS_STREAK,
    STREAK,
    WIN_STREAK,
    Difficulty,
    Handicap,
    streak_handicap,
)
from engine.yu.content.items import PROVISION
from engine.yu.content.loader import Content, base, load
from engine.yu.content.steps import Gain, RevealBarbarian
from engine.yu.rules.game import Game
from engine.yu.rules.setup import Setup
from engine.yu.rules.state import Outcome, Phase

STORY = Path(__file__).parent / "campaign_content"


@pytest.fixture(scope="module")
def content() -> Content:
    return base()


@pytest.fixture(scope="module")
def story() -> Content:
    return load(STORY)


def barbarians_in_row(game: Game) -> int:
    return sum(card in game.content.barbarians for card in game.row if card)


def finish(c: Campaign, outcome: str) -> None:
    """End the game in progress with ``outcome``, then take the story's first
    option until the next game starts."""
    assert c.game is not None and not c.game.over
    c.game.outcome = Outcome(outcome)
    c.game.phase = Phase.OVER
    c._finish_game()
    while not c.over and not c.playing:
        c.apply(Action.parse("choose:1" if c.decision else "next"))


def first_game(seed: int, difficulty: Difficulty, content: Content) -> Game:
    game = Campaign.new(seed, content, difficulty).game
    assert game is not None
    return game


@pytest.mark.parametrize("seed", range(3))
def test_the_standard_first_game_is_the_base_game(content: Content, seed: int) -> None:
    c = Campaign.new(seed, content)
    game = c.game
    assert game is not None and c.difficulty is Difficulty.STANDARD
    rulebook = Game.new(c.results[0].seed, content, Setup.base(content))
    for part in ("ready", "deck", "row", "river", "hand", "have", "row_costs", "harvest_extra"):
        assert getattr(game, part) == getattr(rulebook, part), part
    assert game.barbarians_extra == 0 and barbarians_in_row(game) == 1


@pytest.mark.parametrize("seed", range(3))
def test_the_gentle_first_game_has_more_townsfolk_and_provisions(content: Content, seed: int) -> None:
    standard, gentle = (
        first_game(seed, level, content) for level in (Difficulty.STANDARD, Difficulty.GENTLE)
    )
    assert len(gentle.ready) == len(standard.ready) + 1
    assert gentle.harvest_extra == [Gain(PROVISION, 1)] and standard.harvest_extra == []
    assert gentle.row_costs == standard.row_costs
    assert barbarians_in_row(gentle) == 1


@pytest.mark.parametrize("seed", range(3))
def test_the_hard_first_game_has_two_townsfolk_fewer(content: Content, seed: int) -> None:
    standard, hard = (first_game(seed, level, content) for level in (Difficulty.STANDARD, Difficulty.HARD))
    assert len(hard.ready) == len(standard.ready) - 2
    assert barbarians_in_row(hard) == barbarians_in_row(standard) == 1
    assert hard.row_costs == standard.row_costs and hard.harvest_extra == []


def test_every_level_has_its_own_words_and_changes() -> None:
    described = {level.describe for level in Difficulty}
    assert len(described) == 3 and all(described)
    assert Difficulty.STANDARD.handicap == Handicap()  # the rulebook's
    assert Difficulty.GENTLE.handicap != Handicap() != Difficulty.HARD.handicap
    assert Difficulty("hard") is Difficulty.HARD


def test_a_handicap_keeps_the_ready_pile_in_bounds(content: Content) -> None:
    setup = Setup(**{**Setup.base(content).__dict__, "ready_pile": 5})
    assert Handicap(ready_pile=-3).apply(setup).ready_pile == 4


def test_streaks_count_the_results_in_a_row(story: Content) -> None:
    c = Campaign.new(4, story)
    steps = []
    for outcome in ["won", "won", "won", "flood", "damage", "won"]:
        finish(c, outcome)
        steps.append(c.streak)
    assert steps == [1, 2, 3, -1, -2, 1]


def test_two_wins_in_a_row_make_the_next_game_harder(story: Content) -> None:
    c = Campaign.new(5, story)
    finish(c, "won")
    assert c.whats_new().streak is None
    finish(c, "won")
    streaky = c.setup()
    assert streaky == WIN_STREAK[0].apply(_without_streak(c))
    assert streaky.start[-1] == RevealBarbarian(1)
    game = c.game
    assert game is not None
    assert (
        barbarians_in_row(game)
        == barbarians_in_row(Game.new(c.results[-1].seed, story, _without_streak(c))) + 1
    )
    news = c.whats_new()
    assert news.streak is not None and news.streak in news.lines and "2 wins in a row" in str(news.streak)
    assert c.view().streak == 2


def test_a_longer_streak_changes_more(story: Content) -> None:
    assert streak_handicap(STREAK - 1) == streak_handicap(-(STREAK - 1)) == Handicap()
    assert streak_handicap(STREAK) == WIN_STREAK[0] and streak_handicap(-STREAK) == LOSS_STREAK[0]
    assert streak_handicap(STREAK + 5) == WIN_STREAK[-1] and streak_handicap(-STREAK - 5) == LOSS_STREAK[-1]
    assert WIN_STREAK[0] != WIN_STREAK[-1] and LOSS_STREAK[0] != LOSS_STREAK[-1]


def test_two_losses_in_a_row_make_the_next_game_easier(story: Content) -> None:
    c = Campaign.new(6, story)
    finish(c, "flood")
    finish(c, "barbarians")
    plain = _without_streak(c)
    setup = c.setup()
    assert setup.ready_pile == (plain.ready_pile or 0) + LOSS_STREAK[0].ready_pile > (plain.ready_pile or 0)
    news = c.whats_new()
    assert news.streak is not None and "2 losses in a row" in str(news.streak)
    game = c.game
    assert game is not None
    assert len(game.ready) == len(Game.new(c.results[-1].seed, story, plain).ready) + 1
    finish(c, "won")
    assert c.streak == 1 and c.setup() == _without_streak(c) and c.whats_new().streak is None


def _without_streak(c: Campaign) -> Setup:
    """The current game's setup as it would be without the campaign's streak."""
    streak, c.streak = c.streak, 0
    try:
        return c.setup()
    finally:
        c.streak = streak


def test_every_game_of_a_hard_campaign_has_two_townsfolk_fewer(story: Content) -> None:
    hard, standard = Campaign.new(8, story, Difficulty.HARD), Campaign.new(8, story)
    for c in (hard, standard):
        finish(c, "flood")
    assert hard.number == standard.number == 2
    assert hard.setup().ready_pile == (standard.setup().ready_pile or 0) - 2
    assert hard.game is not None and standard.game is not None
    assert len(hard.game.ready) == len(standard.game.ready) - 2


def random_campaign(content: Content, seed: int, difficulty: Difficulty, log: list[str]) -> Campaign:
    c = Campaign.new(seed, content, difficulty)
    rng = Rng(seed)
    while not c.over:
        actions = c.legal_actions()
        action = actions[rng.below(len(actions))]
        c.apply(action)
        log.append(action.key)
    return c


@pytest.mark.parametrize("difficulty", list(Difficulty))
def test_level_and_streak_survive_json_and_replay(story: Content, difficulty: Difficulty) -> None:
    log: list[str] = []
    c = random_campaign(story, 31, difficulty, log)
    data = c.to_dict()
    again = Campaign.from_dict(json.loads(json.dumps(data)), story)
    assert again.difficulty is difficulty and again.streak == c.streak != 0
    assert again.to_dict() == data
    assert Campaign.replay(31, log, story, difficulty).to_dict() == data
