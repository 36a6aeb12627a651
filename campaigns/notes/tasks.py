"""The worker's task that sends the link to confirm an address (the notes' own is
:func:`campaigns.notes.outbox.deliver`)."""

from __future__ import annotations

from django_tasks import task

from campaigns.notes import letters
from campaigns.notes.models import Reader


@task()
def confirm(user_id: int) -> None:
    """Send the link that confirms the address a player gave (if it is still the one asked)."""
    reader = Reader.objects.select_related("user").filter(user_id=user_id).exclude(pending="").first()
    if reader is not None:
        letters.confirm(reader).send()
