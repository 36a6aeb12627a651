"""When the database cannot be reached, a request is answered 503 with a page
saying to try again, and the log says what happened."""

from __future__ import annotations

from django.db import OperationalError
from django.http import HttpRequest, HttpResponse
from django.test import Client, SimpleTestCase, override_settings
from django.urls import path


def unreachable(request: HttpRequest) -> HttpResponse:
    raise OperationalError('connection to server on socket "/nowhere/.s.PGSQL.5432" failed')


def broken(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("not the database")


urlpatterns = [path("unreachable/", unreachable), path("broken/", broken)]


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
        self.assertIn("Database unavailable: GET /unreachable/", logged.output[0])
        self.assertIn("OperationalError", logged.output[0])

    def test_other_errors_stay_500s(self) -> None:
        r = Client(raise_request_exception=False).get("/broken/")
        self.assertEqual(r.status_code, 500)
