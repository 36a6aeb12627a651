"""Each position of :mod:`tests.e2e.positions` is reached, quickly, by actions the
store logged: the game rebuilds from its log to the same state."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from campaigns import store
from campaigns.models import Campaign
from engine.yu import Kind
from tests import play

from . import positions

SEEDS = (7, 2024)
PREDICATES = {
    "flood_danger": positions.is_flood_danger,
    "barbarian_danger": positions.is_barbarian_danger,
    "townsfolk_danger": positions.is_townsfolk_danger,
    "losing_bribe": positions.is_losing_bribe,
    "one_move": positions.is_one_move,
    "hopeless": positions.is_hopeless,
    "game_over_lost": positions.is_lost,
    "between_games": positions.is_lost,
}
WARNS = {"flood_danger": {"flood"}, "barbarian_danger": {"barbarians"}, "townsfolk_danger": {"townsfolk"}}
"""The engine's threat meters (shown on the board) that warn in each danger, and no other."""


def check(name: str, campaign: Campaign) -> None:
    board = store.load(campaign)
    game = board.state.game
    assert PREDICATES[name](game)
    if name in WARNS and hasattr(game, "threats"):
        meters = game.threats()
        warned = {meter for meter in ("flood", "barbarians", "townsfolk") if getattr(meters, meter).warn}
        assert warned == WARNS[name]
    if name == "losing_bribe":
        assert "suffer" in [a.key for a in board.state.legal_actions()]
        if hasattr(board, "risk"):  # the board marks the losing answer, and only that
            assert board.state.risk(positions.SUFFER).loses
            assert any(
                not board.state.risk(a).danger for a in board.state.legal_actions() if a.kind is Kind.BRIBE
            )
    if name in ("game_over_lost", "between_games"):
        assert campaign.status == Campaign.Status.BETWEEN
    if name == "between_games":
        assert [a.key for a in board.state.legal_actions()] == ["next"]


@pytest.mark.django_db
@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", list(positions.POSITIONS))
def test_it_reaches_the_position_by_real_actions(name: str, seed: int) -> None:
    owner = User.objects.create_user("yu")
    campaign = play.create_campaign(owner, name, seed)
    assert positions.POSITIONS[name](campaign) is campaign

    campaign.refresh_from_db()
    check(name, campaign)
    assert all(not store.replay_differences(row) for row in campaign.games.all())
