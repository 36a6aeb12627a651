"""A table's own talk: short lines of plain text said by its members, shown beside the log.

A line said, or taken back by its author or the table's owner, moves the table's version on, so
that every open board shows it at once; a move made meanwhile still holds (its seat's moment is
unchanged). Each member may say :data:`RATE` lines; the table shows the latest
(:meth:`~campaigns.models.ChatLine.latest`), and the owner's own go with the table's file
(:mod:`campaigns.transfer`).
"""

from __future__ import annotations

from datetime import timedelta
from uuid import UUID

from django import forms
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import F
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from campaigns.access import board_for
from campaigns.accounts.throttle import throttled
from campaigns.boards import LOG_ROWS, drawing_of
from campaigns.models import Campaign, ChatLine
from campaigns.views import explained

RATE = "12/m"
"""How many lines a member may say."""


class LineForm(forms.Form):
    text = forms.CharField(label=_("Say something to the table"), max_length=ChatLine.LENGTH)

    def clean_text(self) -> str:
        text: str = self.cleaned_data["text"]
        if any(ord(c) < 32 and c not in "\t" for c in text):
            raise forms.ValidationError(gettext("One line of text, without control characters."))
        return text


def _slow_down(request: HttpRequest, code: UUID, *, wait: timedelta) -> HttpResponse:
    board, seat = board_for(request, code, recent=LOG_ROWS)
    why = gettext("You are saying a lot: wait {seconds} seconds.").format(
        seconds=int(wait.total_seconds()) or 1
    )
    return drawing_of(board.campaign).told(request, board, seat, why, 429)


def _moved_on(campaign: Campaign) -> None:
    Campaign.objects.filter(pk=campaign.pk).update(version=F("version") + 1)


@login_required
@explained
@require_POST
@throttled("chat", RATE, refusal=_slow_down)
def say(request: HttpRequest, code: UUID) -> HttpResponse:
    """A member says a line at the table."""
    board, seat = board_for(request, code, recent=LOG_ROWS)
    drawing = drawing_of(board.campaign)
    if not board.campaign.is_table:
        raise Http404(gettext("A campaign of Legacy of Yu has no table talk."))
    form = LineForm(request.POST)
    if not form.is_valid():
        return drawing.told(request, board, seat, " ".join(str(e) for e in form.errors["text"]), 400)
    user = request.user
    assert isinstance(user, User)
    with transaction.atomic():
        ChatLine.objects.create(campaign=board.campaign, user=user, text=form.cleaned_data["text"])
        _moved_on(board.campaign)
    return _again(request, code)


@login_required
@explained
@require_POST
def unsay(request: HttpRequest, code: UUID, line: int) -> HttpResponse:
    """Its author or the table's owner takes a line back."""
    board, seat = board_for(request, code, recent=LOG_ROWS)
    said = ChatLine.objects.filter(pk=line, campaign=board.campaign).first()
    if said is None or (said.user_id != request.user.pk and not seat.owns):
        why = gettext("Only the one who said it, or the table's owner, can take a line back.")
        return drawing_of(board.campaign).told(request, board, seat, why, 403)
    with transaction.atomic():
        said.delete()
        _moved_on(board.campaign)
    return _again(request, code)


def _again(request: HttpRequest, code: UUID) -> HttpResponse:
    """The table with its talk as it is now: the fragment for htmx, else the page."""
    if not request.headers.get("HX-Request"):
        return redirect("board", code=code)
    board, seat = board_for(request, code, recent=LOG_ROWS)
    return drawing_of(board.campaign).page(request, board, seat)
