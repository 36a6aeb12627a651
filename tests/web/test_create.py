from __future__ import annotations

from campaigns import store
from campaigns.models import Campaign
from engine.yu.campaign.campaign import Campaign as YuCampaign
from engine.yu.campaign.difficulty import Difficulty

from .base import BaseTestCase


class CreateTestCase(BaseTestCase):
    url = "/campaigns/new/"

    def test_it_creates_campaign_with_its_first_game(self) -> None:
        self.client.force_login(self.alice)
        r = self.client.post(self.url, {"name": "  The Yellow River "})
        campaign = Campaign.objects.get()
        self.assertRedirects(r, f"/c/{campaign.code}/")
        self.assertEqual(campaign.owner, self.alice)
        self.assertEqual(campaign.name, "The Yellow River")
        self.assertEqual(campaign.version, 0)
        game = campaign.games.get()
        self.assertEqual(game.number, 1)
        self.assertEqual(game.version, 0)
        self.assertEqual(game.state["round"], 1)

    def test_it_gives_each_campaign_its_own_random_code(self) -> None:
        self.client.force_login(self.alice)
        self.client.post(self.url, {"name": "One"})
        self.client.post(self.url, {"name": "Two"})
        one, two = Campaign.objects.order_by("pk")
        self.assertNotEqual(one.code, two.code)
        self.assertNotIn(str(one.pk), str(one.get_absolute_url()).split("/"))

    def test_it_requires_a_name(self) -> None:
        self.client.force_login(self.alice)
        r = self.client.post(self.url, {"name": "   "})
        self.assertEqual(r.status_code, 400)
        self.assertContains(r, "errorlist", status_code=400)
        self.assertFalse(Campaign.objects.exists())

    def test_it_requires_login(self) -> None:
        r = self.client.post(self.url, {"name": "One"})
        self.assertRedirects(r, "/accounts/login/?next=/campaigns/new/")
        self.assertFalse(Campaign.objects.exists())

    def test_it_rejects_get(self) -> None:
        self.client.force_login(self.alice)
        r = self.client.get(self.url)
        self.assertEqual(r.status_code, 405)

    def test_it_sets_the_campaign_up_at_the_chosen_difficulty(self) -> None:
        self.client.force_login(self.alice)
        for level in Difficulty:
            self.client.post(self.url, {"name": level.value, "difficulty": level.value})
            campaign = Campaign.objects.get(name=level.value)
            self.assertEqual(campaign.difficulty, level.value)
            engine = store.load(campaign).state
            self.assertIs(engine.difficulty, level)
            expected = YuCampaign.new(campaign.seed, difficulty=level).game
            assert expected is not None
            self.assertEqual(engine.game.to_dict() if engine.game else None, expected.to_dict())
        r = self.client.get(f"/c/{Campaign.objects.get(name='hard').code}/")
        self.assertContains(r, "Hard")

    def test_without_a_difficulty_it_is_the_rulebook_s(self) -> None:
        self.client.force_login(self.alice)
        self.client.post(self.url, {"name": "Plain"})
        self.assertEqual(Campaign.objects.get().difficulty, Difficulty.STANDARD.value)

    def test_an_unknown_difficulty_is_refused(self) -> None:
        self.client.force_login(self.alice)
        r = self.client.post(self.url, {"name": "Odd", "difficulty": "nightmare"})
        self.assertEqual(r.status_code, 400)
        self.assertFalse(Campaign.objects.exists())

    def test_the_home_page_offers_the_three_levels(self) -> None:
        self.client.force_login(self.alice)
        r = self.client.get("/")
        for level in Difficulty:
            self.assertContains(r, f'value="{level.value}"')
            self.assertContains(r, level.describe)
