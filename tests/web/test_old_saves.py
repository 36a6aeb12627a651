"""Boards saved before campaigns existed, or by older game content."""

from __future__ import annotations

from campaigns import store
from campaigns.models import Campaign, Game, GameAction
from engine.yu import new_game

from .base import BaseTestCase, action_keys, board_version, quiet_plays


class LoneGameTestCase(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.campaign = Campaign.objects.create(owner=self.alice, name="Lone", game_number=1)
        Game.objects.create(campaign=self.campaign, number=1, seed=7, state=new_game(7).to_dict())
        self.client.force_login(self.alice)

    def test_it_plays_a_game_stored_before_campaigns(self) -> None:
        html = self.client.get(f"/c/{self.campaign.code}/").content.decode()
        self.assertIn("A single game, started before campaigns.", html)
        key = next(k for k in action_keys(html) if k.startswith("play:"))
        r = self.client.post(f"/c/{self.campaign.code}/act/", {"key": key, "version": board_version(html)})
        self.assertRedirects(r, f"/c/{self.campaign.code}/")
        self.campaign.refresh_from_db()
        self.assertIsNone(self.campaign.state)
        self.assertEqual(self.campaign.version, 1)
        self.assertEqual(store.replay_differences(self.campaign.games.get()), [])


class OlderContentTestCase(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.campaign = self.make_campaign()
        board = store.load(self.campaign)
        for version, key in enumerate(quiet_plays(self.campaign)):
            store.act(board, key, version)
        self.hand = board.game.hand
        # Saved by content that has changed since: the stored state no longer loads.
        Campaign.objects.filter(pk=self.campaign.pk).update(
            state={**self.campaign.state, "content": "yu+old"}
        )
        self.client.force_login(self.alice)

    def test_it_replays_the_log_with_todays_content(self) -> None:
        r = self.client.get(f"/c/{self.campaign.code}/")
        self.assertEqual(r.status_code, 200)
        self.campaign.refresh_from_db()
        self.assertEqual(store.load(self.campaign).game.hand, self.hand)

    def test_it_explains_a_log_that_no_longer_replays(self) -> None:
        game = self.campaign.games.get()
        GameAction.objects.create(game=game, seq=3, key="attack:1:R", events=[])
        r = self.client.get(f"/c/{self.campaign.code}/")
        self.assertContains(r, "cannot be opened", status_code=409)
        self.assertContains(r, f'href="/c/{self.campaign.code}/reset/"', status_code=409)
