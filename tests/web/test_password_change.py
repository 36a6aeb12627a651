from __future__ import annotations

from .base import PASSWORD, BaseTestCase

NEW_PASSWORD = "dikes-before-dawn"


class PasswordChangeTestCase(BaseTestCase):
    url = "/accounts/password/"

    def form(self, old: str = PASSWORD) -> dict[str, str]:
        return {"old_password": old, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}

    def test_it_requires_login(self) -> None:
        r = self.client.get(self.url)
        self.assertRedirects(r, "/accounts/login/?next=/accounts/password/")

    def test_it_shows_form(self) -> None:
        self.client.force_login(self.alice)
        r = self.client.get(self.url)
        self.assertContains(r, "Change your password")
        self.assertContains(r, 'name="old_password"')

    def test_it_changes_password(self) -> None:
        self.client.force_login(self.alice)
        r = self.client.post(self.url, self.form())
        self.assertRedirects(r, "/accounts/password/done/")

        self.alice.refresh_from_db()
        self.assertTrue(self.alice.check_password(NEW_PASSWORD))
        # The session survives the change.
        r = self.client.get("/")
        self.assertContains(r, "Your campaigns")

    def test_it_rejects_wrong_old_password(self) -> None:
        self.client.force_login(self.alice)
        r = self.client.post(self.url, self.form(old="not-it"))
        self.assertContains(r, "errorlist")
        self.alice.refresh_from_db()
        self.assertTrue(self.alice.check_password(PASSWORD))

    def test_it_shows_done_page(self) -> None:
        self.client.force_login(self.alice)
        r = self.client.get("/accounts/password/done/")
        self.assertContains(r, "Password changed")
