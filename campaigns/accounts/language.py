"""The language a reader reads the site in (said in it by :mod:`campaigns.reader`).

Django's ``LocaleMiddleware`` speaks the language of the language cookie, which the header's
switch sets, or else the browser's ``Accept-Language``. A signed-in user's choice is also kept
on their :class:`~campaigns.accounts.models.Profile` and put back in the cookie each time they sign in,
so it follows them to another browser. URLs are the same in every language."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.urls import reverse
from django.utils import translation
from django.views.decorators.http import require_POST
from django.views.i18n import set_language

from campaigns.accounts.models import Profile

CODES = frozenset(code for code, _name in settings.LANGUAGES)
SIGNED_IN = "language_signed_in"
"""The request attribute holding the profile's language of a user the request signed in."""


def remember(response: HttpResponse, language: str) -> None:
    """Put ``language`` in the language cookie, as Django's ``set_language`` does."""
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )


@receiver(user_logged_in)
def _signed_in(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    """Have the profile's language put in the cookie (by
    :class:`campaigns.accounts.middleware.LanguageCookie`), or keep on the profile the language chosen
    before signing in."""
    if request is None:
        return
    profile, _created = Profile.objects.get_or_create(user=user)
    if profile.language:
        setattr(request, SIGNED_IN, profile.language)
    elif (language := request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, "")) in CODES:
        Profile.objects.filter(pk=profile.pk).update(language=language)


@require_POST
def switch(request: HttpRequest) -> HttpResponse:
    """``POST /language/``: Django's ``set_language``, stricter: a language the site does not
    speak is refused, a ``next`` that is not a path on this site goes home, and a signed-in
    user's choice is kept on their profile."""
    language = request.POST.get("language", "")
    if language not in CODES:
        return HttpResponseBadRequest(translation.gettext("There is no such language here."))
    response = set_language(request)
    if response.has_header("Location") and not request.POST.get("next", "").startswith("/"):
        response["Location"] = reverse("home")  # set_language takes "foo" for a URL relative to this one
    if request.user.is_authenticated:
        Profile.objects.update_or_create(user=request.user, defaults={"language": language})
    return response
