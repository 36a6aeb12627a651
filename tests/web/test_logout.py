from __future__ import annotations

from .base import BaseTestCase


class LogoutTestCase(BaseTestCase):
    url = "/accounts/logout/"

    def test_it_logs_out(self) -> None:
        self.client.force_login(self.alice)
        r = self.client.post(self.url)
        self.assertRedirects(r, "/")
        self.assertNotIn("_auth_user_id", self.client.session)

    def test_it_shows_logout_button_to_logged_in_user(self) -> None:
        self.client.force_login(self.alice)
        r = self.client.get("/")
        self.assertContains(r, 'action="/accounts/logout/"')

    def test_it_rejects_get(self) -> None:
        self.client.force_login(self.alice)
        r = self.client.get(self.url)
        self.assertEqual(r.status_code, 405)
        self.assertIn("_auth_user_id", self.client.session)
