from __future__ import annotations

import json

from campaigns import store
from campaigns.models import GameAction
from engine.yu.campaign.campaign import Campaign as YuCampaign
from engine.yu.campaign.difficulty import Difficulty
from tests import play

from .base import BaseTestCase


class ResetTestCase(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.campaign = self.make_campaign()
        self.url = f"/c/{self.campaign.code}/reset/"
        board = store.load(self.campaign)
        play.act(board, board.state.legal_actions()[0], 0)

    def test_it_asks_first(self) -> None:
        self.client.force_login(self.alice)
        r = self.client.get(self.url)
        self.assertContains(r, "Reset “Yellow River”?")
        self.assertContains(r, f'action="/c/{self.campaign.code}/reset/"')
        self.assertContains(r, 'name="run" value="1"')
        self.assertEqual(self.campaign.games.count(), 1)

    def test_it_starts_over_and_keeps_the_record(self) -> None:
        self.client.force_login(self.alice)
        r = self.client.post(self.url, {"run": 1})
        self.assertRedirects(r, f"/c/{self.campaign.code}/")
        self.campaign.refresh_from_db()
        self.assertEqual(self.campaign.run, 2)
        self.assertEqual(self.campaign.game_number, 1)
        self.assertEqual(self.campaign.games.count(), 2)  # the old game stays on record
        self.assertEqual(GameAction.objects.count(), 1)
        board = store.load(self.campaign)
        self.assertEqual(board.game_row.run, 2)
        self.assertEqual(board.log, [])

    def test_it_hides_other_users_campaigns(self) -> None:
        self.client.force_login(self.mallory)
        self.assertEqual(self.client.get(self.url).status_code, 404)
        self.assertEqual(self.client.post(self.url, {"run": 1}).status_code, 404)
        self.campaign.refresh_from_db()
        self.assertEqual(self.campaign.run, 1)

    def test_it_requires_login(self) -> None:
        r = self.client.post(self.url)
        self.assertRedirects(r, f"/accounts/login/?next={self.url}")

    def test_the_new_run_keeps_the_difficulty(self) -> None:
        hard = play.create_campaign(self.alice, "Steep", 11, difficulty=Difficulty.HARD)
        self.client.force_login(self.alice)
        self.client.post(f"/c/{hard.code}/reset/", {"run": 1})
        hard.refresh_from_db()
        self.assertEqual((hard.run, hard.difficulty), (2, "hard"))
        fresh = YuCampaign.new(hard.seed, difficulty=Difficulty.HARD).game
        assert fresh is not None
        self.assertEqual(hard.games.get(run=2).state, json.loads(json.dumps(fresh.to_dict())))
        self.assertIs(store.load(hard).state.difficulty, Difficulty.HARD)

    def test_the_same_form_posted_twice_resets_once(self) -> None:
        self.client.force_login(self.alice)
        for _ in range(2):
            self.assertRedirects(self.client.post(self.url, {"run": 1}), f"/c/{self.campaign.code}/")
        self.campaign.refresh_from_db()
        self.assertEqual(self.campaign.run, 2)
        self.assertEqual(self.campaign.games.count(), 2)

    def test_a_post_without_the_run_resets_nothing(self) -> None:
        self.client.force_login(self.alice)
        self.assertEqual(self.client.post(self.url).status_code, 400)
        self.campaign.refresh_from_db()
        self.assertEqual((self.campaign.run, self.campaign.games.count()), (1, 1))
