from __future__ import annotations

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

    def test_it_uses_two_queries(self) -> None:
        self.client.force_login(self.alice)
        with self.assertNumQueries(2):  # the session, then the user
            self.client.get("/")

    def test_it_rejects_post(self) -> None:
        r = self.client.post("/")
        self.assertEqual(r.status_code, 405)
