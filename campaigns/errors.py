"""The page of a request that failed: 503 and a page saying to try again shortly when the database
cannot be reached (restarting, or out of connections), else Django's 500 page.

It is ``handler500``, so it sees every error nobody caught, wherever it was raised: in a view, in
rendering, or in a middleware reading the session or the user. Nothing was written: a transaction
that loses its connection is not committed."""

from __future__ import annotations

import sys

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.template import loader
from django.views import defaults

RETRY_AFTER = 10
"""Seconds a client is asked to wait before trying again."""


def server_error(request: HttpRequest) -> HttpResponse:
    """Django calls this within the error's ``except``, so ``sys.exc_info`` holds the error
    (asgiref carries it into the thread that answers an async request)."""
    if not isinstance(sys.exc_info()[1], OperationalError | InterfaceError):
        return defaults.server_error(request)
    response = HttpResponse(loader.get_template("503.html").render(), status=503)
    response["Retry-After"] = str(RETRY_AFTER)
    return response
