"""What the owner decides about a member of their campaign, and a member leaving it."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.utils import timezone

from campaigns.sharing.invites import Shared
from campaigns.sharing.models import Membership


def set_role(member: Membership, role: str) -> None:
    """The owner's word on a member's role: links made before it cannot raise it."""
    Membership.objects.filter(pk=member.pk).update(role=role, decided=timezone.now())


def remove(member: Membership) -> None:
    """The owner takes a member out: only a link made after this lets them back in."""
    Membership.objects.filter(pk=member.pk).update(status=Membership.Status.REMOVED, decided=timezone.now())


def leave(campaign: Shared, user: User) -> None:
    """A member takes a shared campaign off their list; any link still good lets them back."""
    Membership.objects.inside().filter(campaign_id=campaign.pk, user=user).update(
        status=Membership.Status.LEFT
    )
