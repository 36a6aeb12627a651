from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from functools import wraps
from typing import Any
from uuid import UUID

from django.contrib import messages
from django.contrib.auth import REDIRECT_FIELD_NAME, login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User
from django.contrib.auth.views import redirect_to_login
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.cache import get_conditional_response
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.middleware import HtmxDetails

from campaigns import sharing, store
from campaigns.forms import ActionForm, CampaignForm, InviteForm, RoleForm
from campaigns.models import Campaign, Invite, Membership
from campaigns.presenter import present
from campaigns.sharing import Seat, campaign_for
from engine.yu import Action

REGIONS = (
    "status",
    "threats",
    "decision",
    "happened",
    "story",
    "hand",
    "row",
    "river",
    "trades",
    "settlement",
    "rules",
    "campaign",
    "supply",
    "news",
    "piles",
    "log",
)
"""The board's regions, each a named fragment of campaigns/board.html with a stable id."""
LOG_LENGTH = 60
STALE = "The board had changed since you saw it (another window?). Here it is as it stands now."
FRIEND_FIRST = "Your friend moved first; here is the board now."
LIVE_CACHE = 120
"""Seconds a board fragment stays cached for the open boards that ask for it."""
CSRF_SLOT = "\x00csrf-token\x00"


class HtmxHttpRequest(HttpRequest):
    """A request as django-htmx's middleware leaves it: ``request.htmx`` says
    whether htmx sent it."""

    htmx: HtmxDetails


def _user(request: HttpRequest) -> User:
    """The signed-in user (of a view that requires one)."""
    user = request.user
    if not isinstance(user, User):
        raise PermissionDenied("Sign in first.")
    return user


# -- accounts and the campaign list ------------------------------------------------------


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    campaigns = list(sharing.campaigns_of(_user(request))) if request.user.is_authenticated else []
    return render(request, "campaigns/home.html", {"campaigns": campaigns, "form": CampaignForm()})


def _next(request: HttpRequest) -> str:
    """Where to go after signing up: a local ``next`` (an invite link), else home."""
    target = request.POST.get(REDIRECT_FIELD_NAME) or request.GET.get(REDIRECT_FIELD_NAME) or ""
    if url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        return target
    return reverse("home")


TAKEN = "Someone took that username a moment ago; choose another."


@sensitive_post_parameters("password1", "password2")
@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect(_next(request))

    form: UserCreationForm[User] = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            with transaction.atomic():
                user = form.save()
        except IntegrityError:  # a sign-up with the same name won the race since the form was checked
            form.add_error("username", TAKEN)
        else:
            login(request, user)
            return redirect(_next(request))
    next_url = _next(request)
    return render(
        request,
        "registration/signup.html",
        {"form": form, "next": "" if next_url == reverse("home") else next_url},
    )


@login_required
@require_POST
def create(request: HttpRequest) -> HttpResponse:
    form = CampaignForm(request.POST)
    if not form.is_valid():
        campaigns = list(sharing.campaigns_of(_user(request)))
        return render(request, "campaigns/home.html", {"campaigns": campaigns, "form": form}, status=400)
    campaign = store.create_campaign(
        _user(request), form.cleaned_data["name"], request=form.cleaned_data["request"]
    )
    return redirect(campaign)


@login_required
@require_http_methods(["GET", "POST"])
def rename(request: HttpRequest, code: UUID) -> HttpResponse:
    campaign = campaign_for(request, code, "own").campaign
    form = CampaignForm(request.POST or None, instance=campaign)
    if request.method == "POST" and form.is_valid():
        # Only the name: a full save could put back a board a player has just moved on.
        Campaign.objects.filter(pk=campaign.pk).update(name=form.cleaned_data["name"])
        return redirect("home")
    return render(request, "campaigns/rename.html", {"campaign": campaign, "form": form})


@login_required
@require_http_methods(["GET", "POST"])
def reset(request: HttpRequest, code: UUID) -> HttpResponse:
    campaign = campaign_for(request, code, "own").campaign
    if request.method == "POST":
        store.reset(campaign)
        return redirect(campaign)
    return render(request, "campaigns/confirm.html", {"campaign": campaign, "what": "reset"})


@login_required
@require_http_methods(["GET", "POST"])
def delete(request: HttpRequest, code: UUID) -> HttpResponse:
    campaign = campaign_for(request, code, "own").campaign
    if request.method == "POST":
        campaign.delete()
        return redirect("home")
    return render(request, "campaigns/confirm.html", {"campaign": campaign, "what": "delete"})


# -- the board -----------------------------------------------------------------------


def readable(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Explain, rather than fail, when a campaign was saved by older game content."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except store.Unreadable as exc:
            context = {"campaign": exc.campaign, "reason": str(exc)}
            return render(request, "campaigns/unreadable.html", context, status=409)

    return wrapper


def _context(
    board: store.Board,
    seat: Seat,
    version: int | None = None,
    notice: str = "",
    confirm: dict[str, str] | None = None,
) -> dict[str, Any]:
    """What the board templates show; a watcher gets the same board with no action on it.
    ``confirm`` asks the player to confirm a dangerous action (its key and why)."""
    log = board.log[-LOG_LENGTH:]
    undone = {row.undoes for row in board.log if row.undoes}
    last = board.log[-1].events if board.log else []
    options = board.options() if seat.can_act else []
    risk = board.risk if seat.can_act else None
    return {
        "campaign": board.campaign,
        "seat": seat,
        "watching": not seat.can_act,
        "game_row": board.game_row,
        "b": present(board.game, options, board.story(), last, risk, _cause(board)),
        "confirm": confirm,
        "log": [{"row": row, "undone": row.seq in undone, **_headline(row.events)} for row in reversed(log)],
        "log_more": len(board.log) > LOG_LENGTH,
        "undo": board.undo_target if seat.can_act else None,
        "version": board.version if version is None else version,
        "notice": notice,
    }


def _cause(board: store.Board) -> str:
    """What the player last did, not counting the items taken since: what opened the decision now waiting."""
    for row in reversed(store.effective(board.log)):
        if not row.key.startswith("pick"):
            return str(_headline(row.events)["headline"])
    return ""


def _headline(events: list[dict[str, Any]]) -> dict[str, Any]:
    """An action's log line: what was done first (not what was spent on it), then the rest."""
    first = next((i for i, e in enumerate(events) if e["kind"] != "spend"), 0)
    return {
        "headline": events[first]["text"] if events else "",
        "details": events[:first] + events[first + 1 :],
    }


def _regions(request: HttpRequest, context: dict[str, Any]) -> dict[str, str]:
    context = {**context, "oob": True}
    return {name: render_to_string(f"campaigns/board.html#{name}", context, request) for name in REGIONS}


def _page(
    request: HtmxHttpRequest, board: store.Board, seat: Seat, notice: str = "", status: int = 200
) -> HttpResponse:
    """The whole board: the page, or for htmx the #board fragment swapped in place."""
    context = _context(board, seat, notice=notice)
    if request.htmx:
        return render(request, "campaigns/board.html#board", {**context, "board_oob": True}, status=status)
    return render(request, "campaigns/board.html", context, status=status)


@login_required
@readable
@require_GET
def board(request: HtmxHttpRequest, code: UUID) -> HttpResponse:
    seat = campaign_for(request, code)
    return _page(request, store.load(seat.campaign), seat)


@require_GET
def live(request: HttpRequest, code: UUID) -> HttpResponse:
    """What an open board polls every second: 304 and no body while the board
    (and what this user may do with it) is unchanged, else the fresh board.

    Unchanged costs three indexed reads (the session, the user, the campaign's
    version with the user's role) and no engine work. A board that is gone for
    this user (deleted, or its owner removed them) reloads the page, which then
    says why; so does a logged-out one.
    """
    if not request.user.is_authenticated:
        return HttpResponse(status=401, headers={"HX-Refresh": "true"})
    try:
        seat = campaign_for(request, code, fields=("id", "code", "name", "version"))
    except Http404:
        return HttpResponse(status=404, headers={"HX-Refresh": "true"})
    unchanged = get_conditional_response(request, etag=seat.etag)
    if unchanged is not None:
        return unchanged
    try:
        etag, html = _live_board(seat)
    except store.Unreadable:
        return HttpResponse(status=409, headers={"HX-Refresh": "true"})
    return HttpResponse(html.replace(CSRF_SLOT, get_token(request)), headers={"ETag": etag})


def _live_board(seat: Seat) -> tuple[str, str]:
    """The #board fragment for every viewer in this seat, rendered once per version.

    When the board moves, every open board fetches it within a second: the
    engine and the templates then work once per version and role (per process,
    with the default cache), not once per viewer. The fragment is the same for
    them all but for the form's CSRF token, put in per request.
    """
    cached: tuple[str, str] | None = cache.get(_live_key(seat))
    if cached is not None:
        return cached
    board = store.load(Campaign.objects.select_related("owner").get(pk=seat.campaign.pk))
    fresh = Seat(board.campaign, seat.role)  # the board may have moved on again since the poll read it
    context = {**_context(board, fresh), "board_oob": True, "csrf_token": CSRF_SLOT}
    rendered = (fresh.etag, render_to_string("campaigns/board.html#board", context))
    cache.set(_live_key(fresh), rendered, LIVE_CACHE)
    return rendered


def _live_key(seat: Seat) -> str:
    """The board fragment's cache key: the campaign, its version, the role, and its name (a rename
    does not move the board on)."""
    campaign = seat.campaign
    name = hashlib.sha256(campaign.name.encode()).hexdigest()[:16]
    return f"live-board:{campaign.code}:{campaign.version}:{seat.role}:{name}"


@login_required
@readable
@require_POST
def act(request: HtmxHttpRequest, code: UUID) -> HttpResponse:
    """Apply one action (or ``undo``) for the version of the board the player saw."""
    seat = campaign_for(request, code, "act")
    campaign = seat.campaign
    form = ActionForm(request.POST)
    if not form.is_valid():
        reason = str(form.errors["key"][0]) if "key" in form.errors else "That was not an action."
        return _page(request, store.load(campaign), seat, reason, status=400)
    action, version = form.cleaned_data["key"], form.cleaned_data["version"]
    board = store.load(campaign)
    asking = action is not None and not form.cleaned_data["confirm"] and version == board.version
    if asking and action is not None and (warning := board.warning(action)):
        return _confirm(request, board, seat, action, warning)
    before = _regions(request, _context(board, seat, version=version + 1)) if request.htmx else {}
    try:
        if action is None:
            store.undo(board, version)
        else:
            store.act(board, action, version)
    except store.Stale:
        fresh = Campaign.objects.get(pk=campaign.pk)
        notice = FRIEND_FIRST if Membership.objects.filter(campaign=campaign).exists() else STALE
        return _page(request, store.load(fresh), Seat(fresh, seat.role), notice, status=409)
    except store.Refused as exc:
        return _refused(request, board, seat, str(exc))
    if not request.htmx:
        return redirect(campaign)
    after = _regions(request, _context(board, seat))
    changed = [html for name, html in after.items() if before.get(name) != html]
    response = HttpResponse("".join(changed) + _fresh(request, board, seat, live=True))
    key = action.key if action is not None else store.UNDO
    response["HX-Trigger"] = json.dumps({"yu:acted": {"key": key, "version": board.version}})
    return response


def _confirm(
    request: HtmxHttpRequest, board: store.Board, seat: Seat, action: Action, reason: str
) -> HttpResponse:
    """Ask before an action that loses the game, at once or at the next Harvest or
    Refresh whatever the player does."""
    context = _context(board, seat, confirm={"key": action.key, "reason": reason})
    if request.htmx:
        html = render_to_string("campaigns/board.html#decision", {**context, "oob": True}, request)
        return HttpResponse(html + _fresh(request, board, seat))
    return render(request, "campaigns/board.html", context)


def _fresh(request: HttpRequest, board: store.Board, seat: Seat, notice: str = "", live: bool = False) -> str:
    """The version input and the notice, swapped with every answer; after a
    change, the live poll too, so that it does not fetch the board it brought."""
    context = {
        "campaign": board.campaign,
        "seat": seat,
        "version": board.version,
        "notice": notice,
        "oob": True,
    }
    names = ("version", "notice", "live") if live else ("version", "notice")
    return "".join(render_to_string(f"campaigns/board.html#{name}", context, request) for name in names)


def _refused(request: HtmxHttpRequest, board: store.Board, seat: Seat, reason: str) -> HttpResponse:
    if request.htmx:
        return HttpResponse(_fresh(request, board, seat, reason), status=400)
    return _page(request, board, seat, reason, status=400)


@login_required
@readable
@require_GET
def story(request: HttpRequest, code: UUID) -> HttpResponse:
    """The campaign page: decks, Story cards found, History and the journal of entries read."""
    seat = campaign_for(request, code)
    board = store.load(seat.campaign, with_log=False)
    context = {"campaign": board.campaign, "seat": seat, "story": board.story()}
    return render(request, "campaigns/story.html", context)


@require_GET
def rules(request: HttpRequest) -> HttpResponse:
    return render(request, "campaigns/rules.html")


# -- sharing -------------------------------------------------------------------------


def _members_page(
    request: HttpRequest, seat: Seat, form: InviteForm | None = None, link: str = "", status: int = 200
) -> HttpResponse:
    campaign = seat.campaign
    context = {
        "campaign": campaign,
        "seat": seat,
        "members": list(campaign.memberships.select_related("user").order_by("created")),
        "invites": list(campaign.invites.order_by("-created")),
        "form": form or InviteForm(),
        "link": link,
    }
    return render(request, "campaigns/members.html", context, status=status)


@login_required
@require_GET
def members(request: HttpRequest, code: UUID) -> HttpResponse:
    """The owner's sharing panel: who is in, with what role, and the invite links."""
    return _members_page(request, campaign_for(request, code, "own"))


@login_required
@require_POST
def invite(request: HttpRequest, code: UUID) -> HttpResponse:
    """Make an invite link and show it, this once: only its hash is kept."""
    seat = campaign_for(request, code, "own")
    form = InviteForm(request.POST)
    if not form.is_valid():
        return _members_page(request, seat, form, status=400)
    _, token = sharing.create_invite(
        seat.campaign, _user(request), form.cleaned_data["role"], form.cleaned_data["single_use"]
    )
    link = request.build_absolute_uri(reverse("join", args=[token]))
    return _members_page(request, seat, link=link, status=201)


@login_required
@require_POST
def revoke(request: HttpRequest, code: UUID, invite: UUID) -> HttpResponse:
    seat = campaign_for(request, code, "own")
    sharing.revoke(get_object_or_404(Invite, campaign=seat.campaign, code=invite))
    return redirect("members", seat.campaign.code)


@login_required
@require_POST
def member_role(request: HttpRequest, code: UUID, member: UUID) -> HttpResponse:
    seat = campaign_for(request, code, "own")
    membership = get_object_or_404(Membership, campaign=seat.campaign, code=member)
    form = RoleForm(request.POST)
    if not form.is_valid():
        return _members_page(request, seat, status=400)
    Membership.objects.filter(pk=membership.pk).update(role=form.cleaned_data["role"])
    return redirect("members", seat.campaign.code)


@login_required
@require_POST
def member_remove(request: HttpRequest, code: UUID, member: UUID) -> HttpResponse:
    seat = campaign_for(request, code, "own")
    get_object_or_404(Membership, campaign=seat.campaign, code=member).delete()
    return redirect("members", seat.campaign.code)


@login_required
@require_http_methods(["GET", "POST"])
def leave(request: HttpRequest, code: UUID) -> HttpResponse:
    """A member takes a shared campaign off their list; the owner can invite them again."""
    campaign = campaign_for(request, code, "leave").campaign
    if request.method == "POST":
        Membership.objects.filter(campaign=campaign, user=_user(request)).delete()
        messages.info(request, f"You left {campaign.name}.")
        return redirect("home")
    return render(request, "campaigns/confirm.html", {"campaign": campaign, "what": "leave"})


@require_http_methods(["GET", "POST"])
def join(request: HttpRequest, token: str) -> HttpResponse:
    """Where an invite link leads: who invites you to what, then a button to join.

    Anyone holding the link may see the campaign's name and owner; joining
    takes an account (log in or sign up, then come back here).
    """
    try:
        invite = sharing.find_invite(token)
    except sharing.InviteRefused as exc:
        return _invite_refused(request, exc)
    campaign = invite.campaign
    if not request.user.is_authenticated:
        if request.method == "POST":
            return redirect_to_login(request.get_full_path())  # then back here
        return render(request, "campaigns/join.html", {"invite": invite, "campaign": campaign})
    if request.method == "GET":
        user = _user(request)
        context = {"invite": invite, "campaign": campaign, "owns": campaign.owner_id == user.pk}
        context["member"] = Membership.objects.filter(campaign=campaign, user=user).first()
        return render(request, "campaigns/join.html", context)
    try:
        outcome, member = sharing.join(invite, _user(request))
    except sharing.InviteRefused as exc:
        return _invite_refused(request, exc)
    if outcome is sharing.Joined.OWNER:
        messages.info(request, "This is your own campaign: the link is for your friends.")
    elif outcome is sharing.Joined.ALREADY and member is not None:
        messages.info(request, f"You are already in this campaign, as a {member.get_role_display()}.")
    elif member is not None:
        messages.success(request, f"You joined {campaign.name} as a {member.get_role_display()}.")
    return redirect(campaign)


def _invite_refused(request: HttpRequest, exc: sharing.InviteRefused) -> HttpResponse:
    context = {"sentence": exc.why.sentence}
    return render(request, "campaigns/invite_refused.html", context, status=exc.why.status)
