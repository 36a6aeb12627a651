from __future__ import annotations

import json
import re

from django.utils.html import escape

from campaigns import store
from campaigns.models import Campaign, GameAction
from engine.yu import Action
from engine.yu import Game as YuGame
from tests import play

from .base import BaseTestCase, quiet_plays

HTMX = {"HX-Request": "true"}


def swapped(html: str) -> list[str]:
    """The ids of the regions an htmx answer swaps out of band."""
    return re.findall(r'<\w+ id="([\w-]+)"[^>]*hx-swap-oob="true"', html)


class ActTestCase(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.campaign = self.make_campaign()
        self.url = f"/c/{self.campaign.code}/act/"
        self.board_url = f"/c/{self.campaign.code}/"
        self.start = self.campaign.games.get().state
        self.play, self.other_play = quiet_plays(self.campaign)
        self.client.force_login(self.alice)

    def post(self, key: str, version: int = 0, htmx: bool = False) -> object:
        return self.client.post(self.url, {"key": key, "version": version}, headers=HTMX if htmx else {})

    def assertUnchanged(self) -> None:
        self.campaign.refresh_from_db()
        self.assertEqual(self.campaign.version, 0)
        self.assertFalse(GameAction.objects.exists())
        game = self.campaign.games.get()
        self.assertEqual(game.version, 0)
        self.assertEqual(game.state, self.start)

    def test_it_applies_an_action_and_redirects(self) -> None:
        card = Action.parse(self.play).card
        r = self.post(self.play)
        self.assertRedirects(r, self.board_url)
        self.campaign.refresh_from_db()
        self.assertEqual(self.campaign.version, 1)
        game = self.campaign.games.get()
        self.assertEqual(game.version, 1)
        self.assertNotIn(card, game.state["hand"])
        row = GameAction.objects.get()
        self.assertEqual((row.game, row.seq, row.key, row.revealed), (game, 1, self.play, False))
        played = play.stored_events(row.events)[0].text
        self.assertTrue(played.startswith("Played "))
        r = self.client.get(self.board_url)
        self.assertContains(r, escape(played))

    def test_it_answers_htmx_with_fragments(self) -> None:
        r = self.post(self.play, htmx=True)
        html = r.content.decode()
        self.assertEqual(r.status_code, 200)
        self.assertNotIn("<html", html)
        regions = swapped(html)
        for region in ("hand", "piles", "log", "notice"):
            self.assertIn(region, regions)
        self.assertIn('id="board-version" value="1" hx-swap-oob="true"', html)
        self.assertEqual(json.loads(r["HX-Trigger"]), {"board:moved": {"key": self.play, "version": 1}})

    def test_it_leaves_out_the_regions_that_did_not_change(self) -> None:
        # Playing a card that gives only Clay or Wood changes neither the Card
        # Row (Provisions, Workers) nor the river (Workers, Cowrie Shells).
        game = store.load(self.campaign).state.game
        for card in game.hand:
            trial = YuGame.from_dict(game.to_dict())
            trial.apply(Action.parse(f"play:{card}"))
            changed = {i for i, (a, b) in enumerate(zip(game.have, trial.have, strict=True)) if a != b}
            if changed and changed <= {6, 7} and not trial.decision:  # clay, wood
                break
        else:
            self.skipTest("no card in this hand gives only Clay or Wood")
        regions = swapped(self.post(f"play:{card}", htmx=True).content.decode())
        self.assertIn("hand", regions)
        self.assertNotIn("card-row", regions)
        self.assertNotIn("river", regions)

    def test_it_refuses_a_stale_version_with_the_fresh_board(self) -> None:
        self.post(self.play)
        r = self.post(self.other_play, version=0)
        self.assertEqual(r.status_code, 409)
        self.assertContains(r, "You had already moved, in another window", status_code=409)
        self.assertContains(r, 'id="board-version" value="1"', status_code=409)
        self.assertContains(r, "<html", status_code=409)
        self.assertEqual(GameAction.objects.count(), 1)
        self.campaign.refresh_from_db()
        self.assertEqual(self.campaign.version, 1)
        self.assertIn(Action.parse(self.other_play).card, self.campaign.games.get().state["hand"])

    def test_it_never_applies_an_action_twice(self) -> None:
        self.post(self.play, htmx=True)
        r = self.post(self.play, htmx=True)  # a double click
        self.assertEqual(r.status_code, 409)
        self.assertTrue(
            r.content.decode().lstrip().startswith('<div id="board" class="board" hx-swap-oob="true"')
        )
        self.assertEqual(GameAction.objects.count(), 1)

    def test_it_refuses_a_stale_write_racing_past_the_check(self) -> None:
        board = store.load(self.campaign)
        Campaign.objects.filter(pk=self.campaign.pk).update(version=5)  # another window won the race
        with self.assertRaises(store.Stale):
            play.act(board, Action.parse(self.play), 0)
        self.assertFalse(GameAction.objects.exists())
        self.assertEqual(self.campaign.games.get().state, self.start)

    def test_it_refuses_an_illegal_action_with_the_reason(self) -> None:
        r = self.post("attack:1:R")
        self.assertEqual(r.status_code, 400)
        self.assertContains(r, "Space 1 holds a Townsfolk card, not a Barbarian.", status_code=400)
        self.assertUnchanged()

    def test_it_refuses_an_illegal_action_for_htmx_with_the_reason_only(self) -> None:
        r = self.post("end", htmx=True)
        self.assertEqual(r.status_code, 400)
        self.assertEqual(swapped(r.content.decode()), ["notice"])
        hand = len(self.start["hand"])
        self.assertContains(r, f"Use every Townsfolk card in your hand first ({hand} left).", status_code=400)
        self.assertUnchanged()

    def test_it_refuses_forged_keys(self) -> None:
        for key in (
            "drop table",
            "play:t99",
            "play:",
            "build:farm1:9:WWWWW",
            "undo:3",
            "x" * 64,
            "next",
            "choose:1",
        ):
            with self.subTest(key=key):
                r = self.post(key)
                self.assertEqual(r.status_code, 400)
                self.assertContains(r, 'class="notice"', status_code=400)
        self.assertUnchanged()

    def test_it_refuses_a_missing_version(self) -> None:
        r = self.client.post(self.url, {"key": self.play})
        self.assertEqual(r.status_code, 400)
        self.assertContains(r, "That was not an action.", status_code=400)
        self.assertUnchanged()

    def test_it_hides_other_users_campaigns(self) -> None:
        self.client.force_login(self.mallory)
        r = self.post(self.play)
        self.assertEqual(r.status_code, 404)
        self.assertUnchanged()

    def test_it_sends_anonymous_users_to_log_in(self) -> None:
        self.client.logout()
        r = self.post(self.play)
        self.assertRedirects(r, f"/accounts/login/?next={self.url}")
        self.assertUnchanged()

    def test_it_rejects_get(self) -> None:
        r = self.client.get(self.url)
        self.assertEqual(r.status_code, 405)
