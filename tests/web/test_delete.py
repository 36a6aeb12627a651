from __future__ import annotations

from campaigns.models import Campaign, Game

from .base import BaseTestCase


class DeleteTestCase(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.campaign = self.make_campaign()
        self.url = f"/c/{self.campaign.code}/delete/"

    def test_it_asks_first(self) -> None:
        self.client.force_login(self.alice)
        r = self.client.get(self.url)
        self.assertContains(r, "Delete “Yellow River”?")
        self.assertTrue(Campaign.objects.exists())

    def test_it_deletes(self) -> None:
        self.client.force_login(self.alice)
        r = self.client.post(self.url)
        self.assertRedirects(r, "/")
        self.assertFalse(Campaign.objects.exists())
        self.assertFalse(Game.objects.exists())

    def test_it_hides_other_users_campaigns(self) -> None:
        self.client.force_login(self.mallory)
        self.assertEqual(self.client.get(self.url).status_code, 404)
        self.assertEqual(self.client.post(self.url).status_code, 404)
        self.assertTrue(Campaign.objects.exists())

    def test_it_requires_login(self) -> None:
        r = self.client.post(self.url)
        self.assertRedirects(r, f"/accounts/login/?next={self.url}")
        self.assertTrue(Campaign.objects.exists())
