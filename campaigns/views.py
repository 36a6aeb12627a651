from __future__ import annotations

import json
from collections.abc import Callable
from functools import wraps
from typing import Any
from uuid import UUID

from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from campaigns import store
from campaigns.forms import ActionForm, CampaignForm
from campaigns.models import Campaign
from campaigns.presenter import present

REGIONS = (
    "status",
    "story",
    "decision",
    "hand",
    "row",
    "river",
    "settlement",
    "rules",
    "campaign",
    "supply",
    "piles",
    "log",
)
"""The board's regions, each a named fragment of campaigns/board.html with a stable id."""
LOG_LENGTH = 60


def _campaign(request: HttpRequest, code: UUID) -> Campaign:
    """The user's campaign with this code; anyone else's is not found."""
    try:
        return Campaign.objects.get(code=code, owner_id=request.user.pk)
    except Campaign.DoesNotExist:
        raise Http404("No such campaign") from None


# -- accounts and the campaign list ------------------------------------------------------


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    campaigns = list(request.user.campaigns.all()) if request.user.is_authenticated else []
    return render(request, "campaigns/home.html", {"campaigns": campaigns, "form": CampaignForm()})


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("home")

    form: UserCreationForm[User] = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user)
        return redirect("home")
    return render(request, "registration/signup.html", {"form": form})


@login_required
@require_POST
def create(request: HttpRequest) -> HttpResponse:
    form = CampaignForm(request.POST)
    if not form.is_valid():
        campaigns = list(request.user.campaigns.all())
        return render(request, "campaigns/home.html", {"campaigns": campaigns, "form": form}, status=400)
    campaign = store.create_campaign(request.user, form.cleaned_data["name"])
    return redirect(campaign)


@login_required
@require_http_methods(["GET", "POST"])
def rename(request: HttpRequest, code: UUID) -> HttpResponse:
    campaign = _campaign(request, code)
    form = CampaignForm(request.POST or None, instance=campaign)
    if request.method == "POST" and form.is_valid():
        form.save()
        return redirect("home")
    return render(request, "campaigns/rename.html", {"campaign": campaign, "form": form})


@login_required
@require_http_methods(["GET", "POST"])
def reset(request: HttpRequest, code: UUID) -> HttpResponse:
    campaign = _campaign(request, code)
    if request.method == "POST":
        store.reset(campaign)
        return redirect(campaign)
    return render(request, "campaigns/confirm.html", {"campaign": campaign, "what": "reset"})


@login_required
@require_http_methods(["GET", "POST"])
def delete(request: HttpRequest, code: UUID) -> HttpResponse:
    campaign = _campaign(request, code)
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


def _context(board: store.Board, version: int | None = None, notice: str = "") -> dict[str, Any]:
    log = board.log[-LOG_LENGTH:]
    undone = {row.undoes for row in board.log if row.undoes}
    last = board.log[-1].events if board.log else []
    return {
        "campaign": board.campaign,
        "game_row": board.game_row,
        "b": present(board.game, board.legal_keys(), board.story(), last),
        "log": [{"row": row, "undone": row.seq in undone, **_headline(row.events)} for row in reversed(log)],
        "log_more": len(board.log) > LOG_LENGTH,
        "undo": board.undo_target,
        "version": board.version if version is None else version,
        "notice": notice,
    }


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


def _page(request: HttpRequest, board: store.Board, notice: str = "", status: int = 200) -> HttpResponse:
    """The whole board: the page, or for htmx the #board fragment swapped in place."""
    context = _context(board, notice=notice)
    if request.htmx:
        return render(request, "campaigns/board.html#board", {**context, "board_oob": True}, status=status)
    return render(request, "campaigns/board.html", context, status=status)


@login_required
@readable
@require_GET
def board(request: HttpRequest, code: UUID) -> HttpResponse:
    return _page(request, store.load(_campaign(request, code)))


@login_required
@readable
@require_POST
def act(request: HttpRequest, code: UUID) -> HttpResponse:
    """Apply one action (or ``undo``) for the version of the board the player saw."""
    campaign = _campaign(request, code)
    form = ActionForm(request.POST)
    if not form.is_valid():
        return _page(request, store.load(campaign), "That was not an action.", status=400)
    key, version = form.cleaned_data["key"], form.cleaned_data["version"]
    board = store.load(campaign)
    before = _regions(request, _context(board, version=version + 1)) if request.htmx else {}
    try:
        if key == store.UNDO:
            store.undo(board, version)
        else:
            store.act(board, key, version)
    except store.Stale:
        notice = "The board had changed since you saw it (another window?). Here it is as it stands now."
        return _page(request, store.load(Campaign.objects.get(pk=campaign.pk)), notice, status=409)
    except store.Refused as exc:
        return _refused(request, board, str(exc))
    if not request.htmx:
        return redirect(campaign)
    after = _regions(request, _context(board))
    changed = [html for name, html in after.items() if before.get(name) != html]
    response = HttpResponse("".join(changed) + _fresh(request, board))
    response["HX-Trigger"] = json.dumps({"yu:acted": {"key": key, "version": board.version}})
    return response


def _fresh(request: HttpRequest, board: store.Board, notice: str = "") -> str:
    """The version input and the notice, swapped with every answer."""
    context = {"version": board.version, "notice": notice, "oob": True}
    return render_to_string("campaigns/board.html#version", context, request) + render_to_string(
        "campaigns/board.html#notice", context, request
    )


def _refused(request: HttpRequest, board: store.Board, reason: str) -> HttpResponse:
    if request.htmx:
        return HttpResponse(_fresh(request, board, reason), status=400)
    return _page(request, board, reason, status=400)


@login_required
@readable
@require_GET
def story(request: HttpRequest, code: UUID) -> HttpResponse:
    """The campaign page: decks, Story cards found, History and the journal."""
    board = store.load(_campaign(request, code), with_log=False)
    return render(request, "campaigns/story.html", {"campaign": board.campaign, "story": board.story()})


@require_GET
def rules(request: HttpRequest) -> HttpResponse:
    return render(request, "campaigns/rules.html")
