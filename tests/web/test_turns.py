"""Whose move it is: kept with every campaign's state, listed on the home page (yours first),
counted in its title, and said in a table page's title."""

from __future__ import annotations

import re
from datetime import timedelta

from django.urls import reverse
from django.utils import timezone

from campaigns import seats, store
from campaigns.models import Campaign
from campaigns.sharing.models import Role
from engine.yu import Action
from tests import play

from .base import BaseTestCase, quiet_plays


def title(html: str) -> str:
    found = re.search(r"<title>(.*?)</title>", html, re.S)
    assert found is not None
    return found.group(1).strip()


def section(html: str, heading_id: str) -> str:
    """The list under the heading with this id (empty when there is none)."""
    start = html.find(f'id="{heading_id}"')
    if start < 0:
        return ""
    return html[start : html.index("</table>", start)]


class TurnsTestCase(BaseTestCase):
    def harbour(self) -> Campaign:
        """A Machi Koro Legacy table: Alice at seat 1, Bob at seat 2."""
        table = play.create_table(self.alice, "machi", "Harbour", ["owner", "open"])
        self.share(table, self.bob, Role.PLAY)
        seats.take_seat(table, self.bob)
        return Campaign.objects.get(pk=table.pk)

    def move(self, table: Campaign, seat: int) -> Campaign:
        """The first legal move of ``seat`` at ``table``; the table as it is after."""
        board = store.load(table)
        action = board.session.legal(board.state, seat)[0]
        store.act(board, seat, action, board.version)
        return Campaign.objects.get(pk=table.pk)

    def home(self, user: object) -> str:
        self.client.force_login(user)  # type: ignore[arg-type]
        return self.client.get("/").content.decode()


class WaitingTests(TurnsTestCase):
    def test_a_move_that_hands_the_turn_on_says_so_and_since_when(self) -> None:
        table = self.harbour()
        self.assertEqual(table.waiting, [0, 1])  # both mayors choose their town square cards
        started = table.waiting_since
        assert started is not None
        after = self.move(table, 0)
        self.assertEqual(after.waiting, [1])
        assert after.waiting_since is not None
        self.assertGreater(after.waiting_since, started)

    def test_a_move_that_keeps_the_turn_keeps_its_time(self) -> None:
        campaign = self.make_campaign()
        since = Campaign.objects.get(pk=campaign.pk).waiting_since
        board = store.load(campaign)
        for key in quiet_plays(campaign, 2):
            board = play.act(board, Action.parse(key), board.version)
        now = Campaign.objects.get(pk=campaign.pk)
        self.assertEqual((now.waiting, now.waiting_since, now.version), ([0], since, 2))


class HomeTests(TurnsTestCase):
    def test_the_table_is_bobs_move_on_his_home_page_and_alice_waits_for_him(self) -> None:
        table = self.move(self.harbour(), 0)
        bob = self.home(self.bob)
        self.assertEqual(title(bob), "(1) Your move · Legacy of Yu")
        self.assertIn(f'id="campaign-{table.code}"', section(bob, "your-move"))
        self.assertNotIn('id="their-move"', bob)
        alice = self.home(self.alice)
        self.assertEqual(title(alice), "Legacy of Yu")
        waiting = section(alice, "their-move")
        self.assertIn(f'id="campaign-{table.code}"', waiting)
        self.assertIn("Waiting for bob-plays", waiting)

    def test_an_open_seat_waits_for_a_friend_and_a_watcher_waits_for_the_players(self) -> None:
        table = play.create_table(self.alice, "machi", "Harbour", ["owner", "open"])
        self.move(table, 0)
        self.assertIn("Waiting for Open seat 2", section(self.home(self.alice), "their-move"))
        campaign = self.make_campaign("Nine Bends")
        self.share(campaign, self.carol, Role.WATCH)
        self.share(campaign, self.bob, Role.PLAY)
        carol = self.home(self.carol)
        self.assertIn("Waiting for alice, bob-plays", section(carol, "their-move"))
        self.assertEqual(title(carol), "Legacy of Yu")
        self.assertIn(f'id="campaign-{campaign.code}"', section(self.home(self.bob), "your-move"))

    def test_the_longest_waiting_comes_first_and_finished_ones_last(self) -> None:
        old, new, done = (self.make_campaign(name) for name in ("Old", "New", "Done"))
        Campaign.objects.filter(pk=old.pk).update(waiting_since=timezone.now() - timedelta(days=3))
        Campaign.objects.filter(pk=done.pk).update(waiting=[], status=Campaign.Status.LOST)
        html = self.home(self.alice)
        self.assertEqual(title(html), "(2) Your move · Legacy of Yu")
        yours = section(html, "your-move")
        self.assertLess(yours.index(f"campaign-{old.code}"), yours.index(f"campaign-{new.code}"))
        self.assertIn("for 3\xa0days", yours)
        self.assertIn("just now", yours)  # the new one's move came this minute
        self.assertNotIn(f"campaign-{done.code}", yours)
        self.assertIn(f'id="campaign-{done.code}"', section(html, "finished"))

    def test_the_list_is_polled_and_answers_304_until_it_changes(self) -> None:
        table = self.harbour()
        self.client.force_login(self.bob)
        first = self.client.get(reverse("turns"), headers={"HX-Request": "true"})
        self.assertEqual(first.status_code, 200)
        self.assertIn('data-title="(1) Your move · Legacy of Yu"', first.content.decode())
        etag = first["ETag"]
        same = self.client.get(reverse("turns"), headers={"If-None-Match": etag})
        self.assertEqual((same.status_code, same.content), (304, b""))
        self.move(table, 1)  # Bob chose: only Alice is left to choose
        after = self.client.get(reverse("turns"), headers={"If-None-Match": etag})
        self.assertEqual(after.status_code, 200)
        self.assertNotEqual(after["ETag"], etag)
        self.assertIn('data-title="Legacy of Yu"', after.content.decode())
        self.assertIn("Waiting for alice", after.content.decode())

    def test_the_list_is_for_a_signed_in_user_only(self) -> None:
        r = self.client.get(reverse("turns"))
        self.assertEqual(r.status_code, 302)
        self.assertIn(reverse("login"), r["Location"])


class TablePageTests(TurnsTestCase):
    def test_a_tables_title_says_when_it_is_your_move(self) -> None:
        table = self.move(self.harbour(), 0)
        self.client.force_login(self.bob)
        page = self.client.get(table.get_absolute_url()).content.decode()
        self.assertEqual(title(page), "Your move · Harbour · Machi Koro Legacy")
        self.assertIn('data-title="Your move · Harbour · Machi Koro Legacy"', page)
        self.client.force_login(self.alice)
        page = self.client.get(table.get_absolute_url()).content.decode()
        self.assertEqual(title(page), "Harbour · Machi Koro Legacy")
