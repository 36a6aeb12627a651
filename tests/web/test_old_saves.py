"""Boards saved by older game content."""

from __future__ import annotations

from campaigns import store
from campaigns.models import Campaign, GameAction
from engine.yu import Action
from tests import play

from .base import BaseTestCase, quiet_plays


class OlderContentTestCase(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.campaign = self.make_campaign()
        board = store.load(self.campaign)
        for version, key in enumerate(quiet_plays(self.campaign)):
            play.act(board, Action.parse(key), version)
        self.hand = board.state.game.hand
        # Saved by content that has changed since: the stored state no longer loads.
        Campaign.objects.filter(pk=self.campaign.pk).update(
            state={**self.campaign.state, "content": "yu+old"}
        )
        self.client.force_login(self.alice)

    def test_it_replays_the_log_with_todays_content(self) -> None:
        r = self.client.get(f"/c/{self.campaign.code}/")
        self.assertEqual(r.status_code, 200)
        self.campaign.refresh_from_db()
        self.assertEqual(store.load(self.campaign).state.game.hand, self.hand)

    def test_it_explains_a_log_that_no_longer_replays(self) -> None:
        game = self.campaign.games.get()
        GameAction.objects.create(game=game, seq=3, key="attack:1:R", events=[])
        r = self.client.get(f"/c/{self.campaign.code}/")
        self.assertContains(r, "cannot be opened", status_code=409)
        self.assertContains(r, f'href="/c/{self.campaign.code}/reset/"', status_code=409)
