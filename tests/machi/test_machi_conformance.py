"""Seeded random play of Machi Koro Legacy, checking the rules' invariants after every action.

Each game (in game 1, its mayors naming their towns too) is played twice side by side, once
from the parsed log keys, survives a JSON round trip, keeps every coin between the bank and the
mayors, and shows every mayor and watcher the same view whatever the dice to come and the
others' unrevealed choices. The long run (``pytest -m slow``) plays many more games.
"""

from __future__ import annotations

import json

import pytest

from engine.machi import Action, Game, Phase
from engine.machi.actions import town
from engine.machi.bots import BOTS
from engine.machi.campaign import GAMES, Campaign
from engine.machi.cards import catalogue
from engine.machi.table import RULES
from engine.machi.view import view
from engine.rng import Rng
from engine.seated import Played
from engine.series import Series

TOWNS = ("Riverside", " Port Lune ", "Éclat-sur-Mer", "町", "x" * 40)


def check_invariants(game: Game) -> None:
    cards = catalogue()
    assert game.bank + sum(game.coins) == cards.bank, "no coin is made or lost"
    assert game.bank >= 0 and all(c >= 0 for c in game.coins)
    revealed = game.phase is not Phase.CHOOSE
    supplied = dict(game.setup.supply)
    for key in supplied.keys() | set(game.setup.town_square):  # no card leaves: in the supply or a town
        held = sum(t.establishments.get(key, 0) for t in game.towns)
        squares = sum((c or ()).count(key) for c in game.chosen) if revealed else 0
        left = game.supply.get(key, 0)
        assert left >= 0 and held == supplied.get(key, 0) - left + squares
    assert game.over == (game.winner is not None)
    if game.over:
        town = game.towns[game.winner or 0]
        assert set(town.built) == set(game.setup.landmarks) and town.flag
    else:
        assert all(len(t.built) < 3 or not t.flag for t in game.towns)
        assert all(game.legal_actions(seat) for seat in game.waiting())


def check_views_hide(game: Game, rng: Rng) -> None:
    """No view changes with the dice to come, or with another mayor's hidden choice."""
    seats: list[int | None] = [None, *range(game.seats)]
    other_dice = Game.from_dict({**game.to_dict(), "rng": rng.next64()})
    for seat in seats:
        assert view(other_dice, seat) == view(game, seat)
    for other, chosen in enumerate(game.chosen):
        if chosen is None or game.phase is not Phase.CHOOSE:
            continue
        changed = Game.from_dict(game.to_dict())
        changed.chosen[other] = ("bakery",) * game.setup.picks
        for seat in seats:
            if seat != other:
                assert view(changed, seat) == view(game, seat)


def play(seed: int) -> int:
    """A game of the campaign (any of its ten), with random seats and bots."""
    rng = Rng(seed)
    seats = 2 + rng.below(3)
    names = [list(BOTS)[rng.below(len(BOTS))] for _ in range(seats)]
    campaign = Campaign.start()
    for _ in range(rng.below(GAMES)):
        campaign.finish(rng.below(seats))
    carried = campaign.to_dict()
    game, twin = RULES.deal(seed, seats, carried), RULES.deal(seed, seats, carried)
    assert isinstance(game, Game) and isinstance(twin, Game)
    log: list[tuple[int, str]] = []
    while not game.over:
        seat = game.waiting()[rng.below(len(game.waiting()))]
        action = BOTS[names[seat]](game, seat)
        if game.naming and rng.below(3) == 0:  # a mayor (any, waiting or not) names their town
            seat, action = rng.below(seats), town(TOWNS[rng.below(len(TOWNS))])
        game.apply(seat, action)
        log.append((seat, action.key))
        check_invariants(game)
        assert Game.from_dict(json.loads(json.dumps(game.to_dict()))).to_dict() == game.to_dict()
        twin.apply(seat, Action.parse(action.key))
        assert twin.to_dict() == game.to_dict(), "the log replays to the same game"
        if rng.below(6) == 0:
            check_views_hide(game, rng)
    replayed = Played(Series(0, seats, carried=carried), RULES.deal(seed, seats, carried))
    for seat, key in log:
        RULES.apply(replayed, seat, RULES.parse(key))
    assert replayed.game.to_dict() == game.to_dict()
    return len(log)


@pytest.mark.parametrize("seed", range(8))
def test_random_play_keeps_the_rules(seed: int) -> None:
    assert play(seed) > 0


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(8, 208))
def test_random_play_keeps_the_rules_long_run(seed: int) -> None:
    assert play(seed) > 0
