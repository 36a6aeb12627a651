"""Throttling: too many wrong passwords, sign-ups or joins from one client.

Log-in goes through django-axes (settings AXES_*): `LockoutBackend` refuses a
locked address or account, `LoginAttempts` keeps the count. An account's lock
leaves out the browsers that have logged in to it before (`lockout_parameters`,
`remember_browser`), so that strangers' wrong passwords cannot keep its owner
out. Other forms take the `throttled` decorator (django-ratelimit), counted in
`ThrottleCache`. Both answer with the same page, `locked_out`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from datetime import timedelta
from functools import wraps
from typing import Any

from asgiref.sync import sync_to_async
from axes.backends import AxesStandaloneBackend
from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_username, get_cool_off
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.models import User
from django.core.cache.backends.db import DatabaseCache
from django.db import connections, router, transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django_ratelimit.core import get_usage
from django_ratelimit.decorators import ratelimit

from campaigns.accounts import sessions

View = Callable[..., HttpResponse]

KNOWN_BROWSER = "known_browser"
"""The signed cookie naming the account that last logged in from this browser."""
KNOWN_BROWSER_AGE = timedelta(days=365)


def client_ip(request: HttpRequest) -> str:
    """The client's address: the last one in the header the proxy in front sets
    (CLIENT_IP_HEADER), or else the connection's (none for a request made up in code)."""
    forwarded = request.META.get(settings.CLIENT_IP_HEADER, "") if settings.CLIENT_IP_HEADER else ""
    return str(forwarded).split(",")[-1].strip() or str(request.META.get("REMOTE_ADDR", ""))


def locked_out(
    request: HttpRequest,
    response: HttpResponse | None = None,
    credentials: Any = None,
    *,
    wait: timedelta | None = None,
) -> HttpResponse:
    """The page for a refused client (429): why, and how long to wait.

    django-axes calls it (AXES_LOCKOUT_CALLABLE) with the response it replaces and
    the credentials tried; it waits the whole cool-off, restarted by that very try.
    """
    login = wait is None
    wait = get_cool_off(request) if wait is None else wait
    minutes = max(1, math.ceil(wait.total_seconds() / 60))
    page = render(request, "registration/locked_out.html", {"login": login, "minutes": minutes}, status=429)
    page["Retry-After"] = str(minutes * 60)
    return page


Refusal = Callable[..., HttpResponse]
"""An answer to a throttled request: called with the request, the view's arguments and ``wait``."""


def throttled(group: str, rate: str, refusal: Refusal | None = None) -> Callable[[View], View]:
    """Let each client address POST to the view at most `rate` times (such as
    "10/h"), counted per `group`; past that it gets the locked-out page instead,
    or what `refusal` answers for the view."""
    count = ratelimit(group=group, key="ip", rate=rate, method="POST", block=False)

    def decorate(view: View) -> View:
        @wraps(view)
        def refuse_when_limited(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if getattr(request, "limited", False):
                usage = get_usage(request, group=group, key="ip", rate=rate, method="POST")
                wait = timedelta(seconds=usage["time_left"] if usage else 60)
                if refusal is not None:
                    return refusal(request, *args, wait=wait, **kwargs)
                return locked_out(request, wait=wait)
            return view(request, *args, **kwargs)

        counted: View = count(refuse_when_limited)
        return counted

    return decorate


class ThrottleCache(DatabaseCache):
    """Django's database cache, shared by every app process, with a count that
    holds when requests come at once and keeps its expiry: Django's own `incr`
    reads, adds and writes back with the default timeout."""

    def incr(self, key: str, delta: int = 1, version: int | None = None) -> int:
        db = router.db_for_write(self.cache_model_class)
        table = connections[db].ops.quote_name(self._table)  # type: ignore[attr-defined]
        with transaction.atomic(using=db), connections[db].cursor() as cursor:
            # The row stays locked until the new count is written.
            cursor.execute(
                f"SELECT expires FROM {table} WHERE cache_key = %s FOR UPDATE",
                [self.make_and_validate_key(key, version=version)],
            )
            row = cursor.fetchone()
            value = self.get(key, version=version)
            if row is None or value is None:
                raise ValueError(f"Key {key!r} not found")
            left = math.ceil((row[0] - timezone.now()).total_seconds())
            self.set(key, value + delta, timeout=max(left, 1), version=version)
        return int(value + delta)


def lockout_parameters(request: Any, credentials: dict[str, Any] | None = None) -> list[str]:
    """What django-axes counts failures by (AXES_LOCKOUT_PARAMETERS): the address, and
    the account, except from a browser that has logged in to that account before."""
    username = (credentials or {}).get("username")
    if isinstance(request, HttpRequest) and username and known_account(request) == username:
        return ["ip_address"]
    return ["ip_address", "username"]


def known_account(request: HttpRequest) -> str | None:
    """The account this browser last logged in to, from its signed cookie (None without a valid one)."""
    name = request.get_signed_cookie(
        KNOWN_BROWSER, default=None, salt=KNOWN_BROWSER, max_age=KNOWN_BROWSER_AGE
    )
    return name if isinstance(name, str) else None


def remember_browser(response: HttpResponse, user: User) -> None:
    """Mark the browser that just logged in as known to ``user``'s account."""
    response.set_signed_cookie(
        KNOWN_BROWSER,
        user.get_username(),
        salt=KNOWN_BROWSER,
        max_age=KNOWN_BROWSER_AGE,
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )


class LockoutBackend(AxesStandaloneBackend, ModelBackend):  # type: ignore[misc]
    """Django's log-in by username and password, refused while the client or the
    account is locked out.

    One backend rather than axes' and Django's side by side, so that `login()`
    after a sign-up needs no backend named.
    """

    def authenticate(
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> User | None:
        super().authenticate(request, username=username, password=password, **kwargs)  # raises when locked
        return ModelBackend.authenticate(self, request, username=username, password=password, **kwargs)

    def get_user(self, user_id: Any) -> User | None:
        """The signed-in user of every request, read by :func:`campaigns.accounts.sessions.user`."""
        found = sessions.user(user_id)
        return found if found is not None and self.user_can_authenticate(found) else None

    async def aauthenticate(
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> User | None:
        """The same, from async code: Django's own async log-in would not ask axes."""
        return await sync_to_async(self.authenticate)(request, username=username, password=password, **kwargs)


class LoginAttempts(AxesDatabaseHandler):  # type: ignore[misc]
    """django-axes' record of failed log-ins, where logging in clears the
    failures against that account only. (Axes would also clear those from the
    same address: one could then try others' passwords without end by logging
    in to one's own account now and then.)"""

    def reset_user_attempts(self, request: HttpRequest, credentials: dict[str, Any] | None = None) -> int:
        deleted, _ = AccessAttempt.objects.filter(username=get_client_username(request, credentials)).delete()
        return int(deleted)
