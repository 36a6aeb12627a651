"""The pages of a table: its board, a move, the live board, the next game of the series.

What is shared by every seated game is here and in templates/tables/; each game
draws its own board in templates/<game>/board.html from its view and layout.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from uuid import UUID

from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db.models import F
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.cache import get_conditional_response
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django.views.decorators.http import require_GET, require_POST

from campaigns import store, views
from campaigns.access import Seat, campaign_for
from campaigns.accounts.throttle import throttled
from campaigns.forms import TableActionForm, TableForm, VersionForm
from campaigns.models import Campaign, Game, TableSeat
from campaigns.reader import said
from campaigns.regions import CSRF_SLOT
from campaigns.seats import ends, seat_number
from campaigns.store import Board
from campaigns.views import FRIEND_NAMED, OTHER_WINDOW, _home, explained
from engine.seated import NEXT_GAME, SeriesSession
from engine.session import Advice, Move
from engine.text import Msg

STALE = gettext_noop("The table had moved on since you saw it. Here it is as it stands now.")


class Mistake(Exception):
    """A move the game calls a mistake, not yet confirmed: nothing was written."""

    def __init__(self, key: str, reason: str) -> None:
        super().__init__(reason)
        self.key, self.reason = key, reason


def warn(board: Board, seat: int, action: Move) -> None:
    """Raise :class:`Mistake` when the game calls ``action`` a mistake for ``seat``."""
    advice = board.session
    if isinstance(advice, Advice) and (mistake := advice.warning(board.state, seat, action)) is not None:
        raise Mistake(action.key, said(mistake))


class NotSeated(store.Refused):
    """The move was made by someone who does not sit at its seat."""


def _user(request: HttpRequest) -> User | None:
    return request.user if isinstance(request.user, User) else None


def _table_seat(request: HttpRequest, code: UUID, fields: tuple[str, ...] = ()) -> Seat:
    seat = campaign_for(request, code, "view", fields)
    if not seat.campaign.is_table:
        raise PermissionDenied(_("This is a campaign of Legacy of Yu, not a table."))
    return seat


def _context(board: Board, seat: Seat, mine: int | None, notice: str = "") -> dict[str, Any]:
    """What the table shows the user at seat ``mine`` (None: watching) in the campaign ``seat``."""
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
    return {
        "campaign": board.campaign,
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
            for number, end in ends(board.campaign).items()
        },
        "story": story,
        "mine": mine,
        "seats": seats,
        "waiting": [s["name"] for s in seats if s["waiting"]],
        "seat_names": [s["name"] for s in seats],
        "results": series.results,
        "version": board.campaign.version,
        "etag": etag(board.campaign.version, mine, seat.role),
        "moment": rules.moment(board.state, mine) if mine is not None else "",
        "undo": board.undo_target(mine) if mine is not None else None,
        "notice": notice,
        "game_template": f"{board.campaign.game}/board.html",
        "event_template": f"{board.campaign.game}/event.html",
        "seat_template": f"{board.campaign.game}/seat.html",
        "log": [
            {
                **event,
                "who": action.by or _("Seat {number}").format(number=event["seat"] + 1)
                if event.get("seat") is not None
                else "",
            }
            for action in reversed(board.log[-store.RECENT :])
            for event in reversed(action.events)
        ],
    }


def _page(
    request: HttpRequest,
    board: Board,
    seat: Seat,
    notice: str = "",
    status: int = 200,
    hint: dict[str, Any] | None = None,
    confirm: dict[str, str] | None = None,
) -> HttpResponse:
    context = {
        **_context(board, seat, board.seat_of(_user(request)), notice),
        "hint": hint,
        "confirm": confirm,
    }
    template = "tables/table.html#table" if request.headers.get("HX-Request") else "tables/table.html"
    response = render(request, template, context, status=status)
    response["ETag"] = context["etag"]
    return response


def etag(version: int, mine: int | None, role: str) -> str:
    """What the live table compares: the version, and where the user sits (seat and role)."""
    return f'"t{version}.{"w" if mine is None else mine}.{role}"'


def live_table(board: Board, seat: Seat, mine: int | None) -> tuple[str, str]:
    """The #table fragment for everyone at seat ``mine`` in the role ``seat``, and its ETag; the
    form's CSRF token left as a slot (one drawing serves all its viewers)."""
    context = {**_context(board, seat, mine), "csrf_token": CSRF_SLOT}
    return context["etag"], render_to_string("tables/table.html#table", context)


@login_required
@explained
@require_GET
def table(request: HttpRequest, code: UUID) -> HttpResponse:
    seat = _table_seat(request, code)
    return _page(request, store.load(seat.campaign), seat)


@explained
@require_GET
def live(request: HttpRequest, code: UUID) -> HttpResponse:
    """What an open table polls every second: 304 while nothing moved for this user, else the table."""
    if not request.user.is_authenticated:
        return HttpResponse(status=401, headers={"HX-Refresh": "true"})
    seat = _table_seat(request, code, fields=("id", "code", "name", "version", "game"))
    mine = seat_number(seat.campaign, _user(request))
    unchanged = get_conditional_response(request, etag=etag(seat.campaign.version, mine, seat.role))
    return unchanged or _fresh(request, seat)


@login_required
@explained
@require_POST
def act(request: HttpRequest, code: UUID) -> HttpResponse:
    seat = _table_seat(request, code)
    user = _user(request)
    form = TableActionForm(request.POST)
    if user is None or not form.is_valid():
        return _fresh(request, seat, _("That was not a move."), 400)
    data = form.cleaned_data

    def move() -> Board:
        board = store.load(seat.campaign)
        mine = board.seat_of(user)
        if mine is None:
            raise NotSeated(_("You are watching this table: only the players in its seats make moves."))
        if data["seat"] is not None and data["seat"] != mine:
            raise NotSeated(
                _("That move is for seat {number}, and you sit at seat {mine}.").format(
                    number=data["seat"] + 1, mine=mine + 1
                )
            )
        if form.move() == store.UNDO:
            return store.undo(board, mine, data["version"], user.get_username())
        try:
            action = board.session.parse(form.move())
        except ValueError as exc:
            raise store.Refused(store.reason(exc)) from exc
        if not data["confirm"] and data["version"] == board.version:
            warn(board, mine, action)
        return store.act(board, mine, action, data["version"], user.get_username(), data["moment"] or None)

    try:
        return _answer(request, seat, move)
    except Mistake as exc:
        board = store.load(seat.campaign)
        return _page(request, board, seat, confirm={"key": exc.key, "reason": exc.reason})


@login_required
@explained
@require_POST
def next_game(request: HttpRequest, code: UUID) -> HttpResponse:
    seat = _table_seat(request, code)
    form = VersionForm(request.POST)
    user = _user(request)
    mine = seat_number(seat.campaign, user)
    if mine is None and not seat.owns:
        return _fresh(
            request, seat, _("Only the players in its seats and its owner deal the next game."), 403
        )
    if not form.is_valid():
        return _fresh(request, seat, _("That was not a request for the next game."), 400)
    by = user.get_username() if user else ""

    def deal() -> Board:
        return store.act(store.load(seat.campaign), mine or 0, NEXT_GAME, form.cleaned_data["version"], by)

    return _answer(request, seat, deal)


@login_required
@explained
@require_POST
def hint(request: HttpRequest, code: UUID) -> HttpResponse:
    """What the game's best bot would do now at the user's seat, from what that seat sees; a
    campaign of Legacy of Yu has its own board around the same advice. Each hint is counted with
    the game."""
    seat = campaign_for(request, code, "view")
    if not seat.campaign.is_table:
        return views.hint(request, code)
    return _table_hint(request, seat)


@throttled("hint", "60/m")
def _table_hint(request: HttpRequest, seat: Seat) -> HttpResponse:
    """The hint for the table as it stands now, drawn with it: a page behind the others' moves
    gets the hint and the table it is for."""
    board = store.load(seat.campaign)
    mine = board.seat_of(_user(request))
    session = board.session
    if mine is None:
        refused = _("You are watching this table: hints are for the players in its seats.")
        return _page(request, board, seat, status=403, hint={"refused": refused})
    if not isinstance(session, Advice):
        return _page(request, board, seat, status=400, hint={"refused": _("This game gives no hints.")})
    advice = session.hint(board.state, mine)
    if isinstance(advice, Msg):
        return _page(request, board, seat, status=400, hint={"refused": said(advice)})
    Game.objects.filter(pk=board.game_row.pk).update(hints=F("hints") + 1)
    moves = [{"key": m.action.key, "label": said(m.why) if m.why else m.action.key} for m in advice.moves]
    return _page(request, board, seat, hint={"moves": moves, "notes": [said(n) for n in advice.notes]})


def _answer(request: HttpRequest, seat: Seat, write: Callable[[], Board]) -> HttpResponse:
    """Write, then the table as it stands: with why, when the write was refused or came too late."""
    try:
        board = write()
    except NotSeated as exc:
        return _fresh(request, seat, said(exc.msg), 403)
    except store.Stale:
        return _fresh(request, seat, _lost_to(seat.campaign, _user(request)), 409)
    except store.Refused as exc:
        return _fresh(request, seat, said(exc.msg), 400)
    if not request.headers.get("HX-Request"):
        return redirect(seat.campaign)
    return _page(request, board, Seat(board.campaign, seat.role))


def _lost_to(table: Campaign, user: User | None) -> str:
    """Who moved the table on since the player saw it: the newest move from a seat a person holds
    in its current game, the player's own (from another window) or a friend's, by name."""
    people = TableSeat.objects.filter(campaign=table, user__isnull=False).values("number")
    game = table.games.order_by("-number").first()
    newest = game.actions.filter(seat__in=people).order_by("-seq").first() if game else None
    if newest is None:
        return _(STALE)
    if newest.seat == seat_number(table, user):
        return str(OTHER_WINDOW)
    return str(FRIEND_NAMED).format(name=newest.by)


def _fresh(request: HttpRequest, seat: Seat, notice: str = "", status: int = 200) -> HttpResponse:
    campaign = Campaign.objects.get(pk=seat.campaign.pk)
    return _page(request, store.load(campaign), Seat(campaign, seat.role), notice, status)


@login_required
@require_POST
def create(request: HttpRequest) -> HttpResponse:
    form = TableForm(request.POST)
    user = _user(request)
    if not form.is_valid() or user is None:
        return _home(request, table_form=form, status=400)
    data = form.cleaned_data
    return redirect(store.create(user, data["game"], data["name"], form.seats(), request=data["request"]))
