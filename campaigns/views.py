from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any
from uuid import UUID

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.defaultfilters import date
from django.utils.text import slugify
from django.utils.translation import get_language, gettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from campaigns import charts, store, transfer
from campaigns.access import board_for, campaign_for
from campaigns.forms import (
    CampaignForm,
    DeleteForm,
    ImportForm,
    ResetForm,
    TableForm,
)
from campaigns.models import KEPT_FOR, YU, Campaign
from campaigns.offers import offers
from campaigns.presenter import page
from campaigns.turns import turns
from engine.games import TABLES
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


# -- the campaign list --------------------------------------------------------------------


@require_safe
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
        context["turns"] = turns(request.user)
    return render(request, "campaigns/home.html", context, status=status)


@login_required
@require_safe
def turns_list(request: HttpRequest) -> HttpResponse:
    """The home page's list of campaigns and tables, by whose move it is (polled; its ETag
    changes when the list would read otherwise)."""
    now = turns(_user(request))
    etag = f'"{get_language()}.{now.tag}"'
    if etag in request.headers.get("If-None-Match", ""):
        response = HttpResponse(status=304)
    else:
        response = render(request, "campaigns/home.html#campaign-list", {"turns": now, "level": 1})
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    return response


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
@require_safe
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
@require_safe
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
@require_safe
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


@require_safe
def rules(request: HttpRequest) -> HttpResponse:
    return render(request, "campaigns/rules.html")


@require_safe
def game_rules(request: HttpRequest, game: str) -> HttpResponse:
    """How to play a game of the tables, from its own templates."""
    if game not in TABLES:
        raise Http404(gettext("No such game"))
    return render(request, f"{game}/rules.html")
