"""Campaigns, their games and each game's append-only action log.

Rows hold the engine's JSON state; only :mod:`campaigns.store` turns them into
engine objects and back. Public URLs use the random ``code``, never the id.
"""

from __future__ import annotations

import secrets
import uuid
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.postgres.fields import ArrayField
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.functional import lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from campaigns.bot_names import bot_name
from campaigns.reader import said
from engine.games import GAMES, at_table
from engine.yu.campaign.difficulty import Difficulty

YU = "yu"
"""The solo campaign game, with its own board; every other game is played at a table of seats."""


said_lazily = lazy(said, str)
"""A game's message or content text, said in the language active when it is shown."""
GAME_CHOICES = [(name, said_lazily(session.title)) for name, session in GAMES.items()]
DIFFICULTY_NAMES = {
    Difficulty.GENTLE: _("Gentle"),
    Difficulty.STANDARD: _("Standard"),
    Difficulty.HARD: _("Hard"),
}
"""Each level's name, as the player reads it."""
SEED_LIMIT = 2**31
PER_MOVE = (0, 1, 3, 7)
"""The times per move a table may have, in days (0: none)."""
KEPT_FOR = timedelta(days=7)
"""How long a deleted campaign can be restored before ``purgecampaigns`` removes it."""


def new_seed() -> int:
    """A random seed for a new game or campaign."""
    return secrets.randbelow(SEED_LIMIT)


class Campaign(models.Model):
    class Status(models.TextChoices):
        PLAYING = "playing", _("Playing")
        BETWEEN = "between", _("Between games")
        WON = "won", _("Campaign won")
        LOST = "lost", _("Campaign lost")

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="campaigns")
    code = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    name = models.CharField(max_length=80)
    game = models.CharField(
        max_length=16, choices=GAME_CHOICES, default=YU, help_text="What is played at it."
    )
    seed = models.BigIntegerField(default=new_seed)
    difficulty = models.CharField(
        max_length=16,
        choices=[(d.value, DIFFICULTY_NAMES[d]) for d in Difficulty],
        default=Difficulty.STANDARD.value,
        help_text="Chosen when the campaign starts; every run of it is played at it.",
    )
    run = models.PositiveIntegerField(default=1, help_text="Raised by each reset; older runs stay on record.")
    state = models.JSONField(help_text="The engine's campaign state, without its current game.")
    version = models.PositiveIntegerField(default=0, help_text="Raised by every write to the board.")
    # A summary of the state, written with it, so the list needs no engine.
    game_number = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    losses = models.PositiveIntegerField(default=0)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PLAYING)
    waiting = ArrayField(
        models.PositiveSmallIntegerField(),
        default=list,
        blank=True,
        help_text="The seats that have something to do now (none once it is over).",
    )
    per_move = models.PositiveSmallIntegerField(
        default=0, help_text="Days a player has for each move at a table (0: as long as they like)."
    )
    waiting_since = models.DateTimeField(
        null=True, blank=True, help_text="When those seats began to wait: the move that handed it to them."
    )
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    request = models.UUIDField(
        null=True,
        blank=True,
        editable=False,
        help_text="The form that asked for it: a double click makes one.",
    )
    deleted = models.DateTimeField(null=True, blank=True, help_text="When its owner deleted it.")

    class Meta:
        ordering = ("-updated",)
        constraints = (models.UniqueConstraint(fields=["owner", "request"], name="one_campaign_per_request"),)

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("board", args=[self.code])

    @property
    def is_table(self) -> bool:
        """Whether its game is played at a table of seats (else its one seat is shared)."""
        return at_table(GAMES[self.game])

    @property
    def purged_after(self) -> datetime | None:
        """When a deleted campaign can no longer be restored."""
        return self.deleted + KEPT_FOR if self.deleted else None


class Game(models.Model):
    campaign = models.ForeignKey(Campaign, models.CASCADE, related_name="games")
    code = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    run = models.PositiveIntegerField(default=1)
    number = models.PositiveIntegerField()
    seed = models.BigIntegerField()
    start = models.JSONField(help_text="The campaign state this game started from.")
    state = models.JSONField(help_text="The engine's game state after the last action.")
    version = models.PositiveIntegerField(default=0, help_text="The seq of the last action row.")
    outcome = models.CharField(max_length=16, blank=True, default="")
    hints = models.PositiveIntegerField(default=0, help_text="Hints the players asked for in this game.")
    redeals = models.JSONField(
        default=list,
        blank=True,
        help_text="Where a copy brought back from a file dealt anew, as [after how many actions, seed].",
    )
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ("campaign", "run", "number")
        constraints = (
            models.UniqueConstraint(fields=["campaign", "run", "number"], name="one_game_per_number"),
        )

    def __str__(self) -> str:
        return f"{self.campaign} · game {self.number}"


class GameAction(models.Model):
    """One row per action, never changed: an undo is a row of its own."""

    UNDO = "undo"

    game = models.ForeignKey(Game, models.CASCADE, related_name="actions")
    seq = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField(
        default=0, help_text="Whose action: its seat (0 in a game of one)."
    )
    by = models.CharField(
        max_length=150,
        blank=True,
        default="",
        help_text="Who sat at that seat then, by name (a table's log).",
    )
    key = models.CharField(max_length=64)
    events = models.JSONField(default=list)
    revealed = models.BooleanField(default=False, help_text="Showed hidden information: undo stops here.")
    undoes = models.PositiveIntegerField(null=True, blank=True, help_text="The seq an undo row takes back.")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("game", "seq")
        constraints = (models.UniqueConstraint(fields=["game", "seq"], name="one_action_per_seq"),)

    def __str__(self) -> str:
        return f"{self.game} #{self.seq} {self.key}"


class ChatLine(models.Model):
    """A line of a table's own talk, said by one of its members: plain text, kept with the table."""

    LENGTH = 500
    SHOWN = 30
    """The latest lines a table shows."""

    campaign = models.ForeignKey(Campaign, models.CASCADE, related_name="chat")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="+")
    text = models.CharField(max_length=LENGTH)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ("campaign", "created", "pk")

    def __str__(self) -> str:
        return f"{self.campaign} · {self.user}: {self.text[:40]}"

    @classmethod
    def latest(cls, campaign: Campaign) -> list[ChatLine]:
        """The table's latest lines, oldest first, with who said them."""
        lines = cls.objects.filter(campaign=campaign).select_related("user").order_by("-created", "-pk")
        return list(reversed(lines[: cls.SHOWN]))


class OpenBoard(models.Model):
    """A user who has a campaign's board open, and when it last said so (:mod:`campaigns.presence`)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="+")
    campaign = models.ForeignKey(Campaign, models.CASCADE, related_name="+")
    seen = models.DateTimeField()

    class Meta:
        constraints = (models.UniqueConstraint(fields=["user", "campaign"], name="one_open_board"),)

    def __str__(self) -> str:
        return f"{self.user} · {self.campaign} · {self.seen}"


class TableSeat(models.Model):
    """A seat at a table: taken by a user, played by a bot, or open for a friend with an invite."""

    campaign = models.ForeignKey(Campaign, models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField(help_text="From 0, in the order the game deals with seats.")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="table_seats"
    )
    bot = models.CharField(max_length=16, blank=True, default="", help_text="The bot that plays it, if any.")
    stand_in = models.BooleanField(
        default=False,
        help_text="Its player ran out of time: the game's best bot plays for them until they come back.",
    )

    class Meta:
        ordering = ("campaign", "number")
        constraints = (
            models.UniqueConstraint(fields=["campaign", "number"], name="one_seat_per_number"),
            models.UniqueConstraint(
                fields=["campaign", "user"], condition=models.Q(user__isnull=False), name="one_seat_per_user"
            ),
            models.CheckConstraint(
                condition=models.Q(user__isnull=True) | models.Q(bot=""), name="a_seat_is_a_user_or_a_bot"
            ),
        )

    def __str__(self) -> str:
        return f"{self.campaign} · seat {self.number + 1}"

    @property
    def open(self) -> bool:
        return self.user_id is None and not self.bot

    @property
    def name(self) -> str:
        """Who plays it, as the table shows it."""
        if self.user is not None and self.stand_in:
            return gettext("{name} (a bot plays for them)").format(name=self.user.get_username())
        if self.user is not None:
            return self.user.get_username()
        if self.bot:
            return gettext("“{bot}” bot {number}").format(bot=bot_name(self.bot), number=self.number + 1)
        return gettext("Open seat {number}").format(number=self.number + 1)
