"""What the owner decides about a member holds against every link the member
kept: taken out, only a newer link lets them back; a role the owner lowered is
never raised again by an older link."""

from __future__ import annotations

from campaigns.sharing import invites
from campaigns.sharing.models import Invite, Membership, Role

from .base import BaseTestCase


class MembershipTestCase(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.campaign = self.make_campaign()
        self.board = f"/c/{self.campaign.code}/"
        self.play_link = self.make_link(Role.PLAY)
        self.join_as(self.bob, self.play_link)

    def make_link(self, role: str) -> str:
        return invites.create_invite(self.campaign, self.alice, role, single_use=False)[1]

    def join_as(self, user: object, token: str) -> object:
        self.client.force_login(user)  # type: ignore[arg-type]
        self.client.post("/join/", {"token": token})
        return self.client.post("/join/")

    def owner_posts(self, what: str, data: dict[str, str] | None = None) -> None:
        member = Membership.objects.get(user=self.bob)
        self.client.force_login(self.alice)
        r = self.client.post(f"{self.board}members/{member.code}/{what}/", data or {})
        self.assertRedirects(r, f"{self.board}members/", fetch_redirect_response=False)

    def bobs_seat(self) -> tuple[str, str]:
        member = Membership.objects.get(user=self.bob)
        return member.status, member.role

    def test_a_removed_member_cannot_come_back_with_an_old_link(self) -> None:
        watch_link = self.make_link(Role.WATCH)
        self.owner_posts("remove")
        for token in (self.play_link, watch_link):
            r = self.join_as(self.bob, token)
            self.assertContains(r, "The owner took you out of this campaign", status_code=403)
        self.assertEqual(self.bobs_seat(), (Membership.Status.REMOVED, Role.PLAY))
        self.assertEqual(self.client.get(self.board).status_code, 404)
        self.assertEqual(Invite.objects.get(role=Role.WATCH).used_count, 0)
        # Nobody else is kept out by it.
        self.join_as(self.carol, self.play_link)
        self.assertEqual(self.client.get(self.board).status_code, 200)

    def test_a_removed_member_comes_back_with_a_new_link_and_its_role(self) -> None:
        self.owner_posts("remove")
        r = self.join_as(self.bob, self.make_link(Role.WATCH))
        self.assertRedirects(r, self.board, fetch_redirect_response=False)
        self.assertEqual(self.bobs_seat(), (Membership.Status.IN, Role.WATCH))

    def test_an_old_link_never_raises_a_role_the_owner_lowered(self) -> None:
        self.owner_posts("role", {"role": Role.WATCH})
        self.join_as(self.bob, self.play_link)  # already in: nothing changes
        self.assertEqual(self.bobs_seat(), (Membership.Status.IN, Role.WATCH))
        self.client.post(f"{self.board}leave/")
        self.assertEqual(self.bobs_seat(), (Membership.Status.LEFT, Role.WATCH))
        r = self.join_as(self.bob, self.play_link)  # left, then back through the old play link
        self.assertRedirects(r, self.board, fetch_redirect_response=False)
        self.assertEqual(self.bobs_seat(), (Membership.Status.IN, Role.WATCH))
        self.assertEqual(self.client.post(f"{self.board}act/", {"key": "end", "version": 0}).status_code, 403)

    def test_a_newer_link_gives_its_own_role(self) -> None:
        self.owner_posts("role", {"role": Role.WATCH})
        self.client.force_login(self.bob)
        self.client.post(f"{self.board}leave/")
        self.join_as(self.bob, self.make_link(Role.PLAY))
        self.assertEqual(self.bobs_seat(), (Membership.Status.IN, Role.PLAY))

    def test_a_member_who_left_comes_back_with_the_link_they_had(self) -> None:
        self.client.force_login(self.bob)
        self.client.post(f"{self.board}leave/")
        self.assertEqual(self.client.get(self.board).status_code, 404)
        self.join_as(self.bob, self.play_link)
        self.assertEqual(self.bobs_seat(), (Membership.Status.IN, Role.PLAY))
        self.assertEqual(self.client.get(self.board).status_code, 200)

    def test_a_removed_member_loses_the_board_and_the_list_at_once(self) -> None:
        self.owner_posts("remove")
        self.client.force_login(self.bob)
        self.assertNotContains(self.client.get("/"), f'id="campaign-{self.campaign.code}"')
        self.assertEqual(self.client.get(self.board).status_code, 404)
        self.assertEqual(self.client.get(f"{self.board}live/").status_code, 404)
        self.assertEqual(self.client.post(f"{self.board}act/", {"key": "end", "version": 0}).status_code, 404)

    def test_the_owner_cannot_change_or_remove_someone_no_longer_in(self) -> None:
        self.owner_posts("remove")
        member = Membership.objects.get(user=self.bob)
        for what, data in (("role", {"role": Role.PLAY}), ("remove", {})):
            r = self.client.post(f"{self.board}members/{member.code}/{what}/", data)
            self.assertEqual(r.status_code, 404)
        self.assertEqual(self.bobs_seat(), (Membership.Status.REMOVED, Role.PLAY))

    def test_the_invite_page_shows_the_role_an_old_link_gives_now(self) -> None:
        self.owner_posts("role", {"role": Role.WATCH})
        self.client.force_login(self.bob)
        self.client.post(f"{self.board}leave/")
        self.client.post("/join/", {"token": self.play_link})
        self.assertContains(self.client.get("/join/"), "Join as a watcher")

    def test_the_invite_page_refuses_a_removed_member_before_they_confirm(self) -> None:
        self.owner_posts("remove")
        self.client.force_login(self.bob)
        self.client.post("/join/", {"token": self.play_link})
        r = self.client.get("/join/")
        self.assertContains(r, "The owner took you out of this campaign", status_code=403)
        self.assertNotContains(r, "Join as", status_code=403)
