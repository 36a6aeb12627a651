"""The owner's sharing panel: who is in, their roles, the invite links."""

from __future__ import annotations

from campaigns.sharing import invites
from campaigns.sharing.models import Invite, Membership, Role
from campaigns.sharing_views import NEW_LINK

from .base import BaseTestCase


class MembersTestCase(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.campaign = self.make_campaign()
        self.url = f"/c/{self.campaign.code}/members/"
        self.bob_in = self.share(self.campaign, self.bob, Role.PLAY)
        self.carol_in = self.share(self.campaign, self.carol, Role.WATCH)
        self.invite, _ = invites.create_invite(self.campaign, self.alice, Role.WATCH, single_use=True)
        self.client.force_login(self.alice)

    def test_it_lists_members_and_links(self) -> None:
        r = self.client.get(self.url)
        self.assertContains(r, "Share “Yellow River”")
        self.assertContains(r, "<b>alice</b>", html=True)
        self.assertContains(r, "Owner")
        self.assertContains(r, f'id="member-{self.bob_in.code}"')
        self.assertContains(r, f'id="member-{self.carol_in.code}"')
        self.assertContains(r, '<option value="play" selected>Player</option>', html=True)
        self.assertContains(r, '<option value="watch" selected>Watcher</option>', html=True)
        self.assertContains(r, f'action="/c/{self.campaign.code}/invites/{self.invite.code}/revoke/"')
        self.assertContains(r, "one watcher")
        self.assertNotContains(r, 'id="new-link"')

    def test_it_is_linked_from_the_board_and_the_list(self) -> None:
        self.assertContains(self.client.get(f"/c/{self.campaign.code}/"), f'href="{self.url}"')
        self.assertContains(self.client.get("/"), f'href="{self.url}"')

    def test_it_changes_a_role(self) -> None:
        r = self.client.post(f"{self.url}{self.carol_in.code}/role/", {"role": "play"})
        self.assertRedirects(r, self.url)
        self.carol_in.refresh_from_db()
        self.assertEqual(self.carol_in.role, Role.PLAY)
        r = self.client.post(f"{self.url}{self.carol_in.code}/role/", {"role": "watch"})
        self.carol_in.refresh_from_db()
        self.assertEqual(self.carol_in.role, Role.WATCH)

    def test_it_refuses_a_role_that_is_not_one(self) -> None:
        for role in ("own", "owner", ""):
            r = self.client.post(f"{self.url}{self.carol_in.code}/role/", {"role": role})
            self.assertEqual(r.status_code, 400)
        self.carol_in.refresh_from_db()
        self.assertEqual(self.carol_in.role, Role.WATCH)

    def test_it_removes_a_member(self) -> None:
        r = self.client.post(f"{self.url}{self.bob_in.code}/remove/")
        self.assertRedirects(r, self.url)
        inside = Membership.objects.filter(status=Membership.Status.IN)
        self.assertEqual(list(inside.values_list("user__username", flat=True)), ["carol-watches"])
        self.assertNotContains(self.client.get(self.url), "bob-plays")
        self.client.force_login(self.bob)
        self.assertEqual(self.client.get(f"/c/{self.campaign.code}/").status_code, 404)

    def test_it_revokes_a_link_once(self) -> None:
        url = f"/c/{self.campaign.code}/invites/{self.invite.code}/revoke/"
        self.assertRedirects(self.client.post(url), self.url)
        self.invite.refresh_from_db()
        revoked_at = self.invite.revoked_at
        self.assertIsNotNone(revoked_at)
        self.client.post(url)  # again: the first revocation stands
        self.invite.refresh_from_db()
        self.assertEqual(self.invite.revoked_at, revoked_at)
        r = self.client.get(self.url)
        self.assertContains(r, "Revoked")
        self.assertNotContains(r, url)

    def test_it_finds_members_and_links_only_in_their_own_campaign(self) -> None:
        other = self.make_campaign("Other River")
        other_invite, _ = invites.create_invite(other, self.alice, Role.WATCH, single_use=False)
        other_url = f"/c/{other.code}/"
        for url in (
            f"{other_url}members/{self.bob_in.code}/role/",
            f"{other_url}members/{self.bob_in.code}/remove/",
            f"/c/{self.campaign.code}/invites/{other_invite.code}/revoke/",
        ):
            with self.subTest(url=url):
                self.assertEqual(self.client.post(url, {"role": "watch"}).status_code, 404)
        self.bob_in.refresh_from_db()
        self.assertEqual(self.bob_in.role, Role.PLAY)
        self.assertIsNone(Invite.objects.get(pk=other_invite.pk).revoked_at)

    def test_a_new_link_is_shown_once_and_a_reload_makes_no_other(self) -> None:
        r = self.client.post(f"/c/{self.campaign.code}/invites/", {"role": "watch"}, follow=True)
        self.assertEqual(r.redirect_chain, [(self.url, 302)])
        self.assertContains(r, 'id="invite-link" value="http://testserver/join/#')
        self.assertEqual(r.cookies[NEW_LINK]["max-age"], 0)  # the panel took it
        links = Invite.objects.count()
        again = self.client.get(self.url)  # a reload, or Back
        self.assertNotContains(again, 'id="invite-link"')
        self.assertEqual(Invite.objects.count(), links)
        self.client.cookies[NEW_LINK] = "http://evil.example/#forged"
        self.assertNotContains(self.client.get(self.url), "evil.example")

    def test_the_same_invite_form_posted_twice_makes_one_link_and_shows_it_both_times(self) -> None:
        page = self.client.get(self.url).content.decode()
        request = page.split('name="request" value="')[1].split('"')[0]
        links = Invite.objects.count()
        shown = []
        for _ in range(2):
            r = self.client.post(
                f"/c/{self.campaign.code}/invites/", {"role": "play", "request": request}, follow=True
            )
            shown.append(r.content.decode().split('id="invite-link" value="')[1].split('"')[0])
        self.assertEqual(Invite.objects.count(), links + 1)
        self.assertEqual(shown[0], shown[1])
        token = shown[0].split("#")[1]
        self.assertEqual(Invite.objects.latest("created").token_hash, invites.hash_token(token))
        other = self.client.get(self.url).content.decode().split('name="request" value="')[1].split('"')[0]
        self.assertNotEqual(other, request, "the next form makes another link")

    def test_it_rejects_wrong_methods(self) -> None:
        self.assertEqual(self.client.post(self.url).status_code, 405)
        self.assertEqual(self.client.get(f"/c/{self.campaign.code}/invites/").status_code, 405)
        self.assertEqual(self.client.get(f"{self.url}{self.bob_in.code}/remove/").status_code, 405)


class LeaveTestCase(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.campaign = self.make_campaign()
        self.url = f"/c/{self.campaign.code}/leave/"
        self.share(self.campaign, self.bob, Role.PLAY)
        self.share(self.campaign, self.carol, Role.WATCH)

    def test_a_member_asks_first_then_leaves(self) -> None:
        self.client.force_login(self.carol)
        self.assertContains(self.client.get(f"/c/{self.campaign.code}/"), f'href="{self.url}"')
        r = self.client.get(self.url)
        self.assertContains(r, "Leave “Yellow River”?")
        self.assertEqual(Membership.objects.filter(user=self.carol).count(), 1)
        r = self.client.post(self.url, follow=True)
        self.assertRedirects(r, "/")
        self.assertContains(r, "You left Yellow River.")
        self.assertNotContains(r, f"/c/{self.campaign.code}/")
        inside = Membership.objects.filter(status=Membership.Status.IN)
        self.assertEqual(list(inside.values_list("user__username", flat=True)), ["bob-plays"])
        self.assertEqual(self.client.get(f"/c/{self.campaign.code}/").status_code, 404)

    def test_the_owner_cannot_leave_their_own_campaign(self) -> None:
        self.client.force_login(self.alice)
        self.assertNotContains(self.client.get(f"/c/{self.campaign.code}/"), f'href="{self.url}"')
        r = self.client.post(self.url)
        self.assertEqual(r.status_code, 403)
        self.assertEqual(Membership.objects.count(), 2)
