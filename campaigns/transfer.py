"""A campaign or a table as a file its owner takes home, and back: one format for every game.

The file (version 3) is JSON: what it is (``format`` and ``version``), its game, the game content
it was played with (where the game has one), its name, its level (where the game has levels), its
seats (a player's, an open one or a bot's) and the moves that stand in its current run, each a seat
and a key, ``next`` between games. What its holder must not read is sealed with this site's key
(:mod:`campaigns.sealed`): the run's seed, which orders every card still face down; where a copy
brought back from a file dealt anew (its redeals, :mod:`engine.redeals`); at a table, the moves of
the game under way, which may hold other seats' choices not yet shown; and a digest of what the file
shows in plain, so that no move of it can be changed, added or taken away. Bringing a file back deals
anew once more: the copy cannot be played on to learn what the original will deal. Nothing about any
user is in it.

Files of versions 1 and 2, a campaign's (``legacy-of-yu/campaign``) or a table's
(``legacy-of-yu/table``, a log for each game), are still read: version 1 holds its seed in plain.

The file is read within limits (:func:`_json`) and each field's type is checked where it is read
(:func:`_typed`), so a hostile file is refused with its reason. Bringing one back replays its run
through the game (:func:`campaigns.store.create_replayed`); a file that does not replay is refused,
and nothing is written. A table comes back with the importer in its first player's seat, the other
players' seats open for friends.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, TypeVar
from uuid import UUID

from django.contrib.auth.models import User
from django.utils import timezone
from django.utils.translation import gettext as _

from campaigns import sealed, store
from campaigns.models import YU, Campaign, ChatLine
from campaigns.reader import said
from engine.games import GAMES, at_table
from engine.redeals import Redeal
from engine.session import NEXT
from engine.yu import base

FORMAT = "legacy-of-yu/session"
VERSION = 3
"""The version written."""
CAMPAIGN_FORMAT = "legacy-of-yu/campaign"
TABLE_FORMAT = "legacy-of-yu/table"
"""The formats of versions 1 (the seed in plain) and 2 (sealed), still read."""
FORMATS = {FORMAT: (VERSION,), CAMPAIGN_FORMAT: (1, 2), TABLE_FORMAT: (1, 2)}
"""The versions read of each format."""
VERSIONS = (1, 2, VERSION)
PLAYER = "player"
"""A seat someone sat at, in a file."""
MAX_BYTES = 2_000_000
"""Far above a finished 13-game campaign (about 60 KB)."""
NAME_LENGTH = 80
SEED_LIMIT = 2**63
"""What the seed column holds."""
MAX_DEPTH = 8
"""Deeper than any file nests (a version 2 table's move is a list in a list in a list)."""
MAX_DIGITS = 20
"""Longer than any number a file holds (a seed is below 2**63: 19 digits)."""
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")
"""What no text of a file holds: control characters but tab and line breaks, and halves of a
surrogate pair (which are no characters on their own)."""
SHOWN = 40
"""The most of a wrong value a refusal repeats."""

T = TypeVar("T")
Move = tuple[int, str]


class BadFile(ValueError):
    """The file is not a campaign or table this site can bring back; the message says why."""


@dataclass(frozen=True)
class Saved:
    """What a file holds, checked for shape (not yet replayed): one run of one game."""

    game: str
    name: str
    seed: int
    seats: list[str]
    """As :func:`campaigns.store.create_replayed` takes them: the importer's, open or a bot's."""
    log: list[Move]
    """Every move of the run, ``next`` between games."""
    level: str = ""
    content: str = ""
    redeals: list[Redeal] = field(default_factory=list)
    """Where the run was dealt anew, counted in ``log``."""
    chat: list[tuple[datetime, str]] = field(default_factory=list)
    """The table talk its owner said, and when (no one else's leaves the site)."""


def _content(game: str) -> str:
    """The version of the game content ``game`` plays with here, where it has one."""
    return "" if at_table(GAMES[game]) else base().version


def export(campaign: Campaign) -> dict[str, Any]:
    """The campaign or table as its file holds it."""
    session = store.session_of(campaign)
    run = store.run_log(campaign)
    game = store.current_game(campaign)
    # At a table, the game under way may hold choices other seats have not seen: it is sealed whole.
    under_way = 0 if store.shared(session) or game.outcome else len(store.moves(game.actions.all()))
    shown = len(run.moves) - under_way
    seats = [s.bot or (PLAYER if s.user_id else store.OPEN) for s in campaign.seats.order_by("number")]
    data: dict[str, Any] = {"format": FORMAT, "version": VERSION, "game": campaign.game}
    if content := _content(campaign.game):
        data["content"] = content
    data["name"] = campaign.name
    if session.levels:
        data["level"] = campaign.difficulty
    data["seats"] = seats or [PLAYER]
    data["log"] = [[seat, key] for seat, key in run.moves[:shown]]
    data["sealed"] = sealed_part(data, campaign.seed, run.redeals, run.moves[shown:])
    said = ChatLine.objects.filter(campaign=campaign, user_id=campaign.owner_id).order_by("created", "pk")
    if talk := [{"at": line.created.isoformat(), "text": line.text} for line in said]:
        data["chat"] = talk
    data["exported"] = timezone.now().isoformat(timespec="seconds")
    return data


def sealed_part(
    data: dict[str, Any], seed: int, redeals: Sequence[Redeal] = (), hidden: Sequence[Move] = ()
) -> str:
    """The ``sealed`` text of a file that shows ``data`` in plain: the run's seed, its redeals,
    the moves of a table's game under way (``hidden``, played after ``data``'s log) and the
    digest of what ``data`` shows."""
    return sealed.seal(
        {
            "seed": seed,
            "redeals": [list(r) for r in redeals],
            "hidden": [list(m) for m in hidden],
            "digest": _digest(data),
        }
    )


def _digest(data: dict[str, Any]) -> str:
    """The SHA-256 of what a file shows in plain that its replay reads."""
    shown = [data.get("game"), data.get("level"), data.get("seats"), data.get("log")]
    return hashlib.sha256(json.dumps(shown, separators=(",", ":")).encode()).hexdigest()


def read(raw: bytes) -> Saved:
    """The file's contents, or BadFile with what is wrong with it."""
    data = _typed(_json(raw), dict) or {}
    kind, version = _typed(data.get("format"), str), _typed(data.get("version"), int)
    if kind not in FORMATS:
        raise _not_a_file()
    if version not in VERSIONS:
        raise BadFile(
            _(
                "The file is in version {theirs} of the format; "
                "this site reads versions {oldest} to {newest}."
            ).format(theirs=_shown(data.get("version")), oldest=VERSIONS[0], newest=VERSION)
        )
    if version not in FORMATS[kind]:
        raise _not_a_file()
    name = _name(data)
    opened = {"seed": data.get("seed")} if version == 1 else _opened(data)
    if version > 1 and _kind(opened) != kind:
        raise BadFile(_("The file's sealed part was taken from another kind of file."))
    seed = _seed(opened)
    game = YU if kind == CAMPAIGN_FORMAT else _game(data)
    seats = _seats([PLAYER] if kind == CAMPAIGN_FORMAT else data.get("seats"), game)
    level = _level(data.get("difficulty" if kind == CAMPAIGN_FORMAT else "level"), game)
    if kind == TABLE_FORMAT:
        log, redeals = _series(data, opened)
    else:
        log, redeals = _run(data, opened)
    if kind == FORMAT and opened.get("digest") != _digest(data):
        raise BadFile(
            _(
                "The file was changed since it was saved, or its sealed part comes from another "
                "file: its moves are not those it was sealed with."
            )
        )
    content = _typed(data.get("content"), str) or ""
    return Saved(game, name, seed, seats, log, level, content, redeals, _chat(data))


def _chat(data: dict[str, Any]) -> list[tuple[datetime, str]]:
    """The table talk a file holds (its owner's lines), or BadFile when it is not as saved."""
    lines = _typed(data.get("chat", []), list)
    talk = []
    for line in lines if lines is not None else [None]:
        said = _typed(line, dict) or {}
        text, at = _typed(said.get("text"), str), _typed(said.get("at"), str)
        try:
            when = datetime.fromisoformat(at or "")
        except ValueError:
            when = None
        if not text or len(text) > ChatLine.LENGTH or when is None or when.tzinfo is None:
            raise BadFile(_("The file's table talk is not as this site saves it."))
        talk.append((when, text))
    return talk


def _not_a_file() -> BadFile:
    return BadFile(_("The file is not a campaign or table file of this site."))


def _kind(opened: dict[str, Any]) -> str:
    """The format whose files seal what ``opened`` holds."""
    return FORMAT if "digest" in opened else TABLE_FORMAT if "current" in opened else CAMPAIGN_FORMAT


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


def _seed(opened: dict[str, Any]) -> int:
    seed = _typed(opened.get("seed"), int)
    if seed is None or not 0 <= seed < SEED_LIMIT:
        raise BadFile(
            _("The file's seed is not a whole number from 0 to {most}.").format(most=SEED_LIMIT - 1)
        )
    return seed


def _game(data: dict[str, Any]) -> str:
    game = _typed(data.get("game"), str)
    if game is None or game not in GAMES:
        raise BadFile(
            _("The file's game {game} is not one this site plays.").format(game=_shown(data.get("game")))
        )
    return game


def _seats(value: object, game: str) -> list[str]:
    """The file's seats as a copy is given them: the first player's to the importer, the other
    players' open, the bots' to their bots."""
    session = GAMES[game]
    seats = _list_of(value, str)
    if seats is None or not all(s in (PLAYER, store.OPEN, *session.bots) for s in seats):
        raise BadFile(
            _("The file's seats are not each a player's, an open one or a bot of {game}.").format(
                game=said(session.title)
            )
        )
    people = [n for n, s in enumerate(seats) if s in (PLAYER, store.OPEN)]
    if not people:
        raise BadFile(_("The file's table has no seat for you: every seat is a bot's."))
    given = [s if s in session.bots else store.OPEN for s in seats]
    given[people[0]] = store.OWNER
    return given


def _level(value: object, game: str) -> str:
    """The file's level (its first level when it names none), where the game has levels."""
    levels = GAMES[game].levels
    if not levels:
        return ""
    level = levels[0] if value is None else _typed(value, str)
    if level is None or level not in levels:
        raise BadFile(_("The file's difficulty is not one of {levels}.").format(levels=", ".join(levels)))
    return level


def _run(data: dict[str, Any], opened: dict[str, Any]) -> tuple[list[Move], list[Redeal]]:
    """The run of a file of version 3 (its log, then its sealed moves) or of a campaign's file
    (its log of keys, from its one seat), and its redeals (none in a file of version 1)."""
    if data["format"] == FORMAT:
        log = _moves(data.get("log"))
    else:
        keys = _list_of(data.get("log"), str)
        log = None if keys is None else [(0, key) for key in keys]
    if log is None:
        raise BadFile(_("The file's log is not a list of actions."))
    hidden = _moves(opened.get("hidden", []))
    if hidden is None:
        raise _not_ours()
    return log + hidden, [(after, dealt) for after, dealt in _redeals(opened, 2)]


def _series(data: dict[str, Any], opened: dict[str, Any]) -> tuple[list[Move], list[Redeal]]:
    """The run of a table's file of version 1 or 2: a log for each game (in version 2 the last
    one, still under way, sealed), joined by ``next``; each game's redeals (its number, after how
    many of its moves, the seed) counted in the run."""
    games = _list_of(data.get("games"), list)
    if games is not None and opened.get("current") is not None:
        games = [*games, opened["current"]] if isinstance(opened["current"], list) else None
    logs = [_moves(game) for game in games or []]
    if not logs or any(log is None for log in logs):
        raise BadFile(_("The file's games are not lists of moves, each a seat and a key."))
    run: list[Move] = []
    redeals: list[Redeal] = []
    for number, log in enumerate(logs, 1):
        if number > 1:
            run.append((0, NEXT))
        redeals += [(len(run) + after, dealt) for n, after, dealt in _redeals(opened, 3) if n == number]
        run += log or []
    return run, redeals


def _moves(value: object) -> list[Move] | None:
    """``value`` when it is a list of moves, each ``[seat, key]``, else None."""
    pairs = _list_of(value, list)
    if pairs is None:
        return None
    moves = [(_typed(p[0], int), _typed(p[1], str)) if len(p) == 2 else (None, None) for p in pairs]
    if any(seat is None or key is None for seat, key in moves):
        return None
    return [(seat, key) for seat, key in moves if seat is not None and key is not None]


def _redeals(opened: dict[str, Any], size: int) -> list[list[int]]:
    """The sealed part's redeals, each ``size`` whole numbers (the last a seed); none in a file
    of version 1."""
    redeals = _list_of(opened.get("redeals", []), list)
    if redeals is None or any(
        len(r) != size or _list_of(r, int) is None or min(r) < 0 or r[-1] >= SEED_LIMIT for r in redeals
    ):
        raise _not_ours()
    return redeals


def _not_ours() -> BadFile:
    return BadFile(_("The file's sealed part is not one this site wrote."))


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


def bring_back(saved: Saved, owner: User, request: UUID | None = None) -> Campaign:
    """A new campaign or table of ``owner``'s from the file, or BadFile when its run does not
    replay; named as a copy when ``owner`` has one by its name already. The import form's
    ``request`` brings it back once, however often the form is posted."""
    try:
        campaign = store.create_replayed(
            owner,
            saved.game,
            unused_name(owner, saved.name),
            saved.seed,
            saved.log,
            saved.seats,
            level=saved.level,
            redeals=saved.redeals,
            request=request,
        )
    except (store.Refused, ValueError, KeyError) as exc:
        if store.shared(GAMES[saved.game]):
            reason = _("The campaign does not replay here. {reason}").format(reason=exc)
        else:
            reason = _("The table does not replay here. {reason}").format(reason=exc)
        ours = _content(saved.game)
        if saved.content and saved.content != ours:
            played_with = _("It was played with game content {theirs}; this site has {ours}.")
            reason = f"{reason} {played_with.format(theirs=saved.content, ours=ours)}"
        raise BadFile(reason) from exc
    if saved.chat and not ChatLine.objects.filter(campaign=campaign).exists():  # not brought back already
        ChatLine.objects.bulk_create(
            ChatLine(campaign=campaign, user=owner, text=text, created=at) for at, text in saved.chat
        )
    return campaign
