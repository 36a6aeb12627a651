from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any
from uuid import UUID

from django.contrib import messages
from django.contrib.auth import REDIRECT_FIELD_NAME, login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.contrib.auth.models import User
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.defaultfilters import date
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.text import slugify
from django.utils.translation import gettext, gettext_noop
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from campaigns import charts, seats, sharing, store, transfer
from campaigns.forms import (
    CampaignForm,
    DeleteForm,
    ImportForm,
    InviteForm,
    LoginForm,
    ResetForm,
    RoleForm,
    SeatForm,
    TableForm,
    TokenForm,
)
from campaigns.models import KEPT_FOR, YU, Campaign, Invite, Membership, Role, TableSeat
from campaigns.offers import offers
from campaigns.presenter import page
from campaigns.sharing import Seat, board_for, campaign_for
from campaigns.throttle import remember_browser, throttled
from engine.games import GAMES, TABLES
from engine.yu.campaign.chronicle import chronicle as yu_chronicle


def _user(request: HttpRequest) -> User:
    """The signed-in user (of a view that requires one)."""
    user = request.user
    if not isinstance(user, User):
        raise PermissionDenied(gettext("Sign in first."))
    return user


def explained(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Explain, rather than fail, when a campaign was deleted or saved by older game content."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except store.Unreadable as exc:
            context = {"campaign": exc.campaign, "reason": str(exc)}
            return render(request, "campaigns/unreadable.html", context, status=409)
        except store.Gone as exc:
            return gone(request, exc.campaign, status=410)
        except store.Elsewhere as exc:
            return redirect(exc.campaign)

    return wrapper


def gone(request: HttpRequest, campaign: Campaign, status: int) -> HttpResponse:
    """A deleted campaign's page: for its owner, with the way to restore it."""
    owns = campaign.owner_id == request.user.pk
    response = render(request, "campaigns/gone.html", {"campaign": campaign, "owns": owns}, status=status)
    if request.headers.get("HX-Request"):
        response["HX-Refresh"] = "true"  # the whole page says it, not a fragment of the board
    return response


# -- accounts and the campaign list ------------------------------------------------------


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    return _home(request)


def _home(
    request: HttpRequest,
    form: CampaignForm | None = None,
    import_form: ImportForm | None = None,
    status: int = 200,
    table_form: TableForm | None = None,
) -> HttpResponse:
    """The games on offer with the forms to start one, the list of campaigns and tables,
    the form to bring one back, and the owner's deleted ones that can still be restored.

    A ``game`` in the query chooses that game in the new-table form."""
    game = request.GET.get("game")
    context: dict[str, Any] = {
        "offers": offers(),
        "form": form or CampaignForm(),
        "import_form": import_form or ImportForm(),
        "table_form": table_form or TableForm(initial={"game": game} if game in TABLES else None),
    }
    if isinstance(request.user, User):
        campaigns = list(sharing.campaigns_of(request.user))
        context["campaigns"] = [c for c in campaigns if c.deleted is None]
        context["deleted"] = [c for c in campaigns if c.deleted is not None]
    return render(request, "campaigns/home.html", context, status=status)


def _next(request: HttpRequest) -> str:
    """Where to go after signing up: a local ``next`` (an invite link), else home."""
    target = request.POST.get(REDIRECT_FIELD_NAME) or request.GET.get(REDIRECT_FIELD_NAME) or ""
    if url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        return target
    return reverse("home")


class LoginView(auth_views.LoginView):
    """Django's log-in page, which also marks the browser as known to the account it logged in to."""

    authentication_form = LoginForm

    def form_valid(self, form: AuthenticationForm) -> HttpResponse:
        response = super().form_valid(form)
        remember_browser(response, form.get_user())
        return response


TAKEN = gettext_noop("Someone took that username a moment ago; choose another.")


@sensitive_post_parameters("password1", "password2")
@require_http_methods(["GET", "POST"])
@throttled("signup", "10/h")
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect(_next(request))

    form: UserCreationForm[User] = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            with transaction.atomic():
                user = form.save()
        except IntegrityError:  # a sign-up with the same name won the race since the form was checked
            form.add_error("username", gettext(TAKEN))
        else:
            login(request, user)
            return redirect(_next(request))
    next_url = _next(request)
    return render(
        request,
        "registration/signup.html",
        {"form": form, "next": "" if next_url == reverse("home") else next_url},
        status=400 if form.errors else 200,
    )


@login_required
@require_POST
def create(request: HttpRequest) -> HttpResponse:
    form = CampaignForm(request.POST)
    if not form.is_valid():
        return _home(request, form=form, status=400)
    data = form.cleaned_data
    campaign = store.create(
        _user(request), YU, data["name"], level=data["difficulty"], request=data["request"]
    )
    return redirect(campaign)


@login_required
@require_POST
def create_table(request: HttpRequest) -> HttpResponse:
    form = TableForm(request.POST)
    if not form.is_valid():
        return _home(request, table_form=form, status=400)
    data = form.cleaned_data
    return redirect(
        store.create(_user(request), data["game"], data["name"], form.seats(), request=data["request"])
    )


@login_required
@explained
@require_http_methods(["GET", "POST"])
def rename(request: HttpRequest, code: UUID) -> HttpResponse:
    campaign = campaign_for(request, code, "own").campaign
    form = CampaignForm(request.POST or None, instance=campaign)
    if request.method == "POST" and form.is_valid():
        # Only the name: a full save could put back a board a player has just moved on.
        Campaign.objects.filter(pk=campaign.pk).update(name=form.cleaned_data["name"])
        return redirect("home")
    context = {"campaign": campaign, "form": form}
    return render(request, "campaigns/rename.html", context, status=400 if form.errors else 200)


@login_required
@explained
@require_http_methods(["GET", "POST"])
def reset(request: HttpRequest, code: UUID) -> HttpResponse:
    campaign = campaign_for(request, code, "own").campaign
    if campaign.is_table:
        raise store.Elsewhere(campaign)
    form = ResetForm(request.POST if request.method == "POST" else None, initial={"run": campaign.run})
    if request.method == "POST" and form.is_valid():
        store.reset(campaign, form.cleaned_data["run"])
        return redirect(campaign)
    context = {"campaign": campaign, "what": "reset", "form": form}
    return render(request, "campaigns/confirm.html", context, status=400 if form.errors else 200)


@login_required
@explained
@require_http_methods(["GET", "POST"])
def delete(request: HttpRequest, code: UUID) -> HttpResponse:
    """Delete, once the owner has typed the campaign's name; restorable for a week."""
    campaign = campaign_for(request, code, "own").campaign
    form = DeleteForm(campaign, request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        store.delete(campaign)
        messages.info(
            request,
            gettext("“{name}” was deleted. You can restore it until {until}.").format(
                name=campaign.name, until=date(campaign.purged_after, "l j F")
            ),
        )
        return redirect("home")
    context = {"campaign": campaign, "what": "delete", "form": form, "kept_for": KEPT_FOR.days}
    return render(request, "campaigns/confirm.html", context, status=400 if form.errors else 200)


@login_required
@require_POST
def restore(request: HttpRequest, code: UUID) -> HttpResponse:
    campaign = get_object_or_404(Campaign, code=code, owner=_user(request), deleted__isnull=False)
    if store.restore(campaign):
        messages.success(request, gettext("“{name}” is back.").format(name=campaign.name))
        return redirect(campaign)
    gone = gettext("“{name}” was deleted more than {days} days ago: it is gone.")
    messages.error(request, gone.format(name=campaign.name, days=KEPT_FOR.days))
    return redirect("home")


@login_required
@explained
@require_GET
def export(request: HttpRequest, code: UUID) -> HttpResponse:
    """The campaign as a file for its owner to keep (see :mod:`campaigns.transfer`)."""
    campaign = campaign_for(request, code, "own").campaign
    saved = transfer.export(campaign)
    response = JsonResponse(saved, json_dumps_params={"indent": 1})
    slug = slugify(campaign.name) or "campaign"
    response["Content-Disposition"] = f'attachment; filename="{slug}.{campaign.game}.json"'
    return response


@login_required
@require_POST
def bring_back(request: HttpRequest) -> HttpResponse:
    """Make a new campaign of one's own from a campaign file, once its log replays."""
    form = ImportForm(request.POST, request.FILES)
    if form.is_valid():
        try:
            data = form.cleaned_data
            campaign = transfer.bring_back(
                transfer.read(data["file"].read(transfer.MAX_BYTES + 1)), _user(request), data["request"]
            )
        except transfer.BadFile as exc:
            form.add_error("file", str(exc))
        else:
            back = (
                gettext("“{name}” was brought back as a table of yours.")
                if campaign.is_table
                else gettext("“{name}” was brought back as a campaign of yours.")
            )
            messages.success(request, back.format(name=campaign.name))
            return redirect(campaign)
    return _home(request, import_form=form, status=400)


# -- the campaign's pages ----------------------------------------------------------------


@login_required
@explained
@require_GET
def story(request: HttpRequest, code: UUID) -> HttpResponse:
    """The campaign page: decks, Story cards found, History and the journal of entries read."""
    board, seat = board_for(request, code, recent=0)
    story = board.state.view()
    journal = [
        {"game": r.game, "page": page(r.page.number, r.page.title, r.page.text), "chosen": r.chosen}
        for r in story.journal
    ]
    context = {"campaign": board.campaign, "seat": seat, "story": story, "journal": journal}
    return render(request, "campaigns/story.html", context)


@login_required
@explained
@require_GET
def chronicle(request: HttpRequest, code: UUID) -> HttpResponse:
    """The campaign's games as a timeline, with charts drawn on the server."""
    board, seat = board_for(request, code, recent=0)
    story = board.state.view()
    told = yu_chronicle(story, board.state.content)
    hints = dict(board.campaign.games.filter(run=board.campaign.run).values_list("number", "hints"))
    context = {
        "campaign": board.campaign,
        "seat": seat,
        "story": story,
        "told": told,
        "games": [
            (played, hints.get(played.number, 0), [page(p.number, p.title, p.text) for p in played.read])
            for played in reversed(told.games)
        ],
        "hints_total": sum(hints.values()),
        "charts": [charts.record(told), charts.barbarians(told), charts.flood(told)] if told.finished else [],
    }
    return render(request, "campaigns/chronicle.html", context)


@require_GET
def rules(request: HttpRequest) -> HttpResponse:
    return render(request, "campaigns/rules.html")


@require_GET
def game_rules(request: HttpRequest, game: str) -> HttpResponse:
    """How to play a game of the tables, from its own templates."""
    if game not in TABLES:
        raise Http404(gettext("No such game"))
    return render(request, f"{game}/rules.html")


# -- sharing -------------------------------------------------------------------------


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
@require_GET
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
    _invite, token = sharing.create_invite(
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
    sharing.revoke(get_object_or_404(Invite, campaign=seat.campaign, code=invite))
    return redirect("members", seat.campaign.code)


@login_required
@explained
@require_POST
def member_role(request: HttpRequest, code: UUID, member: UUID) -> HttpResponse:
    seat = campaign_for(request, code, "own")
    membership = get_object_or_404(Membership.objects.inside(), campaign=seat.campaign, code=member)
    form = RoleForm(request.POST)
    if not form.is_valid():
        return _members_page(request, seat, status=400)
    sharing.set_role(membership, form.cleaned_data["role"])
    return redirect("members", seat.campaign.code)


@login_required
@explained
@require_POST
def member_remove(request: HttpRequest, code: UUID, member: UUID) -> HttpResponse:
    seat = campaign_for(request, code, "own")
    sharing.remove(get_object_or_404(Membership.objects.inside(), campaign=seat.campaign, code=member))
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
        sharing.leave(campaign, _user(request))
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
        invite = sharing.opened_invite(invite_pk) if invite_pk else None
    except sharing.InviteRefused as exc:
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
                context["role"] = Role(sharing.role_on_joining(invite, request.user))
            except sharing.InviteRefused as exc:
                return _invite_refused(request, exc)
        return render(request, "campaigns/join.html", context)
    try:
        outcome, member = sharing.join(invite, request.user)
    except sharing.InviteRefused as exc:
        return _invite_refused(request, exc)
    del request.session[INVITE]
    if outcome is sharing.Joined.OWNER:
        messages.info(request, gettext("This is your own campaign: the link is for your friends."))
    elif outcome is sharing.Joined.ALREADY and member is not None:
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
        invite = sharing.find_invite(form.cleaned_data["token"])
    except sharing.InviteRefused as exc:
        return _invite_refused(request, exc)
    request.session[INVITE] = invite.pk
    return redirect("join")


def _invite_refused(request: HttpRequest, exc: sharing.InviteRefused) -> HttpResponse:
    context = {"sentence": exc.why.sentence}
    return render(request, "campaigns/invite_refused.html", context, status=exc.why.status)
