"""The Legacy of Yu board drawn as named regions (templates/campaigns/regions/), each cached per
version and seat and sent only when it changed.

The page, the live board and an action's answer all draw from :func:`rendered`: an action
compares the regions of the version the player saw with the new ones, so that only what changed
is sent. A fragment drawn once serves every viewer: their CSRF token and the out-of-band
attribute are slots filled per answer (:func:`fill`).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from functools import cached_property
from typing import Any, NamedTuple

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, ngettext

from campaigns import store
from campaigns.access import Seat
from campaigns.drawing import CSRF_SLOT, KEPT
from campaigns.jinja import render_region
from campaigns.models import GameAction
from campaigns.presenter import present
from engine.text import Msg
from engine.yu import Event

REGIONS: dict[str, tuple[str, ...] | None] = {
    "status": ("b.status", "b.view.round", "b.view.outcome", "game_row.number"),
    "threats": ("b.view.threats", "b.view.outcome"),
    "decision": None,
    "happened": None,
    "story": ("b.between", "b.reading", "b.this_game", "b.story.over", "b.story.game"),
    "hand": ("b.hand", "b.acting"),
    "row": ("b.row",),
    "river": ("b.river",),
    "trades": ("b.trades",),
    "settlement": ("b.settlement",),
    "rules": ("b.rules", "b.other"),
    "campaign": (
        "b.story.game",
        "b.story.wins",
        "b.story.losses",
        "b.story.victory_left",
        "b.story.defeat_left",
        "b.story.found",
        "b.story.difficulty",
        "b.difficulty",
    ),
    "supply": ("b.supply",),
    "news": ("b.whats_new",),
    "piles": ("b.view.piles",),
    "log": None,
}
"""The board's regions, each a template in templates/campaigns/regions/ with a stable id, and
what each shows besides the seat: a region whose inputs are as they were at the version
before is not rendered again. None: rendered every time (cheap, or drawn from the log)."""


class Region(NamedTuple):
    """A region as rendered: its inputs (as text, to compare; None when it has none to compare)
    and its HTML; the log's also keeps each line's, by what the line shows."""

    inputs: str | None
    html: str
    lines: tuple[tuple[tuple[int, int, bool], str], ...] = ()
    note: str = ""
    """The note under the log's lines (how many are not shown), swapped on its own."""
    frame: str = ""
    """The HTML with each of its parts as its id alone (empty when it has no parts)."""
    parts: tuple[tuple[str, str], ...] = ()
    """Its parts (a card, a building, a trade...), each an element with an id, by id: when only
    parts changed, only they are sent."""


Rendered = dict[str, Region]
"""A board's regions by name."""


LOG_LENGTH = 30


RECENT = LOG_LENGTH + 1
"""The log rows a board reads: those the log shows, and one to tell whether there are more."""


OOB_SLOT = "\x00oob\x00"


OOB = mark_safe(' hx-swap-oob="true"')


PART, PART_END = mark_safe("\x02"), mark_safe("\x03")
"""Around a part of a region in its template (``{{ part }}<li id="...">...</li>{{ part_end }}``);
drawn only where regions are compared, so that nothing else ever holds them."""
PARTS = re.compile("\x02(.*?)\x03", re.S)
ID = re.compile(r' id="([^"]+)"')


def board_context(board: store.Board, seat: Seat, confirm: dict[str, Any] | None = None) -> dict[str, Any]:
    """What the board's regions show; a watcher gets the same board with no action on it.
    ``confirm`` asks the player to confirm a dangerous action (its key and why)."""
    log = board.log[-LOG_LENGTH:]
    undone = {row.undoes for row in board.log if row.undoes}
    last = stored_events(board.log[-1].events) if board.log else []
    options = board.state.options() if seat.can_act else []
    risk = board.state.risk if seat.can_act else None
    return {
        "campaign": board.campaign,
        "seat": seat,
        "watching": not seat.can_act,
        "game_row": board.game_row,
        "b": present(board.state.game, options, board.state.view(), last, risk, _cause(board)),
        "confirm": confirm,
        "log": [LogEntry(row, row.seq in undone) for row in reversed(log)],
        "log_more": len(board.log) > LOG_LENGTH,
        "log_hidden": ngettext(
            "The game's first action is in the full log.",
            "The game's first %(n)d actions are in the full log.",
            log[0].seq - 1 if log else 0,
        )
        % {"n": log[0].seq - 1 if log else 0},
        "undo": board.undo_target(0) if seat.can_act else None,
        "dealt_anew": board.dealt_anew,
        "version": board.version,
    }


def stored_events(stored: list[dict[str, Any]]) -> list[Event]:
    """An action row's events: those stored before messages hold their English ``text``."""
    return [Event.from_json(row) for row in stored]


def _cause(board: store.Board) -> Msg | str:
    """What the player last did, not counting the items taken since: what opened the decision now waiting."""
    for row in reversed(store.effective(board.log)):
        if not row.key.startswith("pick"):
            headline: Msg | str = log_line(row.events)["headline"]
            return headline
    return ""


@dataclass
class LogEntry:
    """A row of the log as its line shows it; its events are read only when the line is drawn."""

    row: GameAction
    undone: bool

    @property
    def key(self) -> tuple[int, int, bool]:
        """What the line shows besides its row's events, which never change: its game and place
        in the game's log, and whether it was taken back."""
        return self.row.game_id, self.row.seq, self.undone

    @cached_property
    def line(self) -> dict[str, Any]:
        return log_line(self.row.events)

    @property
    def headline(self) -> Msg | str:
        headline: Msg | str = self.line["headline"]
        return headline

    @property
    def details(self) -> list[Event]:
        details: list[Event] = self.line["details"]
        return details


def log_line(stored: list[dict[str, Any]]) -> dict[str, Any]:
    """An action's log line: what was done first (not what was spent on it), then the rest."""
    events = stored_events(stored)
    first = next((i for i, e in enumerate(events) if e.kind != "spend"), 0)
    return {
        "headline": events[first].msg if events else "",
        "details": events[:first] + events[first + 1 :],
    }


def rendered(board: store.Board, seat: Seat, before: Rendered | None = None) -> Rendered:
    """The board's regions as this seat sees its version, rendered once and cached.

    The page, the live board and the next action's answer all come from here:
    an action compares the regions of the version the player saw (``before``)
    with the new ones, so that only what changed is sent, and a region whose
    inputs did not change is taken over rather than rendered again. The CSRF
    token and the out-of-band attribute are left as slots (see :func:`fill`).
    """
    key = regions_key(seat)
    regions: Rendered | None = cache.get(key)
    if regions is None:
        context = {
            **board_context(board, seat),
            "oob": OOB_SLOT,
            "csrf_token": CSRF_SLOT,
            "part": PART,
            "part_end": PART_END,
        }
        regions = {}
        for name, paths in REGIONS.items():
            if name == "log":
                regions[name] = _log(context, before["log"] if before is not None else None)
                continue
            inputs = None if paths is None else repr([_lookup(context, path) for path in paths])
            if before is not None and inputs is not None and before[name].inputs == inputs:
                regions[name] = before[name]
            else:
                regions[name] = _region(inputs, render_region(name, context))
        cache.set(key, regions, KEPT)
    return regions


def _region(inputs: str | None, drawn: str) -> Region:
    """A region as its template drew it, its parts marked (:data:`PART`) or none."""
    if PART not in drawn:
        return Region(inputs, drawn)
    parts: list[tuple[str, str]] = []

    def named(found: re.Match[str]) -> str:
        part = found.group(1)
        root = ID.search(part)
        if root is None:
            raise ValueError(f"A part of a region has no id: {part[:60]!r}")
        parts.append((root.group(1), part))
        return PART + root.group(1) + PART_END

    frame = PARTS.sub(named, drawn)
    return Region(inputs, drawn.replace(PART, "").replace(PART_END, ""), frame=frame, parts=tuple(parts))


def swaps(name: str, before: Region, now: Region) -> list[str]:
    """What changed in a region between two versions, as out-of-band swaps (slots left in): the
    region whole, or its parts that changed when nothing else did, or the log's new lines."""
    if before.html == now.html:
        return []
    if name == "log" and (lines := _new_lines(before, now)) is not None:
        return [lines]
    if now.frame and now.frame == before.frame:
        was = dict(before.parts)
        return [
            part.replace(' id="', OOB_SLOT + ' id="', 1) for key, part in now.parts if was.get(key) != part
        ]
    return [now.html]


def _log(context: dict[str, Any], before: Region | None) -> Region:
    """The log region, its lines taken over from ``before`` where they show the same."""
    drawn = dict(before.lines) if before is not None else {}
    lines = tuple(
        (entry.key, drawn.get(entry.key) or render_region("log_line", {**context, "entry": entry}))
        for entry in context["log"]
    )
    html = render_region("log", {**context, "lines": [mark_safe(line) for _, line in lines]})
    return Region(None, html, lines, render_region("log_more", {**context, "note_oob": OOB_SLOT}))


def _new_lines(before: Region, now: Region) -> str | None:
    """The log's change as out-of-band swaps: the new lines put on top, the oldest taken off, and
    the note under them if it changed; None when a line shown before changed (an undo took it back), or when
    the log was empty."""
    undone = {(game, seq): was for (game, seq, was), _ in now.lines}
    shown = [key for key, _ in before.lines]
    if not shown or not undone or shown[0][0] != now.lines[0][0][0]:
        return None  # the log was empty, or is now another game's
    if any(undone.get((game, seq), was) != was for game, seq, was in shown):
        return None
    newest = shown[0][1]
    added = "".join(html for (_, seq, _), html in now.lines if seq > newest)
    gone = "".join(
        f'<li id="log-{seq}" hx-swap-oob="delete"></li>'
        for game, seq, _ in shown
        if (game, seq) not in undone
    )
    note = now.note if now.note != before.note else ""
    return f'<ol hx-swap-oob="afterbegin:#log-lines">{added}</ol>{gone}{note}'


def _lookup(context: dict[str, Any], path: str) -> Any:
    """A dotted name's value in the templates' context, as a template looks it up."""
    value: Any = context
    for part in path.split("."):
        value = value[part] if isinstance(value, dict) else getattr(value, part)
    return value


def regions_key(seat: Seat, version: int | None = None) -> str:
    """The cache key of the seat's regions at its campaign's version (or at ``version``), in the
    active language."""
    version = seat.campaign.version if version is None else version
    return f"regions2:{seat.campaign.code}:{version}:{seat.role}:{get_language()}"


def fill(html: str, token: str, oob: bool = False) -> str:
    """A cached fragment for one answer: its CSRF token, and whether it swaps in out of band."""
    return html.replace(CSRF_SLOT, token).replace(OOB_SLOT, OOB if oob else "")


def shown(
    request: HttpRequest, board: store.Board, seat: Seat, confirm: dict[str, Any] | None = None
) -> dict[str, str]:
    """The regions as the page shows them; the decision asks to confirm an action when ``confirm`` says so."""
    token = get_token(request)
    shown: dict[str, str] = {
        name: mark_safe(fill(region.html, token)) for name, region in rendered(board, seat).items()
    }
    if confirm is not None:
        context = {**board_context(board, seat, confirm=confirm), "csrf_token": token}
        shown["decision"] = mark_safe(render_region("decision", context))
    return shown


def shell(seat: Seat, notice: str = "") -> dict[str, Any]:
    """What the board's frame around its regions shows, at the version of the seat's campaign row."""
    return {
        "campaign": seat.campaign,
        "seat": seat,
        "watching": not seat.can_act,
        "version": seat.campaign.version,
        "notice": notice,
    }


def load(seat: Seat) -> tuple[store.Board, Seat]:
    """The board as it stands now, and the seat at it: the campaign row as read with the board."""
    board = store.load(seat.campaign, RECENT)
    return board, Seat(board.campaign, seat.role)


def live_board(seat: Seat) -> tuple[str, str]:
    """The #board fragment for every viewer in this seat, assembled once per version.

    When the board moves, every open board fetches it: the engine and the
    templates then work once per version and role (per process, with the
    default cache), not once per viewer. The fragment is the same for them all
    but for the form's CSRF token, put in per request.
    """
    cached: tuple[str, str] | None = cache.get(_live_key(seat))
    if cached is not None:
        return cached
    board, fresh = load(seat)  # the board may have moved on again since the poll read it
    drawn = {name: mark_safe(fill(region.html, CSRF_SLOT)) for name, region in rendered(board, fresh).items()}
    context = {**shell(fresh), "regions": drawn, "board_oob": True, "csrf_token": CSRF_SLOT}
    answer = (fresh.etag, render_to_string("campaigns/board.html#board", context))
    cache.set(_live_key(fresh), answer, KEPT)
    return answer


def live_changes(seat: Seat) -> str | None:
    """What moved on the board at the seat's version since the version before, as out-of-band
    swaps for the open boards that show that one (the CSRF token left as a slot); None when
    this process has not drawn both."""
    campaign = seat.campaign
    now: Rendered | None = cache.get(regions_key(seat))
    before: Rendered | None = cache.get(regions_key(seat, campaign.version - 1))
    if now is None or before is None:
        return None
    changed = [
        fill(swap, CSRF_SLOT, oob=True) for name, r in now.items() for swap in swaps(name, before[name], r)
    ]
    context = {**shell(seat), "oob": OOB}
    frame = (render_to_string(f"campaigns/board.html#{name}", context) for name in ("version", "live"))
    return "".join(changed) + "".join(frame)


def _live_key(seat: Seat) -> str:
    """The board fragment's cache key: the campaign, its version, the role, and its name (a rename
    does not move the board on), in the active language."""
    campaign = seat.campaign
    name = hashlib.sha256(campaign.name.encode()).hexdigest()[:16]
    return f"live-board:{campaign.code}:{campaign.version}:{seat.role}:{name}:{get_language()}"


class YuBoard:
    """Legacy of Yu's board for :mod:`campaigns.play` (a :class:`campaigns.drawing.Drawing`): an
    htmx answer carries the regions that changed, out of band, with the version and the notice."""

    recent = RECENT
    whole = False

    def page(
        self,
        request: HttpRequest,
        board: store.Board,
        seat: Seat,
        *,
        notice: str = "",
        status: int = 200,
        hint: dict[str, Any] | None = None,
        confirm: dict[str, Any] | None = None,
    ) -> HttpResponse:
        context = {**shell(seat, notice), "regions": shown(request, board, seat, confirm), "hint": hint}
        if request.headers.get("HX-Request"):
            return render(
                request, "campaigns/board.html#board", {**context, "board_oob": True}, status=status
            )
        return render(request, "campaigns/board.html", context, status=status)

    def seen(self, board: store.Board, seat: Seat) -> Rendered:
        return rendered(board, seat)

    def moved(self, request: HttpRequest, board: store.Board, seat: Seat, seen: object) -> HttpResponse:
        before = seen if isinstance(seen, dict) else None
        token = get_token(request)
        now = rendered(board, seat, before=before)
        changed = (
            [region.html for region in now.values()]
            if before is None
            else [swap for name, region in now.items() for swap in swaps(name, before[name], region)]
        )
        return HttpResponse(
            "".join(fill(html, token, oob=True) for html in changed) + _fresh(seat, live=True)
        )

    def told(
        self, request: HttpRequest, board: store.Board, seat: Seat, notice: str, status: int
    ) -> HttpResponse:
        if request.headers.get("HX-Request"):
            return HttpResponse(_fresh(seat, notice), status=status)
        return self.page(request, board, seat, notice=notice, status=status)

    def asked(
        self, request: HttpRequest, board: store.Board, seat: Seat, key: str, reason: str
    ) -> HttpResponse:
        confirm = {"key": key, "reason": reason}
        if not request.headers.get("HX-Request"):
            return self.page(request, board, seat, confirm=confirm)
        context = {
            **board_context(board, seat, confirm=confirm),
            "oob": OOB,
            "csrf_token": get_token(request),
        }
        return HttpResponse(render_region("decision", context) + _fresh(seat))

    def hinted(
        self, request: HttpRequest, board: store.Board, seat: Seat, hint: dict[str, Any], status: int
    ) -> HttpResponse:
        if not request.headers.get("HX-Request"):
            return self.page(request, board, seat, hint=hint, status=status)
        context = {**shell(seat), "hint": hint, "csrf_token": get_token(request)}
        return render(request, "campaigns/board.html#hint", context, status=status)

    def live(self, seat: Seat) -> tuple[str, str]:
        return live_board(seat)

    def changes(self, seat: Seat) -> str | None:
        return live_changes(seat)

    def replay(self, board: store.Board, seat: Seat) -> str:
        context = {**board_context(board, seat), "oob": "", "csrf_token": ""}
        regions = {
            name: mark_safe(_log(context, None).html if name == "log" else render_region(name, context))
            for name in REGIONS
        }
        return render_to_string("records/yu_replay.html", {"regions": regions})


def _fresh(seat: Seat, notice: str = "", live: bool = False) -> str:
    """The version input and the notice, swapped with every answer; after a change, the live poll
    and the hint too, so that the poll does not fetch the board the answer brought."""
    context = {**shell(seat, notice), "oob": OOB}
    names = ("version", "notice", "live", "hint") if live else ("version", "notice")
    return "".join(render_to_string(f"campaigns/board.html#{name}", context) for name in names)


BOARD = YuBoard()
