"""A shared cache of boards that cannot be reached makes boards slower to draw, never broken."""

from __future__ import annotations

import socket

from django.conf import settings
from django.test import override_settings

from campaigns.models import Campaign

from .base import BaseTestCase, quiet_plays

HTMX = {"HX-Request": "true"}


def nobody_listening() -> str:
    """A Redis URL at a port of this machine where no server listens."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return f"redis://127.0.0.1:{port}/0"


class BoardCacheTests(BaseTestCase):
    def test_boards_are_drawn_and_moved_while_redis_is_out_of_reach(self) -> None:
        campaign = self.make_campaign()
        self.client.force_login(self.alice)
        gone = {"BACKEND": "campaigns.cache.BoardCache", "LOCATION": nobody_listening()}
        unreachable = override_settings(CACHES={**settings.CACHES, "default": gone})
        with unreachable, self.assertLogs("campaigns.cache", "WARNING") as said:
            page = self.client.get(f"/c/{campaign.code}/")
            self.assertContains(page, 'id="board-version"')
            data = {"key": quiet_plays(campaign, 1)[0], "version": 0}
            moved = self.client.post(f"/c/{campaign.code}/act/", data, headers=HTMX)
            self.assertEqual(moved.status_code, 200)
            live = self.client.get(f"/c/{campaign.code}/live/")
            self.assertContains(live, 'id="board"')
        self.assertIn("The boards' cache is out of reach", said.output[0])
        self.assertEqual(Campaign.objects.get(pk=campaign.pk).version, 1)
