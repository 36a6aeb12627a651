"""The live board: an open board polls its version; 304 while nothing changed."""

from __future__ import annotations

import re
import uuid

from django.contrib.auth.models import User

from campaigns import store
from campaigns.sharing.models import Role
from engine.yu import Action
from tests import play

from .base import BaseTestCase, action_keys, quiet_plays

HTMX = {"HX-Request": "true"}


def poll_etag(html: str) -> str:
    """The ETag the page's poll sends back, as the browser sends it."""
    found = re.search(r'<div id="live"[^>]*hx-headers=\'\{"If-None-Match": "([^"]+)"\}\'', html)
    assert found, "no live poll on the page"
    return found.group(1).replace("\\u0022", '"')


class LiveTestCase(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.campaign = self.make_campaign()
        self.url = f"/c/{self.campaign.code}/live/"
        self.board_url = f"/c/{self.campaign.code}/"
        self.play, self.other_play = quiet_plays(self.campaign)
        self.carol_in = self.share(self.campaign, self.carol, Role.WATCH)

    def poll(self, etag: str | None) -> object:
        headers = {**HTMX, **({"If-None-Match": etag} if etag else {})}
        return self.client.get(self.url, headers=headers)

    def move_on(self) -> None:
        board = store.load(self.campaign)
        play.act(board, Action.parse(self.play), board.version)

    def test_it_puts_the_poll_on_the_board(self) -> None:
        self.client.force_login(self.alice)
        html = self.client.get(self.board_url).content.decode()
        self.assertIn(f'hx-get="{self.url}" hx-trigger="every 1s" hx-swap="none" hx-sync="#act:abort"', html)
        self.assertEqual(poll_etag(html), '"0.own.0"')
        self.client.force_login(self.carol)
        self.assertEqual(poll_etag(self.client.get(self.board_url).content.decode()), '"0.watch.0"')

    def test_it_answers_304_with_no_body_while_nothing_changed(self) -> None:
        self.client.force_login(self.carol)
        etag = poll_etag(self.client.get(self.board_url).content.decode())
        with self.assertNumQueries(3):  # the session, the user, the campaign's version with the role
            r = self.poll(etag)
        self.assertEqual(r.status_code, 304)
        self.assertEqual(r.content, b"")

    def test_it_sends_the_fresh_board_once_it_changed(self) -> None:
        self.client.force_login(self.carol)
        etag = poll_etag(self.client.get(self.board_url).content.decode())
        self.move_on()
        r = self.poll(etag)
        self.assertEqual(r.status_code, 200)
        self.assertEqual(r["ETag"], '"1.watch.0"')
        html = r.content.decode()
        self.assertTrue(html.lstrip().startswith('<div id="board" class="board" hx-swap-oob="true"'))
        self.assertIn('id="board-version" value="1"', html)
        self.assertEqual(poll_etag(html), '"1.watch.0"')  # the new poll asks from here on
        self.assertEqual(action_keys(html), [])  # a watcher's board has no action on it
        self.assertEqual(self.poll('"1.watch.0"').status_code, 304)

    def test_it_renders_a_new_board_once_for_every_viewer_in_a_seat(self) -> None:
        dora = self.share(self.campaign, User.objects.create_user("dora"), Role.WATCH).user
        self.move_on()
        self.client.force_login(self.carol)
        first = self.poll('"0.watch.0"')
        self.client.force_login(dora)
        with self.assertNumQueries(3):  # as for a 304: no engine, no template
            second = self.poll('"0.watch.0"')
        tokens = [
            re.search(r'name="csrfmiddlewaretoken" value="(\w+)"', r.content.decode())
            for r in (first, second)
        ]
        self.assertTrue(all(tokens))
        self.assertNotIn("\x00", second.content.decode())
        self.assertEqual(
            re.sub(r'value="\w{64}"', "", first.content.decode()),
            re.sub(r'value="\w{64}"', "", second.content.decode()),
        )
        # Each viewer gets a token of their own.
        self.assertNotEqual(tokens[0].group(1), tokens[1].group(1))

    def test_it_sends_the_board_without_a_known_version(self) -> None:
        self.client.force_login(self.alice)
        r = self.poll(None)
        self.assertEqual(r.status_code, 200)
        self.assertIn(self.play, action_keys(r.content.decode()))

    def test_it_refreshes_a_board_whose_role_changed(self) -> None:
        self.client.force_login(self.carol)
        self.assertEqual(self.poll('"0.watch.0"').status_code, 304)
        self.carol_in.role = Role.PLAY
        self.carol_in.save()
        r = self.poll('"0.watch.0"')
        self.assertEqual(r.status_code, 200)
        self.assertIn(self.play, action_keys(r.content.decode()))

    def test_it_keeps_the_poll_in_step_with_the_players_own_actions(self) -> None:
        self.client.force_login(self.alice)
        r = self.client.post(f"{self.board_url}act/", {"key": self.play, "version": 0}, headers=HTMX)
        html = r.content.decode()
        self.assertIn('<div id="live" hidden', html)
        self.assertEqual(poll_etag(html), '"1.own.0"')  # so the poll does not fetch the board it brought
        self.assertEqual(self.poll('"1.own.0"').status_code, 304)

    def test_it_reloads_a_board_that_is_gone(self) -> None:
        # Removed from the campaign, or a stranger, or a campaign that never was: all alike.
        self.carol_in.delete()
        self.client.force_login(self.carol)
        answers = [self.poll('"0.watch.0"'), self.client.get(f"/c/{uuid.uuid4()}/live/", headers=HTMX)]
        self.client.force_login(self.mallory)
        answers.append(self.poll('"0.own.0"'))
        for r in answers:
            self.assertEqual(r.status_code, 404)
            self.assertEqual(r["HX-Refresh"], "true")
            self.assertEqual(r.content, b"")

    def test_it_reloads_a_logged_out_board(self) -> None:
        r = self.poll('"0.own.0"')
        self.assertEqual(r.status_code, 401)
        self.assertEqual(r["HX-Refresh"], "true")

    def test_it_rejects_post(self) -> None:
        self.client.force_login(self.alice)
        self.assertEqual(self.client.post(self.url).status_code, 405)
