"""The language a reader reads the site in (said in it by :mod:`campaigns.reader`).

A signed-in user's choice is kept on their :class:`~campaigns.models.Profile` and copied
into their session when they sign in; anyone else's choice lives in their session. Without
a choice the site follows the browser's ``Accept-Language``. URLs are the same in every
language."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from campaigns.models import Profile

SESSION_KEY = "language"
CODES = frozenset(code for code, _name in settings.LANGUAGES)


def chosen(request: HttpRequest) -> str:
    """The reader's language: chosen, or else the browser's."""
    language = request.session.get(SESSION_KEY, "")
    return language if language in CODES else translation.get_language_from_request(request)


def choose(request: HttpRequest, language: str) -> None:
    """Remember ``language`` for this reader (on their profile when signed in)."""
    request.session[SESSION_KEY] = language
    if request.user.is_authenticated:
        Profile.objects.update_or_create(user=request.user, defaults={"language": language})


@receiver(user_logged_in)
def _signed_in(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    """Bring the profile's language into the new session, or keep on the profile the
    language chosen before signing in."""
    if request is None:
        return
    profile, _created = Profile.objects.get_or_create(user=user)
    if profile.language:
        request.session[SESSION_KEY] = profile.language
    elif language := request.session.get(SESSION_KEY):
        Profile.objects.filter(pk=profile.pk).update(language=language)


@require_POST
def switch(request: HttpRequest) -> HttpResponse:
    """``POST /language/``: speak ``language`` from now on, then go back to ``next`` when it is
    a path on this site (else home)."""
    language = request.POST.get("language", "")
    if language not in CODES:
        return HttpResponseBadRequest(translation.gettext("There is no such language here."))
    choose(request, language)
    back = request.POST.get("next", "")
    hosts = {request.get_host()}
    local = back.startswith("/")  # a path only: redirect() would take a bare word for a URL name
    safe = local and url_has_allowed_host_and_scheme(
        back, allowed_hosts=hosts, require_https=request.is_secure()
    )
    return redirect(back if safe else "home")
