"""The bots and the simulation: legal choices only, whole games, replays."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from scenario import blank, edit, give, place

from engine.rng import Rng
from engine.yu import Action, Game, new_game
from engine.yu.bots.bots import HeuristicBot, RandomBot
from engine.yu.bots.roster import make_bot
from engine.yu.content.loader import load
from engine.yu.rules.rules import food_wanted
from engine.yu.rules.setup import Setup
from engine.yu.rules.state import LOSSES
from engine.yu.simulation.simulate import bot_seed, game_seed, play_one, simulate

OUTCOMES = {"won", *LOSSES}


def play_checked(bot_name: str, seed: int) -> tuple[Game, list[str]]:
    """Play a whole game, checking every choice is one of the legal actions."""
    game = new_game(seed)
    bot = make_bot(bot_name, seed + 1)
    keys = []
    while not game.over:
        legal = game.legal_actions()
        action = bot.choose(game)
        assert action in legal, f"{bot_name} chose {action.key}, not a legal action"
        game.apply(action)
        keys.append(action.key)
        assert len(keys) < 5000, "the game does not end"
    return game, keys


@pytest.mark.parametrize("bot_name", ["random", "heuristic"])
@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4])
def test_bots_choose_legal_actions_and_finish(bot_name: str, seed: int) -> None:
    game, keys = play_checked(bot_name, seed)
    assert game.outcome in OUTCOMES
    assert game.legal_actions() == []
    assert keys


@pytest.mark.parametrize("bot_name", ["random", "heuristic"])
def test_same_seed_same_game(bot_name: str) -> None:
    first, first_keys = play_checked(bot_name, 11)
    again, again_keys = play_checked(bot_name, 11)
    assert first_keys == again_keys
    assert first.to_dict() == again.to_dict()


def test_heuristic_bot_answers_every_decision() -> None:
    """Over a few games the heuristic bot meets picks and bribes and answers them."""
    kinds: set[str] = set()
    for seed in range(5):
        _, keys = play_checked("heuristic", seed)
        kinds.update(Action.parse(key).kind for key in keys)
    assert {"play", "canal", "end", "pick"} <= kinds
    assert kinds & {"bribe", "suffer"}


def test_heuristic_bot_builds_more_than_random() -> None:
    heuristic = sum(play_checked("heuristic", seed)[0].built for seed in range(6))
    random = sum(play_checked("random", seed)[0].built for seed in range(6))
    assert heuristic > random


def shuffled_hidden(game: Game, seed: int) -> Game:
    """The same game with the face-down piles in another order."""
    copy = Game.from_dict(game.to_dict(), game.content)
    rng = Rng(seed)
    for pile in (copy.ready, copy.deck, copy.barbarian_deck):
        rng.shuffle(pile)
    return copy


def test_heuristic_bot_does_not_peek_at_face_down_piles() -> None:
    game = new_game(5)
    bot = HeuristicBot(3)
    for _ in range(120):
        if game.over:
            break
        twin = shuffled_hidden(game, len(game.ready) + 7)
        choice = HeuristicBot(3).choose(twin)
        assert choice == HeuristicBot(3).choose(Game.from_dict(game.to_dict(), game.content))
        game.apply(bot.choose(game))


def test_random_bot_is_uniform_over_legal_actions() -> None:
    game = new_game(2)
    bot = RandomBot(9)
    legal = game.legal_actions()
    seen = {bot.choose(game) for _ in range(400)}
    assert seen == set(legal)


def test_make_bot_refuses_an_unknown_name() -> None:
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("genius", 1)


def test_simulate_report_is_consistent() -> None:
    report = simulate(6, "heuristic", seed=4)
    data = report.to_json()
    for key in (
        "games",
        "wins",
        "win_rate",
        "loss_reasons",
        "mean_rounds",
        "actions",
        "actions_per_second",
        "games_per_second",
    ):
        assert key in data
    assert data["games"] == 6
    assert 0 <= data["wins"] <= data["games"]
    assert set(data["loss_reasons"]) == set(LOSSES)
    assert sum(data["loss_reasons"].values()) == data["games"] - data["wins"]
    assert data["win_rate"] == round(data["wins"] / data["games"], 4)
    assert data["mean_rounds"] == round(sum(r.rounds for r in report.results) / 6, 2)
    assert data["actions"] == sum(r.actions for r in report.results) > 0
    assert data["actions_per_second"] > 0 and data["games_per_second"] > 0


def test_simulate_replays_from_its_seed() -> None:
    first = simulate(4, "random", seed=8).results
    again = simulate(4, "random", seed=8).results
    other = simulate(4, "random", seed=9).results
    assert first == again
    assert [r.seed for r in first] != [r.seed for r in other]


def test_each_game_of_a_run_has_its_own_seeds() -> None:
    seeds = {game_seed(1, i) for i in range(50)} | {bot_seed(1, i) for i in range(50)}
    assert len(seeds) == 100


def test_play_one_matches_the_simulation() -> None:
    report = simulate(3, "heuristic", seed=2)
    for result in report.results:
        game, actions = play_one("heuristic", result.seed, bot_seed(2, result.index))
        assert (game.outcome, game.round, actions) == (result.outcome, result.rounds, result.actions)


# -- the campaign's rules ------------------------------------------------------------

STORY = Path(__file__).parent / "campaign_content"


def story_game(*modules: str, seed: int = 3) -> Game:
    story = load(STORY)
    facts = {"game": 1, "wins": 0, "losses": 0, "read": [], "found": [], "modules": list(modules)}
    return blank(new_game(seed, story, replace(Setup.base(story), modules=modules, campaign=facts)))


def test_heuristic_bot_raises_the_levee_before_the_flood_reaches_an_unbuilt_canal() -> None:
    g = story_game("levee")
    give(g, white=2, clay=2)
    place(g, "exhausted", *g.ready)  # the next Harvest reshuffles and moves the Flood
    edit(g, flood=1, built=1)
    assert HeuristicBot(1).choose(g).key == "levee:WW"


def test_heuristic_bot_feeds_the_settlement_with_a_card_of_the_wanted_food() -> None:
    g = story_game("food")
    want = food_wanted(g)
    card = next(c for c in sorted(g.deck) if g.content.townsfolk[c].food == want)
    place(g, "hand", card)
    assert HeuristicBot(1).choose(g).key == f"feed:{card}"


def test_heuristic_bot_keeps_the_settlement_fed_over_whole_games() -> None:
    fed = hungry = 0
    for seed in range(6):
        g = story_game("food", seed=seed)
        bot = HeuristicBot(seed)
        while not g.over:
            action = bot.choose(g)
            could_feed = any(a.kind == "feed" for a in g.legal_actions())
            kinds = [e.kind for e in g.apply(action)]
            fed += kinds.count("feed")
            hungry += could_feed and "hunger" in kinds
    assert fed and not hungry
