"""What an app process hears of the boards it keeps open: one LISTEN for all of them.

Triggers in the database (migration 0006) notify the channel ``board`` with a
campaign's id when its board moves on, when it is deleted, and when someone is
let in, changes role or goes: whichever process or tool wrote it. Each app
process holds one connection that listens to that channel, opened by the first
board that asks; the open boards wait on asyncio events and hold no database
connection of their own.

News of a campaign calls ``refresh`` once for all of its boards in the process
(once more when it returns, if more news came meanwhile), so the database work
and the rendering are per campaign, never per board. A lost connection is opened
again, waiting longer after each failure; every campaign held is then refreshed,
as its news may have been missed.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import psycopg
from django.conf import settings
from django.db import connections
from psycopg.conninfo import conninfo_to_dict

CHANNEL = "board"
HEALTH_CHECK = 30.0
"""Seconds without news after which the hub asks the database whether it is still there."""
BACKOFF = (0.5, 30.0)
"""The first and the longest wait before connecting again."""

log = logging.getLogger(__name__)

Pieces = tuple[bytes, ...]
"""What a board is sent, in pieces to be joined with its own CSRF token."""
Refresh = Callable[[int, list["Watcher"]], Awaitable[None]]


@dataclass(eq=False)
class Watcher:
    """One open board: whose it is, what it shows (as the poll's ETag) and what it is sent next."""

    user_id: int
    etag: str
    token: bytes
    language: str = "en"
    """The language the board is said in."""
    ended: bool = field(default=False, init=False)
    _next: Pieces | None = field(default=None, init=False)
    _wake: asyncio.Event = field(default_factory=asyncio.Event, init=False)

    def send(self, pieces: Pieces, last: bool = False) -> None:
        """Send this next, in place of anything not yet sent; ``last`` ends the stream after it."""
        if self.ended:
            return
        self._next, self.ended = pieces, last
        self._wake.set()

    async def next(self, timeout: float) -> bytes | None:
        """What to send now, or None when nothing came within ``timeout`` seconds."""
        try:
            async with asyncio.timeout(timeout):
                await self._wake.wait()
        except TimeoutError:
            return None
        self._wake.clear()
        pieces, self._next = self._next, None
        return self.token.join(pieces or ())


async def _connect() -> psycopg.AsyncConnection[Any]:
    """A connection to the app's database, out of Django's hands: it lives as long as the process.
    It goes to LISTEN_DATABASE_URL when set (straight to Postgres, past a transaction pooler)."""
    if settings.LISTEN_DATABASE_URL:
        params: dict[str, Any] = conninfo_to_dict(settings.LISTEN_DATABASE_URL)
    else:
        params = connections["default"].get_connection_params()
        for django_only in ("cursor_factory", "context", "prepare_threshold"):
            params.pop(django_only, None)
    params.setdefault("application_name", "yu board news")
    return await psycopg.AsyncConnection.connect(autocommit=True, **params)


class Hub:
    """The process's open boards by campaign, and the connection that hears of their changes."""

    def __init__(
        self, refresh: Refresh, connect: Callable[[], Awaitable[psycopg.AsyncConnection[Any]]] = _connect
    ) -> None:
        self.refresh = refresh
        self.connect = connect
        self.boards: dict[int, set[Watcher]] = {}
        self.heard = 0
        """Notifications heard so far: a board compares it before and after reading its seat."""
        self.listening = asyncio.Event()
        self._listener: asyncio.Task[None] | None = None
        self._refreshing: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()

    async def ready(self, timeout: float) -> bool:
        """Whether the hub listens, within ``timeout`` seconds (it starts listening on first use)."""
        if self._listener is None:
            # A context of its own: the listener outlives the request that happened to start it.
            self._listener = asyncio.get_running_loop().create_task(
                self._listen(), context=contextvars.Context()
            )
        try:
            async with asyncio.timeout(timeout):
                await self.listening.wait()
        except TimeoutError:
            return False
        return True

    def join(self, campaign_id: int, watcher: Watcher) -> None:
        self.boards.setdefault(campaign_id, set()).add(watcher)

    def leave(self, campaign_id: int, watcher: Watcher) -> None:
        held = self.boards.get(campaign_id)
        if held is not None:
            held.discard(watcher)
            if not held:
                del self.boards[campaign_id]

    def changed(self, campaign_id: int) -> None:
        """Refresh the campaign's boards here, if any: now, or after the refresh under way."""
        if campaign_id not in self.boards:
            return
        if campaign_id in self._refreshing:
            self._again.add(campaign_id)
            return
        self._refreshing[campaign_id] = asyncio.get_running_loop().create_task(
            self._refresh(campaign_id), context=contextvars.Context()
        )

    async def _refresh(self, campaign_id: int) -> None:
        try:
            while campaign_id in self.boards:
                self._again.discard(campaign_id)
                watchers = list(self.boards[campaign_id])
                try:
                    await self.refresh(campaign_id, watchers)
                except Exception:
                    # End these streams: their browsers poll, then open them again.
                    log.exception("Board news: campaign %s could not be refreshed", campaign_id)
                    for watcher in watchers:
                        watcher.send((), last=True)
                if campaign_id not in self._again:
                    return
        finally:
            del self._refreshing[campaign_id]

    def _heard(self, payload: str) -> None:
        self.heard += 1
        try:
            campaign_id = int(payload)
        except ValueError:
            log.warning("Board news: %r is not a campaign id", payload)
            return
        self.changed(campaign_id)

    async def _listen(self) -> None:
        wait = BACKOFF[0]
        while True:
            try:
                async with await self.connect() as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    wait = BACKOFF[0]
                    for campaign_id in list(self.boards):  # news missed while the connection was down
                        self.changed(campaign_id)
                    while True:
                        async for note in conn.notifies(timeout=HEALTH_CHECK):
                            self._heard(note.payload)
                        await conn.execute("SELECT 1")
            except (psycopg.Error, OSError) as exc:
                log.warning(
                    "Board news: no connection to the database (%s); trying again in %.1f s", exc, wait
                )
            except Exception:
                log.exception("Board news: listening failed; starting again in %.1f s", wait)
            self.listening.clear()
            await asyncio.sleep(wait * random.uniform(0.75, 1.25))
            wait = min(wait * 2, BACKOFF[1])

    async def close(self) -> None:
        """Stop listening (the connection closes with it)."""
        if self._listener is not None:
            self._listener.cancel()
            await asyncio.gather(self._listener, return_exceptions=True)
            self._listener = None
        self.listening.clear()
