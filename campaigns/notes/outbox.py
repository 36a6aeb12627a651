"""The notes: queued with the move that gives a player their move, sent by the worker.

A move that gives seats something to do (:data:`campaigns.store.turn_passed`) queues, in its own
transaction, a note for each player at those seats who has a confirmed address, unless one for
that table is queued already, and the worker's task to deliver it: the move is neither slowed
nor failed by the mail. The worker (:func:`send_due`, run by the ``deliver`` task) then sends
each note when it is due, or drops it:

- dropped when the player has no confirmed address, turned the notes off (for the table or all
  of them), or it is no longer their move;
- put off while they have the table open (:mod:`campaigns.presence`): they see it is their move;
- at most one note per table an hour: a note due sooner waits for the hour to pass;
- a player who chose a daily summary gets one message a day, at :data:`SUMMARY_HOUR` (UTC),
  listing the tables still waiting for them;
- a failed send is tried again later (:data:`RETRIES`); a note handed to the mail server is
  marked as sending first, and is never sent again, even if the worker dies before it hears
  back: a note is lost rather than sent twice.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from datetime import UTC, datetime, timedelta
from typing import Any

from django.core.mail import EmailMessage
from django.db import transaction
from django.dispatch import receiver
from django.utils import timezone
from django_tasks import task

from campaigns import presence
from campaigns.models import Campaign, TableSeat
from campaigns.notes import letters
from campaigns.notes.models import Note, Often, Reader, TableOften
from campaigns.store import turn_passed

log = logging.getLogger(__name__)

HOUR = timedelta(hours=1)
"""At most one note per table for a player in this time."""
RETRIES = (timedelta(minutes=1), timedelta(minutes=5), timedelta(minutes=30), timedelta(hours=2))
"""How long to wait before trying a failed send again, after each failure; then it is dropped."""
SUMMARY_HOUR = 7
"""When the daily summaries go (UTC)."""


@receiver(turn_passed)
def queue(sender: Any, campaign: Campaign, seats: frozenset[int], **kwargs: Any) -> None:
    """Queue a note for each player the move gave a move to (inside the move's transaction)."""
    if campaign.is_table and seats:  # a campaign's one seat is shared: it is always its players' move
        note(campaign, seats)


def note(campaign: Campaign, seats: Iterable[int], late: bool = False) -> None:
    """Queue a note (``late``: that their time ran out) for each player at these seats of the table
    who has a confirmed address, unless one is queued for them already."""
    queued = Note.objects.filter(campaign=campaign, state=Note.State.QUEUED, late=late).values("user_id")
    users = list(
        TableSeat.objects.filter(campaign=campaign, number__in=seats, user__isnull=False)
        .exclude(user__reader__address="")
        .exclude(user__reader__isnull=True)
        .exclude(user_id__in=queued)
        .values_list("user_id", flat=True)
    )
    if users:
        now = timezone.now()
        Note.objects.bulk_create(Note(user_id=user, campaign=campaign, due=now, late=late) for user in users)
        _kick(now)


def _kick(when: datetime) -> None:
    deliver.using(run_after=when).enqueue()


@task()
def deliver() -> int:
    """The worker's task: send the notes due now; how many messages went."""
    return send_due()


def next_summary(now: datetime) -> datetime:
    """The first daily summary time after ``now``."""
    slot = now.astimezone(UTC).replace(hour=SUMMARY_HOUR, minute=0, second=0, microsecond=0)
    return slot if slot > now else slot + timedelta(days=1)


def send_due(now: datetime | None = None) -> int:
    """Send (or drop, or put off) every note due at ``now``; how many messages were sent."""
    sent = 0
    while True:
        at = now or timezone.now()
        claimed = _claim(at)
        if claimed is None:
            return sent
        notes, message = claimed
        try:
            message.send()
        except Exception as exc:  # the mail server refused or could not be reached: try again later
            log.warning("A note could not be sent: %s", exc)
            _failed(notes, at, exc)
        else:
            Note.objects.filter(pk__in=[n.pk for n in notes]).update(state=Note.State.SENT, sent=at)
            sent += 1


def _claim(now: datetime) -> tuple[list[Note], EmailMessage] | None:
    """The next message to send and the notes it carries, marked as sending; None when no note is
    due. The notes that are not to be sent are dropped or put off on the way."""
    while True:
        with transaction.atomic():
            due = Note.objects.select_for_update(skip_locked=True).select_related("user", "campaign")
            note = due.filter(state=Note.State.QUEUED, due__lte=now).order_by("due", "pk").first()
            if note is None:
                return None
            claimed = _decide(note, now)
            if claimed is not None:
                for n in claimed[0]:
                    n.state, n.attempts = Note.State.SENDING, n.attempts + 1
                    n.save(update_fields=["state", "attempts"])
                return claimed


def _decide(note: Note, now: datetime) -> tuple[list[Note], EmailMessage] | None:
    """What to do with a due note: the message that sends it, or None once it is dropped or put off."""
    reader = Reader.objects.filter(user_id=note.user_id).first()
    if reader is None or not reader.address:
        _drop(note, "no confirmed address")
        return None
    choice = TableOften.objects.filter(user_id=note.user_id, campaign_id=note.campaign_id).first()
    often = choice.often if choice else reader.often
    if often == Often.NEVER:
        _drop(note, "notes turned off")
        return None
    if not _their_move(note.campaign, note.user_id):
        _drop(note, "no longer their move")
        return None
    if note.late:  # told at once, open page or not, however recent the last note
        return [note], letters.late(note, reader)
    if often == Often.DAILY:
        return _daily(note, reader, now)
    if (open_until := presence.open_until(note.user_id, note.campaign_id, now)) is not None:
        _put_off(note, open_until)  # they see it there: told only if they leave it unplayed
        return None
    last = (
        Note.objects.filter(user_id=note.user_id, campaign_id=note.campaign_id, sent__isnull=False)
        .order_by("-sent")
        .values_list("sent", flat=True)
        .first()
    )
    if last is not None and now - last < HOUR:
        _put_off(note, last + HOUR)
        return None
    return [note], letters.your_move(note, reader)


def _daily(note: Note, reader: Reader, now: datetime) -> tuple[list[Note], EmailMessage] | None:
    """A note for the daily summary: put off to the next summary time, or, at it, the summary of
    every table still waiting for the reader (their other notes then due go with it)."""
    if not note.summary:
        note.summary = True
        note.save(update_fields=["summary"])
        _put_off(note, next_summary(now))
        return None
    others = Note.objects.select_for_update(skip_locked=True).select_related("campaign")
    notes = [
        note,
        *others.filter(user_id=note.user_id, state=Note.State.QUEUED, due__lte=now).exclude(pk=note.pk),
    ]
    waiting = [n for n in notes if _their_move(n.campaign, n.user_id)]
    for n in notes:
        if n not in waiting:
            _drop(n, "no longer their move")
    if not waiting:
        return None
    tables = list({n.campaign_id: n.campaign for n in waiting}.values())
    return waiting, letters.summary(waiting, reader, tables)


def _their_move(campaign: Campaign, user_id: int) -> bool:
    campaign.refresh_from_db(fields=["waiting", "deleted"])
    if campaign.deleted is not None:
        return False
    seat = (
        TableSeat.objects.filter(campaign=campaign, user_id=user_id).values_list("number", flat=True).first()
    )
    return seat is not None and seat in campaign.waiting


def _drop(note: Note, why: str) -> None:
    note.state, note.why = Note.State.DROPPED, why
    note.save(update_fields=["state", "why"])


def _put_off(note: Note, until: datetime) -> None:
    note.due = until
    note.save(update_fields=["due"])
    _kick(until)


def _failed(notes: list[Note], now: datetime, exc: Exception) -> None:
    """Notes whose message failed: due again after a while, or dropped after the last try."""
    for note in notes:
        why = f"{type(exc).__name__}: {exc}"[:200]
        if note.attempts > len(RETRIES):
            Note.objects.filter(pk=note.pk).update(state=Note.State.DROPPED, why=why)
            continue
        due = now + RETRIES[note.attempts - 1]
        Note.objects.filter(pk=note.pk).update(state=Note.State.QUEUED, due=due, why=why)
        _kick(due)
