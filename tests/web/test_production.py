"""Settings with DEBUG off, as a deployment runs them: each case starts Django
afresh in a process of its own, with only the environment a server would have."""

from __future__ import annotations

import logging
import os
import secrets
import shutil
import socket
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest
from django.conf import settings
from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.urls import path

from config.database import database_url

MANAGE = str(settings.BASE_DIR / "manage.py")
STRONG_KEY = secrets.token_urlsafe(50)
LEFT_OUT = (
    "DJANGO_ALLOW_ASYNC_UNSAFE",  # the browser tests' own, never a deployment's
    "DEBUG",
    "SECRET_KEY",
    "DB_POOL",
    "DB_POOL_MIN",
    "DB_POOL_MAX",
    "DB_POOL_TIMEOUT",
    "DB_CONN_MAX_AGE",
    "REDIS_URL",
    "LISTEN_DATABASE_URL",
    "ALLOWED_HOSTS",
    "CSRF_TRUSTED_ORIGINS",
    "PROXY_SSL_HEADER",
    "CLIENT_IP_HEADER",
    "SECURE_SSL_REDIRECT",
    "SECURE_HSTS_SECONDS",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS",
    "SECURE_HSTS_PRELOAD",
    "SECURE_COOKIES",
)


def crash(request: HttpRequest) -> HttpResponse:
    password = "hunter2-do-not-show"  # noqa: F841 (a local a debug page would list)
    raise RuntimeError("the crash this test asked for")


urlpatterns = [path("crash/", crash)]


def run(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """Python with a deployment's environment: DEBUG off, a strong key, one host."""
    base = {k: v for k, v in os.environ.items() if k not in LEFT_OUT}
    deployment = {
        "DEBUG": "0",
        "SECRET_KEY": STRONG_KEY,
        "ALLOWED_HOSTS": "yu.example.org",
        "DATABASE_URL": database_url(),
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }
    return subprocess.run(
        [sys.executable, *args],
        env={**base, **deployment, **env},
        cwd=settings.BASE_DIR,
        capture_output=True,
        text=True,
        timeout=120,
    )


def django(script: str, **env: str) -> subprocess.CompletedProcess[str]:
    return run("-c", "import django\ndjango.setup()\n" + textwrap.dedent(script), **env)


def test_the_deployment_check_is_silent() -> None:
    done = run(MANAGE, "check", "--deploy", "--fail-level", "WARNING")
    assert done.returncode == 0, done.stderr
    assert "no issues" in done.stdout
    assert not done.stderr


def test_it_refuses_to_start_without_a_real_secret_key() -> None:
    weak = {
        "": "Set SECRET_KEY",
        "short-and-guessable": "too weak",
        "a" * 60: "too weak",
        "django-insecure-" + secrets.token_urlsafe(50): "too weak",
    }
    for key, complaint in weak.items():
        done = run(MANAGE, "check", SECRET_KEY=key)
        assert done.returncode != 0, key
        assert "ImproperlyConfigured" in done.stderr and complaint in done.stderr, done.stderr
        assert "secrets.token_urlsafe" in done.stderr  # says how to make one


def test_development_needs_no_key() -> None:
    done = run(MANAGE, "check", DEBUG="1", SECRET_KEY="")
    assert done.returncode == 0, done.stderr


def test_without_a_database_url_it_refuses_to_start() -> None:
    done = run(MANAGE, "check", DATABASE_URL="")
    assert done.returncode != 0
    assert "ImproperlyConfigured" in done.stderr and "Set DATABASE_URL when DEBUG is off" in done.stderr
    assert "for development only" in done.stderr  # says why


@pytest.mark.django_db
def test_with_debug_off_each_process_keeps_a_pool() -> None:
    script = """
        from django.db import connection
        from django.conf import settings as s
        db = s.DATABASES["default"]
        print(db["CONN_MAX_AGE"], db["OPTIONS"].get("pool"))
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        print(connection.pool is not None)
        """
    url = the_test_database()
    done = django(script, DATABASE_URL=url)
    assert done.stdout.splitlines() == [
        "0 {'min_size': 2, 'max_size': 10, 'timeout': 10}",
        "True",
    ], done.stderr
    done = django(script, DATABASE_URL=url, DB_POOL_MIN="1", DB_POOL_MAX="4", DB_POOL_TIMEOUT="3")
    assert done.stdout.splitlines()[0] == "0 {'min_size': 1, 'max_size': 4, 'timeout': 3}", done.stderr
    # Without the pool (a WSGI deployment), DB_CONN_MAX_AGE keeps connections open instead.
    done = django(script, DATABASE_URL=url, DB_POOL="0", DB_CONN_MAX_AGE="60")
    assert done.stdout.splitlines() == ["60 None", "False"], done.stderr
    done = django(script, DATABASE_URL=url, DEBUG="1")
    assert done.stdout.splitlines() == ["0 None", "False"], done.stderr


@pytest.mark.django_db
def test_connections_prepare_no_statements_so_a_transaction_pooler_may_share_them() -> None:
    script = """
        from django.db import connection
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        print(connection.connection.prepare_threshold)
        """
    done = django(script, DATABASE_URL=the_test_database())
    assert done.stdout.splitlines() == ["None"], done.stderr


@pytest.mark.django_db
def test_board_news_is_heard_on_its_own_url_when_one_is_set() -> None:
    script = """
        import asyncio
        from campaigns.hub import _connect

        async def main():
            async with await _connect() as conn:
                cursor = await conn.execute("SELECT current_database(), current_setting('application_name')")
                print(*await cursor.fetchone())

        asyncio.run(main())
        """
    name = connection.settings_dict["NAME"]
    done = django(script, DATABASE_URL=the_test_database())
    assert done.stdout.split() == [name, "yu", "board", "news"], done.stderr
    # DATABASE_URL goes through a pooler that cannot hold a LISTEN: here, nowhere at all.
    nowhere = "postgresql://nobody@127.0.0.1:1/nothing"
    done = django(script, DATABASE_URL=nowhere, LISTEN_DATABASE_URL=the_test_database())
    assert done.stdout.split() == [name, "yu", "board", "news"], done.stderr


def test_a_listen_url_that_is_no_url_is_refused() -> None:
    done = run(MANAGE, "check", LISTEN_DATABASE_URL="db-host:5432")
    assert done.returncode != 0
    assert "LISTEN_DATABASE_URL should be a URL like postgresql://" in done.stderr


def the_test_database() -> str:
    """DATABASE_URL naming the test database (the one it names need not exist)."""
    return urlsplit(database_url())._replace(path="/" + connection.settings_dict["NAME"]).geturl()


def _listening(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


@pytest.fixture
def redis_url() -> Iterator[str]:
    """A Redis server of the test's own on a free port."""
    server = shutil.which("redis-server")
    if server is None:
        pytest.skip("redis-server is not installed (.ci/run installs it)")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    redis = subprocess.Popen([server, "--port", str(port), "--save", "", "--appendonly", "no"])
    try:
        deadline = time.monotonic() + 10
        while not _listening(port) and time.monotonic() < deadline:
            time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        redis.terminate()
        redis.wait(10)


def test_with_redis_the_app_processes_share_their_cache(redis_url: str) -> None:
    cache = "from django.core.cache import cache\n"
    put = django(cache + "cache.set('board', 'drawn once', 60)", REDIS_URL=redis_url)
    assert put.returncode == 0, put.stderr
    got = django(cache + "print(cache.get('board'))", REDIS_URL=redis_url)
    assert got.stdout.strip() == "drawn once", got.stderr
    alone = django(cache + "print(cache.get('board'))")
    assert alone.stdout.strip() == "None", alone.stderr  # without it, each process keeps its own


def test_pool_sizes_that_cannot_work_are_refused() -> None:
    done = run(MANAGE, "check", DB_POOL_MIN="5", DB_POOL_MAX="2")
    assert done.returncode != 0
    assert "DB_POOL_MIN (5) and DB_POOL_MAX (2)" in done.stderr


def test_with_debug_off_it_asks_for_https_everywhere() -> None:
    done = django(
        """
        from django.conf import settings as s
        print(s.SECURE_SSL_REDIRECT, s.SECURE_HSTS_SECONDS, s.SECURE_HSTS_INCLUDE_SUBDOMAINS,
              s.SECURE_HSTS_PRELOAD, s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE)
        """
    )
    assert done.stdout.split() == ["True", "31536000", "True", "True", "True", "True"], done.stderr
    done = django(
        """
        from django.conf import settings as s
        print(s.SECURE_SSL_REDIRECT, s.SECURE_HSTS_SECONDS, s.SESSION_COOKIE_SECURE)
        """,
        SECURE_SSL_REDIRECT="0",
        SECURE_HSTS_SECONDS="600",
        SECURE_COOKIES="0",
    )
    assert done.stdout.split() == ["False", "600", "False"], done.stderr


def test_behind_a_tls_proxy_links_come_out_https() -> None:
    script = """
        from django.test import RequestFactory
        request = RequestFactory().get("/", HTTP_HOST="yu.example.org", HTTP_X_FORWARDED_PROTO="https")
        print(request.is_secure(), request.build_absolute_uri("/join/abc/"))
        """
    done = django(script, PROXY_SSL_HEADER="HTTP_X_FORWARDED_PROTO")
    assert done.stdout.split() == ["True", "https://yu.example.org/join/abc/"], done.stderr
    done = django(script)  # without the setting the header is not trusted
    assert done.stdout.split() == ["False", "http://yu.example.org/join/abc/"], done.stderr


def test_a_misnamed_proxy_header_is_refused() -> None:
    done = run(MANAGE, "check", PROXY_SSL_HEADER="X-Forwarded-Proto")
    assert done.returncode != 0
    assert "HTTP_X_FORWARDED_PROTO" in done.stderr


def test_a_crash_shows_a_plain_page_and_logs_the_traceback() -> None:
    done = django(
        """
        from django.test import Client
        from django.test.utils import override_settings
        with override_settings(ROOT_URLCONF="tests.web.test_production"):
            r = Client(raise_request_exception=False).get("/crash/", secure=True, HTTP_HOST="yu.example.org")
        print(r.status_code)
        print(r.content.decode())
        """,
        DATABASE_URL="postgresql://someone:database-password-do-not-show@/nowhere",
    )
    status, page = done.stdout.split("\n", 1)
    assert status == "500", done.stderr
    assert "Something went wrong" in page
    shown = (
        STRONG_KEY,
        "database-password-do-not-show",
        "hunter2",
        "SECRET_KEY",
        "DATABASE_URL",
        "Traceback",
    )
    assert [secret for secret in shown if secret in page] == []
    # The server's log (stderr) has what happened, with where.
    assert "Internal Server Error: /crash/" in done.stderr
    assert "Traceback (most recent call last)" in done.stderr
    assert "RuntimeError: the crash this test asked for" in done.stderr
    assert 'test_production.py", line' in done.stderr


def test_for_async_views_the_middleware_chain_runs_in_one_thread(caplog: pytest.LogCaptureFixture) -> None:
    """An event stream, which the app server leaves to Django's ASGI handler, is handed to a
    thread once for the whole middleware chain: Django adapts only the view's handler for the
    chain's last middleware, so no middleware runs in the event loop and hops to a thread for
    each of its steps."""
    from django.core.handlers.asgi import ASGIHandler
    from django.test import override_settings

    with override_settings(DEBUG=True), caplog.at_level(logging.DEBUG, "django.request"):
        ASGIHandler()
    adapted = [r.getMessage() for r in caplog.records if "handler adapted for middleware" in r.getMessage()]
    assert adapted == [f"Asynchronous handler adapted for middleware {settings.MIDDLEWARE[-1]}."]
