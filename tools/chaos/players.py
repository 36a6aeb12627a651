"""The players: accounts signed up through the sign-up page, who start campaigns and play them by
pressing the buttons the board offers, while the world's processes are killed under them."""

from __future__ import annotations

import html
import json
import random
import re
import secrets
import threading
import time
import uuid
from collections.abc import Callable, Sequence

from .client import Answer, Client, Dropped
from .tally import Post, Run
from .world import KILLS, SetupFailed, World

KEY = re.compile(r'name="key" value="([^"]*)"')
VERSION = re.compile(r'id="board-version" value="(\d+)"')
REQUEST = re.compile(r'name="request" value="([^"]+)"')
CODE = re.compile(r"^/c/([0-9a-f-]{36})/$")
INVITE_LINK = re.compile(r'id="invite-link" value="[^"#]*#([^"]+)"')
MEMBER = re.compile(r'id="member-([0-9a-f-]{36})"')
ASKED = "Are you sure?"
MOVED = "board:moved"
"""The event an accepted move raises in the browser, in its htmx answer's HX-Trigger (``campaigns.play``)."""


def outcome_of(answer: Answer, code: str, htmx: bool) -> str:
    """Whether an act post was done (``ack``), asked about, refused, or is unknown."""
    if answer.status >= 500:
        return "unknown"
    if htmx and answer.status == 200 and MOVED in answer.headers.get("hx-trigger", ""):
        return "ack"
    if not htmx and answer.status == 302 and answer.location == f"/c/{code}/":
        return "ack"
    if answer.status == 200 and ASKED in answer.text:
        return "asked"
    if 200 <= answer.status < 300:
        return "unknown"  # a success that says neither: it may have been written
    return "refused"


def playable(keys: list[str]) -> list[str]:
    """The board's action keys but undo; undo alone when there is nothing else."""
    return [k for k in keys if k != "undo"] or ["undo"]


class Player:
    """An account, signed up through the sign-up page, with the campaigns it started."""

    def __init__(self, run: Run, name: str, address: str) -> None:
        self.run = run
        self.name = name
        self.password = "Chaos-" + secrets.token_urlsafe(12)
        self.client = Client(run, address)
        self.campaigns: list[str] = []

    def sign_up(self, kind: str = "setup") -> Answer:
        self.client.get("/accounts/signup/", kind)
        form = {"username": self.name, "password1": self.password, "password2": self.password}
        return self.client.post("/accounts/signup/", form, kind)

    def start(self, name: str, kind: str = "setup") -> str:
        """Start a campaign from the form on the home page; its code."""
        home = self.client.get("/", kind)
        request = REQUEST.search(home.text)
        fields = {"name": name, "request": request.group(1) if request else str(uuid.uuid4())}
        answer = self.client.post("/campaigns/new/", fields, kind)
        found = CODE.match(answer.location)
        if answer.status != 302 or not found:
            raise SetupFailed(f"{self.name} could not start a campaign: {answer.status} {answer.location}")
        code = found.group(1)
        self.campaigns.append(code)
        with self.run.lock:
            self.run.names[code] = name
        return code

    def board(self, code: str, kind: str) -> tuple[Answer, int | None, list[str]]:
        """The board, its version, and the action keys its buttons post."""
        answer = self.client.get(f"/c/{code}/", kind)
        if answer.status != 200:
            return answer, None, []
        version = VERSION.search(answer.text)
        keys = [html.unescape(k) for k in KEY.findall(answer.text)]
        return answer, int(version.group(1)) if version else None, keys

    def act(
        self, code: str, key: str, version: int | str, kind: str, htmx: bool, confirm: bool = False
    ) -> tuple[Post, Answer | None]:
        fields = {"key": key, "version": str(version)}
        if confirm:
            fields["confirm"] = "yes"
        t0 = time.time()
        answer: Answer | None = None
        try:
            answer = self.client.post(f"/c/{code}/act/", fields, kind, htmx=htmx)
        except Dropped:
            post = Post(code, key, str(version), t0, time.time(), "unknown", 0, kind)
        else:
            outcome = outcome_of(answer, code, htmx)
            post = Post(code, key, str(version), t0, answer.t1, outcome, answer.status, kind)
            if outcome == "ack" and htmx:
                self.check_trigger(answer, post)
        self.run.record(post)
        return post, answer

    def check_trigger(self, answer: Answer, post: Post) -> None:
        """An htmx answer names the board's new version: one more than the one acted on."""
        try:
            version = json.loads(answer.headers["hx-trigger"])[MOVED]["version"]
        except (KeyError, ValueError, TypeError):
            return
        if version != int(post.version) + 1:
            self.run.finding(
                f"{post.code}: action {post.key!r} on version {post.version} answered version {version}",
                "double",
            )

    def share(self, code: str, role: str, kind: str, single_use: bool = False) -> str:
        """An invite link's token, made on the sharing page of a campaign of the player's, which
        shows it once after the form."""
        fields = {"role": role} | ({"single_use": "on"} if single_use else {})
        made = self.client.post(f"/c/{code}/invites/", fields, kind)
        answer = self.client.get(made.location, kind) if made.status == 302 else made
        found = INVITE_LINK.search(answer.text)
        if not found:
            raise SetupFailed(f"no invite link on the sharing page after the invite form ({made.status})")
        return html.unescape(found.group(1))

    def join(self, token: str, kind: str) -> Answer:
        """Open an invite link (its token goes into the session), then join."""
        opened = self.client.post("/join/", {"token": token}, kind)
        if opened.status != 302:
            return opened
        return self.client.post("/join/", {}, kind)


def new_players(run: Run, count: int, prefix: str, first_address: int) -> list[Player]:
    """``count`` players, signed up, each from an address of its own."""
    players = [
        Player(
            run,
            f"{prefix}{i}-{secrets.token_hex(3)}",
            f"10.{first_address // 250}.{first_address % 250}.{i + 1}",
        )
        for i in range(count)
    ]
    for player in players:
        answer = player.sign_up()
        if answer.status != 302 or "sessionid" not in player.client.cookies:
            raise SetupFailed(f"sign-up of {player.name} answered {answer.status}")
    return players


def play(player: Player, rng: random.Random, stop: threading.Event) -> None:
    """Play the player's campaigns, a button at a time, until told to stop; start another when one ends.

    After a request that got no answer or a 5xx (a kill under way), wait a little longer each time,
    as a person reloading would."""
    failures = 0
    while not stop.is_set():
        if failures:
            stop.wait(min(2.0, 0.1 * 2**failures))
        code = player.campaigns[-1]
        try:
            answer, version, keys = player.board(code, "play")
        except Dropped:
            failures += 1
            continue
        if answer.status != 200 or version is None:
            failures += 1
            continue
        if not keys:
            try:
                player.start(f"Campaign {len(player.campaigns) + 1} of {player.name}", "play")
            except (Dropped, SetupFailed):
                failures += 1
            continue
        moves = [k for k in keys if k != "undo"] or keys
        key = "undo" if "undo" in keys and rng.random() < 0.08 else rng.choice(moves)
        post, _ = player.act(code, key, version, "play", htmx=rng.random() < 0.5)
        if post.outcome == "asked" and rng.random() < 0.8:
            post, _ = player.act(code, key, version, "play", htmx=rng.random() < 0.5, confirm=True)
        failures = failures + 1 if post.outcome == "unknown" else 0


def play_with_kills(
    world: World,
    run: Run,
    players: list[Player],
    kills: int,
    seed: int,
    others: Callable[[threading.Event], list[threading.Thread]],
    kinds: Sequence[str] = KILLS,
) -> None:
    """Every player plays in a thread of its own, and ``others`` start theirs, while ``kills`` of the
    world's processes are killed, one of ``kinds`` after the other, and brought back."""
    stop = threading.Event()
    threads = [
        threading.Thread(target=play, args=(p, random.Random(seed * 1000 + i), stop), daemon=True)
        for i, p in enumerate(players)
    ] + others(stop)
    for thread in threads:
        thread.start()
    rng = random.Random(seed)
    try:
        time.sleep(3)
        for n in range(kills):
            what = kinds[n % len(kinds)]
            down = time.time()
            world.kill(what, rng)
            back = time.time()
            run.killed(what, down, back)
            print(f"  kill {n + 1}/{kills}: {what}, back in {back - down:.1f} s", flush=True)
            time.sleep(2 + rng.random() * 2)
        if not kills:
            time.sleep(10)
    finally:
        stop.set()
        for thread in threads:
            thread.join(90)
