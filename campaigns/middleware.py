"""Pages never kept by the browser."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils.cache import add_never_cache_headers


class NotKept:
    """Tell browsers to keep no page: Back then shows the board and the campaign list as they
    are now, not as they were, and a page shown once (a new invite link) is not shown again.
    Static files, served before this, are kept as long as WhiteNoise says."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if not response.has_header("Cache-Control"):
            add_never_cache_headers(response)
        return response
