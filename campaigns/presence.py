"""Who has a board open and live now, as every process and the notes' worker can tell: a player
watching their table is not sent a note that it is their move.

An open board says so on its polls and on the keep-alives of its event stream, and is taken as
open for :data:`LIVE_FOR` after (:class:`~campaigns.models.OpenBoard`, one row per user and
campaign), or until the browser says, as it leaves the page, that it closed it. Each process
writes a board's word at most every :data:`EVERY` seconds.
"""

from __future__ import annotations

import time
from datetime import datetime, timedelta
from uuid import UUID

from django.utils import timezone

from campaigns.models import OpenBoard

LIVE_FOR = timedelta(seconds=75)
"""How long a board is taken as open after it last said so (the event stream's keep-alive comes
every 30 seconds)."""
EVERY = 20.0
"""Seconds between two writes of one board's word from one process."""

_written: dict[tuple[int, int], float] = {}


def seen(user_id: int, campaign_id: int) -> None:
    """``user_id`` has the board of ``campaign_id`` open now."""
    now = time.monotonic()
    board = (user_id, campaign_id)
    if now - _written.get(board, -EVERY) < EVERY:
        return
    if len(_written) > 10_000:  # forget the boards long closed
        for old in [b for b, at in _written.items() if now - at >= EVERY]:
            del _written[old]
    _written[board] = now
    OpenBoard.objects.bulk_create(
        [OpenBoard(user_id=user_id, campaign_id=campaign_id, seen=timezone.now())],
        update_conflicts=True,
        unique_fields=["user", "campaign"],
        update_fields=["seen"],
    )


def closed(user_id: int, code: UUID) -> None:
    """``user_id`` closed the board of the campaign ``code`` names (their browser said so as it
    left the page)."""
    rows = OpenBoard.objects.filter(user_id=user_id, campaign__code=code)
    for campaign_id in rows.values_list("campaign_id", flat=True):
        _written.pop((user_id, campaign_id), None)
    rows.delete()


def open_until(user_id: int, campaign_id: int, now: datetime) -> datetime | None:
    """Until when ``user_id``'s board of ``campaign_id`` is taken as open, if it is at ``now``."""
    seen = (
        OpenBoard.objects.filter(user_id=user_id, campaign_id=campaign_id)
        .values_list("seen", flat=True)
        .first()
    )
    return seen + LIVE_FOR if seen is not None and seen + LIVE_FOR > now else None
