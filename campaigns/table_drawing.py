"""A table's board, drawn whole (a :class:`campaigns.drawing.Drawing`) in Jinja2
(templates/tables/table.jinja): the seats, the game's own board (templates/<game>/board.jinja
from its view), the short log and the series. The page (templates/tables/table.html) holds it
drawn.

What is shared by every seated game is here and in templates/tables/; each game draws its own
board from its view and layout.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from campaigns import jinja, store
from campaigns.access import Seat
from campaigns.drawing import CSRF_SLOT, KEPT
from campaigns.models import Campaign, GameAction
from campaigns.seats import ends
from campaigns.store import Board
from engine.seated import SeriesSession


def _context(board: Board, seat: Seat, notice: str = "") -> dict[str, Any]:
    """What the table shows the user at ``seat`` (its number None: watching)."""
    mine = seat.number
    rules, table, series = board.session, board.state.game, board.state.series
    assert isinstance(rules, SeriesSession)
    waiting, winners, totals, scores = set(table.waiting()), table.winners(), series.totals(), table.scores()
    shown, story = board.view(mine), rules.campaign(series.carried)
    finished = rules.finished(board.state)
    seats = [
        {
            "number": row.number,
            "name": row.name,
            "me": row.number == mine,
            "open": row.open,
            "waiting": row.number in waiting,
            "total": totals[row.number] if series.results and story is None else None,
            "score": scores[row.number],
            "won": row.number in winners,
            "shown": shown.seats[row.number],
        }
        for row in board.seats
    ]
    names = {row.number: row.name for row in board.seats}
    title = f"{board.campaign.name} · {board.campaign.get_game_display()}"
    me = next((s.user_id for s in board.seats if s.number == mine), None)
    return {
        "campaign": board.campaign,
        "act_url": reverse("act", args=[board.campaign.code]),
        "title": _("Your move") + f" · {title}" if mine in board.standing.waiting else title,
        "seat": seat,
        "board": board,
        "shown": shown,
        "me": seats[mine] if mine is not None else None,
        "over": table.over,
        "winners": len(winners),
        "winner_names": [s["name"] for s in seats if s["won"]],
        "unit": rules.unit,
        "finished": finished,
        "free": rules.games is not None and board.game_row.number > rules.games,
        "free_play": rules.free_play,
        "ends": {
            number: {"by": end.by or _("Seat {number}").format(number=end.seat + 1), "when": end.when}
            for number, end in ends(board.game_row).items()
        },
        "story": story,
        "mine": mine,
        "seats": seats,
        "waiting": [s["name"] for s in seats if s["waiting"]],
        "seat_names": [s["name"] for s in seats],
        "results": series.results,
        "version": board.campaign.version,
        "etag": seat.etag,
        "moment": rules.moment(board.state, mine) if mine is not None else "",
        "undo": board.undo_target(mine) if mine is not None else None,
        "notice": notice,
        "chat": [
            {"line": line, "removable": seat.owns or (me is not None and line.user_id == me)}
            for line in board.talk()
        ],
        "game_template": f"{board.campaign.game}/board.jinja",
        "event_template": f"{board.campaign.game}/event.jinja",
        "seat_template": f"{board.campaign.game}/seat.jinja",
        "log": [
            {**event, "who": concerned(event, action, names)}
            for action in reversed(board.log[-store.RECENT :])
            for event in reversed(action.events)
        ],
        "since": [
            {**event, "who": concerned(event, action, names)}
            for action in _since(board, mine)
            for event in action.events
        ],
    }


def _since(board: Board, mine: int | None) -> list[GameAction]:
    """The moves the others made since the seat's last one, oldest first, when the board read that
    far back."""
    recent = board.log[-store.RECENT :]
    last = max((n for n, row in enumerate(recent) if row.seat == mine), default=None)
    return [] if mine is None or last is None else recent[last + 1 :]


def concerned(event: dict[str, Any], row: GameAction, names: Mapping[int, str]) -> str:
    """Who a logged event concerns, by name: whoever made the move for the mover's own seat, else
    whoever sits at the seat it names (a mayor paid on another's roll); nobody for the table's own."""
    seat = event.get("seat")
    if seat is None:
        return ""
    if seat == row.seat and row.by:
        return row.by
    return names.get(seat) or _("Seat {number}").format(number=seat + 1)


class TableBoard:
    """Every table's board: an htmx answer is the whole ``#table`` fragment."""

    recent = store.RECENT
    whole = True

    def page(
        self,
        request: HttpRequest,
        board: Board,
        seat: Seat,
        *,
        notice: str = "",
        status: int = 200,
        hint: dict[str, Any] | None = None,
        confirm: dict[str, Any] | None = None,
        kept: bool = False,
    ) -> HttpResponse:
        """The table for ``seat``; ``kept``: its series' parts (the story read, the rules deck, the
        register) as empty elements the browser keeps its own copies for (``hx-preserve``)."""
        context = {**_context(board, seat, notice), "hint": hint, "confirm": confirm, "kept": kept}
        table = jinja.render("tables/table.jinja", {**context, "csrf_token": get_token(request)})
        if request.headers.get("HX-Request"):
            response = HttpResponse(table, status=status)
        else:
            page = {"campaign": board.campaign, "table": mark_safe(table), "title": context["title"]}
            response = render(request, "tables/table.html", page, status=status)
        response["ETag"] = seat.etag
        return response

    def seen(self, board: Board, seat: Seat) -> object:
        return _series_drawn(board)

    def moved(self, request: HttpRequest, board: Board, seat: Seat, seen: object) -> HttpResponse:
        return self.page(request, board, seat, kept=seen == _series_drawn(board))

    def told(self, request: HttpRequest, board: Board, seat: Seat, notice: str, status: int) -> HttpResponse:
        return self.page(request, board, seat, notice=notice, status=status)

    def asked(self, request: HttpRequest, board: Board, seat: Seat, key: str, reason: str) -> HttpResponse:
        return self.page(request, board, seat, confirm={"key": key, "reason": reason})

    def hinted(
        self, request: HttpRequest, board: Board, seat: Seat, hint: dict[str, Any], status: int
    ) -> HttpResponse:
        return self.page(request, board, seat, hint=hint, status=status)

    def replay(self, board: Board, seat: Seat) -> str:
        context = {**_context(board, seat), "replay": True, "undo": None, "csrf_token": ""}
        return jinja.render("tables/table.jinja", context)

    def live(self, seat: Seat) -> tuple[str, str]:
        """The #table fragment for everyone at ``seat``, drawn once per version and seat."""
        key = _live_key(seat)
        cached: tuple[str, str] | None = cache.get(key)
        if cached is not None:
            return cached
        board = store.load(Campaign.objects.get(pk=seat.campaign.pk), self.recent)
        fresh = seat.at(board.campaign)
        context = {**_context(board, fresh), "csrf_token": CSRF_SLOT}
        answer = (fresh.etag, jinja.render("tables/table.jinja", context))
        cache.set(_live_key(fresh), answer, KEPT)
        return answer

    def changes(self, seat: Seat) -> str | None:
        return None


def _series_drawn(board: Board) -> tuple[int, bool]:
    """What the series' parts of a table show changes with: its game, and that game's end (what
    the series carries changes only then)."""
    return board.game_row.pk, board.state.game.over


def _live_key(seat: Seat) -> str:
    """The live table's cache key: the campaign, its version, the seat, its name (a rename does not
    move the table on) and the active language."""
    campaign = seat.campaign
    name = hashlib.sha256(campaign.name.encode()).hexdigest()[:16]
    return f"live-table:{campaign.code}:{campaign.version}:{seat.role}:{seat.number}:{name}:{get_language()}"


TABLE = TableBoard()
