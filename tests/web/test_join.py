"""Invite links: made by the owner, shown once, stored hashed; following one
lets a friend in, and a revoked, used-up or forged one lets nobody in."""

from __future__ import annotations

import hashlib
import re
import secrets

from django.apps import apps

from campaigns import sharing
from campaigns.models import Invite, Membership, Role

from .base import PASSWORD, BaseTestCase


class JoinTestCase(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.campaign = self.make_campaign()

    def make_link(self, role: str = Role.WATCH, single_use: bool = False) -> str:
        """Make an invite as the owner does, through the page; the path of the link shown."""
        self.client.force_login(self.alice)
        data = {"role": role, **({"single_use": "on"} if single_use else {})}
        r = self.client.post(f"/c/{self.campaign.code}/invites/", data)
        self.assertEqual(r.status_code, 201)
        found = re.search(r'id="invite-link" value="http://testserver(/join/([\w-]+)/)"', r.content.decode())
        assert found, "no link on the page"
        self.client.logout()
        return found.group(1)

    def assertNobodyJoined(self) -> None:
        self.assertFalse(Membership.objects.exists())

    # -- the link -------------------------------------------------------------------

    def test_it_shows_the_link_once_and_keeps_only_its_hash(self) -> None:
        link = self.make_link()
        token = link.split("/")[2]
        self.assertGreaterEqual(len(token), 43)  # token_urlsafe(32): 256 random bits
        invite = Invite.objects.get()
        self.assertEqual(invite.token_hash, hashlib.sha256(token.encode()).hexdigest())
        self.assertEqual((invite.role, invite.single_use, invite.created_by), (Role.WATCH, False, self.alice))
        # The clear token is nowhere in the database: no column of any row holds it.
        for model in apps.get_models():
            for row in model.objects.values_list():
                self.assertNotIn(token, repr(row), model.__name__)
        # ...and the owner's panel never shows it again.
        self.client.force_login(self.alice)
        r = self.client.get(f"/c/{self.campaign.code}/members/")
        self.assertNotContains(r, token)
        self.assertContains(r, "any number of watchers")
        self.assertContains(r, "Active")

    def test_it_makes_a_different_token_every_time(self) -> None:
        links = {self.make_link() for _ in range(3)}
        self.assertEqual(len(links), 3)
        self.assertEqual(Invite.objects.values("token_hash").distinct().count(), 3)

    def test_it_makes_single_use_play_links(self) -> None:
        self.make_link(Role.PLAY, single_use=True)
        invite = Invite.objects.get()
        self.assertEqual((invite.role, invite.single_use), (Role.PLAY, True))

    def test_it_refuses_a_bad_role(self) -> None:
        self.client.force_login(self.alice)
        r = self.client.post(f"/c/{self.campaign.code}/invites/", {"role": "own"})
        self.assertEqual(r.status_code, 400)
        self.assertFalse(Invite.objects.exists())

    # -- following it ------------------------------------------------------------------

    def test_it_asks_anonymous_visitors_to_log_in_or_sign_up_first(self) -> None:
        link = self.make_link()
        r = self.client.get(link)
        self.assertContains(r, "Join “Yellow River” as a watcher")
        self.assertContains(r, "alice invites you to")
        self.assertContains(r, f'href="/accounts/login/?next={link}"')
        self.assertContains(r, f'href="/accounts/signup/?next={link}"')
        r = self.client.post(link)
        self.assertRedirects(r, f"/accounts/login/?next={link}", fetch_redirect_response=False)
        self.assertNobodyJoined()

    def test_it_brings_a_new_account_back_to_the_link(self) -> None:
        link = self.make_link()
        r = self.client.get(f"/accounts/signup/?next={link}")
        self.assertContains(r, f'<input type="hidden" name="next" value="{link}">', html=True)
        self.assertContains(r, f'href="/accounts/login/?next={link}"')
        data = {"username": "dora", "password1": PASSWORD, "password2": PASSWORD, "next": link}
        r = self.client.post("/accounts/signup/", data)
        self.assertRedirects(r, link)
        self.assertContains(self.client.get(link), "Join as a watcher")

    def test_it_brings_a_logged_in_user_back_to_the_link(self) -> None:
        link = self.make_link()
        r = self.client.get(f"/accounts/login/?next={link}")
        self.assertContains(r, f'href="/accounts/signup/?next={link}"')
        data = {"username": "bob-plays", "password": PASSWORD, "next": link}
        r = self.client.post("/accounts/login/", data)
        self.assertRedirects(r, link)

    def test_it_never_sends_a_new_account_elsewhere(self) -> None:
        data = {
            "username": "dora",
            "password1": PASSWORD,
            "password2": PASSWORD,
            "next": "https://evil.example/",
        }
        r = self.client.post("/accounts/signup/", data)
        self.assertRedirects(r, "/")

    def test_it_joins_on_confirmation(self) -> None:
        link = self.make_link(Role.PLAY)
        self.client.force_login(self.bob)
        r = self.client.get(link)
        self.assertContains(r, "Join “Yellow River” as a player")
        self.assertContains(r, f'<form method="post" action="{link}" class="confirm">')
        self.assertNobodyJoined()  # a GET changes nothing
        r = self.client.post(link, follow=True)
        self.assertRedirects(r, f"/c/{self.campaign.code}/")
        self.assertContains(r, "You joined Yellow River as a player.")
        member = Membership.objects.get()
        self.assertEqual(
            (member.user, member.role, member.invite), (self.bob, Role.PLAY, Invite.objects.get())
        )
        invite = Invite.objects.get()
        self.assertEqual(invite.used_count, 1)
        self.assertIsNotNone(invite.used_at)

    def test_it_lets_several_friends_in_with_one_link(self) -> None:
        link = self.make_link()
        for friend in (self.bob, self.carol):
            self.client.force_login(friend)
            self.client.post(link)
        self.assertEqual(Membership.objects.count(), 2)
        self.assertEqual(Invite.objects.get().used_count, 2)

    def test_it_is_idempotent_for_a_member(self) -> None:
        link = self.make_link(Role.PLAY)
        self.share(self.campaign, self.bob, Role.WATCH)
        self.client.force_login(self.bob)
        self.assertContains(self.client.get(link), "You are already in “Yellow River”")
        r = self.client.post(link, follow=True)
        self.assertContains(r, "You are already in this campaign, as a watcher.")
        r = self.client.post(link)
        member = Membership.objects.get()
        self.assertEqual(member.role, Role.WATCH)  # a link never changes a role: the owner does
        self.assertEqual(Invite.objects.get().used_count, 0)

    def test_it_tells_the_owner_the_link_is_for_friends(self) -> None:
        link = self.make_link()
        self.client.force_login(self.alice)
        self.assertContains(self.client.get(link), "is your own campaign")
        r = self.client.post(link, follow=True)
        self.assertContains(r, "This is your own campaign")
        self.assertNobodyJoined()
        self.assertEqual(Invite.objects.get().used_count, 0)

    # -- links that let nobody in --------------------------------------------------------

    def test_it_refuses_a_revoked_link(self) -> None:
        link = self.make_link()
        sharing.revoke(Invite.objects.get())
        before = list(Invite.objects.values())
        self.client.force_login(self.bob)
        for method in (self.client.get, self.client.post):
            r = method(link)
            self.assertEqual(r.status_code, 410)
            self.assertContains(
                r, "This invite link was withdrawn by the owner of the campaign.", status_code=410
            )
            self.assertNotContains(r, "Yellow River", status_code=410)
        self.client.logout()
        self.assertEqual(self.client.get(link).status_code, 410)
        self.assertNobodyJoined()
        self.assertEqual(list(Invite.objects.values()), before)

    def test_it_refuses_a_used_up_link(self) -> None:
        link = self.make_link(single_use=True)
        self.client.force_login(self.bob)
        self.client.post(link)
        before = list(Invite.objects.values())
        self.client.force_login(self.carol)
        for method in (self.client.get, self.client.post):
            r = method(link)
            self.assertContains(r, "has already been used", status_code=410)
        self.assertEqual(list(Membership.objects.values_list("user__username", flat=True)), ["bob-plays"])
        self.assertEqual(list(Invite.objects.values()), before)

    def test_it_refuses_forged_links(self) -> None:
        real = self.make_link().split("/")[2]
        self.client.force_login(self.bob)
        for token in (
            secrets.token_urlsafe(32),
            real[:-1],
            real.upper(),
            "x",
            Invite.objects.get().token_hash,
        ):
            with self.subTest(token=token):
                for method in (self.client.get, self.client.post):
                    r = method(f"/join/{token}/")
                    self.assertContains(r, "This invite link is not valid.", status_code=404)
        self.assertNobodyJoined()
        self.assertEqual(Invite.objects.get().used_count, 0)

    def test_it_refuses_the_links_of_a_deleted_campaign(self) -> None:
        link = self.make_link()
        self.campaign.delete()
        self.client.force_login(self.bob)
        self.assertContains(self.client.post(link), "not valid", status_code=404)
        self.assertNobodyJoined()

    def test_it_spends_a_single_use_link_once_when_two_race(self) -> None:
        self.make_link(single_use=True)
        invite = Invite.objects.get()
        seen_by_bob = Invite.objects.select_related("campaign").get()  # both loaded the link...
        sharing.join(invite, self.carol)  # ...and Carol confirmed first
        with self.assertRaises(sharing.InviteRefused) as caught:
            sharing.join(seen_by_bob, self.bob)
        self.assertIs(caught.exception.why, sharing.Unusable.USED_UP)
        self.assertEqual(list(Membership.objects.values_list("user__username", flat=True)), ["carol-watches"])
        self.assertEqual(Invite.objects.get().used_count, 1)

    def test_it_refuses_a_link_revoked_while_confirming(self) -> None:
        self.make_link()
        seen = Invite.objects.select_related("campaign").get()
        sharing.revoke(Invite.objects.get())
        with self.assertRaises(sharing.InviteRefused) as caught:
            sharing.join(seen, self.bob)
        self.assertIs(caught.exception.why, sharing.Unusable.REVOKED)
        self.assertNobodyJoined()
