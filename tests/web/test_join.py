"""Invite links: made by the owner, shown once, stored hashed; following one
lets a friend in, and a revoked, used-up or forged one lets nobody in. The
token travels after the link's ``#``: the page posts it, and no address the
server sees ever holds it."""

from __future__ import annotations

import hashlib
import re
import secrets

from django.apps import apps

from campaigns import store
from campaigns.sharing import invites
from campaigns.sharing.models import Invite, Membership, Role

from .base import PASSWORD, BaseTestCase


class JoinTestCase(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.campaign = self.make_campaign()

    def make_link(self, role: str = Role.WATCH, single_use: bool = False) -> str:
        """Make an invite as the owner does, through the page; the token of the link shown."""
        self.client.force_login(self.alice)
        data = {"role": role, **({"single_use": "on"} if single_use else {})}
        r = self.client.post(f"/c/{self.campaign.code}/invites/", data, follow=True)
        self.assertEqual(r.redirect_chain, [(f"/c/{self.campaign.code}/members/", 302)])
        found = re.search(r'id="invite-link" value="http://testserver/join/#([\w-]+)"', r.content.decode())
        assert found, "no link on the page"
        self.client.logout()
        return found.group(1)

    def open_link(self, token: str) -> object:
        """What the link's page does: post the token from after the ``#``."""
        return self.client.post("/join/", {"token": token})

    def follow(self, token: str) -> object:
        """Open the link, then land on the invite's page, as a browser does."""
        r = self.open_link(token)
        self.assertRedirects(r, "/join/", fetch_redirect_response=False)
        return self.client.get("/join/")

    def accept(self, token: str) -> object:
        self.follow(token)
        return self.client.post("/join/")

    def assertNobodyJoined(self) -> None:
        self.assertFalse(Membership.objects.exists())

    # -- the link -------------------------------------------------------------------

    def test_it_shows_the_link_once_and_keeps_only_its_hash(self) -> None:
        token = self.make_link()
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

    def test_the_link_page_posts_the_token_from_after_the_hash(self) -> None:
        r = self.client.get("/join/")
        self.assertContains(r, '<form method="post" action="/join/" class="stacked" id="open-invite">')
        self.assertContains(r, "js/join.js")
        self.assertContains(r, "Paste the whole invite link")

    def test_a_pasted_whole_link_works_too(self) -> None:
        token = self.make_link()
        self.client.force_login(self.bob)
        r = self.open_link(f"http://testserver/join/#{token}")
        self.assertRedirects(r, "/join/", fetch_redirect_response=False)
        self.assertContains(self.client.get("/join/"), "Join “Yellow River” as a watcher")

    def test_it_asks_anonymous_visitors_to_log_in_or_sign_up_first(self) -> None:
        token = self.make_link()
        r = self.follow(token)
        self.assertContains(r, "Join “Yellow River” as a watcher")
        self.assertContains(r, "alice invites you to")
        self.assertContains(r, 'href="/accounts/login/?next=/join/"')
        self.assertContains(r, 'href="/accounts/signup/?next=/join/"')
        r = self.client.post("/join/")
        self.assertRedirects(r, "/accounts/login/?next=/join/", fetch_redirect_response=False)
        self.assertNobodyJoined()

    def test_a_new_account_comes_back_to_the_invite_and_joins(self) -> None:
        token = self.make_link()
        self.follow(token)
        r = self.client.get("/accounts/signup/?next=/join/")
        self.assertContains(r, '<input type="hidden" name="next" value="/join/">', html=True)
        data = {"username": "dora", "password1": PASSWORD, "password2": PASSWORD, "next": "/join/"}
        r = self.client.post("/accounts/signup/", data)
        self.assertRedirects(r, "/join/")
        self.assertContains(self.client.get("/join/"), "Join as a watcher")
        self.client.post("/join/")
        self.assertEqual(Membership.objects.get().user.username, "dora")

    def test_a_user_logging_in_comes_back_to_the_invite(self) -> None:
        token = self.make_link()
        self.follow(token)
        data = {"username": "bob-plays", "password": PASSWORD, "next": "/join/"}
        r = self.client.post("/accounts/login/", data)
        self.assertRedirects(r, "/join/")
        self.assertContains(self.client.get("/join/"), "Join as a watcher")

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
        token = self.make_link(Role.PLAY)
        self.client.force_login(self.bob)
        r = self.follow(token)
        self.assertContains(r, "Join “Yellow River” as a player")
        self.assertContains(r, '<form method="post" action="/join/" class="confirm">')
        self.assertNobodyJoined()  # opening and reading change nothing
        r = self.client.post("/join/", follow=True)
        self.assertRedirects(r, f"/c/{self.campaign.code}/")
        self.assertContains(r, "You joined Yellow River as a player.")
        member = Membership.objects.get()
        self.assertEqual(
            (member.user, member.role, member.invite), (self.bob, Role.PLAY, Invite.objects.get())
        )
        invite = Invite.objects.get()
        self.assertEqual(invite.used_count, 1)
        self.assertIsNotNone(invite.used_at)
        self.assertNotIn("invite", self.client.session)

    def test_another_link_replaces_the_one_opened_before(self) -> None:
        watch = self.make_link(Role.WATCH)
        play = self.make_link(Role.PLAY)
        self.client.force_login(self.bob)
        self.follow(watch)
        r = self.follow(play)
        self.assertContains(r, "Join “Yellow River” as a player")
        self.assertContains(r, 'id="open-invite" hidden')  # the page can still take a newer link

    def test_no_address_the_server_sees_holds_the_token(self) -> None:
        token = self.make_link(Role.PLAY)
        seen: list[str] = []
        self.client.force_login(self.bob)
        for r in (self.open_link(token), self.client.get("/join/"), self.client.post("/join/")):
            seen += [r.wsgi_request.get_full_path(), r.get("Location", "")]
        self.assertEqual(Membership.objects.get().user, self.bob)
        self.assertFalse([path for path in seen if token in path], seen)
        self.assertEqual(self.client.get(f"/join/{token}/").status_code, 404)  # no such address

    def test_it_lets_several_friends_in_with_one_link(self) -> None:
        token = self.make_link()
        for friend in (self.bob, self.carol):
            self.client.force_login(friend)
            self.accept(token)
        self.assertEqual(Membership.objects.count(), 2)
        self.assertEqual(Invite.objects.get().used_count, 2)

    def test_it_is_idempotent_for_a_member(self) -> None:
        token = self.make_link(Role.PLAY)
        self.share(self.campaign, self.bob, Role.WATCH)
        self.client.force_login(self.bob)
        self.assertContains(self.follow(token), "You are already in “Yellow River”")
        r = self.client.post("/join/", follow=True)
        self.assertContains(r, "You are already in this campaign, as a watcher.")
        member = Membership.objects.get()
        self.assertEqual(member.role, Role.WATCH)  # a link never changes a role: the owner does
        self.assertEqual(Invite.objects.get().used_count, 0)

    def test_it_tells_the_owner_the_link_is_for_friends(self) -> None:
        token = self.make_link()
        self.client.force_login(self.alice)
        self.assertContains(self.follow(token), "is your own campaign")
        r = self.client.post("/join/", follow=True)
        self.assertContains(r, "This is your own campaign")
        self.assertNobodyJoined()
        self.assertEqual(Invite.objects.get().used_count, 0)

    def test_joining_with_no_link_opened_joins_nothing(self) -> None:
        self.make_link()
        self.client.force_login(self.bob)
        r = self.client.post("/join/")
        self.assertContains(r, "Paste the whole invite link")
        self.assertNobodyJoined()

    # -- links that let nobody in --------------------------------------------------------

    def test_it_refuses_a_revoked_link(self) -> None:
        token = self.make_link()
        invites.revoke(Invite.objects.get())
        before = list(Invite.objects.values())
        self.client.force_login(self.bob)
        r = self.open_link(token)
        self.assertContains(
            r, "This invite link was withdrawn by the owner of the campaign.", status_code=410
        )
        self.assertNotContains(r, "Yellow River", status_code=410)
        self.client.logout()
        self.assertEqual(self.open_link(token).status_code, 410)
        self.assertNobodyJoined()
        self.assertEqual(list(Invite.objects.values()), before)

    def test_it_refuses_a_link_revoked_after_it_was_opened(self) -> None:
        token = self.make_link()
        self.client.force_login(self.bob)
        self.follow(token)
        invites.revoke(Invite.objects.get())
        for method in (self.client.get, self.client.post):
            self.assertContains(method("/join/"), "withdrawn", status_code=410)
        self.assertNobodyJoined()

    def test_it_refuses_a_used_up_link(self) -> None:
        token = self.make_link(single_use=True)
        self.client.force_login(self.bob)
        self.accept(token)
        before = list(Invite.objects.values())
        self.client.force_login(self.carol)
        self.assertContains(self.open_link(token), "has already been used", status_code=410)
        self.assertEqual(list(Membership.objects.values_list("user__username", flat=True)), ["bob-plays"])
        self.assertEqual(list(Invite.objects.values()), before)

    def test_it_refuses_forged_links(self) -> None:
        real = self.make_link()
        self.client.force_login(self.bob)
        for token in (
            secrets.token_urlsafe(32),
            real[:-1],
            real.upper(),
            "x",
            Invite.objects.get().token_hash,
        ):
            with self.subTest(token=token):
                r = self.open_link(token)
                self.assertContains(r, "This invite link is not valid.", status_code=404)
        self.assertEqual(self.client.post("/join/", {"token": ""}).status_code, 400)
        self.assertNobodyJoined()
        self.assertEqual(Invite.objects.get().used_count, 0)

    def test_it_refuses_the_links_of_a_deleted_campaign(self) -> None:
        token = self.make_link()
        self.client.force_login(self.bob)
        self.follow(token)
        self.campaign.delete()
        self.assertContains(self.client.post("/join/"), "was deleted", status_code=410)
        self.assertContains(self.open_link(token), "not valid", status_code=404)
        self.assertNobodyJoined()

    def test_it_refuses_the_links_of_a_campaign_put_aside(self) -> None:
        token = self.make_link()
        store.delete(self.campaign)
        self.client.force_login(self.bob)
        self.assertContains(self.open_link(token), "was deleted by its owner", status_code=410)
        self.assertNobodyJoined()

    def test_it_spends_a_single_use_link_once_when_two_race(self) -> None:
        self.make_link(single_use=True)
        invite = Invite.objects.get()
        seen_by_bob = Invite.objects.select_related("campaign").get()  # both loaded the link...
        invites.join(invite, self.carol)  # ...and Carol confirmed first
        with self.assertRaises(invites.InviteRefused) as caught:
            invites.join(seen_by_bob, self.bob)
        self.assertIs(caught.exception.why, invites.Unusable.USED_UP)
        self.assertEqual(list(Membership.objects.values_list("user__username", flat=True)), ["carol-watches"])
        self.assertEqual(Invite.objects.get().used_count, 1)

    def test_it_refuses_a_link_revoked_while_confirming(self) -> None:
        self.make_link()
        seen = Invite.objects.select_related("campaign").get()
        invites.revoke(Invite.objects.get())
        with self.assertRaises(invites.InviteRefused) as caught:
            invites.join(seen, self.bob)
        self.assertIs(caught.exception.why, invites.Unusable.REVOKED)
        self.assertNobodyJoined()


class JoinThrottleTestCase(BaseTestCase):
    def test_a_client_opening_link_after_link_is_slowed_down(self) -> None:
        campaign = self.make_campaign()
        token = invites.create_invite(campaign, self.alice, Role.WATCH, single_use=False)[1]
        self.client.force_login(self.bob)
        answers = [
            self.client.post(
                "/join/", {"token": secrets.token_urlsafe(32)}, REMOTE_ADDR="203.0.113.9"
            ).status_code
            for _ in range(60)
        ]
        self.assertEqual(set(answers), {404})
        r = self.client.post("/join/", {"token": token}, REMOTE_ADDR="203.0.113.9")
        self.assertEqual(r.status_code, 429)
        self.assertNotIn("invite", self.client.session)
        r = self.client.post("/join/", {"token": token}, REMOTE_ADDR="203.0.113.10")  # another client
        self.assertRedirects(r, "/join/", fetch_redirect_response=False)
