"""Who may do what with a campaign: its owner, and the members it is shared with.

Every view that touches a campaign asks :func:`campaign_for` for it, with what
it needs (``view``, ``act`` or ``own``): a stranger gets 404 (whether the
campaign exists is nobody else's business), a member without the right 403.

A deleted campaign is :class:`campaigns.store.Gone` for those who sat at it,
until it is restored or purged.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, TypedDict
from uuid import UUID

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db.models import OuterRef, Q, QuerySet, Subquery
from django.http import Http404, HttpRequest
from django.utils import timezone
from django.utils.translation import gettext_lazy

from campaigns import rows, store
from campaigns.models import KEPT_FOR, Campaign, TableSeat
from campaigns.rows import Recent
from campaigns.sharing.models import Membership, Role
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
    request: HttpRequest, code: UUID, need: Need = "view", recent: Recent = None
) -> tuple[Board, Seat]:
    """The board of the campaign with this code, and the request's user's seat at it, with the
    game's last ``recent`` log rows (all of them: None).

    The seat, the campaign and its current game are read in one query; when that
    finds no seat with ``need``, :func:`campaign_for` says why (404, 403 or Gone).
    """
    user = request.user
    if isinstance(user, User) and (found := rows.board(code, user.pk, recent)) is not None:
        game = found.game
        role = OWN if game.campaign.owner_id == user.pk else found.role
        if role and need in RIGHTS[role]:
            board = store.board(game, _count(recent, game.campaign), found.log, found.seats, found.chat)
            return board, Seat(board.campaign, role, board.seat_of(user))
    seat = campaign_for(request, code, need)  # refuses, but for a seat given a moment ago
    board = store.load(seat.campaign, _count(recent, seat.campaign))
    return board, seat.at(board.campaign)


def _count(recent: Recent, campaign: Campaign) -> int | None:
    return recent if recent is None or isinstance(recent, int) else recent[campaign.game]


class Mine(TypedDict):
    """What :func:`campaigns_of` reads with each campaign about the user."""

    member_role: str | None
    seat_number: int | None


if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations

    Listed = WithAnnotations[Campaign, Mine]


def campaigns_of(user: User) -> QuerySet[Listed]:
    """The campaigns a user owns or was let into, newest first, each with
    ``member_role`` (None for their own), ``seat_number`` (the table seat they sit at, if any)
    and its owner, in one query; with those the user deleted that can still be restored
    (``deleted`` set)."""
    joined = Membership.objects.inside().filter(user_id=user.pk).values("campaign_id")
    restorable = Q(owner_id=user.pk, deleted__gt=timezone.now() - KEPT_FOR)
    return (
        Campaign.objects.filter((Q(owner_id=user.pk) | Q(pk__in=joined)) & Q(deleted=None) | restorable)
        .annotate(member_role=_member_role(user.pk), seat_number=_seat_number(user.pk))
        .select_related("owner")
        .defer("state")
    )
