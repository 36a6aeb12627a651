"""The races, each fired from several threads released together, and what must hold after each."""

from __future__ import annotations

import functools
import random
import secrets
import threading
from collections.abc import Callable
from typing import Any, TypeVar

from .client import Answer
from .players import CODE, MEMBER, REQUEST, Player, new_players, playable
from .tally import Post, Run
from .world import SetupFailed, World

T = TypeVar("T")
KIND = "race"


def at_once(*calls: Callable[[], T]) -> list[T | Exception]:
    """Run the calls in threads released together by a barrier; their results (or exceptions)."""
    barrier = threading.Barrier(len(calls))
    results: list[T | Exception] = [Exception("not run")] * len(calls)

    def go(i: int, call: Callable[[], T]) -> None:
        barrier.wait()
        try:
            results[i] = call()
        except Exception as exc:
            results[i] = exc

    threads = [threading.Thread(target=go, args=(i, c), daemon=True) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    return results


def status_of(result: object) -> int:
    """The status of an answer, or of an action's; 0 for none."""
    if isinstance(result, Answer):
        return result.status
    if isinstance(result, tuple) and isinstance(result[0], Post):
        return result[0].status
    return 0


class Races:
    """An owner's campaign with two friends at the table, raced over."""

    def __init__(
        self, world: World, run: Run, rng: random.Random, owner: Player, friends: list[Player]
    ) -> None:
        self.world, self.run, self.rng = world, run, rng
        self.owner, self.friends = owner, friends

    def expect(self, holds: bool, what: str, figure: str = "") -> None:
        if not holds:
            self.run.finding(what, figure)

    def seat_friends(self, code: str) -> None:
        token = self.owner.share(code, "play", KIND)
        for friend in self.friends:
            answer = friend.join(token, KIND)
            if answer.status != 302 or answer.location != f"/c/{code}/":
                raise SetupFailed(f"{friend.name} could not join with a play link: {answer.status}")

    def rival_actions(self, code: str, rounds: int) -> None:
        """Everyone at the table presses a different button on the same version: one may win."""
        racers = [self.owner, *self.friends]
        for _ in range(rounds):
            _, version, keys = self.owner.board(code, KIND)
            moves = [k for k in keys if k != "undo"]
            if version is None or not moves:
                return
            self.rng.shuffle(moves)
            calls = [
                functools.partial(p.act, code, moves[i % len(moves)], version, KIND, htmx=i % 2 == 0)
                for i, p in enumerate(racers)
            ]
            results = at_once(*calls)
            posts = [r[0] for r in results if isinstance(r, tuple)]
            wins = sum(p.outcome == "ack" for p in posts)
            winners = [
                racers[i].name
                for i, r in enumerate(results)
                if isinstance(r, tuple) and r[0].outcome == "ack"
            ]
            if len(winners) == 1:
                self.told_who_moved(code, results, f"Your friend {winners[0]} moved first")
            self.run.races["rival actions"] += 1
            self.run.races["rival actions with one winner"] += wins == 1
            self.expect(
                wins <= 1, f"{code}: {wins} rival actions on version {version} were all done", "double"
            )
            if wins == 1:
                self.expect(
                    all(p.outcome in ("ack", "asked") or p.status in (409, 0) for p in posts),
                    f"{code}: a losing rival action was answered {[p.status for p in posts]}",
                )

    def against_actions(self, code: str, path: str, fields: dict[str, str]) -> Answer | Exception:
        """The owner's post to ``path`` under the campaign and the friends' actions on the current
        version, at once; the owner's answer."""
        _, version, keys = self.owner.board(code, KIND)
        moves = playable(keys)
        calls: list[Callable[[], Any]] = [
            functools.partial(self.owner.client.post, f"/c/{code}/{path}", fields, KIND)
        ]
        for i, friend in enumerate(self.friends):
            key = moves[i % len(moves)]
            calls.append(
                functools.partial(friend.act, code, key, version or 0, KIND, self.rng.random() < 0.5)
            )
        return at_once(*calls)[0]

    def campaign(self, column: str, code: str) -> Any:
        return self.world.value(f"SELECT {column} FROM campaigns_campaign WHERE code = %s", code)

    def delete_against_actions(self, code: str) -> None:
        name = self.run.names[code]
        answer = self.against_actions(code, "delete/", {"name": name})
        self.run.races["delete against actions"] += 1
        if status_of(answer) != 302:
            self.expect(False, f"{code}: delete with the exact name answered {status_of(answer)}")
            return
        self.expect(
            bool(self.campaign("deleted IS NOT NULL", code)),
            f"{code}: delete was answered 302 but the campaign is not deleted",
            "lost",
        )
        after = self.friends[0].client.get(f"/c/{code}/", KIND)
        self.expect(
            after.status in (404, 410), f"{code}: a deleted board answered {after.status} to a friend"
        )
        restore = self.owner.client.post(f"/c/{code}/restore/", {}, KIND)
        self.expect(
            restore.status == 302 and restore.location == f"/c/{code}/",
            f"{code}: restore answered {restore.status} {restore.location}",
        )
        self.expect(
            bool(self.campaign("deleted IS NULL", code)),
            f"{code}: restore was answered but the campaign is still deleted",
            "lost",
        )

    def told_who_moved(self, code: str, results: list[Any], expected: str) -> None:
        """Every loser answered 409 is told who moved first: ``expected`` is in its page."""
        for result in results:
            if not isinstance(result, tuple) or result[1] is None or result[0].status != 409:
                continue
            self.run.races["race losers told who moved"] += 1
            self.expect(
                expected in result[1].text,
                f"{code}: a race loser was not told {expected!r} ({result[0].key})",
                "messages",
            )

    def own_windows(self, code: str) -> None:
        """The owner presses two buttons at once, as from two windows: the loser is told so."""
        _, version, keys = self.owner.board(code, KIND)
        moves = [k for k in keys if k != "undo"]
        if version is None or len(moves) < 2:
            return
        calls = [
            functools.partial(self.owner.act, code, key, version, KIND, htmx=i == 0)
            for i, key in enumerate(moves[:2])
        ]
        results = at_once(*calls)
        self.run.races["one player's two windows"] += 1
        if sum(isinstance(r, tuple) and r[0].outcome == "ack" for r in results) == 1:
            self.told_who_moved(code, results, "You had already moved, in another window")

    def reset_against_actions(self, code: str) -> None:
        before = self.campaign("run", code)
        answer = self.against_actions(code, "reset/", {"run": str(before)})
        self.run.races["reset against actions"] += 1
        after = self.campaign("run", code)
        if status_of(answer) == 302:
            self.expect(
                after == before + 1, f"{code}: reset answered 302, run went {before} -> {after}", "lost"
            )
        else:
            self.expect(False, f"{code}: reset answered {status_of(answer)}")

    def rename_against_actions(self, code: str, n: int) -> None:
        name = f"Renamed {n} {secrets.token_hex(2)}"
        answer = self.against_actions(code, "rename/", {"name": name})
        self.run.races["rename against actions"] += 1
        stored = self.campaign("name", code)
        if status_of(answer) == 302:
            self.run.names[code] = name
            self.expect(stored == name, f"{code}: rename answered 302 but the name is {stored!r}", "lost")
        else:
            self.expect(False, f"{code}: rename answered {status_of(answer)}")

    def role_against_actions(self, code: str) -> None:
        """The owner makes a player a watcher while they act, then takes another out, then lets them back."""
        friend, other = self.friends[0], self.friends[-1]
        members = self.owner.client.get(f"/c/{code}/members/", KIND)
        who = {
            self.world.value(
                "SELECT u.username FROM campaigns_membership m JOIN auth_user u "
                "ON u.id = m.user_id WHERE m.code = %s",
                c,
            ): c
            for c in MEMBER.findall(members.text)
        }
        if friend.name not in who or other.name not in who:
            raise SetupFailed(f"{code}: the sharing page does not list the friends")
        _, version, keys = friend.board(code, KIND)
        moves = playable(keys)
        at_once(
            lambda: self.owner.client.post(
                f"/c/{code}/members/{who[friend.name]}/role/", {"role": "watch"}, KIND
            ),
            lambda: friend.act(code, moves[0], version or 0, KIND, htmx=True),
        )
        self.run.races["role change against an action"] += 1
        _, version, keys = self.owner.board(code, KIND)
        post, _ = friend.act(code, (keys or ["undo"])[0], version or 0, KIND, htmx=False)
        self.expect(
            post.status == 403, f"{code}: a player made watcher acted and got {post.status}", "refused"
        )
        self.owner.client.post(f"/c/{code}/members/{who[friend.name]}/role/", {"role": "play"}, KIND)
        _, version, keys = other.board(code, KIND)
        moves = playable(keys)
        at_once(
            lambda: self.owner.client.post(f"/c/{code}/members/{who[other.name]}/remove/", {}, KIND),
            lambda: other.act(code, moves[0], version or 0, KIND, htmx=False),
        )
        self.run.races["removal against an action"] += 1
        gone = other.client.get(f"/c/{code}/", KIND)
        self.expect(gone.status == 404, f"{code}: a removed friend's board answered {gone.status}")
        back = other.join(self.owner.share(code, "play", KIND), KIND)
        self.expect(
            back.status == 302 and back.location == f"/c/{code}/", f"{code}: rejoining answered {back.status}"
        )

    def twin_sign_ups(self, n: int) -> None:
        name = f"twin{n}-{secrets.token_hex(3)}"
        twins = [Player(self.run, name, f"10.200.{n % 250}.{i + 1}") for i in range(2)]
        password = twins[0].password
        for twin in twins:
            twin.client.get("/accounts/signup/", KIND)
        form = {"username": name, "password1": password, "password2": password}
        results = at_once(*(lambda t=t: t.client.post("/accounts/signup/", form, KIND) for t in twins))
        self.run.races["identical sign-ups"] += 1
        made = sum(status_of(r) == 302 for r in results)
        users = self.world.value("SELECT count(*) FROM auth_user WHERE username = %s", name)
        self.expect(
            users == 1, f"identical sign-ups of {name}: {users} accounts", "double" if users else "lost"
        )
        self.expect(
            made == 1,
            f"identical sign-ups of {name}: answered {[status_of(r) for r in results]}",
            "double" if made > 1 else "",
        )

    def double_create(self, n: int) -> None:
        home = self.owner.client.get("/", KIND)
        request = REQUEST.search(home.text)
        if not request:
            raise SetupFailed("no request key in the create form")
        name = f"Double click {n}"
        fields = {"name": name, "request": request.group(1)}
        tabs = [self.owner.client.copy(), self.owner.client.copy()]
        results = at_once(*(lambda c=c: c.post("/campaigns/new/", fields, KIND) for c in tabs))
        self.run.races["one create form posted twice"] += 1
        made = self.world.value(
            "SELECT count(*) FROM campaigns_campaign WHERE request = %s", request.group(1)
        )
        self.expect(made == 1, f"create form {request.group(1)} posted twice made {made} campaigns", "double")
        places = {r.location for r in results if isinstance(r, Answer) and r.status == 302}
        self.expect(len(places) == 1, f"create form posted twice answered {[status_of(r) for r in results]}")
        for place in places:
            if found := CODE.match(place):
                self.run.names[found.group(1)] = name

    def single_use_invite(self, code: str, n: int) -> None:
        token = self.owner.share(code, "watch", KIND, single_use=True)
        rivals = new_players(self.run, 2, f"rival{n}-", 300 + n)
        for rival in rivals:
            opened = rival.client.post("/join/", {"token": token}, KIND)
            self.expect(opened.status == 302, f"opening a single-use link answered {opened.status}")
        results = at_once(*(lambda r=r: r.client.post("/join/", {}, KIND) for r in rivals))
        self.run.races["two friends, one single-use invite"] += 1
        statuses = sorted(status_of(r) for r in results)
        joined = self.world.value(
            "SELECT count(*) FROM campaigns_membership m JOIN auth_user u ON u.id = m.user_id "
            "WHERE u.username = ANY(%s) AND m.status = 'in'",
            [r.name for r in rivals],
        )
        used = self.world.value(
            "SELECT max(used_count) FROM campaigns_invite i "
            "JOIN campaigns_campaign c ON c.id = i.campaign_id "
            "WHERE c.code = %s AND i.single_use",
            code,
        )
        self.expect(joined == 1, f"single-use invite: {joined} friends got in (answers {statuses})", "double")
        self.expect(used == 1, f"single-use invite used {used} times", "double")


def races(world: World, run: Run, players: list[Player], rounds: int, seed: int) -> None:
    """``rounds`` rounds of every race, on a new campaign of the first player's with the next two."""
    owner, friends = players[0], players[1:3]
    code = owner.start("Race table", KIND)
    table = Races(world, run, random.Random(seed + 7), owner, friends)
    table.seat_friends(code)
    for n in range(rounds):
        table.rival_actions(code, 3)
        table.delete_against_actions(code)
        table.rival_actions(code, 1)
        table.own_windows(code)
        table.rename_against_actions(code, n)
        table.reset_against_actions(code)
        table.role_against_actions(code)
        table.twin_sign_ups(n)
        table.double_create(n)
        table.single_use_invite(code, n)
