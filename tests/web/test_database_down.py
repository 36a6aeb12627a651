"""When the database cannot be reached, a request is answered 503 with a page
saying to try again, and the log says what happened: whether the error comes from
a view's query or from reading the session."""

from __future__ import annotations

import uuid
from unittest import mock

from django.contrib.sessions.backends.db import SessionStore
from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.test import Client, SimpleTestCase, override_settings
from django.urls import path

from config import urls

DOWN = 'connection to server on socket "/nowhere/.s.PGSQL.5432" failed'


def unreachable(request: HttpRequest) -> HttpResponse:
    raise OperationalError(DOWN)


def closed(request: HttpRequest) -> HttpResponse:
    raise InterfaceError("connection already closed")


def broken(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("not the database")


urlpatterns = [path("unreachable/", unreachable), path("closed/", closed), path("broken/", broken)]
handler500 = urls.handler500


@override_settings(ROOT_URLCONF=__name__, DEBUG=False)
class DatabaseDownTestCase(SimpleTestCase):
    def test_it_answers_503_with_a_page_to_try_again(self) -> None:
        client = Client(raise_request_exception=False)
        with self.assertLogs("django.request", "ERROR") as logged:
            r = client.get("/unreachable/")
        self.assertEqual(r.status_code, 503)
        self.assertEqual(r["Retry-After"], "10")
        self.assertContains(r, "nothing was saved", status_code=503)
        self.assertNotContains(r, "PGSQL", status_code=503)
        self.assertIn("Service Unavailable: /unreachable/", logged.output[0])
        self.assertIn("OperationalError", logged.output[0])

    def test_it_answers_503_for_a_connection_already_closed(self) -> None:
        with self.assertLogs("django.request", "ERROR"):
            r = Client(raise_request_exception=False).get("/closed/")
        self.assertEqual(r.status_code, 503)

    def test_other_errors_stay_500s(self) -> None:
        with self.assertLogs("django.request", "ERROR"):
            r = Client(raise_request_exception=False).get("/broken/")
        self.assertEqual(r.status_code, 500)
        self.assertNotIn("Retry-After", r)


@override_settings(DEBUG=False)
class SessionUnreadableTestCase(SimpleTestCase):
    """The board's log-in check reads the session before the view runs."""

    def test_it_answers_503_when_the_session_cannot_be_read(self) -> None:
        client = Client(raise_request_exception=False)
        client.cookies["sessionid"] = "a" * 32
        with (
            mock.patch.object(SessionStore, "load", side_effect=OperationalError(DOWN)),
            self.assertLogs("django.request", "ERROR") as logged,
        ):
            r = client.get(f"/c/{uuid.uuid4()}/")
        self.assertEqual(r.status_code, 503)
        self.assertEqual(r["Retry-After"], "10")
        self.assertContains(r, "nothing was saved", status_code=503)
        self.assertIn("OperationalError", logged.output[0])
