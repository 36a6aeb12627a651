"""Open boards kept live by server-sent events: ``GET /c/<code>/events/``.

An open board listens here (static/js/stream.js) and polls ``live`` only while
this stream is down. The stream checks the user and their seat once, when it
opens, then waits without a database connection (:mod:`campaigns.hub`). When a
campaign's board moves on, all of its boards in this process are brought up to
date together: one read of the campaign and its members' roles, the board
drawn once per seat (the game's :class:`campaigns.drawing.Drawing`), and each viewer sent it with
their own CSRF token. A viewer who lost their seat, or whose campaign was
deleted, is told to reload: the page then says why. A stream refused at the
start (logged out, a stranger) makes the browser give up on it, and the poll
that takes over reloads the page.

Under a WSGI server (``runserver``, the test live server) there is no event
loop to wait in: the view answers 204, which stops the browser's EventSource,
and the board polls as before.
"""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass
from uuid import UUID
from weakref import WeakKeyDictionary

from asgiref.sync import sync_to_async
from django.contrib.auth.models import User
from django.core.handlers.asgi import ASGIRequest
from django.db import close_old_connections, connections
from django.http import Http404, HttpRequest, HttpResponse, StreamingHttpResponse
from django.http.response import HttpResponseBase
from django.middleware.csrf import get_token
from django.utils import translation
from django.views.decorators.http import require_GET

from campaigns import presence, store
from campaigns.access import OWN, Seat, campaign_for
from campaigns.boards import drawing_of
from campaigns.drawing import CSRF_SLOT
from campaigns.hub import Hub, Pieces, Watcher
from campaigns.models import Campaign, TableSeat
from campaigns.sharing.models import Membership

KEEP_ALIVE = 30.0
"""Seconds between the comments that keep a quiet stream open through proxies."""
RETRY = 2000
"""Milliseconds a browser waits before opening a dropped stream again."""
LIFETIME = 15 * 60.0
"""Seconds, give or take a tenth, after which a stream ends and the browser opens it again:
the session and the seat are checked anew."""
READY = 5.0
"""Seconds a new stream waits for its process to be listening; then 503, and the board polls."""
FIELDS = ("id", "code", "name", "version", "game")
"""The campaign's columns a stream reads, with the owner and ``deleted``."""
RELOAD: Pieces = (b"event: reload\ndata: gone\n\n",)
LINE_END = re.compile(r"\r\n|\r|\n")

_hubs: WeakKeyDictionary[asyncio.AbstractEventLoop, Hub] = WeakKeyDictionary()


def hub() -> Hub:
    """The hub of the running event loop: one per app process under uvicorn."""
    loop = asyncio.get_running_loop()
    if loop not in _hubs:
        _hubs[loop] = Hub(refresh)
    return _hubs[loop]


@require_GET
async def events(request: HttpRequest, code: UUID) -> HttpResponseBase:
    """The board's news as server-sent events: ``board`` with the new ``#board`` fragment (its id
    the version and seat, as the poll's ETag), or ``reload``."""
    if not isinstance(request, ASGIRequest):
        return HttpResponse(status=204)
    news = hub()
    if not await news.ready(READY):
        return HttpResponse(status=503)
    heard = news.heard  # from here on, news of the campaign reaches this process
    seated = await sync_to_async(_sit)(request, code)
    if isinstance(seated, HttpResponse):
        return seated
    seat, user_id, token, now = seated
    seen = request.headers.get("Last-Event-ID") or request.GET.get("seen", "")
    watcher = Watcher(user_id, f'"{seen}"', token.encode(), translation.get_language())
    at_table = seat.campaign.is_table and seat.number is not None  # a player there may be sent notes
    response = StreamingHttpResponse(
        _stream(news, seat.campaign.pk, watcher, now, heard, at_table), content_type="text/event-stream"
    )
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # a proxy passes each event on at once
    return response


def _sit(request: HttpRequest, code: UUID) -> tuple[Seat, int, str, str] | HttpResponse:
    """The seat of the user opening the stream, their id, their CSRF token and the ETag of the
    board they should see now; or the refusal."""
    user = request.user
    if not isinstance(user, User):
        return HttpResponse(status=401)
    try:
        seat = campaign_for(request, code, fields=FIELDS)
    except (Http404, store.Gone):
        return HttpResponse(status=404)
    return seat, user.pk, get_token(request), seat.etag


async def _stream(
    news: Hub, campaign_id: int, watcher: Watcher, now: str, heard: int, seated: bool
) -> AsyncIterator[bytes]:
    """The board's events for ``watcher``; ``seated``: it is a table's seat, whose board says it
    is open on each keep-alive."""
    news.join(campaign_id, watcher)
    try:
        # The board moved on since the page showed it, or news came while the seat was read.
        if watcher.etag != now or news.heard != heard:
            news.changed(campaign_id)
        yield f"retry: {RETRY}\n\n".encode()
        # The stream waits without a connection.
        await sync_to_async(_here if seated else _away)(watcher.user_id, campaign_id)
        loop = asyncio.get_running_loop()
        end = loop.time() + LIFETIME * random.uniform(0.9, 1.1)
        while True:
            data = await watcher.next(min(KEEP_ALIVE, end - loop.time()))
            if data is None:
                if loop.time() >= end:
                    return
                if seated:
                    await sync_to_async(_here)(watcher.user_id, campaign_id)
                data = b":\n\n"
            if data:
                yield data
            if watcher.ended:
                return
    finally:
        news.leave(campaign_id, watcher)


def _here(user_id: int, campaign_id: int) -> None:
    """The board is open (for the notes' worker to tell), then no connection is held."""
    presence.seen(user_id, campaign_id)
    connections.close_all()


def _away(user_id: int, campaign_id: int) -> None:
    connections.close_all()


async def refresh(campaign_id: int, watchers: list[Watcher]) -> None:
    """Bring one campaign's open boards in this process up to date, or tell them to reload;
    the boards read in one language together."""
    languages: dict[str, list[Watcher]] = {}
    for watcher in watchers:
        languages.setdefault(watcher.language, []).append(watcher)
    for language, readers in languages.items():
        await _refresh(campaign_id, readers, language)


async def _refresh(campaign_id: int, watchers: list[Watcher], language: str) -> None:
    seen: dict[int, set[str]] = {}
    for watcher in watchers:
        seen.setdefault(watcher.user_id, set()).add(watcher.etag)
    places, boards = await sync_to_async(_news)(campaign_id, seen, language)
    for watcher in watchers:
        place = places.get(watcher.user_id)
        if place is None or (place in boards and boards[place] is None):
            watcher.send(RELOAD, last=True)
            continue
        board = boards.get(place)
        if board is not None and board.etag != watcher.etag:
            one_behind = board.changes is not None and watcher.etag == board.before
            watcher.send(board.changes if one_behind and board.changes else board.whole)
            watcher.etag = board.etag


@dataclass(frozen=True)
class News:
    """A seat's board at a new version: whole, and as the changes since the version before
    (None when this process did not draw that one), for the boards that show it."""

    etag: str
    before: str
    whole: Pieces
    changes: Pieces | None


Place = tuple[str, int | None]
"""Where a user sits, as far as what their board shows goes: their role and the seat they play.
Everyone in one place is sent the same board."""


def _news(
    campaign_id: int, seen: dict[int, set[str]], language: str
) -> tuple[dict[int, Place], dict[Place, News | None]]:
    """Where each of these users sits at the campaign now (nowhere: not in, or it was deleted),
    and the board of every place one of them has not seen yet, drawn once per place in
    ``language`` (None: saved by older game content, which the page explains)."""
    try:
        translation.activate(language)
        campaign = Campaign.objects.only(*FIELDS, "owner_id", "deleted").filter(pk=campaign_id).first()
        if campaign is None or campaign.deleted is not None:
            return {}, {}
        inside = Membership.objects.inside().filter(campaign_id=campaign_id, user_id__in=seen)
        roles: dict[int, str] = dict(inside.values_list("user_id", "role"))
        if campaign.owner_id in seen:
            roles[campaign.owner_id] = OWN
        places: dict[int, Place] = {user: (role, 0) for user, role in roles.items()}
        if campaign.is_table:
            numbers = dict(
                TableSeat.objects.filter(campaign=campaign, user_id__in=roles).values_list(
                    "user_id", "number"
                )
            )
            places = {user: (role, numbers.get(user)) for user, role in roles.items()}
        stale = {place for user, place in places.items() if seen[user] != {Seat(campaign, *place).etag}}
        return places, {place: _board(Seat(campaign, *place)) for place in stale}
    except store.Gone:
        return {}, {}
    finally:
        translation.deactivate()
        close_old_connections()


def _board(seat: Seat) -> News | None:
    """The board at ``seat`` now, whole and as what changed (None: saved by older game content)."""
    drawing = drawing_of(seat.campaign)
    try:
        etag, html = drawing.live(seat)
    except store.Unreadable:
        return None
    changes = drawing.changes(seat) if etag == seat.etag else None
    framed = None if changes is None else _framed("changes", etag, changes)
    return News(etag, seat.etag_at(seat.campaign.version - 1), _framed("board", etag, html), framed)


def _framed(kind: str, etag: str, html: str) -> Pieces:
    """An event (``board`` or ``changes``), cut where each viewer's CSRF token goes."""
    data = "".join(f"data: {line}\n" for line in LINE_END.split(html))
    event_id = etag.strip('"')
    event = f"event: {kind}\nid: {event_id}\n{data}\n"
    return tuple(piece.encode() for piece in event.split(CSRF_SLOT))
