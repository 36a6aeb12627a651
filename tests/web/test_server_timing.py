"""ServerTiming: every answer says how many queries it took and how long they ran."""

from __future__ import annotations

import os
import re
import subprocess
import sys

from django.conf import settings
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.test import TestCase, override_settings
from django.urls import path

TIMING = re.compile(r'^db;dur=(\d+\.\d);desc="(\d+) queries", cpu;dur=(\d+\.\d)$')


def two_queries(request: HttpRequest) -> HttpResponse:
    User.objects.count()
    User.objects.filter(username="nobody").exists()
    return HttpResponse("done")


def none(request: HttpRequest) -> HttpResponse:
    return HttpResponse("nothing asked")


def failing(request: HttpRequest) -> HttpResponse:
    User.objects.count()
    return HttpResponse("refused", status=400)


urlpatterns = [path("two/", two_queries), path("none/", none), path("failing/", failing)]


@override_settings(ROOT_URLCONF=__name__, MIDDLEWARE=["campaigns.timing.ServerTiming"])
class ServerTimingTestCase(TestCase):
    def timing(self, url: str) -> tuple[float, int]:
        found = TIMING.match(self.client.get(url)["Server-Timing"])
        assert found, "no Server-Timing header of the expected form"
        return float(found.group(1)), int(found.group(2))

    def test_it_counts_the_queries_of_a_request(self) -> None:
        milliseconds, count = self.timing("/two/")
        self.assertEqual(count, 2)
        self.assertGreater(milliseconds, 0)

    def test_it_gives_the_cpu_time_of_the_request(self) -> None:
        found = TIMING.match(self.client.get("/two/")["Server-Timing"])
        assert found
        self.assertGreaterEqual(float(found.group(3)), 0)

    def test_it_counts_none_when_nothing_is_asked(self) -> None:
        self.assertEqual(self.timing("/none/"), (0.0, 0))

    def test_it_times_refusals_too(self) -> None:
        self.assertEqual(self.timing("/failing/")[1], 1)

    def test_each_request_counts_afresh(self) -> None:
        self.timing("/two/")
        self.assertEqual(self.timing("/two/")[1], 2)


def test_only_server_timing_1_lists_it_first() -> None:
    script = "from django.conf import settings; print(settings.MIDDLEWARE[0])"
    listed = subprocess.run(
        [sys.executable, "-c", f"import django; django.setup(); {script}"],
        env={**os.environ, "DEBUG": "1", "SERVER_TIMING": "1"},
        capture_output=True,
        text=True,
        check=True,
    )
    assert listed.stdout.strip() == "campaigns.timing.ServerTiming"
    assert "campaigns.timing.ServerTiming" not in settings.MIDDLEWARE  # the tests run without it
