"""The strong bot's chance of winning: the shipped model, its data file, its fit."""

from __future__ import annotations

import pytest

from engine.yu import new_game
from engine.yu.bots.bots import HeuristicBot
from engine.yu.bots.strong import rollout
from engine.yu.bots.value import FEATURES, BadModel, Model, features, fit, log_loss, model, parse, samples


def test_the_shipped_model_predicts_better_than_the_win_rate_alone() -> None:
    data = samples(40, 77)
    won = sum(w for _, w in data) / len(data)
    guess = Model.constant(won)
    assert log_loss(model(), data) < log_loss(guess, data) - 0.1


def test_a_fit_finds_what_decides_the_game() -> None:
    """Games won exactly when more than two Canal sections stood: the model
    learns that sections built raise the chance, and says so on new games."""
    base = features(new_game(3))
    built = list(FEATURES).index("built")
    data = []
    for k in range(60):
        x = list(base)
        x[built] = k % 6
        x[0 if built else 1] += k % 7  # another feature, which decides nothing
        data.append((x, k % 6 > 2))
    fitted = fit(data)
    low, high = list(base), list(base)
    low[built], high[built] = 1, 5
    assert fitted.of(low) < 0.2 < 0.8 < fitted.of(high)


def test_the_data_file_round_trips() -> None:
    assert parse(model().to_toml()) == model()


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("bias = ", "malformed"),
        ("bias = 1.0\n", "malformed"),
        (
            'bias = 1.0\n[[feature]]\nname = "built"\nmean = 0.0\nscale = 1.0\nweight = 1.0\n',
            "names the features",
        ),
    ],
)
def test_a_malformed_data_file_is_refused_with_its_reason(text: str, reason: str) -> None:
    with pytest.raises(BadModel, match=reason):
        parse(text)


def test_a_zero_scale_is_refused() -> None:
    text = model().to_toml().replace("scale = ", "scale = 0.0 #", 1)
    with pytest.raises(BadModel, match="scale"):
        parse(text)


def test_a_rollout_with_a_horizon_stops_early_and_asks_the_model() -> None:
    game = new_game(11)
    action = HeuristicBot(2).choose(game)
    chance, _, steps = rollout(game, action, seed=5, horizon=1)
    whole, _, all_steps = rollout(game, action, seed=5)
    assert 0.0 < chance < 1.0 and whole in (0.0, 1.0)
    assert steps < all_steps
