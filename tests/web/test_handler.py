"""The app's ASGI handler (config/handler.py): a page or an action is served whole in one of its
threads, an event stream the way Django serves async views."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from unittest import mock
from urllib.parse import urlencode

from asgiref.testing import ApplicationCommunicator
from django.contrib.auth.models import User
from django.contrib.auth.signals import user_logged_in
from django.core import signals
from django.test import TransactionTestCase
from django.urls import get_resolver

from config.handler import Handler
from tests import play

from .base import PASSWORD, SEED

Message = dict[str, Any]


def scope(method: str, path: str, headers: tuple[tuple[bytes, bytes], ...]) -> Message:
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"localhost"), *headers],
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 8000),
    }


async def serve(
    handler: Handler, method: str, path: str, body: bytes = b"", headers: tuple[tuple[bytes, bytes], ...] = ()
) -> tuple[int, dict[bytes, list[bytes]], bytes]:
    """The answer's status, headers and body, as an ASGI server gets them from ``handler``."""
    talk = ApplicationCommunicator(handler, scope(method, path, headers))
    await talk.send_input({"type": "http.request", "body": body})
    start = await talk.receive_output(10)
    assert start["type"] == "http.response.start"
    content = b""
    while True:
        message = await talk.receive_output(10)
        content += message.get("body", b"")
        if not message.get("more_body"):
            break
    await talk.wait(10)
    named: dict[bytes, list[bytes]] = {}
    for name, value in start["headers"]:
        named.setdefault(name.lower(), []).append(value)
    return start["status"], named, content


def cookies(headers: dict[bytes, list[bytes]]) -> dict[str, str]:
    return dict(value.decode().split(";")[0].split("=", 1) for value in headers.get(b"set-cookie", []))


@contextmanager
def threads_of(*signal_list: Any) -> Iterator[list[tuple[str, str]]]:
    """Each of ``signal_list``'s sendings while in the block: its name and its thread's."""
    heard: list[tuple[str, str]] = []
    receivers = []
    for number, signal in enumerate(signal_list):

        def receiver(number: int = number, **kwargs: Any) -> None:
            heard.append((str(number), threading.current_thread().name))

        signal.connect(receiver, weak=False, dispatch_uid=f"test-handler-{number}")
        receivers.append(receiver)
    try:
        yield heard
    finally:
        for number, signal in enumerate(signal_list):
            signal.disconnect(dispatch_uid=f"test-handler-{number}")


class HandlerTestCase(TransactionTestCase):
    """Through the handler as the app server runs it (its own threads and connections)."""

    def setUp(self) -> None:
        self.alice = User.objects.create_user("alice", password=PASSWORD)
        self.campaign = play.create_campaign(self.alice, "Yellow River", SEED)
        self.handler = Handler(threads=2)

    def tearDown(self) -> None:
        self.handler.threads.shutdown()

    async def test_a_sign_in_is_served_whole_in_one_thread_and_its_cookies_sent(self) -> None:
        status, headers, page = await serve(self.handler, "GET", "/accounts/login/")
        self.assertEqual(status, 200)
        token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page)
        assert token is not None
        csrf = cookies(headers)["csrftoken"]
        form = {"csrfmiddlewaretoken": token.group(1).decode(), "username": "alice", "password": PASSWORD}
        loop_thread = threading.current_thread().name
        resolver = get_resolver()
        with (
            threads_of(signals.request_started, user_logged_in, signals.request_finished) as heard,
            mock.patch.object(resolver, "resolve", wraps=resolver.resolve) as resolved,
        ):
            status, headers, _ = await serve(
                self.handler,
                "POST",
                "/accounts/login/",
                urlencode(form).encode(),
                (
                    (b"content-type", b"application/x-www-form-urlencoded"),
                    (b"cookie", f"csrftoken={csrf}".encode()),
                ),
            )
        self.assertEqual(status, 302, headers)
        self.assertIn("sessionid", cookies(headers))
        # The request's start, its view (the sign-in) and its end, in one thread of the handler's.
        self.assertEqual([signal for signal, _ in heard], ["0", "1", "2"])
        self.assertEqual(len({thread for _, thread in heard}), 1, heard)
        self.assertTrue(heard[0][1].startswith("request"), heard)
        self.assertNotEqual(heard[0][1], loop_thread)
        self.assertEqual(resolved.call_count, 1)  # its URL resolved once
        # The session it sent signs the next request in.
        session = f"sessionid={cookies(headers)['sessionid']}".encode()
        status, _, home = await serve(self.handler, "GET", "/", headers=((b"cookie", session),))
        self.assertEqual(status, 200)
        self.assertIn(b"alice", home)

    async def test_an_unknown_address_is_answered_through_the_middleware(self) -> None:
        status, headers, page = await serve(self.handler, "GET", "/no/such/page/")
        self.assertEqual(status, 404)
        self.assertIn(b"content-security-policy", headers)
        self.assertIn(b"<html", page)

    async def test_an_event_stream_is_served_as_django_serves_async_views(self) -> None:
        with threads_of(signals.request_started) as heard:
            status, _, _ = await serve(self.handler, "GET", f"/c/{self.campaign.code}/events/")
        self.assertEqual(status, 401)  # the async view's refusal of a stranger
        self.assertEqual(len(heard), 1)
        self.assertFalse(heard[0][1].startswith("request"), heard)

    async def test_a_client_gone_before_its_request_was_read_gets_nothing(self) -> None:
        talk = ApplicationCommunicator(self.handler, scope("POST", "/accounts/login/", ()))
        with threads_of(signals.request_started) as heard:
            await talk.send_input({"type": "http.disconnect"})
            await talk.wait(10)
        self.assertTrue(await talk.receive_nothing())
        self.assertEqual(heard, [])
