"""Sharing a campaign: who may do what, invite links, joining.

Every view that touches a campaign asks :func:`campaign_for` for it, with what
it needs (``view``, ``act`` or ``own``): a stranger gets 404 (whether the
campaign exists is nobody else's business), a member without the right 403.

An invite link carries a 256-bit token: the HMAC, under the server's key, of
the campaign and the invite form's request key (so the same form posted twice
makes one invite, and shows its link again), or ``secrets.token_urlsafe(32)``
when there is no form; the database keeps only its SHA-256, so a copy of the
database lets nobody in.
Joining is race-safe: a single-use link is spent by an update that only
succeeds while it is unspent. What the owner decides about a member (their
role, taking them out) holds against every link made before it.

A deleted campaign is :class:`campaigns.store.Gone` for those who sat at it,
until it is restored or purged.
"""

from __future__ import annotations

import hashlib
import secrets
from base64 import urlsafe_b64encode
from dataclasses import dataclass
from enum import Enum
from typing import Literal
from uuid import UUID

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.db.models import F, OuterRef, Q, QuerySet, Subquery
from django.http import Http404, HttpRequest
from django.utils import timezone
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext, gettext_lazy, gettext_noop

from campaigns import seats, store
from campaigns.models import KEPT_FOR, Campaign, Invite, Membership, Role, TableSeat
from campaigns.store import Board, Gone

Need = Literal["view", "act", "own", "leave"]
OWN = "own"
"""The owner's seat: every right, and the only one to share, reset, rename or delete."""
RIGHTS: dict[str, frozenset[str]] = {
    OWN: frozenset({"view", "act", "own"}),
    Role.PLAY: frozenset({"view", "act", "leave"}),
    Role.WATCH: frozenset({"view", "leave"}),
}
REFUSED = {
    "act": gettext_lazy("You are watching this campaign: only its owner and players take actions."),
    "own": gettext_lazy("Only the owner of this campaign can do that."),
    "leave": gettext_lazy("This is your own campaign: you can delete it, not leave it."),
}


@dataclass(frozen=True)
class Seat:
    """A campaign as one user sits at it: the owner's seat, a player's or a watcher's."""

    campaign: Campaign
    role: str  # OWN, Role.PLAY or Role.WATCH
    number: int | None = 0
    """The seat the user plays: a table's seat they sit at (None: none), 0 for a game whose one
    seat is shared."""

    @property
    def owns(self) -> bool:
        return self.role == OWN

    @property
    def can_act(self) -> bool:
        return "act" in RIGHTS[self.role]

    @property
    def plays(self) -> bool:
        """Whether the user makes moves at this seat."""
        return self.number is not None and self.can_act

    @property
    def etag(self) -> str:
        """What the live board compares: the board's version, and what this seat may do with it."""
        return self.etag_at(self.campaign.version)

    def etag_at(self, version: int) -> str:
        """The ETag of this seat's board at another ``version``."""
        return f'"{version}.{self.role}.{"w" if self.number is None else self.number}"'

    def at(self, campaign: Campaign) -> Seat:
        """The same seat at the campaign row as read again."""
        return Seat(campaign, self.role, self.number)


def _member_role(user_id: int, campaign: str = "pk") -> Subquery:
    """The user's role in the campaign the outer query names by ``campaign``, if they are in."""
    mine = Membership.objects.inside().filter(campaign=OuterRef(campaign), user_id=user_id)
    return Subquery(mine.order_by().values("role")[:1])


def _seat_number(user_id: int) -> Subquery:
    """The number of the table seat the user sits at in the campaign of the outer query, if any."""
    mine = TableSeat.objects.filter(campaign=OuterRef("pk"), user_id=user_id)
    return Subquery(mine.order_by().values("number")[:1])


def campaign_for(request: HttpRequest, code: UUID, need: Need = "view", fields: tuple[str, ...] = ()) -> Seat:
    """The campaign with this code as the request's user sits at it, in one query.

    Raises Http404 unless the user owns it or is a member (strangers learn
    nothing), Gone when it was deleted, PermissionDenied when the seat lacks
    ``need``. ``fields`` limits the columns read (the live board reads only the version);
    the campaign's state is left out in any case.
    """
    user = request.user
    if not isinstance(user, User):
        raise Http404("No such campaign")
    campaigns = Campaign.objects.annotate(
        member_role=_member_role(user.pk), seat_number=_seat_number(user.pk)
    )
    # The state is read with the board, when a view asks for it (store.load).
    campaigns = campaigns.only(*fields, "owner_id", "deleted", "game") if fields else campaigns.defer("state")
    try:
        campaign = campaigns.get(code=code)
    except Campaign.DoesNotExist:
        raise Http404("No such campaign") from None
    if campaign.owner_id == user.pk:
        role = OWN
    elif campaign.member_role:
        role = campaign.member_role
    else:
        raise Http404("No such campaign")
    if campaign.deleted is not None:
        raise Gone(campaign)
    if need not in RIGHTS[role]:
        raise PermissionDenied(REFUSED[need])
    return Seat(campaign, role, 0 if store.shared(store.session_of(campaign)) else campaign.seat_number)


def board_for(
    request: HttpRequest, code: UUID, need: Need = "view", recent: int | None = None
) -> tuple[Board, Seat]:
    """The board of the campaign with this code, and the request's user's seat at it.

    The seat, the campaign and its current game are read in one query; when that
    finds no seat with ``need``, :func:`campaign_for` says why (404, 403 or Gone).
    """
    user = request.user
    if isinstance(user, User):
        games = store.current_games().annotate(member_role=_member_role(user.pk, "campaign_id"))
        game = games.filter(campaign__code=code).first()
        if game is not None:
            role = OWN if game.campaign.owner_id == user.pk else game.member_role
            if role and need in RIGHTS[role]:
                board = store.board(game, recent)
                return board, Seat(board.campaign, role, board.seat_of(user))
    seat = campaign_for(request, code, need)  # refuses, but for a seat given a moment ago
    board = store.load(seat.campaign, recent)
    return board, seat.at(board.campaign)


def campaigns_of(user: User) -> QuerySet[Campaign]:
    """The campaigns a user owns or was let into, newest first, each with
    ``member_role`` (None for their own) and its owner, in one query; with
    those the user deleted that can still be restored (``deleted`` set)."""
    joined = Membership.objects.inside().filter(user_id=user.pk).values("campaign_id")
    restorable = Q(owner_id=user.pk, deleted__gt=timezone.now() - KEPT_FOR)
    return (
        Campaign.objects.filter((Q(owner_id=user.pk) | Q(pk__in=joined)) & Q(deleted=None) | restorable)
        .annotate(member_role=_member_role(user.pk))
        .select_related("owner")
        .defer("state")
    )


# -- invites -------------------------------------------------------------------------


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def create_invite(
    campaign: Campaign, by: User, role: str, single_use: bool, request: UUID | None = None
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
                campaign=campaign,
                role=role,
                single_use=single_use,
                created_by=by,
                token_hash=hash_token(token),
            )
    except IntegrityError:
        if request is None:
            raise
        invite = Invite.objects.get(campaign=campaign, token_hash=hash_token(token))
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


def set_role(member: Membership, role: str) -> None:
    """The owner's word on a member's role: links made before it cannot raise it. At a table, a
    player takes an open seat, and a watcher gives theirs up."""
    Membership.objects.filter(pk=member.pk).update(role=role, decided=timezone.now())
    if member.campaign.is_table:
        if role == Role.PLAY:
            seats.take_seat(member.campaign, member.user)
        else:
            seats.leave_seat(member.campaign, member.user)


def remove(member: Membership) -> None:
    """The owner takes a member out: only a link made after this lets them back in."""
    Membership.objects.filter(pk=member.pk).update(status=Membership.Status.REMOVED, decided=timezone.now())
    if member.campaign.is_table:
        seats.leave_seat(member.campaign, member.user)


def leave(campaign: Campaign, user: User) -> None:
    """A member takes a shared campaign off their list; any link still good lets them back."""
    Membership.objects.inside().filter(campaign=campaign, user=user).update(status=Membership.Status.LEFT)
    if campaign.is_table:
        seats.leave_seat(campaign, user)


def revoke(invite: Invite) -> None:
    Invite.objects.filter(pk=invite.pk, revoked_at=None).update(revoked_at=timezone.now())
    invite.refresh_from_db()
