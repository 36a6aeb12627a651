"""The hub: one LISTEN per process hears of every committed write that moves a board on."""

from __future__ import annotations

import asyncio

import psycopg
from asgiref.sync import sync_to_async
from django.contrib.auth.models import User
from django.db import connection, transaction
from django.test import TransactionTestCase, override_settings

from campaigns import store
from campaigns.hub import Hub, Watcher
from campaigns.models import Campaign
from campaigns.sharing import membership
from campaigns.sharing.models import Membership, Role
from engine.yu import Action
from tests import play

from .base import PASSWORD, SEED, quiet_plays

WAIT = 5.0


def move_on(campaign: Campaign) -> None:
    board = store.load(campaign)
    play.act(board, Action.parse(quiet_plays(campaign)[0]), board.version)


@override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"])
class HubTestCase(TransactionTestCase):
    def setUp(self) -> None:
        self.alice = User.objects.create_user("alice", password=PASSWORD)
        self.carol = User.objects.create_user("carol-watches", password=PASSWORD)
        self.campaign = play.create_campaign(self.alice, "Yellow River", SEED)
        self.other = play.create_campaign(self.alice, "Other River", SEED)

    async def listening(self, *campaigns: Campaign) -> tuple[Hub, asyncio.Queue[tuple[int, int]]]:
        """A hub holding one board of each campaign, and what it refreshes: (campaign id, boards)."""
        refreshed: asyncio.Queue[tuple[int, int]] = asyncio.Queue()

        async def refresh(campaign_id: int, watchers: list[Watcher]) -> None:
            await refreshed.put((campaign_id, len(watchers)))

        hub = Hub(refresh)
        self.assertTrue(await hub.ready(WAIT))
        for campaign in campaigns:
            hub.join(campaign.pk, Watcher(self.alice.pk, '"0.own"', b""))
        return hub, refreshed

    async def test_it_hears_of_a_committed_action(self) -> None:
        hub, refreshed = await self.listening(self.campaign)
        try:
            await sync_to_async(move_on)(self.campaign)
            self.assertEqual(await asyncio.wait_for(refreshed.get(), WAIT), (self.campaign.pk, 1))
        finally:
            await hub.close()

    async def test_it_hears_who_is_let_in_changes_role_and_goes(self) -> None:
        hub, refreshed = await self.listening(self.campaign)
        try:
            member = await Membership.objects.acreate(
                campaign=self.campaign, user=self.carol, role=Role.WATCH
            )
            self.assertEqual(await asyncio.wait_for(refreshed.get(), WAIT), (self.campaign.pk, 1))
            await sync_to_async(membership.set_role)(member, Role.PLAY)
            self.assertEqual(await asyncio.wait_for(refreshed.get(), WAIT), (self.campaign.pk, 1))
            await sync_to_async(membership.remove)(member)
            self.assertEqual(await asyncio.wait_for(refreshed.get(), WAIT), (self.campaign.pk, 1))
        finally:
            await hub.close()

    async def test_it_hears_of_a_deletion(self) -> None:
        hub, refreshed = await self.listening(self.campaign)
        try:
            await sync_to_async(store.delete)(self.campaign)
            self.assertEqual(await asyncio.wait_for(refreshed.get(), WAIT), (self.campaign.pk, 1))
        finally:
            await hub.close()

    async def test_it_hears_nothing_of_a_write_rolled_back_or_of_campaigns_it_does_not_hold(self) -> None:
        hub, refreshed = await self.listening(self.campaign)

        def rolled_back() -> None:
            with transaction.atomic():
                Campaign.objects.filter(pk=self.campaign.pk).update(version=99)
                transaction.set_rollback(True)

        try:
            await sync_to_async(rolled_back)()
            await sync_to_async(move_on)(self.other)  # heard, but no board of it is open here
            await asyncio.sleep(0.5)
            self.assertTrue(refreshed.empty())
            self.assertEqual(hub.heard, 1)
        finally:
            await hub.close()

    async def test_it_refreshes_a_campaign_once_for_all_its_boards_and_news(self) -> None:
        started, release = asyncio.Event(), asyncio.Event()
        calls: list[int] = []

        async def refresh(campaign_id: int, watchers: list[Watcher]) -> None:
            calls.append(len(watchers))
            started.set()
            await release.wait()

        hub = Hub(refresh)
        try:
            self.assertTrue(await hub.ready(WAIT))
            for _ in range(3):
                hub.join(self.campaign.pk, Watcher(self.alice.pk, '"0.own"', b""))
            hub.changed(self.campaign.pk)
            await asyncio.wait_for(started.wait(), WAIT)
            for _ in range(5):  # news while the refresh is under way: one more refresh after it
                hub.changed(self.campaign.pk)
            release.set()
            await asyncio.sleep(0.2)
            self.assertEqual(calls, [3, 3])
        finally:
            await hub.close()

    async def test_it_listens_again_after_losing_its_connection_and_refreshes_everything(self) -> None:
        hub, refreshed = await self.listening(self.campaign, self.other)
        try:
            name = connection.settings_dict["NAME"]
            ended = await sync_to_async(_end_listeners)(name)
            self.assertEqual(ended, 1)
            again = {(await asyncio.wait_for(refreshed.get(), WAIT))[0] for _ in range(2)}
            self.assertEqual(again, {self.campaign.pk, self.other.pk})
            self.assertTrue(hub.listening.is_set())
            await sync_to_async(move_on)(self.campaign)  # and it hears news again
            self.assertEqual(await asyncio.wait_for(refreshed.get(), WAIT), (self.campaign.pk, 1))
        finally:
            await hub.close()

    async def test_it_waits_for_a_database_that_does_not_answer(self) -> None:
        async def unreachable() -> psycopg.AsyncConnection[object]:
            raise psycopg.OperationalError("connection refused")

        async def refresh(campaign_id: int, watchers: list[Watcher]) -> None:
            raise AssertionError("nothing to refresh")

        hub = Hub(refresh, connect=unreachable)
        try:
            with self.assertLogs("campaigns.hub", "WARNING"):
                self.assertFalse(await hub.ready(0.3))
        finally:
            await hub.close()


def _end_listeners(database: str) -> int:
    """End the hub's connection from the server's side, as a restart of Postgres would."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
            "WHERE datname = %s AND application_name = 'yu board news'",
            [database],
        )
        row = cursor.fetchone()
    return int(row[0]) if row else 0
