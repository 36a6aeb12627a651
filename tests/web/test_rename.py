from __future__ import annotations

from .base import BaseTestCase


class RenameTestCase(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.campaign = self.make_campaign("Old Name")
        self.url = f"/c/{self.campaign.code}/rename/"

    def test_it_shows_form(self) -> None:
        self.client.force_login(self.alice)
        r = self.client.get(self.url)
        self.assertContains(r, "Rename “Old Name”")
        self.assertContains(r, 'value="Old Name"')

    def test_it_renames(self) -> None:
        self.client.force_login(self.alice)
        r = self.client.post(self.url, {"name": "New Name"})
        self.assertRedirects(r, "/")
        self.campaign.refresh_from_db()
        self.assertEqual(self.campaign.name, "New Name")
        self.assertEqual(self.campaign.version, 0)  # the board did not change

    def test_it_rejects_empty_name(self) -> None:
        self.client.force_login(self.alice)
        r = self.client.post(self.url, {"name": ""})
        self.assertContains(r, "errorlist", status_code=400)
        self.campaign.refresh_from_db()
        self.assertEqual(self.campaign.name, "Old Name")

    def test_it_hides_other_users_campaigns(self) -> None:
        self.client.force_login(self.mallory)
        self.assertEqual(self.client.get(self.url).status_code, 404)
        self.assertEqual(self.client.post(self.url, {"name": "Mine"}).status_code, 404)
        self.campaign.refresh_from_db()
        self.assertEqual(self.campaign.name, "Old Name")

    def test_it_requires_login(self) -> None:
        r = self.client.get(self.url)
        self.assertRedirects(r, f"/accounts/login/?next={self.url}")
