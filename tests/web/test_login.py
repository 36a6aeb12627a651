from __future__ import annotations

from axes.models import AccessAttempt

from .base import PASSWORD, BaseTestCase


class LoginTestCase(BaseTestCase):
    url = "/accounts/login/"

    def test_it_shows_form(self) -> None:
        r = self.client.get(self.url)
        self.assertContains(r, "Log in")
        self.assertContains(r, 'name="username"')
        self.assertContains(r, 'name="password"')

    def test_it_logs_in(self) -> None:
        r = self.client.post(self.url, {"username": "alice", "password": PASSWORD})
        self.assertRedirects(r, "/")
        self.assertEqual(self.client.session["_auth_user_id"], str(self.alice.pk))

    def test_it_rejects_wrong_password(self) -> None:
        r = self.client.post(self.url, {"username": "alice", "password": "not-it"})
        self.assertContains(r, "errorlist")
        self.assertNotIn("_auth_user_id", self.client.session)

    def test_it_follows_next(self) -> None:
        form = {"username": "alice", "password": PASSWORD, "next": "/accounts/password/"}
        r = self.client.post(self.url, form)
        self.assertRedirects(r, "/accounts/password/")

    def test_it_ignores_next_to_another_site(self) -> None:
        form = {"username": "alice", "password": PASSWORD, "next": "https://example.org/"}
        r = self.client.post(self.url, form)
        self.assertRedirects(r, "/")

    def test_it_refuses_a_username_longer_than_any_account_without_a_try_counted(self) -> None:
        for length in (151, 256, 20_000):
            r = self.client.post(self.url, {"username": "x" * length, "password": "not-it"})
            self.assertContains(r, "Ensure this value has at most 150 characters")
        self.assertFalse(AccessAttempt.objects.exists())
        self.assertNotIn("_auth_user_id", self.client.session)
