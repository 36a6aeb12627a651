"""Invite links, and joining a campaign by one.

An invite link carries a 256-bit token: the HMAC, under the server's key, of
the campaign and the invite form's request key (so the same form posted twice
makes one invite, and shows its link again), or ``secrets.token_urlsafe(32)``
when there is no form; the database keeps only its SHA-256, so a copy of the
database lets nobody in.
Joining is race-safe: a single-use link is spent by an update that only
succeeds while it is unspent. What the owner decides about a member (their
role, taking them out) holds against every link made before it.
"""

from __future__ import annotations

import hashlib
import secrets
from base64 import urlsafe_b64encode
from enum import Enum
from typing import Any, Protocol
from uuid import UUID

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext, gettext_noop

from campaigns.sharing.models import Invite, Membership, Role


class Shared(Protocol):
    """A campaign, as sharing it needs to know it: by its id and its public code."""

    @property
    def pk(self) -> Any: ...

    @property
    def code(self) -> UUID: ...


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def create_invite(
    campaign: Shared, by: User, role: str, single_use: bool, request: UUID | None = None
) -> tuple[Invite, str]:
    """A new invite and its token: the only time the token exists in clear. A form's ``request``
    makes the token (signed with the server's key), so the same form posted twice gives the one
    invite it made, and its link again."""
    if request is None:
        token = secrets.token_urlsafe(32)
    else:
        signed = salted_hmac("campaigns.invite", f"{campaign.code}:{request}", algorithm="sha256")
        token = urlsafe_b64encode(signed.digest()).decode().rstrip("=")
    try:
        with transaction.atomic():
            invite = Invite.objects.create(
                campaign_id=campaign.pk,
                role=role,
                single_use=single_use,
                created_by=by,
                token_hash=hash_token(token),
            )
    except IntegrityError:
        if request is None:
            raise
        invite = Invite.objects.get(campaign_id=campaign.pk, token_hash=hash_token(token))
    return invite, token


class Unusable(Enum):
    """Why a link lets nobody in, with the HTTP status and the sentence the page shows."""

    FORGED = (
        404,
        gettext_noop("This invite link is not valid. Check that you copied all of it, or ask for a new one."),
    )
    REVOKED = (
        410,
        gettext_noop("This invite link was withdrawn by the owner of the campaign. Ask them for a new one."),
    )
    USED_UP = (
        410,
        gettext_noop("This invite link was for one person and has already been used. Ask for a new one."),
    )
    REMOVED = (
        403,
        gettext_noop(
            "The owner took you out of this campaign after this link was made, so it no longer lets you "
            "in. Ask them for a new one."
        ),
    )
    DELETED = (410, gettext_noop("The campaign this link led to was deleted by its owner."))

    @property
    def status(self) -> int:
        return self.value[0]

    @property
    def sentence(self) -> str:
        """The sentence, in the reader's language."""
        return gettext(self.value[1])


class InviteRefused(Exception):
    def __init__(self, why: Unusable) -> None:
        super().__init__(why.sentence)
        self.why = why


def find_invite(token: str) -> Invite:
    """The invite a link's token opens, with its campaign and owner, or InviteRefused."""
    invite = (
        Invite.objects.select_related("campaign__owner")
        .defer("campaign__state")
        .filter(token_hash=hash_token(token))
        .first()
    )
    if invite is None:
        raise InviteRefused(Unusable.FORGED)
    _check(invite)
    return invite


def opened_invite(pk: int) -> Invite:
    """The invite this browser opened before (its token checked then), if it still lets people in."""
    invite = Invite.objects.select_related("campaign__owner").defer("campaign__state").filter(pk=pk).first()
    if invite is None:  # its campaign was purged
        raise InviteRefused(Unusable.DELETED)
    _check(invite)
    return invite


def _check(invite: Invite) -> None:
    if invite.campaign.deleted is not None:
        raise InviteRefused(Unusable.DELETED)
    if invite.revoked_at is not None:
        raise InviteRefused(Unusable.REVOKED)
    if invite.used_up:
        raise InviteRefused(Unusable.USED_UP)


class Joined(Enum):
    JOINED = "joined"
    ALREADY = "already a member"
    OWNER = "the owner"


def join(invite: Invite, user: User) -> tuple[Joined, Membership | None]:
    """Let ``user`` in with the invite's role; the owner and members already in
    change nothing (and spend no use of the link).

    A friend who left or was taken out comes back only as far as the owner's
    last word allows: taken out, only by a link made after; otherwise with the
    lower of the link's role and the role the owner last set, unless the link
    is newer than that decision.
    """
    campaign = invite.campaign
    if campaign.owner_id == user.pk:
        return Joined.OWNER, None
    try:
        with transaction.atomic():
            before = Membership.objects.select_for_update().filter(campaign=campaign, user_id=user.pk).first()
            if before is not None and before.status == Membership.Status.IN:
                return Joined.ALREADY, before
            role = _role_on_return(invite, before)
            _spend(invite)
            if before is None:
                member = Membership.objects.create(campaign=campaign, user=user, role=role, invite=invite)
            else:
                before.status, before.role, before.invite = Membership.Status.IN, role, invite
                before.save(update_fields=["status", "role", "invite"])
                member = before
    except IntegrityError:  # the same friend joined twice at once: the first one counts
        return Joined.ALREADY, Membership.objects.get(campaign=campaign, user_id=user.pk)
    return Joined.JOINED, member


def role_on_joining(invite: Invite, user: User) -> str:
    """The role ``user`` would get by this link now, or InviteRefused (asked before they confirm)."""
    return _role_on_return(
        invite, Membership.objects.filter(campaign=invite.campaign, user_id=user.pk).first()
    )


def _role_on_return(invite: Invite, before: Membership | None) -> str:
    """The role ``invite`` gives, bounded by what the owner decided after it was made."""
    if before is None or before.decided is None or invite.created > before.decided:
        return invite.role
    if before.status == Membership.Status.REMOVED:
        raise InviteRefused(Unusable.REMOVED)
    return Role.least(invite.role, before.role)


def _spend(invite: Invite) -> None:
    """Spend a use only while the link is still good: two friends racing for a
    single-use link cannot both get in."""
    usable = Invite.objects.filter(pk=invite.pk, revoked_at=None)
    if invite.single_use:
        usable = usable.filter(used_count=0)
    if usable.update(used_count=F("used_count") + 1, used_at=timezone.now()) != 1:
        invite.refresh_from_db()
        raise InviteRefused(Unusable.REVOKED if invite.revoked_at else Unusable.USED_UP)


def revoke(invite: Invite) -> None:
    Invite.objects.filter(pk=invite.pk, revoked_at=None).update(revoked_at=timezone.now())
    invite.refresh_from_db()
