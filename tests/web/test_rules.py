from __future__ import annotations

from .base import BaseTestCase


class RulesTestCase(BaseTestCase):
    url = "/rules/"

    def test_it_explains_the_game_to_anyone(self) -> None:
        r = self.client.get(self.url)
        self.assertContains(r, "How to play Legacy of Yu")
        for heading in ("A Round, step by step", "Townsfolk cards", "The Flood and your Ready Pile", "Undo"):
            self.assertContains(r, heading)
        self.assertContains(r, 'aria-label="Black Worker (Rider)"')

    def test_it_is_linked_from_the_board(self) -> None:
        campaign = self.make_campaign()
        self.client.force_login(self.alice)
        r = self.client.get(f"/c/{campaign.code}/")
        self.assertContains(
            r, '<a href="/rules/" target="_blank" rel="noopener">Rules and keys</a>', html=True
        )

    def test_it_rejects_post(self) -> None:
        self.assertEqual(self.client.post(self.url).status_code, 405)
