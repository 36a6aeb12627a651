"""A table's time per move: when a seat's time runs out its player is told, and after as long
again the game's best bot plays for them until they come back (:mod:`campaigns.seats`).

Each change of the seats waiting at a table with a time per move winds the clock: the worker's
task :func:`ring` is queued for the moment the time runs out, with the moment the seats began to
wait. A clock that rings after the seats waiting changed again does nothing; the one wound by
that change rings in its place.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.dispatch import receiver
from django.utils import timezone
from django_tasks import task

from campaigns import seats
from campaigns.models import Campaign, TableSeat
from campaigns.notes import outbox
from campaigns.store import turn_passed


@receiver(turn_passed)
def wind(sender: Any, campaign: Campaign, **kwargs: Any) -> None:
    """Wind the clock of a table whose seats waiting just changed (inside the move's transaction)."""
    if campaign.is_table and campaign.per_move and campaign.waiting_since is not None:
        _ring_at(campaign, campaign.waiting_since + timedelta(days=campaign.per_move))


def wound(campaign: Campaign) -> None:
    """Wind the clock of a table whose owner just set its time per move."""
    wind(Campaign, campaign)


def _ring_at(campaign: Campaign, when: datetime) -> None:
    assert campaign.waiting_since is not None
    ring.using(run_after=when).enqueue(campaign.pk, campaign.waiting_since.isoformat())


@task()
def ring(campaign_id: int, since: str) -> None:
    """The worker's task: the clock of a table rings (see :func:`tick`)."""
    tick(campaign_id, datetime.fromisoformat(since), timezone.now())


def tick(campaign_id: int, since: datetime, now: datetime) -> None:
    """The clock wound when the table's seats began to wait at ``since`` rings at ``now``: the
    players at those seats are told once their time ran out, and played for by the bot once as
    long again went by. Nothing happens when the seats waiting changed since."""
    campaign = Campaign.objects.filter(pk=campaign_id, deleted=None).first()
    if campaign is None or campaign.waiting_since != since or not campaign.per_move:
        return
    period = timedelta(days=campaign.per_move)
    late = list(
        TableSeat.objects.filter(
            campaign=campaign, number__in=campaign.waiting, user__isnull=False, stand_in=False
        ).values_list("number", flat=True)
    )
    if not late:
        return
    if now >= since + 2 * period:
        seats.stand_in(campaign, late)
    elif now >= since + period:
        outbox.note(campaign, late, late=True)
        _ring_at(campaign, since + 2 * period)
    else:
        _ring_at(campaign, since + period)
