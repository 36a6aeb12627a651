from __future__ import annotations

from django.contrib.auth.models import User
from django.test import Client

from .base import PASSWORD, BaseTestCase


class SignupTestCase(BaseTestCase):
    url = "/accounts/signup/"

    def form(self, username: str = "bob", password2: str = PASSWORD) -> dict[str, str]:
        return {"username": username, "password1": PASSWORD, "password2": password2}

    def test_it_shows_form(self) -> None:
        r = self.client.get(self.url)
        self.assertContains(r, "Sign up")
        self.assertContains(r, 'name="password2"')

    def test_it_creates_user_and_logs_in(self) -> None:
        r = self.client.post(self.url, self.form())
        self.assertRedirects(r, "/")

        bob = User.objects.get(username="bob")
        self.assertTrue(bob.check_password(PASSWORD))
        self.assertEqual(self.client.session["_auth_user_id"], str(bob.pk))

    def test_it_rejects_mismatched_passwords(self) -> None:
        r = self.client.post(self.url, self.form(password2="something-else-entirely"))
        self.assertContains(r, "errorlist", status_code=400)
        self.assertFalse(User.objects.filter(username="bob").exists())

    def test_it_rejects_taken_username(self) -> None:
        r = self.client.post(self.url, self.form(username="alice"))
        self.assertContains(r, "A user with that username already exists.", status_code=400)
        self.assertEqual(User.objects.filter(username="alice").count(), 1)

    def test_it_sends_logged_in_user_home(self) -> None:
        self.client.force_login(self.alice)
        r = self.client.get(self.url)
        self.assertRedirects(r, "/")

    def test_it_requires_csrf_token(self) -> None:
        client = Client(enforce_csrf_checks=True)
        r = client.post(self.url, self.form())
        self.assertEqual(r.status_code, 403)
        self.assertFalse(User.objects.filter(username="bob").exists())

    def test_it_rejects_put(self) -> None:
        r = self.client.put(self.url)
        self.assertEqual(r.status_code, 405)
