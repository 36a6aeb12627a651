"""Playing any game: its board page, a move (an undo and the next game are moves too), the live
board and a hint. The same views for every game; how the board is drawn is the game's
:class:`campaigns.drawing.Drawing`."""

from __future__ import annotations

import json
import math
from datetime import timedelta
from uuid import UUID

from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.db.models import F
from django.http import Http404, HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import redirect
from django.utils.cache import get_conditional_response
from django.utils.translation import gettext, gettext_lazy, ngettext
from django.views.decorators.http import require_POST, require_safe

from campaigns import presence, seats, store
from campaigns.access import Seat, board_for, campaign_for
from campaigns.accounts.throttle import locked_out, throttled
from campaigns.boards import LOG_ROWS, drawing_of
from campaigns.drawing import CSRF_SLOT, Drawing
from campaigns.forms import ActionForm, VersionForm
from campaigns.models import Game, GameAction
from campaigns.reader import said
from campaigns.sharing.models import Role
from campaigns.views import explained, gone
from engine.seated import NEXT_GAME
from engine.session import Advice
from engine.text import Msg

STALE = gettext_lazy("The board had changed since you saw it (another window?). Here it is as it stands now.")
FRIEND_FIRST = gettext_lazy("Your friend moved first; here is the board now.")
FRIEND_NAMED = gettext_lazy("Your friend {name} moved first; here is the board now.")
OTHER_WINDOW = gettext_lazy(
    "You had already moved, in another window or with an earlier click; here is the board now."
)
RESET = gettext_lazy(
    "The owner started the campaign over; your move was not made. Here is the new first game."
)
STALE_HINT = gettext_lazy(
    "The board had changed since you saw it (another window?): ask again on the board as it stands now."
)
WATCHING = gettext_lazy("You are watching: only the players make moves.")
MOVED = "board:moved"
"""The event an accepted move's answer raises in the browser, with its key and the new version."""
FIELDS = ("id", "code", "name", "version", "game")
"""The campaign's columns the live board reads."""


@login_required
@explained
@require_safe
def board(request: HttpRequest, code: UUID) -> HttpResponse:
    board, seat = board_for(request, code, recent=LOG_ROWS)
    user = request.user
    away = any(s.number == seat.number and s.stand_in for s in board.seats)
    if away and isinstance(user, User) and seats.come_back(board.campaign, user):  # the bot stops for them
        board, seat = board_for(request, code, recent=LOG_ROWS)
    return drawing_of(board.campaign).page(request, board, seat)


@login_required
@require_safe
def table(request: HttpRequest, code: UUID) -> HttpResponse:
    """A table's page at the address it had before every game shared one."""
    return redirect("board", code=code, permanent=True)


@require_safe
def live(request: HttpRequest, code: UUID) -> HttpResponse:
    """What an open board polls every second: 304 and no body while the board (and what this user
    may do with it) is unchanged, else the fresh board.

    Unchanged costs three indexed reads (the session, the user, the campaign's version with the
    user's role and seat) and no engine work; at a table's seat, every 20 seconds, one write too,
    that the board is open (:mod:`campaigns.presence`). A board that is gone for this user (deleted, or its
    owner removed them) reloads the page, which then says why; so does a logged-out one.
    """
    if not request.user.is_authenticated:
        return HttpResponse(status=401, headers={"HX-Refresh": "true"})
    try:
        seat = campaign_for(request, code, fields=FIELDS)
    except (Http404, store.Gone):
        return HttpResponse(status=404, headers={"HX-Refresh": "true"})
    if seat.campaign.is_table and seat.number is not None:  # a player there may be sent notes
        presence.seen(request.user.pk, seat.campaign.pk)
    unchanged = get_conditional_response(request, etag=seat.etag)
    if unchanged is not None:
        return unchanged
    try:
        etag, html = drawing_of(seat.campaign).live(seat)
    except store.Gone:  # deleted since its version was read
        return HttpResponse(status=404, headers={"HX-Refresh": "true"})
    except store.Unreadable:
        return HttpResponse(status=409, headers={"HX-Refresh": "true"})
    return HttpResponse(html.replace(CSRF_SLOT, get_token(request)), headers={"ETag": etag})


@require_POST
def closed(request: HttpRequest, code: UUID) -> HttpResponse:
    """The player's browser left their table's page (:mod:`campaigns.presence`): 204."""
    if not isinstance(request.user, User):
        return HttpResponse(status=401)
    presence.closed(request.user.pk, code)
    return HttpResponse(status=204)


@login_required
@explained
@require_POST
def act(request: HttpRequest, code: UUID) -> HttpResponse:
    """Make one move (an undo, the next game) for the version of the board the player saw."""
    board, seat = board_for(request, code, recent=LOG_ROWS)
    drawing = drawing_of(board.campaign)
    user = request.user
    assert isinstance(user, User)
    form = ActionForm(request.POST)
    if not form.is_valid():
        return drawing.told(request, board, seat, gettext("That was not an action."), 400)
    data = form.cleaned_data
    key, version = form.move(), data["version"]
    number = seat.number if seat.plays else None
    if number is None and key == NEXT_GAME.key and seat.owns:
        number = 0  # the owner deals the next game for a table of bots and friends
    if number is None:
        return drawing.told(request, board, seat, str(WATCHING), 403)
    if data["seat"] is not None and data["seat"] != number:
        why = gettext("That move is for seat {number}, and you sit at seat {mine}.")
        return drawing.told(request, board, seat, why.format(number=data["seat"] + 1, mine=number + 1), 403)
    action = None
    if key != store.UNDO:
        try:
            action = board.session.parse(key)
        except ValueError as exc:
            return drawing.told(request, board, seat, said(store.reason(exc)), 400)
        asking = not data["confirm"] and version == board.version
        if asking and (warning := _warning(board, number, action)) is not None:
            return drawing.asked(request, board, seat, key, said(warning))
    htmx = bool(request.headers.get("HX-Request"))
    seen = drawing.seen(board, seat) if htmx and version == board.version else None
    by = user.get_username()
    try:
        if action is None:
            board = store.undo(board, number, version, by)
        else:
            board = store.act(board, number, action, version, by, data["moment"] or None)
    except store.Stale:
        return _lost_race(request, drawing, seat, user, data["run"] or board.campaign.run)
    except store.Gone:
        return gone(request, board.campaign, status=409)
    except store.Refused as exc:
        return drawing.told(request, board, seat, said(exc.msg), 400)
    if not htmx:
        return redirect(board.campaign)
    response = drawing.moved(request, board, seat.at(board.campaign), seen)
    response["HX-Trigger"] = json.dumps({MOVED: {"key": key, "version": board.version}})
    return response


def _warning(board: store.Board, seat: int, action: object) -> Msg | None:
    """Why the game calls ``action`` a mistake for ``seat`` (ask before making it), or None."""
    advice = board.session
    return advice.warning(board.state, seat, action) if isinstance(advice, Advice) else None


def _lost_race(request: HttpRequest, drawing: Drawing, seat: Seat, user: User, run: int) -> HttpResponse:
    """409 and the board as it stands now, saying who moved it since the player saw it (in ``run``):
    the owner's reset, else whoever made the newest move a person made."""
    try:
        board = store.load(seat.campaign, drawing.recent)
    except store.Gone:
        return gone(request, seat.campaign, status=409)
    campaign = board.campaign
    now = Seat(campaign, seat.role, board.seat_of(user))
    people = GameAction.objects.filter(game__campaign=campaign, game__run=campaign.run).exclude(by="")
    if board.seats:
        people = people.filter(seat__in=[s.number for s in board.seats if s.user_id is not None])
    newest = people.order_by("-pk").first()
    if campaign.run != run:
        notice = str(RESET)
    elif newest is not None and newest.by == user.get_username():
        notice = str(OTHER_WINDOW)
    elif newest is not None:
        notice = str(FRIEND_NAMED).format(name=newest.by)
    elif not seat.owns or campaign.memberships.inside().filter(role=Role.PLAY).exists():
        notice = str(FRIEND_FIRST)  # someone else may move at this campaign
    else:
        notice = str(STALE)
    return drawing.page(request, board, now, notice=notice, status=409)


def _hints_throttled(request: HttpRequest, code: UUID, *, wait: timedelta) -> HttpResponse:
    """Too many hints asked from one address: for htmx, why in the hint's place; else the page that
    says how long to wait."""
    if not request.headers.get("HX-Request"):
        return locked_out(request, wait=wait)
    seconds = max(1, math.ceil(wait.total_seconds()))
    why = ngettext(
        "Too many hints in a minute: ask again in {n} second.",
        "Too many hints in a minute: ask again in {n} seconds.",
        seconds,
    ).format(n=seconds)
    board, seat = board_for(request, code, recent=LOG_ROWS)
    response = drawing_of(board.campaign).hinted(request, board, seat, {"refused": why}, 429)
    response["Retry-After"] = str(seconds)
    return response


@login_required
@throttled("hint", "60/m", refusal=_hints_throttled)
@explained
@require_POST
def hint(request: HttpRequest, code: UUID) -> HttpResponse:
    """What the game's best bot would do now at the user's seat, worked out from what that seat
    sees. Each hint is counted with the game."""
    board, seat = board_for(request, code, recent=LOG_ROWS)
    drawing = drawing_of(board.campaign)
    form = VersionForm(request.POST)
    advice = board.session

    def refused(why: str, status: int = 400) -> HttpResponse:
        return drawing.hinted(request, board, seat, {"refused": why}, status)

    if not seat.plays or seat.number is None:
        return refused(gettext("You are watching: hints are for the players."), 403)
    if not form.is_valid():
        return refused(gettext("That was not a request for a hint."))
    if form.cleaned_data["version"] != board.version and not drawing.whole:
        return refused(str(STALE_HINT), 409)
    if not isinstance(advice, Advice):
        return refused(gettext("This game gives no hints."))
    hint = advice.hint(board.state, seat.number)
    if isinstance(hint, Msg):
        return refused(said(hint))
    Game.objects.filter(pk=board.game_row.pk).update(hints=F("hints") + 1)
    moves = [
        {"key": m.action.key, "label": said(m.why) if m.why else m.action.key, "chance": m.chance}
        for m in hint.moves
    ]
    return drawing.hinted(request, board, seat, {"moves": moves, "notes": [said(n) for n in hint.notes]}, 200)
