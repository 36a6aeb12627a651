"""The notes' pages: a player's settings, the link that confirms an address, and the link that
stops the notes (it works without signing in, and a mail program may post to it in one click)."""

from __future__ import annotations

from uuid import UUID

from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.utils.translation import get_language, gettext
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST

from campaigns.access import campaign_for
from campaigns.models import Campaign, TableSeat
from campaigns.notes import clock, tasks
from campaigns.notes.forms import AS_USUAL, PerMoveForm, ReaderForm, TableForm
from campaigns.notes.models import Often, Reader, TableOften
from campaigns.notes.tokens import confirmed, stopped
from campaigns.views import explained


def _reader(user: User) -> Reader:
    return Reader.objects.get_or_create(user=user, defaults={"language": get_language()})[0]


def _tables(user: User) -> list[tuple[Campaign, str]]:
    """The tables the player sits at, each with their choice for it."""
    chosen = dict(TableOften.objects.filter(user=user).values_list("campaign_id", "often"))
    seated = TableSeat.objects.filter(user=user, campaign__deleted=None).select_related("campaign")
    return [(s.campaign, chosen.get(s.campaign_id, AS_USUAL)) for s in seated.order_by("campaign__name")]


@login_required
@require_http_methods(["GET", "POST"])
def notes(request: HttpRequest) -> HttpResponse:
    user = request.user
    if not isinstance(user, User):
        raise PermissionDenied
    reader = _reader(user)
    form = ReaderForm(initial={"address": reader.pending or reader.address, "often": reader.often})
    status = 200
    if request.method == "POST" and "table" in request.POST:
        status = _choose_for_table(request, user)
        if status == 200:
            return redirect("notes")
    elif request.method == "POST":
        form = ReaderForm(request.POST)
        if form.is_valid():
            _save(reader, form.cleaned_data["address"], form.cleaned_data["often"])
            return redirect("notes")
        status = 400
    context = {"reader": Reader.objects.get(pk=reader.pk), "form": form, "tables": _tables(user)}
    return render(request, "notes/settings.html", context, status=status)


def _save(reader: Reader, address: str, often: str) -> None:
    """The player's address and default; a new address waits for its link to be followed."""
    with transaction.atomic():
        reader.often, reader.language = often, get_language()
        if not address:
            reader.address = reader.pending = ""
        elif address not in (reader.address, reader.pending):
            reader.pending = address
            tasks.confirm.enqueue(reader.user_id)
        elif address == reader.address:
            reader.pending = ""
        reader.save()


def _choose_for_table(request: HttpRequest, user: User) -> int:
    form = TableForm(request.POST)
    if not form.is_valid():
        return 400
    seat = TableSeat.objects.filter(user=user, campaign__code=form.cleaned_data["table"]).first()
    if seat is None:
        return 404
    if form.cleaned_data["often"] == AS_USUAL:
        TableOften.objects.filter(user=user, campaign_id=seat.campaign_id).delete()
    else:
        TableOften.objects.update_or_create(
            user=user, campaign_id=seat.campaign_id, defaults={"often": form.cleaned_data["often"]}
        )
    return 200


@require_http_methods(["GET"])
def confirm(request: HttpRequest, token: str) -> HttpResponse:
    """Confirm the address the link was sent to, if it is still the one the player gave."""
    found = confirmed(token)
    reader = Reader.objects.filter(user_id=found[0], pending=found[1]).first() if found else None
    if reader is None:
        why = gettext(
            "This link does not confirm any address now: it is too old, or another address was given since."
        )
        return render(request, "notes/confirmed.html", {"why": why}, status=400)
    reader.address, reader.pending = reader.pending, ""
    reader.save(update_fields=["address", "pending"])
    return render(request, "notes/confirmed.html", {"reader": reader})


@csrf_exempt  # signed for one player: a mail program posts to it with no cookie (RFC 8058)
@require_http_methods(["GET", "POST"])
def stop(request: HttpRequest, token: str) -> HttpResponse:
    """Stop a player's notes for one table, or all of them: asked on a page, done by a post."""
    what = stopped(token)
    user = User.objects.filter(pk=what.user_id).first() if what else None
    campaign = Campaign.objects.filter(pk=what.campaign_id).first() if what and what.campaign_id else None
    if what is None or user is None or (what.campaign_id is not None and campaign is None):
        return render(request, "notes/stop.html", {"broken": True}, status=400)
    done = request.method == "POST"
    if done and campaign is not None:
        TableOften.objects.update_or_create(user=user, campaign=campaign, defaults={"often": Often.NEVER})
    elif done:
        Reader.objects.filter(user=user).update(often=Often.NEVER)
        TableOften.objects.filter(user=user).exclude(often=Often.NEVER).delete()
    return render(request, "notes/stop.html", {"campaign": campaign, "done": done})


@login_required
@explained
@require_POST
def per_move(request: HttpRequest, code: UUID) -> HttpResponse:
    """The table's owner sets its time per move (:mod:`campaigns.notes.clock`)."""
    campaign = campaign_for(request, code, "own").campaign
    form = PerMoveForm(request.POST)
    if not campaign.is_table or not form.is_valid():
        return HttpResponseBadRequest(gettext("A table's time per move is none, 1, 3 or 7 days."))
    with transaction.atomic():
        Campaign.objects.filter(pk=campaign.pk).update(per_move=form.cleaned_data["days"])
        campaign.refresh_from_db(fields=["per_move", "waiting_since", "waiting"])
        clock.wound(campaign)
    return redirect("members", campaign.code)
