"""The storage boundary: the only module that turns rows into engine objects and back.

Every write to a board goes through :func:`act` or :func:`undo`: the new state,
the action row and the version bump are written in one transaction, and the
campaign row is updated only if its version is still the one the player saw
(``filter(pk=..., version=old).update(...)``). A stale version raises
:class:`Stale` and nothing is written.

The log is append-only. An undo is a row of its own naming the row it takes
back; the game is then rebuilt from its seed and the log without the undone
rows. Undo never takes back a row whose events revealed hidden information.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from campaigns.models import Campaign, Game, GameAction, new_seed
from engine.yu import Event, IllegalAction, new_game, replay, revealed
from engine.yu import Game as YuGame

UNDO = GameAction.UNDO
"""The key that takes back the last action (never an engine action key)."""


class Stale(Exception):
    """The board changed since the player saw it; nothing was written."""


class Refused(Exception):
    """The action is not allowed now; the message says why. Nothing was written."""


@dataclass
class Board:
    """A campaign row with its current game, thawed into the engine."""

    campaign: Campaign
    game_row: Game
    game: YuGame
    log: list[GameAction] = field(default_factory=list)

    @property
    def version(self) -> int:
        return self.campaign.version

    def legal_keys(self) -> list[str]:
        return [a.key for a in self.game.legal_actions()]

    def explain(self, key: str) -> str:
        """Why ``key`` is refused now, in the engine's words."""
        try:
            reason = self.game.explain(key)
        except Exception:  # a forged key the engine cannot even explain
            reason = None
        return reason or f"{key[:64]!r} is not an action you can take now."

    @property
    def undo_target(self) -> GameAction | None:
        """The action an undo would take back, or None at a reveal barrier."""
        taken = effective(self.log)
        if not taken or taken[-1].revealed or self.game.over:
            return None
        return taken[-1]


# -- reading -------------------------------------------------------------------------


def current_game(campaign: Campaign) -> Game:
    game = campaign.games.filter(run=campaign.run).order_by("-number").first()
    if game is None:  # a campaign always has a game; this heals one left without
        game = _start_game(campaign, 1)
    return game


def load(campaign: Campaign, with_log: bool = True) -> Board:
    game_row = current_game(campaign)
    log = list(game_row.actions.order_by("seq")) if with_log else []
    return Board(campaign, game_row, thaw(game_row, log if with_log else None), log)


def thaw(game_row: Game, log: list[GameAction] | None = None) -> YuGame:
    """The engine game from its stored state, or rebuilt from its log when the
    stored state is from an older version of the game's content."""
    try:
        return YuGame.from_dict(game_row.state)
    except (ValueError, KeyError):
        if log is None:
            log = list(game_row.actions.order_by("seq"))
        return rebuild(game_row, log)


def rebuild(game_row: Game, log: list[GameAction]) -> YuGame:
    """The game replayed from its seed and the actions still standing in ``log``."""
    return replay(game_row.seed, [row.key for row in effective(log)])


def effective(log: list[GameAction]) -> list[GameAction]:
    """The action rows that stand: the log without undo rows and what they took back."""
    undone = {row.undoes for row in log if row.key == GameAction.UNDO}
    return [row for row in log if row.key != GameAction.UNDO and row.seq not in undone]


def event_dicts(events: list[Event]) -> list[dict[str, Any]]:
    return [{"kind": e.kind, "text": e.text, "reveal": e.reveal, "data": e.data} for e in events]


# -- writing -------------------------------------------------------------------------


def create_campaign(owner: AbstractBaseUser, name: str, seed: int | None = None) -> Campaign:
    with transaction.atomic():
        campaign = Campaign.objects.create(owner=owner, name=name, seed=new_seed() if seed is None else seed)
        game = _start_game(campaign, 1)
        _summarize(campaign, game, thaw(game))
        campaign.save()
    return campaign


def _start_game(campaign: Campaign, number: int) -> Game:
    seed = new_seed() if number > 1 or campaign.run > 1 else campaign.seed
    game = new_game(seed)
    return Game.objects.create(
        campaign=campaign, run=campaign.run, number=number, seed=seed, state=game.to_dict()
    )


def _summarize(campaign: Campaign, game_row: Game, game: YuGame) -> dict[str, Any]:
    """The list's summary fields, set on ``campaign`` and returned for an update()."""
    summary = {
        "game_number": game_row.number,
        "wins": int(game.outcome == "won"),
        "losses": int(game.over and game.outcome != "won"),
        "status": Campaign.Status.PLAYING
        if not game.over
        else Campaign.Status.WON
        if game.won
        else Campaign.Status.LOST,
    }
    for name, value in summary.items():
        setattr(campaign, name, value)
    return summary


def _write(board: Board, version: int, game: YuGame, row: GameAction) -> None:
    """Write the new state, the action row and the version bump, or raise Stale."""
    campaign, game_row = board.campaign, board.game_row
    now = timezone.now()
    summary = _summarize(campaign, game_row, game)
    with transaction.atomic():
        count = Campaign.objects.filter(pk=campaign.pk, version=version).update(
            version=F("version") + 1, updated=now, **summary
        )
        if count != 1:
            raise Stale
        count = Game.objects.filter(pk=game_row.pk, version=game_row.version).update(
            state=game.to_dict(), version=row.seq, outcome=game.outcome or "", updated=now
        )
        if count != 1:
            raise Stale
        row.save()
    campaign.version = version + 1
    game_row.state, game_row.version, game_row.outcome = game.to_dict(), row.seq, game.outcome or ""
    board.game = game
    board.log.append(row)


def act(board: Board, key: str, version: int) -> list[Event]:
    """Apply one action for the player who saw ``version`` of the board."""
    if version != board.version:
        raise Stale
    if key not in board.legal_keys():
        raise Refused(board.explain(key))
    try:
        events = board.game.apply(key)
    except IllegalAction as exc:  # listed but refused: the engine's word is final
        raise Refused(str(exc)) from exc
    row = GameAction(
        game=board.game_row,
        seq=board.game_row.version + 1,
        key=key,
        events=event_dicts(events),
        revealed=revealed(events),
    )
    _write(board, version, board.game, row)
    return events


def undo(board: Board, version: int) -> None:
    """Take back the last action, unless it revealed hidden information."""
    if version != board.version:
        raise Stale
    target = board.undo_target
    if target is None:
        raise Refused("Nothing to undo: the last action revealed something new, or none was taken.")
    kept = [r for r in effective(board.log) if r.seq != target.seq]
    game = replay(board.game_row.seed, [r.key for r in kept])
    what = target.events[0]["text"] if target.events else target.key
    row = GameAction(
        game=board.game_row,
        seq=board.game_row.version + 1,
        key=GameAction.UNDO,
        events=[{"kind": "undo", "text": f"Took back: {what}", "reveal": False, "data": target.seq}],
        undoes=target.seq,
    )
    _write(board, version, game, row)


def reset(campaign: Campaign) -> None:
    """Start the campaign over; the games played so far stay on record."""
    with transaction.atomic():
        Campaign.objects.filter(pk=campaign.pk).update(
            run=F("run") + 1, version=F("version") + 1, seed=new_seed(), state=None
        )
        campaign.refresh_from_db()
        game = _start_game(campaign, 1)
        _summarize(campaign, game, thaw(game))
        campaign.save(update_fields=["game_number", "wins", "losses", "status", "updated"])


# -- checking ------------------------------------------------------------------------


def replay_differences(game_row: Game) -> list[str]:
    """Rebuild a game from its seed and log; name every field that differs from
    the stored state (an empty list: the log and the state agree)."""
    log = list(game_row.actions.order_by("seq"))
    rebuilt = json.loads(json.dumps(rebuild(game_row, log).to_dict()))
    stored = game_row.state
    names = sorted(set(rebuilt) | set(stored))
    found = [
        f"{name}: stored {stored.get(name)!r}, replayed {rebuilt.get(name)!r}"
        for name in names
        if stored.get(name) != rebuilt.get(name)
    ]
    if game_row.version != (log[-1].seq if log else 0):
        found.append(f"version: stored {game_row.version}, log ends at {log[-1].seq if log else 0}")
    return found
