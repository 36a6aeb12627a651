"""The notes as e-mails, each in its reader's language, with the link to the table and the links
to stop them (one click, and a ``List-Unsubscribe`` header for mail programs to offer)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta

from django.conf import settings
from django.core.mail import EmailMessage
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from campaigns.accounts.models import Profile
from campaigns.models import Campaign
from campaigns.notes.models import Note, Reader
from campaigns.notes.tokens import Stop, confirming, stopping


def _language(reader: Reader) -> str:
    """The language the reader reads the site in, if they chose one; else the notes' own."""
    chosen = Profile.objects.filter(user_id=reader.user_id).values_list("language", flat=True).first()
    return chosen or reader.language


def link(path: str) -> str:
    """``path`` on the site, as a link in a mail needs it."""
    return settings.SITE_URL + path


def stop_link(stop: Stop) -> str:
    return link(reverse("notes_stop", args=[stopping(stop)]))


def _letter(reader: Reader, subject: str, body: str, stop: Stop, message_id: str) -> EmailMessage:
    unsubscribe = stop_link(stop)
    host = settings.SITE_URL.partition("://")[2].split(":")[0] or "localhost"
    headers = {
        "List-Unsubscribe": f"<{unsubscribe}>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        "Message-ID": f"<{message_id}@{host}>",
        "Auto-Submitted": "auto-generated",
    }
    return EmailMessage(subject, body, settings.DEFAULT_FROM_EMAIL, [reader.address], headers=headers)


def _about_table(note: Note) -> dict[str, str]:
    """What a note about one table says of it, and its links (in the language active)."""
    campaign = note.campaign
    return {
        "name": note.user.get_username(),
        "table": campaign.name,
        "game": campaign.get_game_display(),
        "url": link(campaign.get_absolute_url()),
        "stop": stop_link(Stop(note.user_id, campaign.pk)),
        "stop_all": stop_link(Stop(note.user_id, None)),
        "settings": link(reverse("notes")),
    }


def your_move(note: Note, reader: Reader) -> EmailMessage:
    """The note that it is the reader's move at one table."""
    with translation.override(_language(reader)):
        context = _about_table(note)
        subject = _("Your move at {table} ({game})").format(**context)
        body = render_to_string("notes/your_move.txt", context)
    return _letter(reader, subject, body, Stop(note.user_id, note.campaign_id), f"note-{note.pk}")


def late(note: Note, reader: Reader) -> EmailMessage:
    """The note that the reader's time to move at a table ran out: the bot plays for them next."""
    since = note.campaign.waiting_since or timezone.now()
    with translation.override(_language(reader)):
        until = since + 2 * timedelta(days=note.campaign.per_move)
        context = {**_about_table(note), "until": date_format(until, "DATETIME_FORMAT")}
        subject = _("Your time to move at {table} ran out").format(**context)
        body = render_to_string("notes/late.txt", context)
    return _letter(reader, subject, body, Stop(note.user_id, note.campaign_id), f"late-{note.pk}")


def summary(notes: Sequence[Note], reader: Reader, tables: Sequence[Campaign]) -> EmailMessage:
    """The day's summary: the tables waiting for the reader's move."""
    first = notes[0]
    with translation.override(_language(reader)):
        context = {
            "name": first.user.get_username(),
            "tables": [
                {"name": t.name, "game": t.get_game_display(), "url": link(t.get_absolute_url())}
                for t in tables
            ],
            "stop_all": stop_link(Stop(first.user_id, None)),
            "settings": link(reverse("notes")),
        }
        subject = _("Tables waiting for your move: {count}").format(count=len(tables))
        body = render_to_string("notes/summary.txt", context)
    return _letter(reader, subject, body, Stop(first.user_id, None), f"summary-{first.pk}")


def confirm(reader: Reader) -> EmailMessage:
    """The link that confirms the address the reader gave."""
    with translation.override(_language(reader)):
        context = {
            "name": reader.user.get_username(),
            "url": link(reverse("notes_confirm", args=[confirming(reader.user_id, reader.pending)])),
        }
        subject = _("Confirm your address for the notes")
        body = render_to_string("notes/confirm.txt", context)
    message = EmailMessage(subject, body, settings.DEFAULT_FROM_EMAIL, [reader.pending])
    message.extra_headers["Auto-Submitted"] = "auto-generated"
    return message
