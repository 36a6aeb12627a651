"""A double-clicked "Start a campaign": the form carries a key made when it was
shown, and the same key makes one campaign however many times and however
close together it is posted."""

from __future__ import annotations

import re
import threading
import uuid

from django.contrib.auth.models import User
from django.db import connection
from django.test import Client, TransactionTestCase, override_settings

from campaigns.models import Campaign

from .base import PASSWORD


@override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"])
class CreateRaceTestCase(TransactionTestCase):
    def setUp(self) -> None:
        self.alice = User.objects.create_user("alice", password=PASSWORD)

    def client_for_alice(self) -> Client:
        client = Client()
        client.force_login(self.alice)
        return client

    def test_the_home_page_form_carries_a_fresh_key(self) -> None:
        client = self.client_for_alice()
        pages = [client.get("/").content.decode() for _ in "ab"]
        keys = [re.findall(r'name="request" value="([0-9a-f-]{36})"', page) for page in pages]
        self.assertEqual([len(k) for k in keys], [3, 3])  # the forms that make a campaign, a table, a copy
        self.assertFalse(set(keys[0]) & set(keys[1]))

    def test_the_same_form_posted_twice_makes_one_campaign(self) -> None:
        client = self.client_for_alice()
        form = {"name": "Yellow River", "request": str(uuid.uuid4())}
        first, second = client.post("/campaigns/new/", form), client.post("/campaigns/new/", form)
        self.assertEqual(Campaign.objects.count(), 1)
        self.assertEqual(first["Location"], second["Location"])

    def test_two_posts_of_one_form_at_the_same_moment_make_one_campaign(self) -> None:
        form = {"name": "Yellow River", "request": str(uuid.uuid4())}
        start = threading.Barrier(2)
        answers: list[str] = []

        def click() -> None:
            try:
                client = self.client_for_alice()
                start.wait()
                answers.append(client.post("/campaigns/new/", form)["Location"])
            finally:
                connection.close()

        clicks = [threading.Thread(target=click) for _ in range(2)]
        for thread in clicks:
            thread.start()
        for thread in clicks:
            thread.join()
        self.assertEqual(Campaign.objects.count(), 1)
        self.assertEqual(answers, [Campaign.objects.get().get_absolute_url()] * 2)

    def test_two_forms_make_two_campaigns(self) -> None:
        client = self.client_for_alice()
        for _ in range(2):
            client.post("/campaigns/new/", {"name": "Yellow River", "request": str(uuid.uuid4())})
        self.assertEqual(Campaign.objects.count(), 2)
