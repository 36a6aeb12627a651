"""A campaign's sharing pages: who is in and the invite links, the owner's word on each member
(and on each seat of a table), leaving, and joining by a link.

They ask :mod:`campaigns.access` who may see them and seat a table's players
(:mod:`campaigns.seats`), so they belong to the play app; what they change is
:mod:`campaigns.sharing`'s.
"""

from __future__ import annotations

from uuid import UUID

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from campaigns import seats, store
from campaigns.access import Seat, campaign_for
from campaigns.accounts.throttle import throttled
from campaigns.forms import SeatForm
from campaigns.models import PER_MOVE, Campaign, TableSeat
from campaigns.sharing import invites, membership
from campaigns.sharing.forms import InviteForm, RoleForm, TokenForm
from campaigns.sharing.models import Invite, Membership, Role
from campaigns.views import _user, explained
from engine.games import GAMES


def _members_page(
    request: HttpRequest,
    seat: Seat,
    form: InviteForm | None = None,
    link: str = "",
    status: int = 200,
    notice: str = "",
) -> HttpResponse:
    campaign = seat.campaign
    context = {
        "campaign": campaign,
        "seat": seat,
        "members": list(campaign.memberships.inside().select_related("user").order_by("created")),
        "invites": list(campaign.invites.order_by("-created")),
        "form": form or InviteForm(initial={"role": Role.PLAY} if campaign.is_table else None),
        "link": link,
        "seats": _seat_forms(campaign) if campaign.is_table else [],
        "per_move_choices": [days for days in PER_MOVE if days],
        "notice": notice,
    }
    return render(request, "campaigns/members.html", context, status=status)


def _seat_forms(campaign: Campaign) -> list[tuple[TableSeat, SeatForm]]:
    """Each seat of a table, with the form that gives it to someone else."""
    bots, free = GAMES[campaign.game].bots, seats.candidates(campaign)
    rows = TableSeat.objects.select_related("user").filter(campaign=campaign).order_by("number")
    return [(row, SeatForm.of(row, bots, free)) for row in rows]


@login_required
@explained
@require_safe
def members(request: HttpRequest, code: UUID) -> HttpResponse:
    """The owner's sharing panel: who is in, with what role, and the invite links; a link
    just made is shown this once (see :func:`invite`)."""
    seat = campaign_for(request, code, "own")
    link = request.COOKIES.get(NEW_LINK, "")
    if not link.startswith(request.build_absolute_uri(reverse("join")) + "#"):
        link = ""
    response = _members_page(request, seat, link=link)
    if NEW_LINK in request.COOKIES:
        response.delete_cookie(NEW_LINK, path=request.path)
    return response


@login_required
@explained
@require_POST
def invite(request: HttpRequest, code: UUID) -> HttpResponse:
    """Make an invite link, then show it on the sharing panel, this once.

    The database keeps only the token's hash: the link goes to the panel in a
    cookie of a minute's life that only the panel reads, and the panel deletes
    it. A reload of the panel then makes no other link, and Back does not show it.
    """
    seat = campaign_for(request, code, "own")
    form = InviteForm(request.POST)
    if not form.is_valid():
        return _members_page(request, seat, form, status=400)
    data = form.cleaned_data
    _invite, token = invites.create_invite(
        seat.campaign, _user(request), data["role"], data["single_use"], request=data["request"]
    )
    response = redirect("members", seat.campaign.code)
    response.set_cookie(
        NEW_LINK,
        request.build_absolute_uri(reverse("join")) + "#" + token,
        max_age=60,
        path=response["Location"],
        secure=request.is_secure(),
        httponly=True,
        samesite="Strict",
    )
    return response


@login_required
@explained
@require_POST
def revoke(request: HttpRequest, code: UUID, invite: UUID) -> HttpResponse:
    seat = campaign_for(request, code, "own")
    invites.revoke(get_object_or_404(Invite, campaign=seat.campaign, code=invite))
    return redirect("members", seat.campaign.code)


@login_required
@explained
@require_POST
def member_role(request: HttpRequest, code: UUID, member: UUID) -> HttpResponse:
    seat = campaign_for(request, code, "own")
    friend = get_object_or_404(Membership.objects.inside(), campaign=seat.campaign, code=member)
    form = RoleForm(request.POST)
    if not form.is_valid():
        return _members_page(request, seat, status=400)
    membership.set_role(friend, form.cleaned_data["role"])
    seats.follow(seat.campaign, friend.user, form.cleaned_data["role"])
    return redirect("members", seat.campaign.code)


@login_required
@explained
@require_POST
def member_remove(request: HttpRequest, code: UUID, member: UUID) -> HttpResponse:
    seat = campaign_for(request, code, "own")
    friend = get_object_or_404(Membership.objects.inside(), campaign=seat.campaign, code=member)
    membership.remove(friend)
    seats.follow(seat.campaign, friend.user, None)
    return redirect("members", seat.campaign.code)


@login_required
@explained
@require_POST
def table_seat(request: HttpRequest, code: UUID, number: int) -> HttpResponse:
    """The owner opens a seat of a table, or gives it to a bot or to someone let in to play."""
    seat = campaign_for(request, code, "own")
    if not seat.campaign.is_table:
        raise Http404(gettext("A campaign of Legacy of Yu has no seats."))
    users = seats.candidates(seat.campaign)
    form = SeatForm(request.POST, bots=GAMES[seat.campaign.game].bots, users=users)
    if not form.is_valid():
        return _members_page(
            request, seat, status=400, notice=gettext("Nobody by that name can take this seat.")
        )
    try:
        seats.give_seat(seat.campaign, number, form.cleaned_data["to"])
    except store.Refused as exc:
        return _members_page(request, seat, status=400, notice=str(exc))
    return redirect("members", seat.campaign.code)


@login_required
@explained
@require_http_methods(["GET", "POST"])
def leave(request: HttpRequest, code: UUID) -> HttpResponse:
    """A member takes a shared campaign off their list; the owner can invite them again."""
    campaign = campaign_for(request, code, "leave").campaign
    if request.method == "POST":
        user = _user(request)
        membership.leave(campaign, user)
        seats.follow(campaign, user, None)
        messages.info(request, gettext("You left {name}.").format(name=campaign.name))
        return redirect("home")
    return render(request, "campaigns/confirm.html", {"campaign": campaign, "what": "leave"})


INVITE = "invite"
"""The session key of the invite link this browser opened."""
NEW_LINK = "new-invite-link"
"""The cookie that brings an invite link just made to the sharing panel."""


@throttled("join", "60/h")
@require_http_methods(["GET", "POST"])
def join(request: HttpRequest) -> HttpResponse:
    """Where an invite link leads: who invites you to what, then a button to join.

    The link's token travels after its ``#``, which browsers never send: the
    page's script posts it here, and the invite it opens is kept in the session
    from then on. So no address a server or proxy logs ever holds a token.
    Anyone holding the link may see the campaign's name and owner; joining
    takes an account (log in or sign up, then come back here).
    """
    if request.method == "POST" and "token" in request.POST:
        return _open_invite(request)
    invite_pk = request.session.get(INVITE)
    try:
        invite = invites.opened_invite(invite_pk) if invite_pk else None
    except invites.InviteRefused as exc:
        return _invite_refused(request, exc)
    if invite is None:
        return render(request, "campaigns/join.html", {"token_form": TokenForm()})
    campaign = invite.campaign
    if not isinstance(request.user, User):
        if request.method == "POST":
            return redirect_to_login(reverse("join"))  # then back here
        context = {"invite": invite, "campaign": campaign, "role": Role(invite.role)}
        return render(request, "campaigns/join.html", context)
    if request.method == "GET":
        context = {"invite": invite, "campaign": campaign, "owns": campaign.owner_id == request.user.pk}
        context["member"] = Membership.objects.inside().filter(campaign=campaign, user=request.user).first()
        if not context["owns"] and context["member"] is None:
            try:
                context["role"] = Role(invites.role_on_joining(invite, request.user))
            except invites.InviteRefused as exc:
                return _invite_refused(request, exc)
        return render(request, "campaigns/join.html", context)
    try:
        outcome, member = invites.join(invite, request.user)
    except invites.InviteRefused as exc:
        return _invite_refused(request, exc)
    del request.session[INVITE]
    if outcome is invites.Joined.OWNER:
        messages.info(request, gettext("This is your own campaign: the link is for your friends."))
    elif outcome is invites.Joined.ALREADY and member is not None:
        already = (
            gettext("You are already in this campaign, as a player.")
            if member.role == Role.PLAY
            else gettext("You are already in this campaign, as a watcher.")
        )
        messages.info(request, already)
    elif member is not None:
        joined = (
            gettext("You joined {name} as a player.")
            if member.role == Role.PLAY
            else gettext("You joined {name} as a watcher.")
        )
        messages.success(request, joined.format(name=campaign.name))
    playing = campaign.is_table and member is not None and member.role == Role.PLAY
    if playing and seats.take_seat(campaign, request.user) is None:
        messages.info(request, gettext("Every seat at this table is taken: you watch it."))
    return redirect(campaign)


def _open_invite(request: HttpRequest) -> HttpResponse:
    """Take the token the link's page posted (or a link pasted by hand) and
    keep the invite it opens in the session."""
    form = TokenForm(request.POST)
    if not form.is_valid():
        return render(request, "campaigns/join.html", {"token_form": form}, status=400)
    try:
        invite = invites.find_invite(form.cleaned_data["token"])
    except invites.InviteRefused as exc:
        return _invite_refused(request, exc)
    request.session[INVITE] = invite.pk
    return redirect("join")


def _invite_refused(request: HttpRequest, exc: invites.InviteRefused) -> HttpResponse:
    context = {"sentence": exc.why.sentence}
    return render(request, "campaigns/invite_refused.html", context, status=exc.why.status)
