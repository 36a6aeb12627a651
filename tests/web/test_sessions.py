"""Who is signed in, as the session and its user are read on every request: a session that ran
out, a user made inactive or deleted, and a session key nobody holds all leave the request
signed out, as Django's own reads do."""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth.models import User
from django.contrib.sessions.models import Session
from django.utils import timezone

from .base import BaseTestCase


class SessionTests(BaseTestCase):
    def signed_in(self) -> bool:
        home = self.client.get("/")
        return home.status_code == 200 and "Your campaigns" in home.content.decode()

    def test_a_signed_in_user_stays_signed_in(self) -> None:
        self.client.force_login(self.alice)
        self.assertTrue(self.signed_in())
        self.assertTrue(self.signed_in())

    def test_a_session_that_ran_out_signs_out(self) -> None:
        self.client.force_login(self.alice)
        Session.objects.update(expire_date=timezone.now() - timedelta(seconds=1))
        self.assertFalse(self.signed_in())

    def test_a_user_made_inactive_or_deleted_is_signed_out(self) -> None:
        self.client.force_login(self.alice)
        User.objects.filter(pk=self.alice.pk).update(is_active=False)
        self.assertFalse(self.signed_in())
        self.client.force_login(self.bob)
        User.objects.filter(pk=self.bob.pk).delete()
        self.assertFalse(self.signed_in())

    def test_a_session_key_nobody_holds_signs_out(self) -> None:
        self.client.force_login(self.alice)
        Session.objects.all().delete()
        self.assertFalse(self.signed_in())
        self.client.cookies["sessionid"] = "x" * 32
        self.assertFalse(self.signed_in())
