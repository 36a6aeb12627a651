"""Races between a player's action and what else may happen to the board at
the same moment, on real concurrent connections: the loser gets 409 with the
board as it stands and the right reason, never a 500, and nothing is lost or
written twice."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any
from unittest import mock

from django.contrib.auth.models import User
from django.db import connection
from django.test import Client, TransactionTestCase, override_settings

from campaigns import rows, store
from campaigns.models import Campaign, GameAction
from campaigns.sharing.models import Membership, Role
from tests import play

from .base import PASSWORD, SEED, quiet_plays

HTMX = {"HX-Request": "true"}


def elsewhere(work: Callable[[], Any]) -> None:
    """Run ``work`` to its commit on a connection of its own, and wait for it."""

    def run() -> None:
        try:
            work()
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()


@contextmanager
def just_before(name: str, work: Callable[[], Any]) -> Iterator[None]:
    """Let ``work`` commit elsewhere once, just before ``campaigns.rows.<name>`` runs: ``board``
    reads the board, ``save`` writes an action."""
    real = getattr(rows, name)
    done: list[bool] = []

    def wrapped(*args: Any, **kwargs: Any) -> Any:
        if not done:
            done.append(True)
            elsewhere(work)
        return real(*args, **kwargs)

    with mock.patch.object(rows, name, wrapped):
        yield
    assert done, f"rows.{name} was never reached"


@override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"])
class ActionRaceTestCase(TransactionTestCase):
    def setUp(self) -> None:
        self.alice = User.objects.create_user("alice", password=PASSWORD)
        self.bob = User.objects.create_user("bob", password=PASSWORD)
        self.campaign = play.create_campaign(self.alice, "Yellow River", SEED)
        Membership.objects.create(campaign=self.campaign, user=self.bob, role=Role.PLAY)
        self.play, self.other_play = quiet_plays(self.campaign)
        self.act_url = f"/c/{self.campaign.code}/act/"

    def client_for(self, user: User) -> Client:
        client = Client()
        client.force_login(user)
        return client

    def bob_acts(self, key: str | None = None, htmx: bool = True) -> Any:
        return self.acts(self.bob, key, htmx)

    def acts(self, user: User, key: str | None = None, htmx: bool = True) -> Any:
        """``user`` acts from the first board of run 1, as its form posts it."""
        data = {"key": key or self.play, "version": 0, "run": 1}
        return self.client_for(user).post(self.act_url, data, headers=HTMX if htmx else {})

    def alice_plays(self) -> None:
        self.client_for(self.alice).post(self.act_url, {"key": self.other_play, "version": 0})

    def assertNoAction(self) -> None:
        self.assertFalse(GameAction.objects.exists())

    def test_a_friend_moving_just_before_the_read_gets_409_not_400(self) -> None:
        # Alice's action lands just before Bob's board is read: his seat, the
        # campaign and its game are read together, so Bob sees a newer version
        # (409), never an older version with a newer game.
        with just_before("board", self.alice_plays):
            r = self.bob_acts(self.other_play)
        self.assertContains(r, "Your friend alice moved first", status_code=409)
        self.assertEqual(list(GameAction.objects.values_list("key", flat=True)), [self.other_play])

    def test_a_friend_moving_just_before_the_write_gets_409(self) -> None:
        with just_before("save", self.alice_plays):
            r = self.bob_acts()
        self.assertContains(r, "Your friend alice moved first", status_code=409)
        self.assertEqual(list(GameAction.objects.values_list("key", flat=True)), [self.other_play])

    def test_the_owners_other_window_moving_first_is_named_as_such(self) -> None:
        # Bob may play here too, so only the stored row tells that Alice beat herself.
        with just_before("save", self.alice_plays):
            r = self.acts(self.alice)
        self.assertContains(r, "You had already moved, in another window", status_code=409)
        self.assertNotContains(r, "Your friend", status_code=409)
        self.assertEqual(list(GameAction.objects.values_list("key", "by")), [(self.other_play, "alice")])

    def test_a_players_two_windows_acting_at_once_one_wins_the_other_is_told_so(self) -> None:
        # No hooks: real requests on real connections, started together.
        start = threading.Barrier(2)
        answers: list[Any] = []

        def window(key: str) -> None:
            try:
                client = self.client_for(self.bob)
                start.wait()
                answers.append(client.post(self.act_url, {"key": key, "version": 0, "run": 1}, headers=HTMX))
            finally:
                connection.close()

        threads = [threading.Thread(target=window, args=(k,)) for k in (self.play, self.other_play)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        self.assertEqual(sorted(a.status_code for a in answers), [200, 409])
        lost = next(a for a in answers if a.status_code == 409)
        self.assertContains(lost, "You had already moved, in another window", status_code=409)
        self.assertEqual(GameAction.objects.get().by, "bob")

    def test_a_friend_is_named_in_french_too(self) -> None:
        data = {"key": self.play, "version": 0, "run": 1}
        with just_before("save", self.alice_plays):
            r = self.client_for(self.bob).post(self.act_url, data, headers=HTMX, HTTP_ACCEPT_LANGUAGE="fr")
        said = "alice a joué en premier\N{NARROW NO-BREAK SPACE}; voici le plateau maintenant."
        self.assertContains(r, said, status_code=409)

    def test_ones_own_other_window_is_named_in_french_too(self) -> None:
        data = {"key": self.play, "version": 0, "run": 1}
        with just_before("save", self.alice_plays):
            r = self.client_for(self.alice).post(self.act_url, data, HTTP_ACCEPT_LANGUAGE="fr")
        self.assertContains(r, "Vous aviez déjà joué, dans une autre fenêtre", status_code=409)

    def test_reset_just_before_the_read(self) -> None:
        # The reset lands before Bob's request reads the board: only the run his form saw tells.
        with just_before("board", lambda: store.reset(Campaign.objects.get(), 1)):
            r = self.bob_acts()
        self.assertContains(r, "The owner started the campaign over", status_code=409)
        self.assertContains(r, 'name="run" id="board-run" value="2"', status_code=409)
        self.assertNoAction()

    def test_delete_before_the_write(self) -> None:
        with just_before("save", lambda: store.delete(Campaign.objects.get())):
            r = self.bob_acts()
        self.assertContains(r, "Its owner deleted this campaign", status_code=409)
        self.assertEqual(r["HX-Refresh"], "true")
        self.assertNoAction()
        self.assertEqual(Campaign.objects.get().version, 1)

    def test_delete_before_the_read(self) -> None:
        with just_before("board", lambda: store.delete(Campaign.objects.get())):
            r = self.bob_acts(htmx=False)
        self.assertContains(r, "Its owner deleted this campaign", status_code=410)
        self.assertNoAction()

    def test_reset_before_the_write(self) -> None:
        with just_before("save", lambda: store.reset(Campaign.objects.get(), 1)):
            r = self.bob_acts()
        self.assertContains(r, "The owner started the campaign over", status_code=409)
        self.assertNoAction()
        campaign = Campaign.objects.get()
        self.assertEqual((campaign.run, campaign.version), (2, 1))
        self.assertEqual(campaign.games.filter(run=2).get().version, 0)

    def test_rename_while_acting_loses_neither(self) -> None:
        rename = lambda: self.client_for(self.alice).post(  # noqa: E731
            f"/c/{self.campaign.code}/rename/", {"name": "Jade River"}
        )
        with just_before("save", rename):
            r = self.bob_acts()
        self.assertEqual(r.status_code, 200)
        campaign = Campaign.objects.get()
        self.assertEqual((campaign.name, campaign.version), ("Jade River", 1))
        self.assertEqual(GameAction.objects.get().key, self.play)

    def test_deleting_while_many_act_at_once_gives_no_500(self) -> None:
        # No hooks: real requests on real connections, started together.
        start = threading.Barrier(6)
        answers: list[int] = []

        def player(key: str) -> None:
            try:
                client = self.client_for(self.bob)
                start.wait()
                answers.append(
                    client.post(self.act_url, {"key": key, "version": 0}, headers=HTMX).status_code
                )
            finally:
                connection.close()

        def owner() -> None:
            try:
                client = self.client_for(self.alice)
                start.wait()
                answers.append(
                    client.post(f"/c/{self.campaign.code}/delete/", {"name": "Yellow River"}).status_code
                )
            finally:
                connection.close()

        threads = [threading.Thread(target=player, args=(k,)) for k in (self.play, self.other_play) * 2]
        threads += [threading.Thread(target=owner), threading.Thread(target=owner)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        self.assertEqual(len(answers), 6)
        self.assertFalse([a for a in answers if a >= 500], answers)
        self.assertLessEqual(GameAction.objects.count(), 1)
        campaign = Campaign.objects.get()
        self.assertIsNotNone(campaign.deleted)
        self.assertEqual(campaign.version, GameAction.objects.count() + 1)
        for game in campaign.games.all():
            self.assertEqual(store.replay_differences(game), [])
