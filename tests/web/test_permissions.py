"""Who may do what with a shared campaign: every seat against every operation.

Alice owns the campaign, Bob plays, Carol watches, Mallory is a stranger, and
an anonymous visitor has no account. Each operation is either allowed (and
does what it says) or refused: 404 for strangers (nothing tells them the
campaign exists), 403 for members without the right, the login page for the
anonymous. A refused request changes nothing in the database.
"""

from __future__ import annotations

from itertools import product
from typing import Any

from django.http import HttpResponse

from campaigns import store
from campaigns.sharing import invites
from campaigns.sharing.models import Role
from engine.yu import Action
from tests import play

from .base import BaseTestCase, quiet_plays, snapshot

SEATS = ("owner", "player", "watcher", "stranger", "anonymous")
VIEW = {"owner", "player", "watcher"}
ACT = {"owner", "player"}
OWN = {"owner"}

# name: (method, url, data, who may, status when allowed)
OPERATIONS: dict[str, tuple[str, str, dict[str, Any], set[str], int]] = {
    "view_board": ("get", "/c/{code}/", {}, VIEW, 200),
    "act": ("post", "/c/{code}/act/", {"key": "{play}", "version": 1}, ACT, 302),
    "undo": ("post", "/c/{code}/act/", {"key": "undo", "version": 1}, ACT, 302),
    "read_journal": ("get", "/c/{code}/story/", {}, VIEW, 200),
    "see_members": ("get", "/c/{code}/members/", {}, OWN, 200),
    "invite": ("post", "/c/{code}/invites/", {"role": "play"}, OWN, 302),
    "revoke": ("post", "/c/{code}/invites/{invite}/revoke/", {}, OWN, 302),
    "change_role": ("post", "/c/{code}/members/{watcher}/role/", {"role": "play"}, OWN, 302),
    "remove_member": ("post", "/c/{code}/members/{watcher}/remove/", {}, OWN, 302),
    "rename": ("post", "/c/{code}/rename/", {"name": "Taken over"}, OWN, 302),
    "reset": ("post", "/c/{code}/reset/", {"run": 1}, OWN, 302),
    "delete": ("post", "/c/{code}/delete/", {"name": "{name}"}, OWN, 302),
    "leave": ("post", "/c/{code}/leave/", {}, {"player", "watcher"}, 302),
}


class PermissionMatrixTestCase(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.campaign = self.make_campaign()
        first, self.play = quiet_plays(self.campaign)
        # Something to undo: the board is at version 1.
        play.act(store.load(self.campaign), Action.parse(first), 0)
        self.share(self.campaign, self.bob, Role.PLAY)
        self.watcher = self.share(self.campaign, self.carol, Role.WATCH)
        self.invite, _ = invites.create_invite(self.campaign, self.alice, Role.WATCH, single_use=False)
        self.users = {
            "owner": self.alice,
            "player": self.bob,
            "watcher": self.carol,
            "stranger": self.mallory,
        }

    def request(self, operation: str) -> tuple[str, HttpResponse]:
        method, url, data, _, _ = OPERATIONS[operation]
        names = {"code": self.campaign.code, "invite": self.invite.code, "watcher": self.watcher.code}
        names["play"], names["name"] = self.play, self.campaign.name
        url = url.format(**names)
        data = {key: str(value).format(**names) for key, value in data.items()}
        return url, getattr(self.client, method)(url, data)

    def check(self, seat: str, operation: str) -> None:
        _, _, _, allowed, status = OPERATIONS[operation]
        if seat != "anonymous":
            self.client.force_login(self.users[seat])
        before = snapshot()
        url, r = self.request(operation)
        if seat in allowed:
            self.assertEqual(r.status_code, status, r.content[:300])
            if r.request["REQUEST_METHOD"] == "POST":
                self.assertNotEqual(snapshot(), before, "an allowed write changed nothing")
            return
        if seat == "anonymous":
            self.assertRedirects(r, f"/accounts/login/?next={url}", fetch_redirect_response=False)
        elif seat == "stranger":
            self.assertEqual(r.status_code, 404)
            self.assertNotContains(r, "Yellow River", status_code=404)
        else:
            self.assertEqual(r.status_code, 403)
        self.assertEqual(snapshot(), before, "a refused request changed something")


def _case(seat: str, operation: str) -> Any:
    def test(self: PermissionMatrixTestCase) -> None:
        self.check(seat, operation)

    return test


for _seat, _operation in product(SEATS, OPERATIONS):
    _verb = "lets" if _seat in OPERATIONS[_operation][3] else "refuses"
    setattr(PermissionMatrixTestCase, f"test_it_{_verb}_{_seat}_{_operation}", _case(_seat, _operation))


class MatrixShapeTestCase(BaseTestCase):
    def test_it_covers_every_seat_and_operation(self) -> None:
        names = [n for n in dir(PermissionMatrixTestCase) if n.startswith("test_it_")]
        self.assertEqual(len(names), len(SEATS) * len(OPERATIONS))
        for needed in ("view_board", "act", "undo", "read_journal", "invite", "revoke", "change_role"):
            self.assertIn(needed, OPERATIONS)
        for needed in ("rename", "reset", "delete"):
            self.assertEqual(OPERATIONS[needed][3], OWN)
