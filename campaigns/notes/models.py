"""Where a player's notes go, how often, and every note queued or sent."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from campaigns.models import Campaign


class Often(models.TextChoices):
    """How often a player is told it is their move."""

    MOVE = "move", _("E-mail me when it is my move")
    DAILY = "daily", _("A daily summary of the tables waiting for me")
    NEVER = "never", _("Never")


class Reader(models.Model):
    """A player's e-mail address for notes, confirmed by a signed link before anything is sent."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, models.CASCADE, primary_key=True)
    address = models.EmailField(blank=True, default="", help_text="Confirmed: the notes go here.")
    pending = models.EmailField(blank=True, default="", help_text="Given, the link to confirm it sent.")
    often = models.CharField(max_length=8, choices=Often.choices, default=Often.MOVE)
    language = models.CharField(
        max_length=8, choices=settings.LANGUAGES, default="en", help_text="The language notes are written in."
    )

    def __str__(self) -> str:
        return f"{self.user} · {self.address or 'no confirmed address'}"


class TableOften(models.Model):
    """A player's choice for one table, in place of their own default."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="+")
    campaign = models.ForeignKey(Campaign, models.CASCADE, related_name="+")
    often = models.CharField(max_length=8, choices=Often.choices)

    class Meta:
        constraints = (models.UniqueConstraint(fields=["user", "campaign"], name="one_choice_per_table"),)

    def __str__(self) -> str:
        return f"{self.user} · {self.campaign} · {self.often}"


class Note(models.Model):
    """That it became a player's move at a table: queued with the move, then sent or dropped."""

    class State(models.TextChoices):
        QUEUED = "queued"
        SENDING = "sending"
        """Handed to the mail server: never sent again, even if the worker died meanwhile."""
        SENT = "sent"
        DROPPED = "dropped"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="+")
    campaign = models.ForeignKey(Campaign, models.CASCADE, related_name="+")
    state = models.CharField(max_length=8, choices=State.choices, default=State.QUEUED)
    due = models.DateTimeField(help_text="Not sent before this.")
    late = models.BooleanField(default=False, help_text="That their time to move ran out.")
    summary = models.BooleanField(default=False, help_text="Put off to the reader's daily summary.")
    attempts = models.PositiveSmallIntegerField(default=0)
    why = models.CharField(max_length=200, blank=True, default="", help_text="Why it was dropped or retried.")
    created = models.DateTimeField(auto_now_add=True)
    sent = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = (
            models.Index(fields=["due"], condition=models.Q(state="queued"), name="notes_due"),
            models.Index(fields=["user", "campaign", "-sent"], name="notes_last_sent"),
        )

    def __str__(self) -> str:
        return f"{self.user} · {self.campaign} · {self.state}"
