"""The pages of a table: its board, a move, the live board, the next game of the series.

What is shared by every seated game is here and in templates/tables/; each game
draws its own board in templates/<game>/board.html from its view and layout.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.cache import get_conditional_response
from django.views.decorators.http import require_GET, require_POST

from campaigns import store, tables
from campaigns.forms import TableActionForm, TableForm
from campaigns.models import YU, Campaign, TableSeat
from campaigns.sharing import Seat, campaign_for
from campaigns.tables import TableBoard

NOT_SEATED = "You are watching this table: only the players in its seats place numbers."
STALE = "The table had moved on since you saw it. Here it is as it stands now."


def _user(request: HttpRequest) -> User | None:
    return request.user if isinstance(request.user, User) else None


def _table_seat(request: HttpRequest, code: UUID, fields: tuple[str, ...] = ()) -> Seat:
    seat = campaign_for(request, code, "view", fields)
    if seat.campaign.game == YU:
        raise PermissionDenied("This is a campaign of Legacy of Yu, not a table.")
    return seat


def _context(request: HttpRequest, board: TableBoard, seat: Seat, notice: str = "") -> dict[str, Any]:
    mine = board.seat_of(_user(request))
    table, series = board.table, board.series
    waiting, winners, totals = set(table.waiting()), table.winners(), series.totals()
    shown = board.view(mine)
    seats = [
        {
            "number": row.number,
            "name": _name(row),
            "me": row.number == mine,
            "open": row.open,
            "waiting": row.number in waiting,
            "total": totals[row.number] if series.results else None,
            "won": row.number in winners,
            "shown": shown.seats[row.number],
        }
        for row in board.seats
    ]
    return {
        "campaign": board.campaign,
        "seat": seat,
        "board": board,
        "shown": shown,
        "me": seats[mine] if mine is not None else None,
        "over": table.over,
        "best": max(table.scores()),
        "winners": len(winners),
        "mine": mine,
        "seats": seats,
        "waiting": [s["name"] for s in seats if s["waiting"]],
        "results": series.results,
        "version": board.campaign.version,
        "etag": _etag(board.campaign.version, mine),
        "moment": board.rules.moment(table, mine) if mine is not None else "",
        "notice": notice,
        "game_template": f"{board.campaign.game}/board.html",
    }


def _name(row: TableSeat) -> str:
    if row.user is not None:
        return row.user.get_username()
    return f"{row.bot.capitalize()} bot {row.number + 1}" if row.bot else f"Open seat {row.number + 1}"


def _page(
    request: HttpRequest, board: TableBoard, seat: Seat, notice: str = "", status: int = 200
) -> HttpResponse:
    context = _context(request, board, seat, notice)
    template = "tables/table.html#table" if request.headers.get("HX-Request") else "tables/table.html"
    response = render(request, template, context, status=status)
    response["ETag"] = context["etag"]
    return response


def _etag(version: int, mine: int | None) -> str:
    return f'"t{version}.{"w" if mine is None else mine}"'


@login_required
@require_GET
def table(request: HttpRequest, code: UUID) -> HttpResponse:
    seat = _table_seat(request, code)
    return _page(request, tables.load(seat.campaign), seat)


@require_GET
def live(request: HttpRequest, code: UUID) -> HttpResponse:
    """What an open table polls every second: 304 while nothing moved for this user, else the table."""
    if not request.user.is_authenticated:
        return HttpResponse(status=401, headers={"HX-Refresh": "true"})
    seat = _table_seat(request, code, fields=("id", "code", "name", "version", "game"))
    mine = seat.campaign.seats.filter(user_id=request.user.pk).values_list("number", flat=True).first()
    unchanged = get_conditional_response(request, etag=_etag(seat.campaign.version, mine))
    if unchanged is not None:
        return unchanged
    campaign = Campaign.objects.get(pk=seat.campaign.pk)
    return _page(request, tables.load(campaign), Seat(campaign, seat.role))


@login_required
@require_POST
def act(request: HttpRequest, code: UUID) -> HttpResponse:
    seat = _table_seat(request, code)
    board = tables.load(seat.campaign)
    mine = board.seat_of(_user(request))
    if mine is None:
        return _page(request, board, seat, NOT_SEATED, status=403)
    form = TableActionForm(request.POST)
    if not form.is_valid():
        return _page(request, board, seat, "That was not a move.", status=400)
    try:
        data = form.cleaned_data
        tables.act(board.campaign, mine, data["key"], data["version"], data["moment"] or None)
    except store.Stale:
        return _fresh(request, seat, STALE, 409)
    except store.Refused as exc:
        return _page(request, board, seat, str(exc), status=400)
    return _fresh(request, seat) if request.headers.get("HX-Request") else redirect(board.campaign)


@login_required
@require_POST
def next_game(request: HttpRequest, code: UUID) -> HttpResponse:
    seat = _table_seat(request, code)
    board = tables.load(seat.campaign)
    if board.seat_of(_user(request)) is None and not seat.owns:
        return _page(request, board, seat, NOT_SEATED, status=403)
    form = TableActionForm({"key": "next", "version": request.POST.get("version")})
    if not form.is_valid():
        return _page(request, board, seat, "That was not a request for the next game.", status=400)
    try:
        tables.next_game(board.campaign, form.cleaned_data["version"])
    except store.Stale:
        return _fresh(request, seat, STALE, 409)
    except store.Refused as exc:
        return _page(request, board, seat, str(exc), status=400)
    return _fresh(request, seat) if request.headers.get("HX-Request") else redirect(board.campaign)


def _fresh(request: HttpRequest, seat: Seat, notice: str = "", status: int = 200) -> HttpResponse:
    campaign = Campaign.objects.get(pk=seat.campaign.pk)
    return _page(request, tables.load(campaign), Seat(campaign, seat.role), notice, status)


@login_required
@require_POST
def create(request: HttpRequest) -> HttpResponse:
    from campaigns.views import _home

    form = TableForm(request.POST)
    user = _user(request)
    if not form.is_valid() or user is None:
        return _home(request, table_form=form, status=400)
    data = form.cleaned_data
    campaign = tables.create_table(user, data["game"], data["name"], form.seats(), request=data["request"])
    return redirect(campaign)
