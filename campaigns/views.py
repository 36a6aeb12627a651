from __future__ import annotations

import json
import math
from collections.abc import Callable
from datetime import timedelta
from functools import wraps
from typing import Any
from uuid import UUID

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db.models import F
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.middleware.csrf import get_token
from django.shortcuts import get_object_or_404, redirect, render
from django.template.defaultfilters import date
from django.template.loader import render_to_string
from django.utils.cache import get_conditional_response
from django.utils.text import slugify
from django.utils.translation import gettext, gettext_lazy, ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.middleware import HtmxDetails

from campaigns import charts, store, transfer
from campaigns import regions as drawn
from campaigns.access import Seat, board_for, campaign_for, campaigns_of
from campaigns.accounts.throttle import locked_out, throttled
from campaigns.forms import (
    ActionForm,
    CampaignForm,
    DeleteForm,
    ImportForm,
    ResetForm,
    TableForm,
    VersionForm,
)
from campaigns.jinja import render_region
from campaigns.models import KEPT_FOR, YU, Campaign, Game, GameAction
from campaigns.offers import offers
from campaigns.presenter import page
from campaigns.reader import said
from campaigns.sharing.models import Role
from engine.games import TABLES
from engine.session import Advice
from engine.text import Msg
from engine.yu import Action
from engine.yu.bots.strong import hint as strong_hint
from engine.yu.bots.strong import hopeless, no_hint
from engine.yu.campaign.chronicle import chronicle as yu_chronicle
from engine.yu.rules.labels import label

STALE = gettext_lazy("The board had changed since you saw it (another window?). Here it is as it stands now.")
FRIEND_FIRST = gettext_lazy("Your friend moved first; here is the board now.")
FRIEND_NAMED = gettext_lazy("Your friend {name} moved first; here is the board now.")
OTHER_WINDOW = gettext_lazy(
    "You had already moved, in another window or with an earlier click; here is the board now."
)
RESET = gettext_lazy(
    "The owner started the campaign over; your move was not made. Here is the new first game."
)
STALE_HINT = gettext_lazy(
    "The board had changed since you saw it (another window?): ask again on the board as it stands now."
)


class HtmxHttpRequest(HttpRequest):
    """A request as django-htmx's middleware leaves it: ``request.htmx`` says
    whether htmx sent it."""

    htmx: HtmxDetails


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
            return _gone(request, exc.campaign, status=410)
        except store.Elsewhere as exc:
            return redirect(exc.campaign)

    return wrapper


def _gone(request: HttpRequest, campaign: Campaign, status: int) -> HttpResponse:
    """A deleted campaign's page: for its owner, with the way to restore it."""
    owns = campaign.owner_id == request.user.pk
    response = render(request, "campaigns/gone.html", {"campaign": campaign, "owns": owns}, status=status)
    if getattr(request, "htmx", False):
        response["HX-Refresh"] = "true"  # the whole page says it, not a fragment of the board
    return response


# -- the campaign list --------------------------------------------------------------------


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
        campaigns = list(campaigns_of(request.user))
        context["campaigns"] = [c for c in campaigns if c.deleted is None]
        context["deleted"] = [c for c in campaigns if c.deleted is not None]
    return render(request, "campaigns/home.html", context, status=status)


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


# -- the board -----------------------------------------------------------------------


def _page(
    request: HtmxHttpRequest,
    board: store.Board,
    seat: Seat,
    notice: str = "",
    status: int = 200,
    confirm: dict[str, Any] | None = None,
    hint: dict[str, Any] | None = None,
) -> HttpResponse:
    """The whole board: the page, or for htmx the #board fragment swapped in place."""
    context = {
        **drawn.shell(seat, notice),
        "regions": drawn.shown(request, board, seat, confirm),
        "hint": hint,
    }
    if request.htmx:
        return render(request, "campaigns/board.html#board", {**context, "board_oob": True}, status=status)
    return render(request, "campaigns/board.html", context, status=status)


@login_required
@explained
@require_GET
def board(request: HtmxHttpRequest, code: UUID) -> HttpResponse:
    board, seat = board_for(request, code, recent=drawn.RECENT)
    return _page(request, board, seat)


@require_GET
def live(request: HttpRequest, code: UUID) -> HttpResponse:
    """What an open board polls every second: 304 and no body while the board
    (and what this user may do with it) is unchanged, else the fresh board.

    Unchanged costs three indexed reads (the session, the user, the campaign's
    version with the user's role) and no engine work. A board that is gone for
    this user (deleted, or its owner removed them) reloads the page, which then
    says why; so does a logged-out one. A table has no board here (its live
    table is ``table_live``): 404.
    """
    if not request.user.is_authenticated:
        return HttpResponse(status=401, headers={"HX-Refresh": "true"})
    try:
        seat = campaign_for(request, code, fields=("id", "code", "name", "version", "game"))
        if seat.campaign.is_table:
            raise Http404("No such campaign")
    except (Http404, store.Gone):
        return HttpResponse(status=404, headers={"HX-Refresh": "true"})
    unchanged = get_conditional_response(request, etag=seat.etag)
    if unchanged is not None:
        return unchanged
    try:
        etag, html = drawn.live_board(seat)
    except store.Unreadable:
        return HttpResponse(status=409, headers={"HX-Refresh": "true"})
    return HttpResponse(html.replace(drawn.CSRF_SLOT, get_token(request)), headers={"ETag": etag})


@login_required
@explained
@require_POST
def act(request: HtmxHttpRequest, code: UUID) -> HttpResponse:
    """Apply one action (or ``undo``) for the version of the board the player saw."""
    board, seat = board_for(request, code, "act", recent=drawn.RECENT)
    form = ActionForm(request.POST)
    if not form.is_valid():
        reason = str(form.errors["key"][0]) if "key" in form.errors else gettext("That was not an action.")
        return _page(request, board, seat, reason, status=400)
    action, version = form.cleaned_data["key"], form.cleaned_data["version"]
    by = request.user.get_username()
    asking = action is not None and not form.cleaned_data["confirm"] and version == board.version
    advice = board.session if isinstance(board.session, Advice) else None
    if asking and action is not None and advice and (warning := advice.warning(board.state, 0, action)):
        return _confirm(request, board, seat, action, warning)
    seen = drawn.rendered(board, seat) if request.htmx and version == board.version else None
    try:
        if action is None:
            board = store.undo(board, 0, version, by)
        else:
            board = store.act(board, 0, action, version, by)
    except store.Stale:
        return _lost_race(request, board, seat, form.cleaned_data["run"] or board.campaign.run)
    except store.Gone:
        return _gone(request, board.campaign, status=409)
    except store.Refused as exc:
        return _refused(request, board, seat, said(exc.msg))
    if not request.htmx:
        return redirect(board.campaign)
    token = get_token(request)
    now = drawn.rendered(board, Seat(board.campaign, seat.role), before=seen)
    changed = [
        drawn.fill(html, token, oob=True)
        for name, (_, html) in now.items()
        if seen is None or seen[name][1] != html
    ]
    response = HttpResponse("".join(changed) + _fresh(request, board, seat, live=True))
    key = action.key if action is not None else store.UNDO
    response["HX-Trigger"] = json.dumps({"yu:acted": {"key": key, "version": board.version}})
    return response


@login_required
@explained
@require_POST
def _hints_throttled(request: HtmxHttpRequest, code: UUID, *, wait: timedelta) -> HttpResponse:
    """Too many hints asked from one address: for htmx, why in the hint's place; else the page that
    says how long to wait."""
    if not request.htmx:
        return locked_out(request, wait=wait)
    seconds = max(1, math.ceil(wait.total_seconds()))
    why = ngettext(
        "Too many hints in a minute: ask again in {n} second.",
        "Too many hints in a minute: ask again in {n} seconds.",
        seconds,
    ).format(n=seconds)
    board, seat = board_for(request, code, "act", recent=drawn.RECENT)
    response = _hint_refused(request, board, seat, why, status=429)
    response["Retry-After"] = str(seconds)
    return response


@login_required
@throttled("hint", "60/m", refusal=_hints_throttled)
@explained
def hint(request: HtmxHttpRequest, code: UUID) -> HttpResponse:
    """What the strong bot would do now: its best moves with their chance of winning,
    worked out from what the player sees. Each hint is counted with the game."""
    board, seat = board_for(request, code, "act", recent=drawn.RECENT)
    form = VersionForm(request.POST)
    if not form.is_valid():
        return _hint_refused(request, board, seat, gettext("That was not a request for a hint."))
    if form.cleaned_data["version"] != board.version:
        return _hint_refused(request, board, seat, str(STALE_HINT), status=409)
    game = board.state.game
    if why := no_hint(game):
        return _hint_refused(request, board, seat, said(why))
    view = game.view()
    hints = strong_hint(game)
    advice = {
        "moves": [
            {"key": h.action.key, "label": said(label(view, h.action)), "win": h.percent} for h in hints
        ],
        "lost": [said(why) for why in hopeless(game, hints)],
    }
    Game.objects.filter(pk=board.game_row.pk).update(hints=F("hints") + 1)
    context = {**drawn.shell(seat), "hint": advice, "csrf_token": get_token(request)}
    if request.htmx:
        return render(request, "campaigns/board.html#hint", context)
    return _page(request, board, seat, hint=advice)


def _hint_refused(
    request: HtmxHttpRequest, board: store.Board, seat: Seat, reason: str, status: int = 400
) -> HttpResponse:
    """A hint request refused: the reason in the hint's place, and nothing else
    changed (for htmx, that place alone; else the board around it)."""
    refused = {"refused": reason}
    if request.htmx:
        return render(
            request, "campaigns/board.html#hint", {**drawn.shell(seat), "hint": refused}, status=status
        )
    return _page(request, board, seat, status=status, hint=refused)


def _lost_race(request: HtmxHttpRequest, seen: store.Board, seat: Seat, run: int) -> HttpResponse:
    """409 and the board as it stands now, saying who moved it since the player saw it (in ``run``):
    the owner's delete or reset, else whoever wrote the newest action."""
    try:
        board, seat = drawn.load(seat)
    except store.Gone:
        return _gone(request, seen.campaign, status=409)
    campaign = board.campaign
    in_run = GameAction.objects.filter(game__campaign=campaign, game__run=campaign.run)
    newest = in_run.order_by("-pk").first()
    if campaign.run != run:
        notice = str(RESET)
    elif newest is not None and newest.by == request.user.get_username():
        notice = str(OTHER_WINDOW)
    elif newest is not None and newest.by:
        notice = str(FRIEND_NAMED).format(name=newest.by)
    elif not seat.owns or campaign.memberships.inside().filter(role=Role.PLAY).exists():
        notice = str(FRIEND_FIRST)  # someone else may act at this campaign
    else:
        notice = str(STALE)
    return _page(request, board, seat, notice, status=409)


def _confirm(
    request: HtmxHttpRequest, board: store.Board, seat: Seat, action: Action, reason: Msg
) -> HttpResponse:
    """Ask before an action that loses the game, at once or at the next Harvest or
    Refresh whatever the player does."""
    confirm: dict[str, Any] = {"key": action.key, "reason": reason}
    if request.htmx:
        context = {
            **drawn.board_context(board, seat, confirm=confirm),
            "oob": drawn.OOB,
            "csrf_token": get_token(request),
        }
        html = render_region("decision", context)
        return HttpResponse(html + _fresh(request, board, seat))
    return _page(request, board, seat, confirm=confirm)


def _fresh(request: HttpRequest, board: store.Board, seat: Seat, notice: str = "", live: bool = False) -> str:
    """The version input and the notice, swapped with every answer; after a
    change, the live poll too, so that it does not fetch the board it brought."""
    context = {**drawn.shell(Seat(board.campaign, seat.role), notice), "oob": drawn.OOB}
    names = ("version", "notice", "live", "hint") if live else ("version", "notice")
    return "".join(render_to_string(f"campaigns/board.html#{name}", context, request) for name in names)


def _refused(request: HtmxHttpRequest, board: store.Board, seat: Seat, reason: str) -> HttpResponse:
    if request.htmx:
        return HttpResponse(_fresh(request, board, seat, reason), status=400)
    return _page(request, board, seat, reason, status=400)


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
