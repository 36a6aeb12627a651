"""Answers for when the database cannot be reached."""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.template import loader

log = logging.getLogger("django.request")
RETRY_AFTER = 10
"""Seconds a client is asked to wait before trying again."""


class DatabaseDown:
    """503 with a page saying to try again shortly, rather than a 500, when the
    database cannot be reached (restarting, or out of connections). Nothing was
    written: a transaction that loses its connection is not committed."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, OperationalError | InterfaceError):
            return None
        log.error("Database unavailable: %s %s", request.method, request.path, exc_info=exception)
        response = HttpResponse(loader.get_template("503.html").render(), status=503)
        response["Retry-After"] = str(RETRY_AFTER)
        return response
