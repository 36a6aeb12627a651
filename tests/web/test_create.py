from __future__ import annotations

from campaigns.models import Campaign

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
