from __future__ import annotations

from django.contrib.auth.models import User
from django.test import TestCase, override_settings

PASSWORD = "river-of-nine-bends"


# Real hashing is slow on purpose; the tests only need it to round-trip.
@override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"])
class BaseTestCase(TestCase):
    def setUp(self) -> None:
        super().setUp()
        self.alice = User.objects.create_user("alice", password=PASSWORD)
