"""The command line: ``simulate`` and a terminal game driven through stdin."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

from engine.yu import Action, new_game
from engine.yu.bots.roster import make_bot
from engine.yu.campaign.campaign import Campaign
from engine.yu.campaign.difficulty import Difficulty
from engine.yu.cli import main
from engine.yu.content import words
from engine.yu.content.loader import base
from engine.yu.rules.labels import label

ROOT = Path(__file__).resolve().parents[2]


def run(argv: list[str], text: str = "") -> str:
    out = io.StringIO()
    assert main(argv, stdin=io.StringIO(text), stdout=out) == 0
    return out.getvalue()


def test_simulate_json_has_the_counts() -> None:
    data = json.loads(run(["simulate", "--games", "4", "--bot", "heuristic", "--seed", "3", "--json"]))
    assert data["games"] == 4
    assert data["wins"] <= data["games"]
    assert sum(data["loss_reasons"].values()) == data["games"] - data["wins"]
    for key in ("win_rate", "mean_rounds", "actions", "actions_per_second", "games_per_second"):
        assert key in data


def test_simulate_json_is_reproducible_apart_from_timing() -> None:
    timing = {"seconds", "actions_per_second", "games_per_second", "choice_ms"}
    runs = [
        json.loads(run(["simulate", "--games", "3", "--bot", "random", "--seed", "5", "--json"]))
        for _ in "ab"
    ]
    first, again = ({k: v for k, v in data.items() if k not in timing} for data in runs)
    assert first == again


def test_simulate_prints_a_table() -> None:
    text = run(["simulate", "--games", "2", "--bot", "random"])
    assert "wins" in text and "lost: flood" in text and "games / second" in text and "ms / choice" in text


def test_play_shows_the_board_and_the_actions() -> None:
    text = run(["play", "--seed", "4"], "q\n")
    for part in (
        "Round 1",
        "Card Row",
        "River",
        "Trades",
        "Build sites",
        "Hut spaces",
        "Tucked",
        "Your hand",
    ):
        assert part in text
    assert "You have:" in text and "Main Supply:" in text and "Ready Pile" in text
    assert "  1. " in text and "[end]" not in text  # the hand must be used before ending
    assert text.rstrip().endswith("You left the game.")


def test_play_refuses_a_bad_key_with_the_reason() -> None:
    reason = new_game(4).explain(Action.parse("end"))
    assert reason
    text = run(["play", "--seed", "4"], "end\nnot-an-action\n999\nq\n")
    assert f"Refused: {reason}" in text
    assert "Refused: 'not-an-action' is not an action key" in text
    assert "There is no action 999" in text
    assert "You left the game." in text


def test_play_takes_an_action_by_number_and_by_key() -> None:
    game = new_game(6)
    first = game.legal_actions()[0]
    view = game.view()
    game.apply(first)
    second = game.legal_actions()[-1]
    text = run(["play", "--seed", "6"], f"1\n{second.key}\nq\n")
    assert f"You chose: {label(view, first)}" in text
    assert f"You chose: {label(game.view(), second)}" in text
    assert "What happened:" in text


def test_play_stops_cleanly_at_the_end_of_input() -> None:
    text = run(["play", "--seed", "4"], "1\n")
    assert "No more input" in text


def test_play_a_whole_game_through_stdin() -> None:
    game = new_game(12)
    bot = make_bot("heuristic", 1)
    keys = []
    while not game.over:
        action = bot.choose(game)
        keys.append(action.key)
        game.apply(action)
    text = run(["play", "--seed", "12"], "\n".join(keys) + "\n")
    assert "Game over after" in text
    assert str(words.OUTCOMES[game.outcome]) in text
    assert "Refused" not in text


def test_play_a_campaign_shows_the_story_between_games_then_the_next_game() -> None:
    c = Campaign.new(5, difficulty=Difficulty.HARD)
    bot = make_bot("heuristic", 1)
    keys = []
    while c.playing:
        assert c.game is not None
        action = bot.choose(c.game)
        keys.append(action.key)
        c.apply(action)
    labels: list[str] = []
    while c.decision is not None:
        decision = c.view().decision
        assert decision is not None
        labels += decision.labels
        keys.append("1")
        c.apply(Action.parse("choose:1"))
    pages = c.view().this_game
    c.apply(Action.parse("next"))
    keys.append("")  # Enter starts the next game
    text = run(["play", "--campaign", "--seed", "5", "--difficulty", "hard"], "\n".join(keys) + "\nq\n")
    assert str(Difficulty.HARD.describe) in text and "Game over after" in text
    for page in pages:
        assert f"Story Book entry {page.number}: {page.title}\n{page.text}" in text
    assert labels and all(f". {label}  [choose:" in text for label in labels)
    view = c.view()
    between, game_two = text.split(
        f"=== Game 2 of the campaign: {view.wins} won, {view.losses} lost so far ==="
    )
    assert "Press Enter to start the next game." in between
    assert view.whats_new.lines and all(str(line) in game_two for line in view.whats_new.lines)
    assert "Round 1" in game_two and "Refused" not in text
    assert text.rstrip().endswith("You left the game.")


def test_python_m_engine_yu_runs() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "engine.yu", "play", "--seed", "2"],
        input="h\nq\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Card Row" in done.stdout and "You left the game." in done.stdout


def test_campaigns_json_has_the_measures_and_they_add_up() -> None:
    data = json.loads(run(["campaigns", "--campaigns", "2", "--bot", "heuristic", "--seed", "4", "--json"]))
    assert data["campaigns"] == 2
    spread = data["games_per_campaign"]
    assert 7 <= spread["min"] <= spread["mean"] <= spread["max"] <= 13
    for key in ("hidden_content_seen", "entries_seen", "cards_seen"):
        assert 0 < data[key]["min"] <= data[key]["mean"] <= data[key]["max"] <= 1
    assert set(data["never_seen"]) == {"entries", "cards"}
    assert sum(data["records"].values()) == 2
    assert all(max(map(int, record.split("-"))) == 7 for record in data["records"])
    assert sum(data["gold_defeats"].values()) == round(2 * (1 - data["campaign_win_rate"]))
    assert data["by_game"]["1"]["playing"] == 2
    games = sum(g["playing"] for g in data["by_game"].values())
    assert games == round(spread["mean"] * 2)
    assert sum(g["won"] for g in data["by_game"].values()) == round(data["game_win_rate"] * games)
    assert data["difficulty"] == "standard"
    streaks = data["streak_games"]
    assert set(streaks) == {"harder", "easier"}
    assert all(0 <= s["won"] <= s["playing"] for s in streaks.values())
    assert sum(s["playing"] for s in streaks.values()) < games


def test_campaigns_json_has_the_story_measures_for_the_careful_chooser() -> None:
    data = json.loads(run(["campaigns", "--campaigns", "2", "--bot", "careful", "--seed", "4", "--json"]))
    leaders = data["leaders_met"]
    assert sum(leaders["by_count"].values()) == 2
    assert leaders["share"] == sum(n for met, n in leaders["by_count"].items() if int(met) >= 2) / 2
    assert 0 <= data["food_games"]["share"] <= 1 and data["food_games"]["campaigns"] <= 2
    assert 0 < data["jaccard"] <= 1
    assert sum(data["endings"].values()) == 2
    assert all(int(entry) in base().entries for entry in data["endings"])


def test_campaigns_report_is_reproducible_apart_from_timing() -> None:
    runs = [json.loads(run(["campaigns", "--campaigns", "1", "--seed", "9", "--json"])) for _ in "ab"]
    for data in runs:
        del data["seconds"]
    assert runs[0] == runs[1]


def test_campaigns_table_prints_every_measure() -> None:
    text = run(["campaigns", "--campaigns", "1", "--seed", "2"])
    for line in (
        "games per campaign",
        "hidden content seen",
        "never seen",
        "final records",
        "won by game",
        "met 2+ leaders",
        "food in force",
        "content overlap",
        "endings",
        "after a streak",
    ):
        assert line in text


def test_value_fits_and_judges_without_writing_unless_asked() -> None:
    from engine.yu.bots import value
    from engine.yu.content.loader import DATA

    shipped = (DATA / value.FILE).read_text()
    text = run(["value", "--games", "8", "--seed", "4"])
    assert "positions:" in text and "log loss on the positions judged" in text
    assert all(name in text for name in value.FEATURES)
    assert "written" not in text
    assert (DATA / value.FILE).read_text() == shipped
