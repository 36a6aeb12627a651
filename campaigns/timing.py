"""The database time and CPU time of a request, said in a header (no model is imported here: the
benchmark's floor, which has no app, uses it too)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from django.db import connection
from django.http import HttpRequest, HttpResponse


class ServerTiming:
    """Count a request's queries and the time they took, and the CPU time of the
    thread that served it, and say so in a header:
    ``Server-Timing: db;dur=<ms>;desc="<n> queries", cpu;dur=<ms>``. Listed in
    MIDDLEWARE only when SERVER_TIMING=1 (tools/bench turns it on); first, so it
    counts the other middleware's work too."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        timing = _Queries()
        cpu = time.thread_time()
        with connection.execute_wrapper(timing):
            response = self.get_response(request)
        cpu = time.thread_time() - cpu
        response["Server-Timing"] = (
            f'db;dur={timing.seconds * 1000:.1f};desc="{timing.count} queries", cpu;dur={cpu * 1000:.1f}'
        )
        return response


class _Queries:
    """An execute wrapper that counts the queries it sees and adds up their time."""

    def __init__(self) -> None:
        self.count = 0
        self.seconds = 0.0

    def __call__(self, execute: Callable[..., Any], sql: str, params: Any, many: bool, context: Any) -> Any:
        start = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            self.count += 1
            self.seconds += time.perf_counter() - start
