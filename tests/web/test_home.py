from __future__ import annotations

from campaigns import store

from .base import BaseTestCase


class HomeTestCase(BaseTestCase):
    def test_it_welcomes_anonymous_visitors(self) -> None:
        r = self.client.get("/")
        self.assertContains(r, "Hold back the flood")
        self.assertContains(r, 'href="/accounts/signup/"')
        self.assertContains(r, 'href="/accounts/login/"')
        self.assertNotContains(r, "Your campaigns")

    def test_it_lists_campaigns_for_logged_in_user(self) -> None:
        self.client.force_login(self.alice)
        r = self.client.get("/")
        self.assertContains(r, "Your campaigns")
        self.assertContains(r, 'id="campaign-list"')
        self.assertContains(r, "No campaigns yet.")
        self.assertContains(r, '<span class="who">alice</span>', html=True)
        self.assertNotContains(r, 'href="/accounts/signup/"')

    def test_it_loads_htmx_and_sends_csrf_header(self) -> None:
        r = self.client.get("/")
        self.assertContains(r, "htmx-2.min.js")
        self.assertContains(r, 'hx-headers=\'{"X-CSRFToken": "')
        self.assertContains(r, "css/site.css")

    def test_it_uses_three_queries(self) -> None:
        self.make_campaign("One")
        self.make_campaign("Two")
        self.client.force_login(self.alice)
        with self.assertNumQueries(3):  # the session, the user, then the campaigns
            self.client.get("/")

    def test_it_lists_campaigns_with_their_summary(self) -> None:
        campaign = self.make_campaign("Nine Bends")
        self.client.force_login(self.alice)
        r = self.client.get("/")
        self.assertContains(r, "Nine Bends")
        self.assertContains(r, f'href="/c/{campaign.code}/"')
        self.assertContains(r, '<td data-label="Game">1</td>', html=True)
        self.assertContains(r, '<td data-label="Wins">0</td>', html=True)
        self.assertContains(r, '<td data-label="Losses">0</td>', html=True)
        self.assertContains(r, "Playing")
        self.assertContains(r, f'href="/c/{campaign.code}/rename/"')
        self.assertContains(r, f'href="/c/{campaign.code}/reset/"')
        self.assertContains(r, f'href="/c/{campaign.code}/delete/"')
        self.assertNotContains(r, "No campaigns yet.")

    def test_it_lists_only_own_campaigns(self) -> None:
        store.create_campaign(self.mallory, "Mallory's River")
        self.client.force_login(self.alice)
        r = self.client.get("/")
        self.assertNotContains(r, "Mallory&#x27;s River")
        self.assertContains(r, "No campaigns yet.")

    def test_it_rejects_post(self) -> None:
        r = self.client.post("/")
        self.assertEqual(r.status_code, 405)
