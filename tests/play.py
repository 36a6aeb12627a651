"""Short ways for tests to set up and play campaigns and tables through the one store."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User

from campaigns import store
from campaigns.models import Campaign, Game
from engine.seated import NEXT_GAME
from engine.text import Msg
from engine.yu import Action, Event
from engine.yu import Game as YuGame
from engine.yu.bots.roster import make_bot
from engine.yu.campaign.difficulty import Difficulty


def create_campaign(
    owner: User,
    name: str,
    seed: int | None = None,
    difficulty: Difficulty = Difficulty.STANDARD,
    request: Any = None,
) -> Campaign:
    return store.create(owner, "yu", name, level=difficulty, seed=seed, request=request)


def create_table(
    owner: User, game: str, name: str, seats: list[str], request: Any = None, seed: int | None = None
) -> Campaign:
    return store.create(owner, game, name, seats, seed=seed, request=request)


def bot_plays_on(campaign: Campaign, actions: int | None = None) -> Action | None:
    """The heuristic bot's Legacy of Yu actions, as many as ``actions`` (None: no limit) or until
    the next would end the game; that next action, if it came to it."""
    bot = make_bot("heuristic", 3)
    played = 0
    while actions is None or played < actions:
        board = store.load(campaign)
        action = bot.choose(board.state.game)
        trial = YuGame.from_dict(board.state.game.to_dict())
        trial.apply(action)
        if trial.over:
            return action
        act(board, action, board.version)
        played += 1
    return None


def act(board: store.Board, action: Action, version: int, by: str = "") -> store.Board:
    """A Legacy of Yu action, from its one seat."""
    return store.act(board, 0, action, version, by)


def undo(board: store.Board, version: int, by: str = "") -> store.Board:
    return store.undo(board, 0, version, by)


def table_act(table: Campaign, user: User, key: str, version: int, moment: str | None = None) -> store.Board:
    """``user``'s move at the seat they sit at."""
    board = store.load(table)
    seat = board.seat_of(user)
    if seat is None:
        raise store.Refused("not seated")
    try:
        action = board.session.parse(key)
    except ValueError as exc:
        raise store.Refused(store.reason(exc)) from exc
    return store.act(board, seat, action, version, user.get_username(), moment)


def next_game(table: Campaign, version: int) -> store.Board:
    return store.act(store.load(table), 0, NEXT_GAME, version)


def replays(game_row: Game) -> bool:
    differences = store.replay_differences(game_row)
    assert not differences, differences
    return True


def warning(board: store.Board, action: Action) -> Msg | None:
    return board.session.warning(board.state, 0, action)  # type: ignore[no-any-return]


def stored_events(rows: list[dict[str, Any]]) -> list[Event]:
    return [Event.from_json(row) for row in rows]
