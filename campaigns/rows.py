"""The action path's reads and writes in SQL of its own, built once from the models' fields.

An action reads its board and writes what it produced on every move: through the ORM, building
those queries and their rows cost more than everything Postgres does for them. Here the board is
one query (the campaign's current game with its campaign, its owner, the user's role, a table's
seats and latest lines of talk with their users, and the game's last log rows) and its rows
become the same model instances the ORM would give.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any, NamedTuple, TypeVar
from uuid import UUID

from django.contrib.auth.models import User
from django.db import connection, models
from django.utils import timezone

from campaigns.models import Campaign, ChatLine, Game, GameAction, TableSeat
from campaigns.sharing.models import Membership

M = TypeVar("M", bound=models.Model)

Recent = int | Mapping[str, int] | None
"""How many of the game's last log rows to read: a count, a count per game, or all (None)."""


def _fields(model: type[models.Model], *leave: str) -> list[models.Field[Any, Any]]:
    return [f for f in model._meta.concrete_fields if f.name not in leave]


GAME = _fields(Game, "start")
"""A game's columns but the state it started from (read only for an undo)."""
CAMPAIGN = _fields(Campaign)
OWNER = _fields(User)
ACTION = _fields(GameAction)
SEAT = _fields(TableSeat)
CHAT = _fields(ChatLine)


def _select(alias: str, fields: Sequence[models.Field[Any, Any]]) -> str:
    return ", ".join(f'{alias}."{f.column}"' for f in fields)


def _table(model: type[models.Model]) -> str:
    return f'"{model._meta.db_table}"'


@functools.cache
def _board_sql(recent: int | tuple[tuple[str, int], ...] | None) -> str:
    """The board's query, reading all of the log, its last ``recent`` rows, or as many as the
    campaign's game asks for (the games' names in parameters g0, g1...)."""
    if recent is None:
        since = ""
    elif isinstance(recent, int):
        since = f' AND a."seq" > g."version" - {int(recent)}'
    else:
        cases = " ".join(f"WHEN %(g{n})s THEN {int(count)}" for n, (_, count) in enumerate(recent))
        since = f' AND a."seq" > g."version" - CASE c."game" {cases} ELSE g."version" END'
    return f"""
SELECT {_select("g", GAME)}, {_select("c", CAMPAIGN)}, {_select("u", OWNER)},
  (SELECT m."role" FROM {_table(Membership)} m
    WHERE m."status" = %(inside)s AND m."campaign_id" = c."id" AND m."user_id" = %(user)s LIMIT 1),
  (SELECT coalesce(
      json_agg(json_build_array({_select("s", SEAT)}, {_select("su", OWNER)}) ORDER BY s."number"), '[]')
    FROM {_table(TableSeat)} s LEFT JOIN {_table(User)} su ON su."id" = s."user_id"
    WHERE s."campaign_id" = c."id"),
  (SELECT coalesce(json_agg(
      json_build_array({_select("l", CHAT)}, {_select("lu", OWNER)}) ORDER BY l."created", l."id"), '[]')
    FROM (SELECT * FROM {_table(ChatLine)} WHERE "campaign_id" = c."id"
      ORDER BY "created" DESC, "id" DESC LIMIT {ChatLine.SHOWN}) l
    JOIN {_table(User)} lu ON lu."id" = l."user_id"),
  (SELECT coalesce(json_agg(json_build_array({_select("a", ACTION)}) ORDER BY a."seq"), '[]')
    FROM {_table(GameAction)} a WHERE a."game_id" = g."id" AND a."seq" <= g."version"{since})
FROM {_table(Game)} g
JOIN {_table(Campaign)} c ON c."id" = g."campaign_id"
JOIN {_table(User)} u ON u."id" = c."owner_id"
WHERE c."code" = %(code)s AND g."run" = c."run" AND c."deleted" IS NULL
ORDER BY g."number" DESC LIMIT 1"""


class Read(NamedTuple):
    """A board as :func:`board` reads it."""

    game: Game
    """The campaign's current game, with its campaign and owner (``game.campaign`` and its ``owner``)."""
    role: str | None
    """The user's role in the campaign, if they are in."""
    seats: list[TableSeat]
    """Its seats in order, each with its ``user`` (none but a table's)."""
    chat: list[ChatLine]
    """A table's latest lines of talk, oldest first, each with its ``user``."""
    log: list[GameAction]
    """The game's last log rows, oldest first."""


def board(code: UUID, user: int, recent: Recent) -> Read | None:
    """The board of the campaign with this code, with the game's last ``recent`` log rows; None
    when there is no such campaign or it was deleted."""
    params: dict[str, Any] = {"code": code, "user": user, "inside": Membership.Status.IN}
    counts = recent if recent is None or isinstance(recent, int) else tuple(sorted(recent.items()))
    if isinstance(counts, tuple):
        params |= {f"g{n}": game for n, (game, _) in enumerate(counts)}
    with connection.cursor() as cursor:
        cursor.execute(_board_sql(counts), params)
        found = cursor.fetchone()
    if found is None:
        return None
    values = iter(found)
    game_row = _made(Game, GAME, values)
    campaign = _made(Campaign, CAMPAIGN, values)
    campaign.owner = _made(User, OWNER, values)
    game_row.campaign = campaign
    role, seated, said, log = next(values), next(values), next(values), next(values)
    seats = [_seat(row) for row in _decoded(seated)]
    chat = [_line(row) for row in _decoded(said)]
    return Read(game_row, role, seats, chat, [_from_json(GameAction, ACTION, row) for row in _decoded(log)])


def _decoded(rows: Any) -> list[list[Any]]:
    decoded: list[list[Any]] = json.loads(rows) if isinstance(rows, str) else rows
    return decoded


def _seat(values: list[Any]) -> TableSeat:
    seat = _from_json(TableSeat, SEAT, values[: len(SEAT)])
    seat.user = _from_json(User, OWNER, values[len(SEAT) :]) if seat.user_id is not None else None
    return seat


def _line(values: list[Any]) -> ChatLine:
    line = _from_json(ChatLine, CHAT, values[: len(CHAT)])
    line.user = _from_json(User, OWNER, values[len(CHAT) :])
    return line


def _made(model: type[M], fields: Sequence[models.Field[Any, Any]], values: Any) -> M:
    """A model instance from the next of ``values``, read from ``fields``' columns."""
    taken = []
    for f in fields:
        value = next(values)
        if value is not None and hasattr(f, "from_db_value"):
            value = f.from_db_value(value, None, connection)
        taken.append(value)
    return model.from_db(connection.alias, [f.attname for f in fields], taken)


def _from_json(model: type[M], fields: Sequence[models.Field[Any, Any]], values: list[Any]) -> M:
    """A model instance from its columns as JSON gives them: JSON already decoded, times as text."""
    taken = [
        datetime.fromisoformat(value) if isinstance(f, models.DateTimeField) and value else value
        for f, value in zip(fields, values, strict=True)
    ]
    return model.from_db(connection.alias, [f.attname for f in fields], taken)


SUMMARY = ("game_number", "status", "wins", "losses", "waiting", "waiting_since")
"""The campaign list's fields an action writes with its version."""
INSERTED = [f for f in ACTION if not f.primary_key]


@functools.cache
def _save_sql(rows: int, lasting: bool) -> str:
    """One statement that writes an action, if the campaign is still at the version it was read:
    the campaign's version, summary and (``lasting``) state, the game's state, and ``rows`` log
    rows (row n's columns in parameters rn_0, rn_1...)."""
    state = ', "state" = %(lasting)s::jsonb' if lasting else ""
    summary = ", ".join(
        f'"{f.column}" = %({f.name})s::{f.db_type(connection)}' for f in CAMPAIGN if f.name in SUMMARY
    )
    values = ", ".join(
        "(" + ", ".join(f"%(r{n}_{i})s::{f.db_type(connection)}" for i, f in enumerate(INSERTED)) + ")"
        for n in range(rows)
    )
    return f"""
WITH c AS (
  UPDATE {_table(Campaign)} SET "version" = "version" + 1, "updated" = %(now)s, {summary}{state}
  WHERE "id" = %(campaign)s AND "version" = %(version)s AND "deleted" IS NULL RETURNING "id"
), g AS (
  UPDATE {_table(Game)} SET "state" = %(state)s::jsonb, "version" = %(seq)s, "outcome" = %(outcome)s,
    "updated" = %(now)s
  WHERE "id" = %(game)s AND EXISTS (SELECT FROM c)
), a AS (
  INSERT INTO {_table(GameAction)} ({", ".join(f'"{f.column}"' for f in INSERTED)})
  SELECT * FROM (VALUES {values}) v WHERE EXISTS (SELECT FROM c)
)
SELECT count(*) FROM c"""


def save(campaign: Campaign, game_row: Game, actions: Sequence[GameAction], lasting: Any | None) -> bool:
    """Write an action as :func:`_save_sql` does, with the campaign's new summary and, when it
    changed, its state (``lasting``); False, and nothing written, when the campaign moved on from
    the version it has here (or was deleted)."""
    now = timezone.now()
    params: dict[str, Any] = {
        "now": now,
        "campaign": campaign.pk,
        "version": campaign.version,
        "lasting": json.dumps(lasting),
        "state": json.dumps(game_row.state),
        "seq": game_row.version,
        "outcome": game_row.outcome,
        "game": game_row.pk,
        **{name: getattr(campaign, name) for name in SUMMARY},
    }
    for n, row in enumerate(actions):
        row.created = now
        for i, f in enumerate(INSERTED):
            value = getattr(row, f.attname)
            params[f"r{n}_{i}"] = json.dumps(value) if isinstance(f, models.JSONField) else value
    with connection.cursor() as cursor:
        cursor.execute(_save_sql(len(actions), lasting is not None), params)
        (written,) = cursor.fetchone()
    return bool(written)
