"""Whose move it is at each of a user's campaigns and tables: theirs, someone else's, or nobody's.

Read from each campaign's summary (``waiting`` and ``waiting_since``, written with its state), so
the home page runs no game to tell.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from django.contrib.auth.models import User
from django.utils import timezone

from campaigns.access import campaigns_of
from campaigns.models import TableSeat
from campaigns.sharing.models import Membership, Role

if TYPE_CHECKING:
    from campaigns.access import Listed


@dataclass(frozen=True)
class Waiting:
    """A campaign or table in play, with whose move it is."""

    campaign: Listed
    since: datetime | None
    """When its move came to whoever has it now."""
    whom: list[str] = field(default_factory=list)
    """Who has the move, by name, when it is not the user."""

    @property
    def fresh(self) -> bool:
        """The move came within the last minute."""
        return self.since is not None and timezone.now() - self.since < timedelta(minutes=1)


@dataclass(frozen=True)
class Turns:
    """A user's campaigns and tables, as the home page lists them."""

    yours: list[Waiting]
    """Waiting for the user, the longest waiting first."""
    others: list[Waiting]
    """Waiting for someone else, the latest moved first."""
    finished: list[Listed]
    deleted: list[Listed]
    """Deleted by the user, and still restorable."""
    tag: str
    """Changes whenever any of the lists would read otherwise (the list's ETag)."""

    @property
    def count(self) -> int:
        return len(self.yours)


def _moves(campaign: Listed) -> bool:
    """Whether the user it was read for has the move there."""
    if not campaign.waiting:
        return False
    if campaign.is_table:
        return campaign.seat_number in campaign.waiting
    return campaign.member_role in (None, Role.PLAY)  # the owner and the players share its one seat


def turns(user: User) -> Turns:
    """Whose move it is at each of ``user``'s campaigns and tables; three queries at most."""
    campaigns = list(campaigns_of(user))
    live = [c for c in campaigns if c.deleted is None]
    tag = hashlib.sha1(
        repr(
            [(c.pk, c.version, c.name, c.member_role, c.seat_number, c.deleted) for c in campaigns]
        ).encode(),
        usedforsecurity=False,
    ).hexdigest()[:16]
    theirs = [c for c in live if c.waiting and not _moves(c)]
    names = _who(theirs)
    return Turns(
        yours=sorted(
            (Waiting(c, c.waiting_since) for c in live if _moves(c)),
            key=lambda w: (w.since is None, w.since),
        ),
        others=[Waiting(c, c.waiting_since, names.get(c.pk, [])) for c in theirs],
        finished=[c for c in live if not c.waiting],
        deleted=[c for c in campaigns if c.deleted is not None],
        tag=tag,
    )


def _who(campaigns: list[Listed]) -> dict[int, list[str]]:
    """Who has the move at each of these campaigns, by name: the players at the table's seats that
    wait (an open seat waits for a friend), or the owner and players of a campaign's one seat."""
    names: dict[int, list[str]] = {c.pk: [] for c in campaigns}
    waiting = {c.pk: set(c.waiting) for c in campaigns}
    tables = [c.pk for c in campaigns if c.is_table]
    for seat in TableSeat.objects.filter(campaign_id__in=tables).select_related("user"):
        if seat.number in waiting[seat.campaign_id] and not seat.bot:
            names[seat.campaign_id].append(seat.name)
    solo = [c for c in campaigns if not c.is_table]
    for c in solo:
        names[c.pk].append(c.owner.get_username())
    players = Membership.objects.inside().filter(campaign__in=solo, role=Role.PLAY).select_related("user")
    for member in players.order_by("user__username"):
        names[member.campaign_id].append(member.user.get_username())
    return names
