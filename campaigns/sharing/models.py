"""Who else a campaign is shared with, and the links that let them in.

Their tables keep the names they were made with: ``campaigns_membership``, ``campaigns_invite``.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Role(models.TextChoices):
    """What a friend may do in a campaign shared with them (the owner may do everything),
    from the least to the most."""

    WATCH = "watch", _("watcher")
    PLAY = "play", _("player")

    @classmethod
    def least(cls, a: str, b: str) -> Role:
        order = list(cls)
        return order[min(order.index(cls(a)), order.index(cls(b)))]


class MembershipQuerySet(models.QuerySet["Membership"]):
    def inside(self) -> MembershipQuerySet:
        """The members who are in now (not those who left or were taken out)."""
        return self.filter(status=Membership.Status.IN)


class Membership(models.Model):
    """A friend let into someone else's campaign, by an invite, with a role.

    The row stays when they leave or the owner takes them out, so that what the
    owner decided outlives the links the friend holds.
    """

    class Status(models.TextChoices):
        IN = "in", _("in")
        LEFT = "left", _("left")
        REMOVED = "removed", _("removed by the owner")

    campaign = models.ForeignKey("campaigns.Campaign", models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="memberships")
    code = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    role = models.CharField(max_length=8, choices=Role.choices, default=Role.WATCH)
    invite = models.ForeignKey(
        "Invite",
        models.SET_NULL,
        null=True,
        blank=True,
        related_name="members",
        help_text="The link they used.",
    )
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.IN)
    decided = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When the owner last set their role or took them out: links made before cannot undo it.",
    )
    created = models.DateTimeField(auto_now_add=True)

    objects = MembershipQuerySet.as_manager()

    class Meta:
        db_table = "campaigns_membership"
        ordering = ("campaign", "created")
        constraints = (models.UniqueConstraint(fields=["campaign", "user"], name="one_membership_per_user"),)

    def __str__(self) -> str:
        return f"{self.user} in {self.campaign} ({self.role})"


class Invite(models.Model):
    """A link that lets a friend in. Only the SHA-256 of its token is kept:
    the link itself is shown once, to the owner who made it."""

    campaign = models.ForeignKey("campaigns.Campaign", models.CASCADE, related_name="invites")
    code = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    role = models.CharField(max_length=8, choices=Role.choices, default=Role.WATCH)
    token_hash = models.CharField(max_length=64, unique=True, editable=False)
    single_use = models.BooleanField(default=False)
    used_count = models.PositiveIntegerField(default=0)
    used_at = models.DateTimeField(null=True, blank=True, help_text="When it last let someone in.")
    revoked_at = models.DateTimeField(null=True, blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="+")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "campaigns_invite"
        ordering = ("campaign", "-created")

    def __str__(self) -> str:
        return f"{self.get_role_display()} invite to {self.campaign}"

    @property
    def used_up(self) -> bool:
        return self.single_use and self.used_count > 0

    @property
    def active(self) -> bool:
        return self.revoked_at is None and not self.used_up
