"""The ASGI handler: Django's, but a sync view's request is served in one hop to a thread.

Django's own handler runs a request's sync middleware in a thread, comes back to the event loop
to resolve the URL, goes to the thread again for the view, and once more each for the request's
start and end signals, with a new thread for every request. Here a request is read on the event
loop, then served whole in a thread of a fixed pool, as a WSGI server serves it: the URL resolved
once, the signals, the middleware and the view, and the answer made into bytes. Only a request
for an async view (a board's event stream) goes back to the loop, to be served Django's way.
"""

from __future__ import annotations

import asyncio
import contextvars
from concurrent.futures import ThreadPoolExecutor
from typing import IO, Any

from asgiref.sync import iscoroutinefunction
from django.conf import settings
from django.core import signals
from django.core.exceptions import RequestAborted
from django.core.handlers.asgi import ASGIHandler, get_script_prefix
from django.core.handlers.base import BaseHandler
from django.http import FileResponse, HttpRequest, HttpResponse, HttpResponseBase
from django.urls import Resolver404, ResolverMatch, get_resolver, set_script_prefix

Message = dict[str, Any]


class Handler(ASGIHandler):
    """Django's ASGI handler, serving a sync view's request in one hop to one of ``threads``."""

    def __init__(self, threads: int) -> None:
        super().__init__()
        self.sync = Resolved()
        self.sync.load_middleware(is_async=False)
        self.threads = ThreadPoolExecutor(threads, thread_name_prefix="request")

    async def __call__(self, scope: Message, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await super().__call__(scope, receive, send)
            return
        try:
            body = await self.read_body(receive)
        except RequestAborted:  # the client left before its request was read
            return
        loop = asyncio.get_running_loop()
        context = contextvars.copy_context()
        try:
            answer = await loop.run_in_executor(self.threads, context.run, self.respond, scope, body)
            if answer is None:  # an async view
                await super().__call__(scope, again(body.read(), receive), send)
                return
        finally:
            body.close()
        if isinstance(answer, HttpResponseBase):  # a streaming answer, sent as Django sends it
            await self.send_response(answer, send)
            await loop.run_in_executor(self.threads, answer.close)
            return
        start, content = answer
        await send(start)
        await send({"type": "http.response.body", "body": content})

    def respond(self, scope: Message, body: IO[bytes]) -> tuple[Message, bytes] | HttpResponseBase | None:
        """In a thread: the request served as a WSGI server would, and its answer's start message
        and bytes; a streaming answer is given back as it is, still open. None, untouched, when
        its view is async."""
        path = scope["path"].removeprefix(scope.get("root_path", "")) or "/"
        try:
            match: ResolverMatch | None = get_resolver().resolve(path)
        except Resolver404:
            match = None  # resolved again in the middleware's chain, which answers the 404
        if match is not None and iscoroutinefunction(match.func):
            return None
        set_script_prefix(get_script_prefix(scope))
        signals.request_started.send(sender=self.__class__, scope=scope)
        request, response = self.create_request(scope, body)
        if request is not None:
            request._resolved = match  # type: ignore[attr-defined]
            response = self.sync.get_response(request)
        assert response is not None
        response._handler_class = self.__class__  # type: ignore[attr-defined]  # request_finished names it
        if isinstance(response, FileResponse):
            response.block_size = self.chunk_size
        if not isinstance(response, HttpResponse):  # streaming
            return response
        try:
            return start(response), response.content
        finally:
            response.close()


class Resolved(BaseHandler):
    """Django's sync handler, taking the URL's match the request was resolved to before."""

    def resolve_request(self, request: HttpRequest) -> ResolverMatch:
        match: ResolverMatch | None = getattr(request, "_resolved", None)
        if match is None or hasattr(request, "urlconf"):  # not found, or a middleware's own URLs
            return super().resolve_request(request)
        request.resolver_match = match
        return match


def again(body: bytes, receive: Any) -> Any:
    """``receive``, giving the request's body, already read, once more first."""
    told = False

    async def receive_again() -> Message:
        nonlocal told
        if told:
            return await receive()  # type: ignore[no-any-return]
        told = True
        return {"type": "http.request", "body": body, "more_body": False}

    return receive_again


def start(response: HttpResponseBase) -> Message:
    """The answer's ``http.response.start`` message: its status and headers, cookies included."""
    headers = [(name.encode("ascii"), value.encode("latin1")) for name, value in response.items()]
    for cookie in response.cookies.values():
        headers.append((b"Set-Cookie", cookie.output(header="").encode("ascii").strip()))
    return {"type": "http.response.start", "status": response.status_code, "headers": headers}


def application() -> Handler:
    """The handler for the settings in use, with as many threads as a process's pool has connections."""
    import django

    django.setup(set_prefix=False)
    pool = settings.DATABASES["default"].get("OPTIONS", {}).get("pool")
    threads = pool.get("max_size", 10) if isinstance(pool, dict) else 10
    return Handler(threads)
