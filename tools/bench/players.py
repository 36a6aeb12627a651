"""The simulated players: on the app, accounts that sign up, start a campaign of Legacy of Yu or open
a table of Legacy or of Machi Koro Legacy, and press the buttons their board offers, as the browser
posts them; on the floor, one row each to move on."""

from __future__ import annotations

import random
import re
import time
import uuid
from collections.abc import Sequence

from tools.chaos.client import Dropped
from tools.chaos.players import CODE, REQUEST
from tools.chaos.world import SetupFailed

from .board import Board, Screen, Table
from .client import Answer, Client
from .tally import Tally

ACTED = "board:moved"
FLOOR_KEYS = ("play:1", "discard:2", "tuck:3", "recruit:4", "end")
ASSETS = re.compile(r'<(?:link rel="stylesheet" href|script src)="([^"]+)"')
NEW_TABLE = 'id="new-table"'
YU = "yu"
GAMES = {YU: "Legacy of Yu", "legacy": "Legacy", "machi": "Machi Koro Legacy"}
"""The games the bench plays, by the name the app gives them."""
TABLE = {"friends": "0", "bots": "1", "bot": "strong"}
"""A new table's seats, as the form offers them first: the player's and one bot's, the bot that
plays well."""


def address(n: int) -> str:
    """Player ``n``'s own client address (sign-up is throttled per address)."""
    return f"10.1.{n // 250}.{n % 250 + 1}"


class Account:
    """A user of the app and their browser: its connection, cookies and client address."""

    def __init__(self, ports: Sequence[int], n: int, keep_alive: bool = True) -> None:
        self.name = f"bench{n}-{uuid.uuid4().hex[:6]}"
        self.password = f"Bench-{uuid.uuid4().hex}"
        self.client = Client(ports, address(n), keep_alive)


class AppPlayer:
    """An account playing one game: one campaign (or table) at a time, a button at a time."""

    def __init__(self, account: Account, n: int, seed: int, game: str = YU) -> None:
        self.account, self.client, self.name = account, account.client, account.name
        self.game = game
        self.rng = random.Random(f"{game}:{seed}:{n}")
        self.board: Screen = Board() if game == YU else Table()
        self.code = ""
        self.tally = Tally()

    def call(
        self, method: str, path: str, fields: dict[str, str] | None = None, htmx: bool = False
    ) -> Answer:
        headers = {}
        if htmx:
            headers = {
                "HX-Request": "true",
                "HX-Current-URL": f"{self.client.origin}/c/{self.code}/",
                "X-CSRFToken": self.board.csrf or self.client.cookies.get("csrftoken", ""),
            }
        elif method == "POST" and fields is not None:
            fields = {**fields, "csrfmiddlewaretoken": self.client.cookies.get("csrftoken", "")}
        answer = self.client.request(method, path, fields, headers)
        self.tally.answered(answer)
        return answer

    def sign_up(self) -> None:
        self.call("GET", "/accounts/signup/")
        password = self.account.password
        form = {"username": self.name, "password1": password, "password2": password}
        answer = self.call("POST", "/accounts/signup/", form)
        if answer.status != 302 or "sessionid" not in self.client.cookies:
            raise SetupFailed(f"sign-up of {self.name} answered {answer.status}")

    def start(self) -> None:
        """Start a campaign, or open a table of the game with a bot, from the form on the home page,
        and open its board."""
        if self.game == YU:
            home = self.call("GET", "/")
            request = REQUEST.search(home.text)
            fields = {"name": f"Campaign of {self.name}"}
            path = "/campaigns/new/"
        else:
            home = self.call("GET", f"/?game={self.game}")
            request = REQUEST.search(home.text, max(0, home.text.find(NEW_TABLE)))
            fields = {"name": f"{GAMES[self.game]} of {self.name}", "game": self.game, **TABLE}
            path = "/tables/new/"
        fields["request"] = request.group(1) if request else str(uuid.uuid4())
        answer = self.call("POST", path, fields)
        found = CODE.match(answer.location)
        if answer.status != 302 or not found:
            raise SetupFailed(
                f"{self.name} could not start a game of {self.game}: {answer.status} {answer.location}"
            )
        self.open(found.group(1))

    def open(self, code: str | None = None) -> Answer:
        """Load the board page afresh, as a reload does."""
        self.code = code or self.code
        answer = self.call("GET", f"/c/{self.code}/")
        if answer.status == 200:
            self.board.load(answer.text)
        return answer

    def playable(self) -> list[str]:
        return [k for k in self.board.keys if k != "undo"]

    def step(self) -> None:
        """Take one action, and whatever requests it needs: a fresh page when unsure, the
        confirmation when asked, a new campaign (or table) when this one offers nothing more."""
        try:
            keys = self.playable()
            if not keys:
                self.open()
                keys = self.playable()
            if not keys:
                self.start()
                keys = self.playable()
            if not keys:
                self.tally.error("a new board offered no action")
                return
            self.act(self.rng.choice(keys))
        except Dropped:
            self.tally.error("no answer")
        except SetupFailed as exc:
            self.tally.error(str(exc)[:80])

    def act(self, key: str, confirm: bool = False) -> Answer | None:
        """Post an action as the board's form does with htmx; confirm it when asked. The answer
        that did it, or None."""
        began = time.monotonic()
        for confirming in (confirm, True):
            fields = self.board.fields(key, confirming)
            answer = self.call("POST", f"/c/{self.code}/act/", fields, htmx=True)
            if answer.status >= 500:
                self.tally.error(f"{answer.status} on an action")
                self.open()
                return None
            if answer.status not in (200, 400, 409):
                self.tally.error(f"{answer.status} on an action")
                self.open()
                return None
            known = self.board.swap(answer.text)
            if answer.status == 200 and ACTED in answer.headers.get("hx-trigger", ""):
                self.tally.done(time.monotonic() - began, answer)
                if not known or "hx-refresh" in answer.headers:
                    self.open()
                return answer
            if answer.status == 200 and self.board.asking and not confirming:
                continue  # "Are you sure?": the player says yes
            self.open()  # refused, stale or unclear: the page says where things stand
            return None
        return None

    def page_weight(self) -> dict[str, int]:
        """The board page and the stylesheets and scripts it loads: bytes on the wire, compressed."""
        page = self.open()
        weight = {"html": page.body, "css": 0, "js": 0}
        for asset in ASSETS.findall(page.text):
            answer = self.call("GET", asset)
            weight["css" if asset.endswith(".css") else "js"] += answer.body
        return weight


class FloorPlayer:
    """Moves one row of the floor's table on, one post at a time."""

    def __init__(self, ports: Sequence[int], n: int, seed: int, keep_alive: bool = True) -> None:
        self.client = Client(ports, address(n), keep_alive)
        self.row = n
        self.rng = random.Random(seed * 1000 + n)
        self.version = "0"
        self.tally = Tally()

    def step(self) -> None:
        began = time.monotonic()
        fields = {"key": self.rng.choice(FLOOR_KEYS), "version": self.version}
        try:
            answer = self.client.post(f"/act/{self.row}/", fields)
        except Dropped:
            self.tally.error("no answer")
            return
        self.tally.answered(answer)
        if answer.status != 200:
            self.tally.error(f"{answer.status} on an action")
            return
        self.tally.done(time.monotonic() - began, answer)
