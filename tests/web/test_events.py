"""The board's event stream: checked once when it opens, then the new board for each seat, or reload."""

from __future__ import annotations

import asyncio
import contextlib
import re
import uuid
from collections.abc import AsyncIterator
from typing import Any
from unittest import mock

from asgiref.sync import sync_to_async
from django.contrib.auth.models import User
from django.test import TransactionTestCase, override_settings
from django.utils import translation

from campaigns import events, regions, seats, store
from campaigns.hub import Watcher
from campaigns.models import Campaign
from campaigns.sharing import membership
from campaigns.sharing.models import Membership, Role
from engine.yu import Action
from tests import play

from .base import PASSWORD, SEED, BaseTestCase, action_keys, quiet_plays

WAIT = 5.0


class RefusedTestCase(BaseTestCase):
    """Refused like the poll: the browser then gives up on the stream, and the poll reloads the page."""

    def setUp(self) -> None:
        super().setUp()
        self.campaign = self.make_campaign()
        self.url = f"/c/{self.campaign.code}/events/"

    def test_it_puts_the_stream_on_the_board(self) -> None:
        self.client.force_login(self.alice)
        html = self.client.get(f"/c/{self.campaign.code}/").content.decode()
        self.assertIn(f'<div id="live" hidden data-events="{self.url}" data-seen="0.own.0"', html)

    def test_it_stops_the_stream_under_wsgi(self) -> None:
        self.client.force_login(self.alice)
        self.assertEqual(self.client.get(self.url).status_code, 204)

    async def test_it_refuses_a_logged_out_stream(self) -> None:
        r = await self.async_client.get(self.url)
        self.assertEqual(r.status_code, 401)

    async def test_it_refuses_strangers_the_removed_and_deleted_campaigns(self) -> None:
        carol_in = await Membership.objects.acreate(campaign=self.campaign, user=self.carol, role=Role.WATCH)
        await sync_to_async(membership.remove)(carol_in)
        answers = []
        for user in (self.mallory, self.carol):
            await self.async_client.aforce_login(user)
            answers.append(await self.async_client.get(self.url))
        answers.append(await self.async_client.get(f"/c/{uuid.uuid4()}/events/"))
        await sync_to_async(store.delete)(self.campaign)
        await self.async_client.aforce_login(self.alice)
        answers.append(await self.async_client.get(self.url))
        self.assertEqual([r.status_code for r in answers], [404] * 4)

    def test_it_rejects_post(self) -> None:
        self.client.force_login(self.alice)
        self.assertEqual(self.client.post(self.url).status_code, 405)


@override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"])
class StreamTestCase(TransactionTestCase):
    """Real streams on a real LISTEN: the writes commit, as they do in production. Each test
    runs in an event loop of its own, with a hub of its own, stopped with the loop."""

    def setUp(self) -> None:
        self.alice = User.objects.create_user("alice", password=PASSWORD)
        self.carol = User.objects.create_user("carol-watches", password=PASSWORD)
        self.campaign = play.create_campaign(self.alice, "Yellow River", SEED)
        self.carol_in = Membership.objects.create(campaign=self.campaign, user=self.carol, role=Role.WATCH)
        self.url = f"/c/{self.campaign.code}/events/"
        self.play, self.other_play = quiet_plays(self.campaign)

    async def open(self, user: User, seen: str) -> AsyncIterator[bytes]:
        """The stream as ``user``'s board opens it, having shown ``seen``; its first event read."""
        await self.async_client.aforce_login(user)
        r = await self.async_client.get(self.url, {"seen": seen})
        self.assertEqual(r.status_code, 200)
        self.assertEqual(r["Content-Type"], "text/event-stream")
        self.assertEqual(r["Cache-Control"], "no-cache")
        stream: AsyncIterator[bytes] = aiter(r.streaming_content)  # type: ignore[arg-type]
        self.assertEqual(await self.next(stream), b"retry: 2000\n\n")
        return stream

    async def next(self, stream: AsyncIterator[bytes]) -> bytes:
        return await asyncio.wait_for(anext(stream), WAIT)

    async def leave(self, stream: AsyncIterator[bytes]) -> None:
        """The browser goes away while the stream waits: the server cancels what it was waiting on."""
        waiting = asyncio.ensure_future(anext(stream))
        await asyncio.sleep(0.05)
        waiting.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await waiting

    def move_on(self, key: str | None = None) -> None:
        board = store.load(Campaign.objects.get(pk=self.campaign.pk))
        play.act(board, Action.parse(key or self.play), board.version)

    async def test_it_sends_the_new_board_once_it_moved_on(self) -> None:
        stream = await self.open(self.carol, "0.watch.0")
        await sync_to_async(self.move_on)()
        event = (await self.next(stream)).decode()
        self.assertTrue(event.startswith("event: board\nid: 1.watch.0\ndata: "), event[:80])
        self.assertTrue(event.endswith("\n\n"))
        lines = event[:-2].split("\n")[2:]
        self.assertTrue(all(line.startswith("data: ") for line in lines))
        html = "\n".join(line.removeprefix("data: ") for line in lines)
        self.assertTrue(html.lstrip().startswith('<div id="board" class="board" hx-swap-oob="true"'))
        self.assertIn('id="board-version" value="1"', html)
        self.assertIn('data-seen="1.watch.0"', html)  # the next stream asks from here on
        self.assertEqual(action_keys(html), [])  # a watcher's board has no action on it
        self.assertRegex(html, r'name="csrfmiddlewaretoken" value="\w{64}"')
        self.assertNotIn("\x00", html)
        await self.leave(stream)

    async def test_a_board_one_version_behind_is_sent_only_what_changed(self) -> None:
        stream = await self.open(self.carol, "0.watch.0")
        await sync_to_async(self.move_on)()
        whole = (await self.next(stream)).decode()
        self.assertTrue(whole.startswith("event: board\nid: 1.watch.0\n"))
        await sync_to_async(self.move_on)(self.other_play)
        event = (await self.next(stream)).decode()
        self.assertTrue(event.startswith("event: changes\nid: 2.watch.0\n"), event[:80])
        html = "\n".join(line.removeprefix("data: ") for line in event[:-2].split("\n")[2:])
        self.assertIn('id="hand"', html)  # a card left the hand
        self.assertNotIn('id="board"', html)
        self.assertIn('id="board-version" value="2" hx-swap-oob="true"', html)
        self.assertIn('data-seen="2.watch.0"', html)
        self.assertLess(len(event), len(whole) / 2)
        await self.leave(stream)

    async def test_it_sends_the_board_at_once_when_the_page_showed_an_older_one(self) -> None:
        await sync_to_async(self.move_on)()
        stream = await self.open(self.alice, "0.own.0")
        event = (await self.next(stream)).decode()
        self.assertTrue(event.startswith("event: board\nid: 1.own.0\n"))
        self.assertIn("undo", action_keys(event))  # the owner's board, with the owner's actions on it
        await self.leave(stream)

    async def test_it_takes_up_a_stream_opened_again_where_its_last_event_left_it(self) -> None:
        # The browser sends the id of the last event it had; the page's own ?seen= is older.
        await sync_to_async(self.move_on)()
        await self.async_client.aforce_login(self.carol)
        with mock.patch.object(events, "KEEP_ALIVE", 0.2):
            r = await self.async_client.get(
                self.url, {"seen": "0.watch.0"}, headers={"Last-Event-ID": "1.watch.0"}
            )
            stream: AsyncIterator[bytes] = aiter(r.streaming_content)  # type: ignore[arg-type]
            self.assertEqual(await self.next(stream), b"retry: 2000\n\n")
            self.assertEqual(await self.next(stream), b":\n\n")  # nothing new to send
            await self.leave(stream)

    async def test_it_sends_a_board_whose_seat_changed(self) -> None:
        stream = await self.open(self.carol, "0.watch.0")
        await sync_to_async(membership.set_role)(self.carol_in, Role.PLAY)
        event = (await self.next(stream)).decode()
        self.assertTrue(event.startswith("event: board\nid: 0.play.0\n"))
        html = "\n".join(line.removeprefix("data: ") for line in event.split("\n")[2:])
        self.assertIn(self.play, action_keys(html))
        await self.leave(stream)

    async def test_it_tells_a_removed_member_to_reload_and_ends(self) -> None:
        stream = await self.open(self.carol, "0.watch.0")
        await sync_to_async(membership.remove)(self.carol_in)
        self.assertEqual(await self.next(stream), b"event: reload\ndata: gone\n\n")
        with self.assertRaises(StopAsyncIteration):
            await self.next(stream)

    async def test_it_tells_every_board_of_a_deleted_campaign_to_reload(self) -> None:
        streams = [await self.open(self.alice, "0.own.0"), await self.open(self.carol, "0.watch.0")]
        await sync_to_async(store.delete)(self.campaign)
        for stream in streams:
            self.assertEqual(await self.next(stream), b"event: reload\ndata: gone\n\n")

    async def test_it_sends_the_stream_uncompressed(self) -> None:
        # The compression middleware would send each event as a gzip member of its own, which
        # browsers do not read past the first.
        await self.async_client.aforce_login(self.carol)
        r = await self.async_client.get(self.url, {"seen": "0.watch.0"}, headers={"Accept-Encoding": "gzip"})
        self.assertEqual(r.status_code, 200)
        self.assertFalse(r.has_header("Content-Encoding"))
        stream: AsyncIterator[bytes] = aiter(r.streaming_content)  # type: ignore[arg-type]
        self.assertEqual(await self.next(stream), b"retry: 2000\n\n")
        await self.leave(stream)
        page = await self.async_client.get("/rules/", headers={"Accept-Encoding": "gzip"})
        self.assertEqual(page["Content-Encoding"], "gzip")

    async def test_it_keeps_a_quiet_stream_open(self) -> None:
        with mock.patch.object(events, "KEEP_ALIVE", 0.1):
            stream = await self.open(self.carol, "0.watch.0")
            self.assertEqual(await self.next(stream), b":\n\n")
            await self.leave(stream)

    async def test_it_ends_a_stream_after_its_lifetime(self) -> None:
        with mock.patch.object(events, "LIFETIME", 0.2):
            stream = await self.open(self.carol, "0.watch.0")
            with self.assertRaises(StopAsyncIteration):
                await self.next(stream)

    async def test_it_lets_the_board_go_when_the_browser_goes(self) -> None:
        stream = await self.open(self.carol, "0.watch.0")
        self.assertEqual(len(events.hub().boards[self.campaign.pk]), 1)
        await self.leave(stream)
        self.assertEqual(events.hub().boards, {})

    async def test_it_reads_and_renders_once_per_seat_not_per_board(self) -> None:
        await sync_to_async(self.move_on)()
        dora = await User.objects.acreate_user("dora")  # type: ignore[attr-defined]
        await Membership.objects.acreate(campaign=self.campaign, user=dora, role=Role.WATCH)
        seen = '"0.watch.0"'
        watchers = [Watcher(u.pk, seen, f"token-{u.pk}".encode()) for u in (self.carol, dora, self.carol)]
        watchers.append(Watcher(self.alice.pk, '"1.own.0"', b"owner"))  # already up to date
        renders: list[Any] = []
        board = regions.live_board

        def counted(seat: Any) -> tuple[str, str]:
            renders.append(seat.role)
            return board(seat)

        with mock.patch.object(regions, "live_board", counted):
            await events.refresh(self.campaign.pk, watchers)
        self.assertEqual(renders, ["watch"])
        sent = [await w.next(WAIT) for w in watchers[:3]]
        for watcher, data in zip(watchers, sent, strict=False):
            assert data is not None
            tokens = re.findall(rb'name="csrfmiddlewaretoken" value="([^"]+)"', data)
            self.assertEqual(tokens, [watcher.token])
        self.assertEqual(await watchers[3].next(0.1), None)
        self.assertEqual([w.etag for w in watchers], ['"1.watch.0"'] * 3 + ['"1.own.0"'])

    async def test_it_renders_a_seat_once_per_language_its_readers_read(self) -> None:
        await sync_to_async(self.move_on)()
        dora = await User.objects.acreate_user("dora")  # type: ignore[attr-defined]
        await Membership.objects.acreate(campaign=self.campaign, user=dora, role=Role.WATCH)
        seen = '"0.watch.0"'
        watchers = [Watcher(self.carol.pk, seen, b"carol", "fr"), Watcher(dora.pk, seen, b"dora", "en")]
        renders: list[tuple[str, str]] = []
        board = regions.live_board

        def counted(seat: Any) -> tuple[str, str]:
            renders.append((seat.role, translation.get_language()))
            return board(seat)

        with mock.patch.object(regions, "live_board", counted):
            await events.refresh(self.campaign.pk, watchers)
        self.assertEqual(sorted(renders), [("watch", "en"), ("watch", "fr")])
        for watcher in watchers:
            data = await watcher.next(WAIT)
            assert data is not None
            self.assertIn(b'"' + watcher.token + b'"', data)

    async def test_a_stream_keeps_the_language_of_the_page_that_opened_it(self) -> None:
        await self.async_client.aforce_login(self.carol)
        r = await self.async_client.get(self.url, {"seen": "0.watch.0"}, headers={"Accept-Language": "fr"})
        stream: AsyncIterator[bytes] = aiter(r.streaming_content)  # type: ignore[arg-type]
        self.assertEqual(await self.next(stream), b"retry: 2000\n\n")
        [watcher] = events.hub().boards[self.campaign.pk]
        self.assertEqual(watcher.language, "fr")
        await self.leave(stream)


@override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"])
class TableStreamTestCase(TransactionTestCase):
    """A table's stream: every seat is sent the table as that seat sees it, every watcher the public one."""

    def setUp(self) -> None:
        self.alice = User.objects.create_user("alice", password=PASSWORD)
        self.bob = User.objects.create_user("bob-plays", password=PASSWORD)
        self.carol = User.objects.create_user("carol-watches", password=PASSWORD)
        self.table = play.create_table(self.alice, "legacy", "Numbers", ["owner", "open"])
        Membership.objects.create(campaign=self.table, user=self.bob, role=Role.PLAY)
        Membership.objects.create(campaign=self.table, user=self.carol, role=Role.WATCH)
        seats.take_seat(self.table, self.bob)
        self.table.refresh_from_db()
        self.url = f"/c/{self.table.code}/events/"

    async def open(self, user: User, seen: str) -> AsyncIterator[bytes]:
        await self.async_client.aforce_login(user)
        r = await self.async_client.get(self.url, {"seen": seen})
        self.assertEqual(r.status_code, 200)
        stream: AsyncIterator[bytes] = aiter(r.streaming_content)  # type: ignore[arg-type]
        self.assertEqual(await asyncio.wait_for(anext(stream), WAIT), b"retry: 2000\n\n")
        return stream

    async def test_each_seat_and_watcher_is_sent_the_table_as_they_see_it(self) -> None:
        v = self.table.version
        bob = await self.open(self.bob, f"{v}.play.1")
        carol = await self.open(self.carol, f"{v}.watch.w")
        await sync_to_async(play.table_act)(self.table, self.alice, "opus", v)
        for stream, place, places in ((bob, "play.1", True), (carol, "watch.w", False)):
            event = (await asyncio.wait_for(anext(stream), WAIT)).decode()
            self.assertTrue(event.startswith(f"event: board\nid: {v + 1}.{place}\n"), event[:80])
            html = "\n".join(line.removeprefix("data: ") for line in event[:-2].split("\n")[2:])
            self.assertTrue(html.lstrip().startswith('<section id="table"'))
            self.assertIn(f'data-seen="{v + 1}.{place}"', html)
            self.assertEqual('name="key" value="opus"' in html, places)  # bob still has to place
            self.assertRegex(html, r'name="csrfmiddlewaretoken" value="\w{64}"')
        for stream in (bob, carol):
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(anext(stream), 0.05)

    async def test_a_player_whose_seat_is_given_away_is_sent_the_watchers_table(self) -> None:
        v = self.table.version
        bob = await self.open(self.bob, f"{v}.play.1")
        await sync_to_async(seats.give_seat)(self.table, 1, "random")
        event = (await asyncio.wait_for(anext(bob), WAIT)).decode()
        self.assertTrue(event.startswith(f"event: board\nid: {v + 1}.play.w\n"), event[:80])
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(anext(bob), 0.05)
