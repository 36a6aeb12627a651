"""The whole site driven at random, one request at a time, by several users at once.

A Hypothesis state machine signs users up, starts Legacy of Yu campaigns and tables of
Legacy and of Machi Koro Legacy, plays (moves read from the page, and forged or stale
ones), asks for hints, takes moves back, invites, revokes links, joins by the link shown,
changes roles, gives table seats, takes members out, leaves, renames, starts campaigns over,
deletes, restores, saves a copy and brings it back, and switches language, each through a
``django.test.Client`` of its own user; a signed-out visitor tries every campaign page and
form. After every step it checks that no answer was a server error, that a refused request
(4xx) changed no row, that every page a user may see opens, and that a stranger finds none
of the others' campaigns.
"""

from __future__ import annotations

import re
import uuid
from typing import Any, ClassVar

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.http import HttpResponse
from django.test import Client, TestCase, override_settings
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from campaigns.models import YU, Campaign
from campaigns.sharing.models import Invite, Membership
from engine.games import GAMES as GAMES_PLAYED

from .base import PASSWORD, action_keys, snapshot

PREMADE = ("ann", "ben", "cat")
"""Users there from the start; sign-ups add more, up to MOST_USERS."""
MOST_USERS = 5
MOST_CAMPAIGNS = 6
"""Enough campaigns and tables for every kind of sharing, few enough to check them all at every step."""
GAMES = ("legacy", "machi")
NAMES = ("Yellow River", "Numbers", "Harbour", "Jade Hills")
FORGED_KEYS = (
    "play:nothing",
    "pick:99",
    "rm -rf /",
    "garden:90",
    "roll:3",
    "build:castle",
    "town:",
    "x" * 40,
)
INDEX = st.integers(min_value=0, max_value=30)
"""Which of a list (a user, a campaign, a move): taken modulo the list's length."""
Who = tuple[str, int]
WHO = st.tuples(st.sampled_from(["owner", "owner", "member", "member", "anyone"]), INDEX)
"""Who does something to a campaign: its owner, one of its members, or any user (a stranger, often)."""
PLAYS = st.lists(
    st.tuples(INDEX, st.sampled_from(["read", "read", "read", "forged", "stale", "confirmed"])),
    min_size=1,
    max_size=4,
)
"""Moves one after the other, each read from the page as it then stands (or forged, or sent stale)."""
STRANGER_GETS = (
    "",
    "story/",
    "chronicle/",
    "log/",
    "members/",
    "export/",
    "rename/",
    "reset/",
    "delete/",
    "leave/",
)
STRANGER_POSTS: tuple[tuple[str, dict[str, str]], ...] = (
    ("act/", {"key": "undo", "version": "0"}),
    ("invites/", {"role": "play"}),
    ("rename/", {"name": "Taken"}),
    ("reset/", {"run": "1"}),
    ("delete/", {"name": "Taken"}),
    ("restore/", {}),
    ("leave/", {}),
    ("hint/", {"version": "0"}),
)
"""What a stranger tries at someone else's campaign, under /c/<code>/; each is a 404."""


def pick(items: list[Any], index: int) -> Any:
    return items[index % len(items)]


def hidden(html: str, name: str) -> str:
    """The value of the page's first hidden input called ``name`` ('' when none)."""
    found = re.search(rf'name="{name}" value="([^"]*)"', html)
    return found.group(1) if found else ""


def moves(html: str) -> list[str]:
    """The move keys a table's page offers, as its buttons (and its naming form) post them."""
    return re.findall(r'name="key" value="([^"]+)"', html)


class SiteMachine(RuleBasedStateMachine):
    """Users, each with a browser of their own, doing anything the site offers, in any order."""

    def __init__(self) -> None:
        super().__init__()
        # Each run of the machine is a savepoint of the test's transaction, rolled back at its end.
        self.atomic = transaction.atomic()
        self.atomic.__enter__()
        self.clients: dict[str, Client] = {}
        self.browsers = 0
        for name in PREMADE:
            self.clients[name] = self.browser()
            self.clients[name].force_login(User.objects.create_user(name, password=PASSWORD))
        self.links: list[str] = []
        """The tokens of the invite links shown to the owners."""
        self.files: list[bytes] = []
        """The files saved with "Save a copy"."""
        self.sent: list[tuple[str, str, dict[str, Any]]] = []
        """Moves that were taken, to post again (a second tab, a double click)."""

    def teardown(self) -> None:
        transaction.set_rollback(True)
        self.atomic.__exit__(None, None, None)

    def browser(self) -> Client:
        """A browser of its own address: the sign-up and join throttles count each apart."""
        self.browsers += 1
        return Client(REMOTE_ADDR=f"10.0.{self.browsers // 250}.{self.browsers % 250 + 1}")

    # -- helpers -----------------------------------------------------------------------

    def names(self) -> list[str]:
        return list(self.clients)

    def campaigns(self, game: str | None = None, deleted: bool | None = False) -> list[Campaign]:
        found = Campaign.objects.order_by("pk").defer("state")
        if game == YU:
            found = found.filter(game=YU)
        elif game is not None:
            found = found.exclude(game=YU)
        if deleted is not None:
            found = found.filter(deleted__isnull=not deleted)
        return list(found)

    def actor(self, campaign: Campaign, who: Who) -> str:
        """The user ``who`` names at ``campaign``: its owner, a member (else the owner), or anyone."""
        kind, index = who
        if kind == "anyone":
            return str(pick(self.names(), index))
        inside = Membership.objects.inside().filter(campaign=campaign).order_by("pk")
        members = list(inside.values_list("user__username", flat=True)) if kind == "member" else []
        return str(pick(members, index)) if members else campaign.owner.username

    def seat_of(self, campaign: Campaign, name: str) -> str | None:
        """'own', the member's role, or None for a stranger."""
        if campaign.owner.username == name:
            return "own"
        member = Membership.objects.inside().filter(campaign=campaign, user__username=name).first()
        return member.role if member else None

    def send(self, name: str, method: str, url: str, data: dict[str, Any] | None = None) -> HttpResponse:
        """One request of ``name``'s browser: never a server error, and nothing changed when refused."""
        before = snapshot() if method == "post" else None
        response: HttpResponse = getattr(self.clients[name], method)(url, data or {})
        assert response.status_code < 500, f"{name} {method} {url} {data}: {response.status_code}"
        if before is not None and 400 <= response.status_code < 500:
            assert snapshot() == before, f"{name} {method} {url} {data}: refused, yet something changed"
        return response

    # -- accounts and language ---------------------------------------------------------

    @precondition(lambda self: len(self.clients) < MOST_USERS)
    @rule(good=st.booleans())
    def sign_up(self, good: bool) -> None:
        name = f"user{len(self.clients)}"
        client = self.browser()
        self.clients[name] = client
        data = {"username": name, "password1": PASSWORD, "password2": PASSWORD if good else "other"}
        users = User.objects.count()
        r = self.send(name, "post", "/accounts/signup/", data)
        assert r.status_code == (302 if good else 400), r.status_code  # the form again, with what is wrong
        if not good:
            assert User.objects.count() == users, "a refused sign-up made an account"
            del self.clients[name]

    @rule(who=INDEX, language=st.sampled_from(["en", "fr", "xx"]))
    def switch_language(self, who: int, language: str) -> None:
        r = self.send(pick(self.names(), who), "post", "/language/", {"language": language, "next": "/"})
        assert r.status_code == (400 if language == "xx" else 302), r.status_code

    # -- starting ----------------------------------------------------------------------

    @precondition(lambda self: Campaign.objects.count() < MOST_CAMPAIGNS)
    @rule(who=INDEX, name=st.sampled_from([*NAMES, " "]), difficulty=st.sampled_from(["", "gentle", "hard"]))
    def create_campaign(self, who: int, name: str, difficulty: str) -> None:
        data = {"name": name, "difficulty": difficulty, "request": uuid.uuid4()}
        r = self.send(pick(self.names(), who), "post", "/campaigns/new/", data)
        assert r.status_code == (400 if not name.strip() else 302), r.status_code

    @precondition(lambda self: Campaign.objects.count() < MOST_CAMPAIGNS)
    @rule(
        who=INDEX,
        game=st.sampled_from(GAMES),
        friends=st.integers(0, 3),
        bots=st.integers(0, 3),
        bot=st.sampled_from(["strong", "random"]),
    )
    def create_table(self, who: int, game: str, friends: int, bots: int, bot: str) -> None:
        data = {"name": "Table", "game": game, "friends": friends, "bots": bots, "bot": bot}
        r = self.send(pick(self.names(), who), "post", "/tables/new/", {**data, "request": uuid.uuid4()})
        assert r.status_code in (302, 400), r.status_code

    # -- playing -----------------------------------------------------------------------

    @precondition(lambda self: Campaign.objects.filter(game=YU).exists())
    @rule(who=WHO, which=INDEX, plays=PLAYS)
    def act_on_a_campaign(self, who: Who, which: int, plays: list[tuple[int, str]]) -> None:
        campaign = pick(self.campaigns(YU, deleted=None), which)
        name = self.actor(campaign, who)
        for move, how in plays:
            page = self.send(name, "get", f"/c/{campaign.code}/")
            html = page.content.decode()
            keys = action_keys(html) if page.status_code == 200 else []
            version = int(hidden(html, "version") or 0)
            data: dict[str, Any] = {"key": pick(keys, move) if keys else "undo", "version": version}
            if how == "forged" or not keys:
                data["key"] = pick(list(FORGED_KEYS), move)
            elif how == "stale":
                data["version"] = max(0, version - 1 - move % 3)
            elif how == "confirmed":
                data["confirm"] = "on"
            self.move(name, f"/c/{campaign.code}/act/", data)

    @precondition(lambda self: Campaign.objects.exclude(game=YU).exists())
    @rule(who=WHO, which=INDEX, plays=PLAYS)
    def act_at_a_table(self, who: Who, which: int, plays: list[tuple[int, str]]) -> None:
        table = pick(self.campaigns("table", deleted=None), which)
        name = self.actor(table, who)
        for move, how in plays:
            page = self.send(name, "get", f"/c/{table.code}/")
            html = page.content.decode()
            keys = moves(html) if page.status_code == 200 else []
            data: dict[str, Any] = {
                "key": pick(keys, move) if keys else pick(list(FORGED_KEYS), move),
                "version": int(hidden(html, "version") or 0),
                "moment": hidden(html, "moment"),
            }
            if data["key"].endswith(":"):  # a town's name, for its own mayor
                data |= {
                    "text": pick(["Riverside", "Port Yu", " ", "<b>"], move),
                    "seat": hidden(html, "seat"),
                }
            if how == "forged":
                data["key"] = pick(list(FORGED_KEYS), move)
            elif how == "stale":
                data |= {"version": max(0, data["version"] - 1 - move % 3), "moment": ""}
            self.move(name, f"/c/{table.code}/act/", data)

    def move(self, name: str, url: str, data: dict[str, Any]) -> None:
        """Post a move; one that was taken is kept, to post again."""
        if self.send(name, "post", url, data).status_code == 302:
            self.sent.append((name, url, data))

    @precondition(lambda self: Campaign.objects.exclude(game=YU).exists())
    @rule(who=WHO, which=INDEX, stale=st.booleans())
    def next_game(self, who: Who, which: int, stale: bool) -> None:
        table = pick(self.campaigns("table", deleted=None), which)
        name = self.actor(table, who)
        version = table.version - (1 if stale else 0)
        self.send(name, "post", f"/c/{table.code}/act/", {"key": "next", "version": max(0, version)})

    @precondition(lambda self: Campaign.objects.exists())
    @rule(who=WHO, which=INDEX, stale=st.booleans())
    def undo(self, who: Who, which: int, stale: bool) -> None:
        campaign = pick(self.campaigns(deleted=None), which)
        name = self.actor(campaign, who)
        version = max(0, campaign.version - (1 if stale else 0))
        if campaign.game == YU:
            self.send(name, "post", f"/c/{campaign.code}/act/", {"key": "undo", "version": version})
        else:
            data = {"key": "back", "version": version, "moment": ""}
            self.send(name, "post", f"/c/{campaign.code}/act/", data)

    @precondition(lambda self: self.sent)
    @rule(which=INDEX, who=INDEX, other=st.booleans())
    def post_again(self, which: int, who: int, other: bool) -> None:
        """A move posted a second time: from the same page again, or by another user."""
        name, url, data = pick(self.sent, which)
        self.send(pick(self.names(), who) if other else name, "post", url, data)

    # -- sharing -----------------------------------------------------------------------

    @precondition(lambda self: Campaign.objects.exists())
    @rule(
        who=WHO,
        which=INDEX,
        role=st.sampled_from(["play", "watch", "own"]),
        single_use=st.booleans(),
        friend=st.one_of(st.none(), INDEX),
    )
    def invite(self, who: Who, which: int, role: str, single_use: bool, friend: int | None) -> None:
        """The owner makes a link (read from the sharing panel); a friend may follow it at once."""
        campaign = pick(self.campaigns(deleted=None), which)
        name = self.actor(campaign, who)
        data = {"role": role, "request": uuid.uuid4(), **({"single_use": "on"} if single_use else {})}
        r = self.send(name, "post", f"/c/{campaign.code}/invites/", data)
        if r.status_code != 302:
            return
        panel = self.send(name, "get", r["Location"])
        found = re.search(
            r'id="invite-link" value="http://testserver/join/#([\w-]+)"', panel.content.decode()
        )
        assert found, "no link on the sharing panel"
        self.links.append(found.group(1))
        if friend is not None:
            self.follow(pick(self.names(), friend), found.group(1))

    @precondition(lambda self: self.links)
    @rule(who=INDEX, which=INDEX, forged=st.booleans())
    def join(self, who: int, which: int, forged: bool) -> None:
        name, token = pick(self.names(), who), pick(self.links, which)
        self.follow(name, token[::-1] if forged else token)

    def follow(self, name: str, token: str) -> None:
        """What an invite link's page does: post its token, show the invite, then join."""
        if self.send(name, "post", "/join/", {"token": token}).status_code != 302:
            return
        if self.send(name, "get", "/join/").status_code == 200:
            self.send(name, "post", "/join/")

    @precondition(lambda self: Membership.objects.exists())
    @rule(who=WHO, which=INDEX, role=st.sampled_from(["play", "watch", "own", ""]))
    def change_role(self, who: Who, which: int, role: str) -> None:
        member = pick(list(Membership.objects.order_by("pk").select_related("campaign")), which)
        url = f"/c/{member.campaign.code}/members/{member.code}/role/"
        self.send(self.actor(member.campaign, who), "post", url, {"role": role})

    @precondition(lambda self: Membership.objects.exists())
    @rule(who=WHO, which=INDEX)
    def remove_member(self, who: Who, which: int) -> None:
        member = pick(list(Membership.objects.order_by("pk").select_related("campaign")), which)
        url = f"/c/{member.campaign.code}/members/{member.code}/remove/"
        self.send(self.actor(member.campaign, who), "post", url)

    @precondition(lambda self: Campaign.objects.exists())
    @rule(who=WHO, which=INDEX)
    def leave(self, who: Who, which: int) -> None:
        campaign = pick(self.campaigns(deleted=None), which)
        name = self.actor(campaign, who)
        self.send(name, "post", f"/c/{campaign.code}/leave/")

    @precondition(lambda self: Invite.objects.exists())
    @rule(who=WHO, which=INDEX)
    def revoke(self, who: Who, which: int) -> None:
        invite = pick(list(Invite.objects.order_by("pk").select_related("campaign")), which)
        name = self.actor(invite.campaign, who)
        url = f"/c/{invite.campaign.code}/invites/{invite.code}/revoke/"
        r = self.send(name, "post", url)
        assert r.status_code == self.expected(invite.campaign, name, 302), r.status_code
        if r.status_code == 302:
            invite.refresh_from_db()
            assert invite.revoked_at is not None, "a revoked link still lets friends in"

    @precondition(lambda self: Campaign.objects.exclude(game=YU).filter(deleted=None).exists())
    @rule(who=WHO, which=INDEX, number=st.integers(0, 4), to=st.sampled_from(["open", "bot", "user", "x"]))
    def give_seat(self, who: Who, which: int, number: int, to: str) -> None:
        """The owner gives a seat to a bot, to someone let in to play, or opens it (or tries a seat
        that is not there, or someone who may not sit)."""
        table = pick(self.campaigns("table"), which)
        name = self.actor(table, who)
        if to == "bot":
            to = f"bot:{pick(list(GAMES_PLAYED[table.game].bots), number)}"
        elif to == "user":
            to = f"user:{pick(list(User.objects.order_by('pk')), number).pk}"
        r = self.send(name, "post", f"/t/{table.code}/seats/{number}/", {"to": to})
        if self.seat_of(table, name) == "own":
            assert r.status_code in (302, 400), r.status_code
        else:
            assert r.status_code == self.expected(table, name, 302), r.status_code

    @precondition(lambda self: Campaign.objects.filter(deleted=None).exists())
    @rule(who=WHO, which=INDEX, name=st.sampled_from([*NAMES, " ", "x" * 200]))
    def rename(self, who: Who, which: int, name: str) -> None:
        campaign = pick(self.campaigns(), which)
        actor = self.actor(campaign, who)
        r = self.send(actor, "post", f"/c/{campaign.code}/rename/", {"name": name})
        owns = self.seat_of(campaign, actor) == "own"
        if owns and r.status_code == 302:
            assert Campaign.objects.get(pk=campaign.pk).name == name, "renamed to something else"
        elif owns:  # the form again, with what is wrong
            assert r.status_code == 400 and Campaign.objects.get(pk=campaign.pk).name == campaign.name
        else:
            assert r.status_code == self.expected(campaign, actor, 302), r.status_code

    @precondition(lambda self: Campaign.objects.filter(game=YU, deleted=None).exists())
    @rule(who=WHO, which=INDEX, stale=st.booleans())
    def reset(self, who: Who, which: int, stale: bool) -> None:
        """The owner starts a campaign over: once however often the form is posted."""
        campaign = pick(self.campaigns(YU), which)
        name = self.actor(campaign, who)
        run = max(1, campaign.run - 1 if stale else campaign.run)
        r = self.send(name, "post", f"/c/{campaign.code}/reset/", {"run": run})
        assert r.status_code == self.expected(campaign, name, 302), r.status_code
        started = Campaign.objects.get(pk=campaign.pk).run
        assert started == campaign.run + (r.status_code == 302 and run == campaign.run), started

    @precondition(lambda self: Campaign.objects.filter(game=YU, deleted=None).exists())
    @rule(who=WHO, which=INDEX, stale=st.booleans())
    def hint(self, who: Who, which: int, stale: bool) -> None:
        campaign = pick(self.campaigns(YU), which)
        name = self.actor(campaign, who)
        version = campaign.version - 1 if stale else campaign.version
        r = self.send(name, "post", f"/c/{campaign.code}/hint/", {"version": version})
        seat = self.seat_of(campaign, name)
        if seat in ("own", "play"):
            assert r.status_code in (200, 400, 409, 429), r.status_code
        else:
            assert r.status_code == (404 if seat is None else 403), r.status_code

    @rule(which=INDEX)
    def signed_out_visitor(self, which: int) -> None:
        """Someone signed out: the open pages open; every campaign's page and form asks them to
        sign in, and changes nothing."""
        visitor = self.browser()
        for url in ("/", "/rules/", "/accounts/login/", "/accounts/signup/"):
            assert visitor.get(url).status_code == 200, url
        campaigns = self.campaigns(deleted=None)
        before = snapshot()
        for campaign in campaigns[which % max(1, len(campaigns)) :][:1]:
            for path in STRANGER_GETS:
                self.asks_to_sign_in(visitor.get(f"/c/{campaign.code}/{path}"))
            for path, data in STRANGER_POSTS:
                self.asks_to_sign_in(visitor.post(f"/c/{campaign.code}/{path}", data))
            self.asks_to_sign_in(visitor.get(f"/c/{campaign.code}/"))
            self.asks_to_sign_in(visitor.post(f"/c/{campaign.code}/act/", {"key": "back", "version": "0"}))
        self.asks_to_sign_in(visitor.post("/campaigns/new/", {"name": "Mine", "request": uuid.uuid4()}))
        self.asks_to_sign_in(visitor.post("/tables/new/", {"name": "Mine", "game": "legacy"}))
        assert snapshot() == before, "a signed-out visitor changed something"

    def asks_to_sign_in(self, response: HttpResponse) -> None:
        assert response.status_code == 302, response.status_code
        assert response["Location"].startswith("/accounts/login/"), response["Location"]

    def expected(self, campaign: Campaign, name: str, done: int) -> int:
        """What an owner's request at ``campaign`` answers when ``name`` sends it: ``done`` for the
        owner, 403 for a member, 404 for a stranger, and 410 for both owner and member once it is deleted."""
        seat = self.seat_of(campaign, name)
        if seat is None:
            return 404
        return 410 if campaign.deleted else done if seat == "own" else 403

    # -- deleting, saving, bringing back -----------------------------------------------

    @precondition(lambda self: Campaign.objects.filter(deleted=None).exists())
    @rule(who=WHO, which=INDEX, typed=st.booleans())
    def delete(self, who: Who, which: int, typed: bool) -> None:
        campaign = pick(self.campaigns(), which)
        name = self.actor(campaign, who)
        r = self.send(name, "post", f"/c/{campaign.code}/delete/", {"name": campaign.name if typed else "No"})
        owns = campaign.owner.username == name
        assert (r.status_code == 302) == (owns and typed), r.status_code

    @precondition(lambda self: Campaign.objects.exclude(deleted=None).exists())
    @rule(who=WHO, which=INDEX)
    def restore(self, who: Who, which: int) -> None:
        campaign = pick(self.campaigns(deleted=True), which)
        name = self.actor(campaign, who)
        r = self.send(name, "post", f"/c/{campaign.code}/restore/")
        assert (r.status_code == 302) == (campaign.owner.username == name), r.status_code

    @precondition(lambda self: Campaign.objects.exists())
    @rule(who=WHO, which=INDEX)
    def export(self, who: Who, which: int) -> None:
        campaign = pick(self.campaigns(deleted=None), which)
        name = self.actor(campaign, who)
        r = self.send(name, "get", f"/c/{campaign.code}/export/")
        seat = self.seat_of(campaign, name)
        expected = 404 if seat is None else 410 if campaign.deleted else 200 if seat == "own" else 403
        assert r.status_code == expected, (seat, r.status_code)
        if r.status_code == 200:
            self.files.append(r.content)

    @precondition(lambda self: Campaign.objects.exists())
    @rule(
        who=WHO,
        which=INDEX,
        query=st.sampled_from([{}, {"page": "2"}, {"game": "1"}, {"page": "0"}, {"game": "x"}]),
    )
    def read_the_records(self, who: Who, which: int, query: dict[str, str]) -> None:
        """A campaign's full log and chronicle: its owner and members read them (the log finds
        nothing at an address that names no page or game of it), a stranger finds nothing, and a
        deleted one is gone."""
        campaign = pick(self.campaigns(deleted=None), which)
        name = self.actor(campaign, who)
        seat = self.seat_of(campaign, name)
        for path in ("log/", "chronicle/"):
            r = self.send(name, "get", f"/c/{campaign.code}/{path}", query)
            if seat is None or campaign.deleted:
                assert r.status_code == (404 if seat is None else 410), (path, r.status_code)
            else:
                assert r.status_code in ((200, 404) if query and path == "log/" else (200,)), (
                    path,
                    r.status_code,
                )

    @precondition(lambda self: self.files and Campaign.objects.count() < MOST_CAMPAIGNS)
    @rule(who=INDEX, which=INDEX, spoiled=st.booleans())
    def bring_back(self, who: int, which: int, spoiled: bool) -> None:
        raw = pick(self.files, which)
        if spoiled:
            raw = raw.replace(b'"', b"'", 1 + which % 5)
        data = {"file": SimpleUploadedFile("copy.json", raw), "request": uuid.uuid4()}
        r = self.send(pick(self.names(), who), "post", "/campaigns/import/", data)
        assert r.status_code == (400 if spoiled else 302), r.status_code

    @precondition(lambda self: Campaign.objects.exists())
    @rule(which=INDEX, who=INDEX)
    def stranger_tries_everything(self, which: int, who: int) -> None:
        """Someone outside a campaign asks for each of its pages and posts each of its forms: 404."""
        campaign = pick(self.campaigns(deleted=None), which)
        strangers = [name for name in self.names() if self.seat_of(campaign, name) is None]
        for name in strangers[who % max(1, len(strangers)) :][:1]:  # none when everyone is let in
            for path in STRANGER_GETS:
                r = self.send(name, "get", f"/c/{campaign.code}/{path}")
                assert r.status_code == 404, (name, path, r.status_code)
            for path, data in STRANGER_POSTS:
                r = self.send(name, "post", f"/c/{campaign.code}/{path}", data)
                assert r.status_code == 404, (name, path, r.status_code)

    # -- after every step --------------------------------------------------------------

    @invariant()
    def every_page_a_user_may_see_opens(self) -> None:
        campaigns = self.campaigns()
        for name in self.names():
            assert self.send(name, "get", "/").status_code == 200, name
            for campaign in campaigns:
                seat = self.seat_of(campaign, name)
                status = self.send(name, "get", campaign.get_absolute_url()).status_code
                assert status == (404 if seat is None else 200), (name, campaign.game, seat, status)
                if seat == "own":
                    assert self.send(name, "get", f"/c/{campaign.code}/members/").status_code == 200

    @invariant()
    def a_deleted_campaign_is_gone_for_its_members_and_unknown_to_strangers(self) -> None:
        for campaign in self.campaigns(deleted=True):
            for name in self.names():
                status = self.send(name, "get", campaign.get_absolute_url()).status_code
                assert status == (404 if self.seat_of(campaign, name) is None else 410), (name, status)


@override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"])
class SiteMachineTestCase(TestCase):
    """The machine, each of its runs in a savepoint of this test's transaction (the machine's
    runs are not the test's own examples, so hypothesis.extra.django's hooks would not wrap them)."""

    bounded: ClassVar[settings] = settings(
        max_examples=10,
        stateful_step_count=20,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )

    def run_machine(self, chosen: settings) -> None:
        run_state_machine_as_test(SiteMachine, settings=chosen)

    def test_the_site_holds_whatever_its_users_do(self) -> None:
        self.run_machine(self.bounded)

    @pytest.mark.slow
    def test_the_site_holds_over_many_more_runs(self) -> None:
        self.run_machine(settings(self.bounded, max_examples=60, stateful_step_count=40))
