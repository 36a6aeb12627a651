"""A campaign or a table as a file its owner takes home, and back.

The file is JSON: what it is (``format`` and ``version``), the game content it
was played with, the campaign's name, its difficulty (files made before levels
existed have none: standard), the log of every action that stands in its current
run, and that run's seed sealed with this site's key (:mod:`campaigns.sealed`):
the seed orders every card still face down, so the player who holds the file
must not read it. Where a campaign brought back from a file dealt anew (its
redeals, :mod:`engine.redeals`) is sealed with the seed, and bringing a file back
deals anew once more: the copy cannot be played on to learn what the original
will deal. Nothing about any user is in it. A file of version 1, written
before seeds were sealed, holds its seed in plain and is still read.
The file is read within limits (:func:`_json`) and each field's type is checked
where it is read (:func:`_typed`), so a hostile file is refused with its reason.
Bringing one back replays the log through the engine (see
:func:`campaigns.store.create_replayed`); a file that does not replay is
refused, and nothing is written.

A table's file (``TABLE_FORMAT``) names its game, its seats (a player's, an open
one or a bot's) and each finished game's log of seat and move; the series seed
and the log of the game under way (which holds other seats' choices not yet
shown) are sealed. It comes back as a table of the importer's, who takes the
first player's seat; the other players' seats are open for friends.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar
from uuid import UUID

from django.contrib.auth.models import User
from django.utils import timezone
from django.utils.translation import gettext as _

from campaigns import sealed, store
from campaigns.models import Campaign
from campaigns.reader import said
from engine.games import GAMES
from engine.session import NEXT
from engine.yu import base
from engine.yu.campaign.difficulty import Difficulty

FORMAT = "legacy-of-yu/campaign"
TABLE_FORMAT = "legacy-of-yu/table"
PLAYER = "player"
"""A seat someone sat at, in a table's file."""
VERSION = 2
"""The version written: the seed (and a table's game under way) sealed."""
VERSIONS = (1, VERSION)
"""The versions read: version 1 holds the seed in plain, as files saved before sealing do."""
MAX_BYTES = 2_000_000
"""Far above a finished 13-game campaign (about 60 KB)."""
NAME_LENGTH = 80
SEED_LIMIT = 2**63
"""What the seed column holds."""
MAX_DEPTH = 8
"""Deeper than any file nests (a table's move is a list in a list in a list in the file)."""
MAX_DIGITS = 20
"""Longer than any number a file holds (a seed is below 2**63: 19 digits)."""
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")
"""What no text of a file holds: control characters but tab and line breaks, and halves of a
surrogate pair (which are no characters on their own)."""
SHOWN = 40
"""The most of a wrong value a refusal repeats."""

T = TypeVar("T")


class BadFile(ValueError):
    """The file is not a campaign this site can bring back; the message says why."""


@dataclass(frozen=True)
class Saved:
    """What a campaign file holds, checked for shape (not yet replayed)."""

    name: str
    seed: int
    log: list[str]
    content: str
    difficulty: Difficulty = Difficulty.STANDARD
    redeals: list[tuple[int, int]] = field(default_factory=list)
    """Where the campaign was dealt anew (:mod:`engine.redeals`), counted in ``log``."""


def export(campaign: Campaign) -> dict[str, Any]:
    """The campaign as its file holds it."""
    log = store.run_log(campaign)
    return {
        "format": FORMAT,
        "version": VERSION,
        "content": base().version,
        "name": campaign.name,
        "difficulty": campaign.difficulty,
        "log": [key for _seat, key in log.moves],
        "sealed": sealed.seal({"seed": campaign.seed, "redeals": log.redeals}),
        "exported": timezone.now().isoformat(timespec="seconds"),
    }


@dataclass(frozen=True)
class SavedTable:
    """What a table's file holds, checked for shape (not yet replayed)."""

    game: str
    name: str
    seed: int
    seats: list[str]
    """:data:`campaigns.tables.OWNER`, :data:`campaigns.tables.OPEN` or a bot's name."""
    games: list[list[tuple[int, str]]]
    redeals: list[tuple[int, int, int]] = field(default_factory=list)
    """Where a game was dealt anew: its number, after how many of its moves, and the seed."""


def export_table(campaign: Campaign) -> dict[str, Any]:
    """The table as its file holds it: the log of a game not over is sealed with the seed."""
    seats = campaign.seats.order_by("number")
    games = campaign.games.filter(run=campaign.run).order_by("number").prefetch_related("actions")
    logs = [
        (g.outcome, [[seat, key] for seat, key in store.moves(g.actions.all()) if key != NEXT]) for g in games
    ]
    redeals = [[g.number, after, seed] for g in games for after, seed in g.redeals]
    return {
        "format": TABLE_FORMAT,
        "version": VERSION,
        "game": campaign.game,
        "name": campaign.name,
        "seats": [s.bot or (PLAYER if s.user_id else store.OPEN) for s in seats],
        "games": [log for outcome, log in logs if outcome],
        "sealed": sealed.seal(
            {
                "seed": campaign.seed,
                "current": next((log for outcome, log in logs if not outcome), None),
                "redeals": redeals,
            }
        ),
        "exported": timezone.now().isoformat(timespec="seconds"),
    }


def read(raw: bytes) -> Saved | SavedTable:
    """The file's contents, or BadFile with what is wrong with it."""
    data = _typed(_json(raw), dict)
    if data is None or _typed(data.get("format"), str) not in (FORMAT, TABLE_FORMAT):
        raise BadFile(_("The file is not a campaign or table file of this site."))
    if _typed(data.get("version"), int) not in VERSIONS:
        raise BadFile(
            _(
                "The file is in version {theirs} of the format; "
                "this site reads versions {oldest} to {newest}."
            ).format(theirs=_shown(data.get("version")), oldest=VERSIONS[0], newest=VERSION)
        )
    # Version 1 holds its seed in plain, and every game's log in ``games``.
    hidden = _opened(data) if data["version"] == VERSION else {"seed": data.get("seed")}
    if data["version"] == VERSION and ("current" in hidden) != (data["format"] == TABLE_FORMAT):
        raise BadFile(_("The file's sealed part was taken from another kind of file."))
    name, seed = _name(data), _seed(hidden)
    if data["format"] == TABLE_FORMAT:
        table = _table(data, name, seed, hidden.get("current"))
        return replace(table, redeals=[(n, after, dealt) for n, after, dealt in _redeals(hidden, 3)])
    log = _list_of(data.get("log"), str)
    if log is None:
        raise BadFile(_("The file's log is not a list of actions."))
    level = _typed(data.get("difficulty", Difficulty.STANDARD.value), str)
    if level not in {d.value for d in Difficulty}:
        raise BadFile(
            _("The file's difficulty is not one of {levels}.").format(
                levels=", ".join(d.value for d in Difficulty)
            )
        )
    redeals = [(after, dealt) for after, dealt in _redeals(hidden, 2)]
    return Saved(name, seed, log, _typed(data.get("content"), str) or "", Difficulty(level), redeals)


def _opened(data: dict[str, Any]) -> dict[str, Any]:
    """What the file's ``sealed`` text holds, or BadFile when this site did not seal it."""
    try:
        return sealed.unseal(_typed(data.get("sealed"), str) or "")
    except sealed.Unopened:
        raise BadFile(
            _(
                "The file's sealed part (its seed) is missing or does not open on this site: "
                "the file was saved by another site, or changed since it was saved."
            )
        ) from None


def _json(raw: bytes) -> object:
    """The file's JSON, read within its limits: :data:`MAX_BYTES`, :data:`MAX_DEPTH`,
    :data:`MAX_DIGITS` and no :data:`CONTROL` character in any text."""
    if len(raw) > MAX_BYTES:
        raise BadFile(
            _("The file is larger than {mb} MB: it is not a campaign file.").format(mb=MAX_BYTES // 1_000_000)
        )
    try:
        data = json.loads(
            raw.decode("utf-8"),
            parse_int=lambda text: int(_number(text)),
            parse_float=lambda text: float(_number(text)),
            parse_constant=_constant,
        )
    except RecursionError:
        raise _too_deep() from None
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise _not_json() from None
    values: list[tuple[object, int]] = [(data, 1)]
    while values:
        value, depth = values.pop()
        if isinstance(value, str) and CONTROL.search(value):
            raise BadFile(
                _("The file has a control character (such as NUL) in a text: it is not a campaign file.")
            )
        if isinstance(value, list | dict):
            if depth > MAX_DEPTH:
                raise _too_deep()
            items = [*value.keys(), *value.values()] if isinstance(value, dict) else value
            values.extend((item, depth + 1) for item in items)
    return data


def _number(text: str) -> str:
    """A number as the file writes it, once it is short enough to read."""
    if len(text) > MAX_DIGITS:
        raise BadFile(
            _("The file holds a number longer than {digits} digits: it is not a campaign file.").format(
                digits=MAX_DIGITS
            )
        )
    return text


def _constant(text: str) -> object:
    """``NaN`` and ``Infinity``, which Python reads and JSON has not."""
    raise _not_json()


def _not_json() -> BadFile:
    return BadFile(_("The file is not a campaign file (it is not JSON text)."))


def _too_deep() -> BadFile:
    return BadFile(
        _("The file is nested too deeply (more than {depth} levels): it is not a campaign file.").format(
            depth=MAX_DEPTH
        )
    )


def _typed(value: object, kind: type[T]) -> T | None:
    """``value`` when it is a ``kind`` (``true`` and ``false`` are no numbers here), else None."""
    if isinstance(value, kind) and (kind is bool or not isinstance(value, bool)):
        return value
    return None


def _list_of(value: object, kind: type[T]) -> list[T] | None:
    """``value`` when it is a list of ``kind``, else None."""
    items = _typed(value, list)
    if items is None or any(_typed(item, kind) is None for item in items):
        return None
    return items


def _shown(value: object) -> str:
    """``value`` as the file wrote it, cut short."""
    shown = repr(value)
    return shown if len(shown) <= SHOWN else f"{shown[: SHOWN - 1]}…"


def _name(data: dict[str, Any]) -> str:
    name = _typed(data.get("name"), str)
    if name is None or not name.strip():
        raise BadFile(_("The file gives the campaign no name."))
    return name.strip()[:NAME_LENGTH]


def _seed(data: dict[str, Any]) -> int:
    seed = _typed(data.get("seed"), int)
    if seed is None or not 0 <= seed < SEED_LIMIT:
        raise BadFile(
            _("The file's seed is not a whole number from 0 to {most}.").format(most=SEED_LIMIT - 1)
        )
    return seed


def _redeals(hidden: dict[str, Any], size: int) -> list[list[int]]:
    """The sealed part's redeals, each ``size`` whole numbers (the last a seed); none in a file
    of version 1."""
    redeals = _list_of(hidden.get("redeals", []), list)
    if redeals is None or any(
        len(r) != size or _list_of(r, int) is None or min(r) < 0 or r[-1] >= SEED_LIMIT for r in redeals
    ):
        raise BadFile(_("The file's sealed part is not one this site wrote."))
    return redeals


def _table(data: dict[str, Any], name: str, seed: int, current: object) -> SavedTable:
    """The table of the file, ``current`` the sealed log of its game under way (``None``: none,
    or a file of version 1, whose ``games`` hold every game)."""
    game = _typed(data.get("game"), str)
    if game is None or game not in GAMES or store.shared(GAMES[game]):
        raise BadFile(
            _("The file's game {game} is not one this site plays at tables.").format(
                game=_shown(data.get("game"))
            )
        )
    rules = GAMES[game]
    seats = _list_of(data.get("seats"), str)
    if seats is None or not all(s in (PLAYER, store.OPEN, *rules.bots) for s in seats):
        raise BadFile(
            _("The file's seats are not each a player's, an open one or a bot of {game}.").format(
                game=said(rules.title)
            )
        )
    people = [n for n, s in enumerate(seats) if s in (PLAYER, store.OPEN)]
    if not people:
        raise BadFile(_("The file's table has no seat for you: every seat is a bot's."))
    logs = _list_of(data.get("games"), list)
    if logs is not None and current is not None:
        logs = [*logs, current] if isinstance(current, list) else None
    moves = [[_move(m) for m in log] for log in logs or []]
    if not moves or any(m is None for log in moves for m in log):
        raise BadFile(_("The file's games are not lists of moves, each a seat and a key."))
    given = [s if s in rules.bots else store.OPEN for s in seats]
    given[people[0]] = store.OWNER
    return SavedTable(game, name, seed, given, [[m for m in log if m is not None] for log in moves])


def _move(move: object) -> tuple[int, str] | None:
    """A move of a table's file, ``[seat, key]``, or None."""
    pair = _typed(move, list)
    if pair is None or len(pair) != 2:
        return None
    seat, key = _typed(pair[0], int), _typed(pair[1], str)
    return None if seat is None or key is None else (seat, key)


def unused_name(owner: User, name: str) -> str:
    """``name``, or ``name (copy)`` (then ``(copy 2)``, ...) when ``owner`` already has a campaign
    or a table by that name; the name is cut short to leave room for the mark."""
    taken = set(Campaign.objects.filter(owner=owner).values_list("name", flat=True))
    given, copy = name, 1
    while given in taken:
        copied = _("{name} (copy)") if copy == 1 else _("{name} (copy {n})")
        room = NAME_LENGTH - len(copied.format(name="", n=copy))
        given, copy = copied.format(name=name[:room], n=copy), copy + 1
    return given


def bring_back(saved: Saved | SavedTable, owner: User, request: UUID | None = None) -> Campaign:
    """A new campaign of ``owner``'s from the file, or BadFile when its log does not replay; named
    as a copy when ``owner`` has one by its name already. The import form's ``request`` brings it
    back once, however often the form is posted."""
    name = unused_name(owner, saved.name)
    if isinstance(saved, SavedTable):
        log: list[tuple[int, str]] = []
        redeals: list[tuple[int, int]] = []
        for number, moves in enumerate(saved.games, 1):
            if number > 1:
                log.append((0, NEXT))
            redeals += [(len(log) + after, seed) for n, after, seed in saved.redeals if n == number]
            log += moves
        try:
            return store.create_replayed(
                owner, saved.game, name, saved.seed, log, saved.seats, redeals=redeals, request=request
            )
        except store.Refused as exc:
            raise BadFile(_("The table does not replay here. {reason}").format(reason=exc)) from exc
    try:
        return store.create_replayed(
            owner,
            "yu",
            name,
            saved.seed,
            [(0, key) for key in saved.log],
            level=saved.difficulty,
            redeals=saved.redeals,
            request=request,
        )
    except (store.Refused, ValueError, KeyError) as exc:
        reason = _("The campaign does not replay here. {reason}").format(reason=exc)
        if saved.content and saved.content != base().version:
            played_with = _("It was played with game content {theirs}; this site has {ours}.")
            reason = f"{reason} {played_with.format(theirs=saved.content, ours=base().version)}"
        raise BadFile(reason) from exc
