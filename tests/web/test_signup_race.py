"""Two sign-ups with the same name at once: the one that commits second gets
the form back with a clear error, never a 500, and only one account exists."""

from __future__ import annotations

import threading
from typing import Any

from django.contrib.auth.models import User
from django.db import connection
from django.db.models.signals import pre_save
from django.test import TransactionTestCase, override_settings

from .base import PASSWORD

FORM = {"username": "twin", "password1": PASSWORD, "password2": PASSWORD}


def sign_up_elsewhere() -> None:
    """The other sign-up, on its own connection, committed."""
    try:
        User.objects.create_user("twin", password=PASSWORD)
    finally:
        connection.close()


@override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"])
class SignupRaceTestCase(TransactionTestCase):
    def test_the_second_of_two_identical_sign_ups_gets_the_form_back(self) -> None:
        def race(sender: type[User], instance: User, **kwargs: Any) -> None:
            # Between the form's check of the name and this insert, another
            # sign-up with the same name commits on another connection.
            pre_save.disconnect(race, sender=User)
            other = threading.Thread(target=sign_up_elsewhere)
            other.start()
            other.join()

        pre_save.connect(race, sender=User)
        try:
            r = self.client.post("/accounts/signup/", FORM)
        finally:
            pre_save.disconnect(race, sender=User)
        self.assertContains(r, "Someone took that username a moment ago", status_code=400)
        self.assertEqual(User.objects.filter(username="twin").count(), 1)
        self.assertNotIn("_auth_user_id", self.client.session)

    def test_the_password_never_shows_in_an_error_report(self) -> None:
        r = self.client.post("/accounts/signup/", FORM)
        self.assertEqual(r.status_code, 302)
        self.assertEqual(r.wsgi_request.sensitive_post_parameters, ("password1", "password2"))  # type: ignore[attr-defined]
