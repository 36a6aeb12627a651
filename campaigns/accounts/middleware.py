"""The language cookie."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_vary_headers

from campaigns.accounts.language import SIGNED_IN, remember


class LanguageCookie:
    """``LocaleMiddleware`` speaks the language cookie's language: name the cookie in every
    answer's ``Vary``, and on the answer that signs a user in put in it the language they chose
    (kept on their profile; see :mod:`campaigns.accounts.language`)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if language := getattr(request, SIGNED_IN, ""):
            remember(response, language)
        patch_vary_headers(response, ("Cookie",))
        return response
