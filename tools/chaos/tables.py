"""The tables: a Legacy table and a Machi Koro Legacy table, each with its owner, a friend who joined
with a play link and a bot, played during the kills; and a table deleted under its players while
they poll it and move."""

from __future__ import annotations

import functools
import html
import random
import re
import threading
import uuid
from collections.abc import Callable
from typing import Any

from .client import Answer, Dropped
from .players import KEY, Player
from .races import at_once, status_of
from .tally import Run
from .world import SetupFailed

GAMES = ("legacy", "machi")
TABLE = re.compile(r"^/c/([0-9a-f-]{36})/$")
VERSION = re.compile(r'name="version" value="(\d+)"')
MOMENT = re.compile(r'name="moment" value="([^"]*)"')
SEAT = re.compile(r'name="seat" value="(\d+)"')
TOWN = "town:"
"""The key that names (or renames) a Machi Koro town: it takes words, and never ends a turn."""
BACK = "back"
"""Legacy's "take it back"."""


class Table:
    """A table of ``game`` made by ``owner`` from the form on the home page (a seat for a friend and
    one for a bot playing at random), with ``friend`` seated by a play link."""

    def __init__(self, run: Run, game: str, owner: Player, friend: Player, kind: str) -> None:
        self.run, self.game, self.owner, self.friend = run, game, owner, friend
        self.name = f"{game} table of {owner.name}"
        fields = {
            "name": self.name,
            "game": game,
            "friends": "1",
            "bots": "1",
            "bot": "random",
            "request": str(uuid.uuid4()),
        }
        made = owner.client.post("/tables/new/", fields, kind)
        found = TABLE.match(made.location)
        if made.status != 302 or not found:
            raise SetupFailed(f"{owner.name} could not make a {game} table: {made.status} {made.location}")
        self.code = found.group(1)
        with run.lock:
            run.names[self.code] = self.name
            run.tables[game] += 1
        joined = friend.join(owner.share(self.code, "play", kind), kind)
        if joined.status != 302 or joined.location != f"/c/{self.code}/":
            raise SetupFailed(f"{friend.name} could not sit at the {game} table: {joined.status}")

    def fields(self, player: Player, kind: str, rng: random.Random) -> dict[str, str] | None:
        """What one of the player's buttons would post (None for none now): a move, or the next game."""
        page = player.client.get(f"/c/{self.code}/", kind)
        version = VERSION.search(page.text)
        if page.status != 200 or not version:
            return None
        if 'name="key" value="next"' in page.text:
            return {"key": "next", "version": version.group(1)}
        keys = [html.unescape(k) for k in KEY.findall(page.text)]
        moves = [k for k in keys if k not in (TOWN, BACK)] or keys
        if not moves:
            return None
        key = rng.choice(keys if rng.random() < 0.05 else moves)
        moment = MOMENT.search(page.text)
        seat = SEAT.search(page.text)
        fields = {"key": key, "version": version.group(1), "moment": moment.group(1) if moment else ""}
        if key == TOWN:
            fields |= {"text": f"Chaos {rng.randrange(100)}", "seat": seat.group(1) if seat else ""}
        return fields

    def move(self, player: Player, kind: str, rng: random.Random) -> Answer | None:
        """Press one of the buttons the player's table offers, as htmx or as a plain form; the answer,
        or None when there was nothing to press. A move is acknowledged by a redirect to the table
        or, from htmx, by the table itself."""
        fields = self.fields(player, kind, rng)
        if fields is None:
            return None
        htmx = rng.random() < 0.5
        answer = player.client.post(f"/c/{self.code}/act/", fields, kind, htmx=htmx)
        done = (
            answer.status == 200 if htmx else answer.status == 302 and answer.location == f"/c/{self.code}/"
        )
        if done:
            with self.run.lock:
                self.run.table_moves[self.game] += 1
        return answer

    def poll(self, player: Player, kind: str) -> Answer:
        """What an open table asks every second."""
        return player.client.request("GET", f"/c/{self.code}/live/", kind, htmx=True)


def play_table(table: Table, player: Player, rng: random.Random, stop: threading.Event) -> None:
    """Poll and play the table as the player until told to stop; wait longer after each failure."""
    failures = 0
    while not stop.is_set():
        stop.wait(min(2.0, 0.1 * 2**failures) if failures else 0.05)
        try:
            if rng.random() < 0.3:
                table.poll(player, "play")
                continue
            answer = table.move(player, "play", rng)
        except Dropped:
            failures += 1
            continue
        failures = failures + 1 if answer is None or answer.status >= 500 else 0


def table_players(tables: list[Table], seed: int, stop: threading.Event) -> list[threading.Thread]:
    """A thread for each player of each table."""
    return [
        threading.Thread(
            target=play_table,
            args=(table, who, random.Random(seed * 31 + 2 * i + j), stop),
            daemon=True,
        )
        for i, table in enumerate(tables)
        for j, who in enumerate((table.owner, table.friend))
    ]


def delete_under_players(run: Run, owner: Player, friend: Player, rng: random.Random, n: int) -> None:
    """A new table deleted by its owner while its friend polls it and moves, and the owner polls it
    too: every answer under 500, the delete done, and the table then gone for the friend."""
    game = GAMES[n % len(GAMES)]
    table = Table(run, game, owner, friend, "race")
    fields = table.fields(friend, "race", rng) or {"key": "pass", "version": "0"}
    calls: list[Callable[[], Any]] = [
        functools.partial(owner.client.post, f"/c/{table.code}/delete/", {"name": table.name}, "race"),
        functools.partial(table.poll, friend, "race"),
        functools.partial(
            friend.client.post, f"/c/{table.code}/act/", fields, "race", htmx=rng.random() < 0.5
        ),
        functools.partial(table.poll, owner, "race"),
    ]
    results = at_once(*calls)
    run.races["table deleted under its players"] += 1
    if status_of(results[0]) != 302:
        run.finding(f"{table.code}: delete of a table with its exact name answered {status_of(results[0])}")
    for after in (friend.client.get(f"/c/{table.code}/", "race"), table.poll(friend, "race")):
        if after.status not in (404, 410):
            run.finding(f"{table.code}: a deleted table answered {after.status} to its friend")
