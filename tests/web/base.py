from __future__ import annotations

import json
import re
from typing import Any

from django.contrib.auth.models import User
from django.db.models import Model
from django.test import TestCase, override_settings

from campaigns import store
from campaigns.models import Campaign, Game, GameAction, TableSeat
from campaigns.sharing.models import Invite, Membership
from engine.games import GAMES
from engine.yu import Action, revealed
from engine.yu import Game as YuGame
from engine.yu.campaign.campaign import Campaign as YuCampaign
from tests import play

PASSWORD = "river-of-nine-bends"
SEED = 7
# A seed long enough that its digits cannot turn up on a page by chance, fixed
# so that its campaign's first hand holds two quiet plays.
LONG_SEED = 1_730_194_552


def action_keys(html: str) -> list[str]:
    """Every action key the board offers, as its buttons post them."""
    return re.findall(r'name="key" value="([^"]+)"', html)


def snapshot() -> dict[str, list[dict[str, Any]]]:
    """Every row campaigns, tables and accounts are made of, to compare before and after a request."""
    models: tuple[type[Model], ...] = (Campaign, Game, GameAction, Membership, TableSeat, Invite, User)
    return {model.__name__: list(model._default_manager.order_by("pk").values()) for model in models}


def yu_hidden(campaign: YuCampaign) -> dict[str, Any]:
    """What a Yu campaign keeps face down: its generator, its decks and the current game's deck."""
    data = campaign.to_dict()
    return {
        "rng": data["rng"],
        "victory": data["victory"],
        "defeat": data["defeat"],
        "deck": data["current"]["deck"],
        "game rng": data["current"]["rng"],
    }


def table_hidden(data: dict[str, Any]) -> dict[str, Any]:
    """What a table's game keeps face down: Legacy's deck, Machi Koro's dice generator."""
    return {key: data[key] for key in ("deck", "rng") if key in data}


def hidden(campaign: Campaign) -> dict[str, Any]:
    """What ``campaign`` keeps face down now."""
    if campaign.is_table:
        return table_hidden(store.current_game(campaign).state)
    return yu_hidden(store.load(campaign).state)


def dealt_anew(campaign: Campaign, seed: int) -> dict[str, Any]:
    """The state of ``campaign``'s current game once dealt anew from ``seed``."""
    state: dict[str, Any]
    if campaign.is_table:
        table = GAMES[campaign.game].load(store.current_game(campaign).state)
        table.redeal(seed)
        state = table.to_dict()
    else:
        engine = store.load(campaign).state
        engine.redeal(seed)
        assert engine.game is not None
        state = engine.game.to_dict()
    return json.loads(json.dumps(state))  # type: ignore[no-any-return]


def board_version(html: str) -> int:
    found = re.search(r'id="board-version" value="(\d+)"', html)
    assert found, "no version on the board"
    return int(found.group(1))


# Real hashing is slow on purpose; the tests only need it to round-trip.
@override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"])
class BaseTestCase(TestCase):
    def setUp(self) -> None:
        super().setUp()
        self.alice = User.objects.create_user("alice", password=PASSWORD)
        self.mallory = User.objects.create_user("mallory", password=PASSWORD)
        # Alice's friends: Bob plays, Carol watches (once a test lets them in with share()).
        self.bob = User.objects.create_user("bob-plays", password=PASSWORD)
        self.carol = User.objects.create_user("carol-watches", password=PASSWORD)

    def make_campaign(self, name: str = "Yellow River", seed: int = SEED) -> Campaign:
        return play.create_campaign(self.alice, name, seed)

    def share(self, campaign: Campaign, user: User, role: str) -> Membership:
        return Membership.objects.create(campaign=campaign, user=user, role=role)


def quiet_plays(campaign: Campaign, count: int = 2) -> list[str]:
    """Keys that play cards from the hand one after the other, each asking no
    question and revealing nothing, so any of them may be undone."""
    game = YuGame.from_dict(store.load(campaign).state.game.to_dict())
    found: list[str] = []
    for card in list(game.hand):
        trial = YuGame.from_dict(game.to_dict())
        if revealed(trial.apply(Action.parse(f"play:{card}"))) or trial.decision:
            continue
        game = trial
        found.append(f"play:{card}")
        if len(found) == count:
            return found
    raise AssertionError(f"fewer than {count} quiet plays in hand {game.hand}")
