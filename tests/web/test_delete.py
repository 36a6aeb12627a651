"""Deleting asks for the campaign's name; a deleted campaign leaves every list
and board, can be restored by its owner for a week, then is purged."""

from __future__ import annotations

from datetime import timedelta
from io import StringIO

from django.core.management import call_command
from django.utils import timezone

from campaigns.models import Campaign, Game, GameAction
from campaigns.sharing.models import Role

from .base import BaseTestCase, quiet_plays


class DeleteTestCase(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.campaign = self.make_campaign()
        self.url = f"/c/{self.campaign.code}/delete/"
        self.board_url = f"/c/{self.campaign.code}/"

    def delete(self) -> None:
        self.client.force_login(self.alice)
        r = self.client.post(self.url, {"name": "Yellow River"})
        self.assertRedirects(r, "/", fetch_redirect_response=False)

    def test_it_asks_for_the_name_first(self) -> None:
        self.client.force_login(self.alice)
        r = self.client.get(self.url)
        self.assertContains(r, "Delete “Yellow River”?")
        self.assertContains(r, "Type the campaign&#x27;s name")
        self.assertIsNone(Campaign.objects.get().deleted)

    def test_a_wrong_or_missing_name_deletes_nothing(self) -> None:
        self.client.force_login(self.alice)
        for data in ({"name": "Yellow"}, {"name": "yellow river"}, {}):
            r = self.client.post(self.url, data)
            self.assertEqual(r.status_code, 400, data)
        self.assertContains(r, "This field is required", status_code=400)
        self.assertIsNone(Campaign.objects.get().deleted)

    def test_it_takes_the_campaign_off_every_list_and_board(self) -> None:
        self.share(self.campaign, self.bob, Role.PLAY)
        play = quiet_plays(self.campaign, 1)[0]
        self.delete()
        self.assertTrue(Game.objects.exists(), "kept for a week")
        r = self.client.get("/")
        self.assertNotContains(r, f'id="campaign-{self.campaign.code}"')
        self.assertContains(r, "can be restored until")
        gone = self.client.get(self.board_url)
        self.assertContains(gone, "You deleted this campaign", status_code=410)
        self.assertContains(gone, "Restore it", status_code=410)
        self.client.force_login(self.bob)
        self.assertNotContains(self.client.get("/"), f'id="campaign-{self.campaign.code}"')
        gone = self.client.get(self.board_url)
        self.assertContains(gone, "Its owner deleted this campaign", status_code=410)
        self.assertNotContains(gone, "Restore it", status_code=410)
        r = self.client.post(f"{self.board_url}act/", {"key": play, "version": 1})
        self.assertEqual(r.status_code, 410)
        self.assertFalse(GameAction.objects.exists())

    def test_the_owner_restores_it_as_it_was(self) -> None:
        play = quiet_plays(self.campaign, 1)[0]
        self.client.force_login(self.alice)
        self.client.post(f"{self.board_url}act/", {"key": play, "version": 0})
        self.delete()
        r = self.client.post(f"/c/{self.campaign.code}/restore/")
        self.assertRedirects(r, self.board_url, fetch_redirect_response=False)
        campaign = Campaign.objects.get()
        self.assertIsNone(campaign.deleted)
        self.assertEqual(campaign.version, 3)  # the action, the delete, the restore
        self.assertEqual(GameAction.objects.get().key, play)
        self.assertContains(self.client.get(self.board_url), "Yellow River")

    def test_only_its_owner_restores_it(self) -> None:
        self.share(self.campaign, self.bob, Role.PLAY)
        self.delete()
        for user in (self.bob, self.mallory):
            self.client.force_login(user)
            self.assertEqual(self.client.post(f"/c/{self.campaign.code}/restore/").status_code, 404)
        self.assertIsNotNone(Campaign.objects.get().deleted)

    def test_after_a_week_it_cannot_be_restored_and_is_purged(self) -> None:
        other = self.make_campaign("Kept")
        self.delete()
        Campaign.objects.filter(pk=self.campaign.pk).update(
            deleted=timezone.now() - timedelta(days=7, hours=1)
        )
        r = self.client.post(f"/c/{self.campaign.code}/restore/", follow=True)
        self.assertContains(r, "more than 7 days ago")
        self.assertNotContains(self.client.get("/"), "can be restored until")
        out = StringIO()
        call_command("purgecampaigns", stdout=out)
        self.assertIn("1 deleted campaign(s) removed for good", out.getvalue())
        self.assertEqual(list(Campaign.objects.all()), [other])
        self.assertEqual(set(Game.objects.values_list("campaign", flat=True)), {other.pk})

    def test_purge_keeps_what_is_still_within_the_week(self) -> None:
        self.delete()
        out = StringIO()
        call_command("purgecampaigns", stdout=out)
        self.assertIn("0 deleted campaign(s)", out.getvalue())
        self.assertTrue(Campaign.objects.exists())

    def test_it_hides_other_users_campaigns(self) -> None:
        self.client.force_login(self.mallory)
        self.assertEqual(self.client.get(self.url).status_code, 404)
        self.assertEqual(self.client.post(self.url, {"name": "Yellow River"}).status_code, 404)
        self.assertIsNone(Campaign.objects.get().deleted)

    def test_a_player_cannot_delete(self) -> None:
        self.share(self.campaign, self.bob, Role.PLAY)
        self.client.force_login(self.bob)
        self.assertEqual(self.client.post(self.url, {"name": "Yellow River"}).status_code, 403)
        self.assertIsNone(Campaign.objects.get().deleted)

    def test_it_requires_login(self) -> None:
        r = self.client.post(self.url, {"name": "Yellow River"})
        self.assertRedirects(r, f"/accounts/login/?next={self.url}")
        self.assertIsNone(Campaign.objects.get().deleted)
