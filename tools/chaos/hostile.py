"""The hostile requests: each kind, drawn at random, aimed at a campaign that its owner shares with a
watcher and a player; the app must refuse every one, or answer it without changing anything."""

from __future__ import annotations

import json
import random
import secrets
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from .client import Answer, Client, Fields

TRAVERSALS = (
    "/static/../config/settings.py",
    "/static/..%2f..%2fconfig%2fsettings.py",
    "/static/%2e%2e/%2e%2e/etc/passwd",
    "/static/css/../../../../etc/passwd",
    "/c/../../etc/passwd",
    "/c/%2e%2e/%2e%2e/etc/passwd",
    "/..%2f..%2f..%2fetc%2fpasswd",
    "/%2e%2e%5c%2e%2e%5cwindows%5cwin.ini",
    "/static/css/site.css%00.py",
    "//etc/passwd",
    "/join/..;/admin/",
    "/./campaigns/./new/",
    "/campaigns/import/../../manage.py",
    "/static/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd",
)


@dataclass
class Target:
    """What the hostile sweep aims at: an owner's campaign shared with a watcher and a player,
    a deleted one, and the people around them (all signed in but the anonymous one)."""

    code: str
    name: str
    version: int
    keys: list[str]
    deleted: str
    member: str
    invite: str
    export: bytes
    owner: Client
    owner_name: str
    watcher: Client
    player: Client
    stranger: Client
    anonymous: Client


@dataclass
class Hostile:
    """One hostile request: who sends it, and whether any answer but a refusal would be a leak."""

    label: str
    client: Client
    method: str
    path: str
    fields: Fields | None = None
    files: dict[str, tuple[str, bytes]] | None = None
    htmx: bool = False
    csrf: bool = True
    token: str | None = None
    headers: dict[str, str] | None = None
    refuse: bool = True
    """Only a refusal is right (4xx, or a redirect to log in): anything else lets it through."""

    def send(self) -> Answer:
        """Send it from a copy of its client, so that the target's cookies stay as they are."""
        return self.client.copy().request(
            self.method,
            self.path,
            "hostile",
            fields=self.fields,
            files=self.files,
            htmx=self.htmx,
            csrf=self.csrf,
            token=self.token,
            headers=self.headers,
        )


def junk(rng: random.Random) -> str | bytes:
    """A value no form should take: random bytes, control characters, very long, or just wrong."""
    choice = rng.randrange(9)
    if choice == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64)))
    if choice == 1:
        return "x" * rng.choice((81, 201, 2_001, 20_000, 100_000))
    if choice == 2:
        return "".join(chr(rng.randrange(1, 0xD7FF)) for _ in range(rng.randrange(1, 40)))
    if choice == 3:
        return "\x00" + secrets.token_hex(4)
    if choice == 4:
        return "' OR 1=1 --"
    if choice == 5:
        return "<script>alert(1)</script>"
    if choice == 6:
        return "../../etc/passwd"
    if choice == 7:
        return "-1"
    return " \t\r\n"


def bad_key(rng: random.Random) -> str | bytes:
    choice = rng.randrange(6)
    if choice == 0:
        return "k" * rng.choice((65, 199, 200, 201, 5_000))
    if choice == 1:
        return ""
    if choice == 2:
        return f"play:{rng.randrange(-5, 99)}:?!"
    if choice == 3:
        return "undo;" + secrets.token_hex(3)
    return junk(rng)


def bad_version(rng: random.Random) -> str:
    return rng.choice(("-1", "", "abc", "1e3", "0x10", "1.5", " ", "NaN", "+-1", "\x00", "1 2"))


def stale_version(rng: random.Random, version: int) -> str:
    choices = [version + 1, version + 1000, 2**31, 2**63 + 5]
    if version > 0:
        choices += [version - 1, 0]
    return str(rng.choice(choices))


def tampered(export: bytes, rng: random.Random) -> bytes:
    """A real campaign file whose log no longer replays."""
    data = json.loads(export)
    log = data.get("log") or []
    where = rng.randrange(len(log) + 1)
    log.insert(where, rng.choice(("not-an-action", "play:99:zz", "undo", "🀄", "x" * 65)))
    data["log"] = log
    return json.dumps(data).encode()


def under(t: Target) -> list[str]:
    """Every address under a campaign's, as its code's suffix."""
    return [
        "",
        "act/",
        "story/",
        "rename/",
        "reset/",
        "delete/",
        "restore/",
        "export/",
        "live/",
        "members/",
        "invites/",
        f"invites/{t.invite}/revoke/",
        f"members/{t.member}/role/",
        f"members/{t.member}/remove/",
        "leave/",
    ]


def owner_only(t: Target) -> list[tuple[str, str]]:
    """The owner's addresses under a campaign, each with its method."""
    return [
        ("rename/", "POST"),
        ("reset/", "POST"),
        ("delete/", "POST"),
        ("export/", "GET"),
        ("members/", "GET"),
        ("invites/", "POST"),
        (f"invites/{t.invite}/revoke/", "POST"),
        (f"members/{t.member}/role/", "POST"),
        (f"members/{t.member}/remove/", "POST"),
    ]


def good_fields(t: Target, path: str, rng: random.Random, method: str = "POST") -> Fields | None:
    """What the form at ``path`` would take from its owner (nothing for a GET): it must still be
    refused to others."""
    if method == "GET":
        return None
    if path == "act/":
        return {"key": rng.choice(t.keys), "version": str(t.version)}
    if path == "rename/":
        return {"name": "Taken over"}
    if path == "delete/":
        return {"name": t.name}
    if path == "invites/":
        return {"role": "play", "single_use": "on"}
    if path.endswith("/role/"):
        return {"role": "play"}
    return {}


def forged_key(rng: random.Random, t: Target) -> Hostile:
    fields = {"key": bad_key(rng), "version": str(t.version)}
    return Hostile("forged action key", t.owner, "POST", f"/c/{t.code}/act/", fields, htmx=rng.random() < 0.3)


def malformed_version(rng: random.Random, t: Target) -> Hostile:
    fields: Fields = [("key", rng.choice(t.keys)), ("version", bad_version(rng))]
    if rng.random() < 0.3:
        fields = [("key", rng.choice(t.keys))]
    return Hostile("malformed version", t.owner, "POST", f"/c/{t.code}/act/", fields, htmx=rng.random() < 0.3)


def stale(rng: random.Random, t: Target) -> Hostile:
    fields = {"key": rng.choice([*t.keys, "undo"]), "version": stale_version(rng, t.version)}
    return Hostile("stale version", t.owner, "POST", f"/c/{t.code}/act/", fields, htmx=rng.random() < 0.3)


def bad_csrf(rng: random.Random, t: Target) -> Hostile:
    token = rng.choice((None, "", secrets.token_urlsafe(48)[:64], t.stranger.token, t.owner.token[::-1]))
    return Hostile(
        "action without a good CSRF token",
        t.owner,
        "POST",
        f"/c/{t.code}/act/",
        good_fields(t, "act/", rng),
        htmx=rng.random() < 0.3,
        csrf=token is not None,
        token=token,
    )


def other_origin(rng: random.Random, t: Target) -> Hostile:
    evil = {"Origin": "https://evil.example", "Referer": "https://evil.example/"}
    return Hostile(
        "action from another origin",
        t.owner,
        "POST",
        f"/c/{t.code}/act/",
        good_fields(t, "act/", rng),
        headers=evil,
    )


def watcher_acting(rng: random.Random, t: Target) -> Hostile:
    fields = {"key": rng.choice([*t.keys, "undo"]), "version": str(t.version)}
    return Hostile("watcher acting", t.watcher, "POST", f"/c/{t.code}/act/", fields, htmx=rng.random() < 0.3)


def stranger(rng: random.Random, t: Target) -> Hostile:
    path, method = rng.choice(under(t)), rng.choice(("GET", "POST"))
    fields = good_fields(t, path, rng, method)
    return Hostile(
        "stranger's request", t.stranger, method, f"/c/{t.code}/{path}", fields, htmx=rng.random() < 0.3
    )


def member_as_owner(rng: random.Random, t: Target) -> Hostile:
    path, method = rng.choice(owner_only(t))
    fields = good_fields(t, path, rng, method)
    who = rng.choice((t.player, t.watcher))
    return Hostile("member doing the owner's part", who, method, f"/c/{t.code}/{path}", fields)


def deleted(rng: random.Random, t: Target) -> Hostile:
    """The deleted campaign: anyone but its owner restoring it, acting on it or renaming it."""
    who = rng.choice((t.player, t.watcher, t.stranger, t.anonymous))
    path = rng.choice(("restore/", "act/", "", "rename/", "delete/"))
    fields = {"key": rng.choice(t.keys), "version": "0"} if path == "act/" else {"name": "x"}
    method = "GET" if path == "" else "POST"
    return Hostile(
        "deleted campaign", who, method, f"/c/{t.deleted}/{path}", fields if method == "POST" else None
    )


def signed_out(rng: random.Random, t: Target) -> Hostile:
    path, method = rng.choice(under(t)), rng.choice(("GET", "POST"))
    fields = good_fields(t, path, rng, method)
    return Hostile("signed out", t.anonymous, method, f"/c/{t.code}/{path}", fields)


def wrong_method(rng: random.Random, t: Target) -> Hostile:
    method = rng.choice(("PUT", "PATCH", "DELETE", "OPTIONS", "GET", "TRACE"))
    paths = ["act/", "invites/", "restore/", f"members/{t.member}/role/", f"members/{t.member}/remove/"]
    path = rng.choice((f"/c/{t.code}/{rng.choice(paths)}", "/campaigns/new/", "/campaigns/import/"))
    fields = good_fields(t, "act/", rng, method)
    return Hostile(
        "wrong method", t.owner, method, path, fields, htmx=rng.random() < 0.3, refuse=method != "OPTIONS"
    )


def unknown(rng: random.Random, t: Target) -> Hostile:
    path = rng.choice(
        (
            "/" + secrets.token_hex(rng.randrange(1, 20)),
            "/c/",
            "/wp-login.php",
            "/.env",
            "/.git/config",
            "/c/" + secrets.token_hex(8) + "/",
            "/api/v1/campaigns",
            "/" + "a/" * 500,
            "/static/nothing.js",
        )
    )
    who = rng.choice((t.owner, t.stranger, t.anonymous))
    return Hostile("unknown address", who, rng.choice(("GET", "POST")), path, refuse=False)


def bad_code(rng: random.Random, t: Target) -> Hostile:
    code = rng.choice(
        (
            str(uuid.uuid4()),
            "not-a-uuid",
            "0" * 36,
            "%00",
            "1",
            str(uuid.uuid4())[:-1] + "g",
            "-" * 36,
            t.code[:-1],
        )
    )
    path = f"/c/{code}/{rng.choice(under(t))}"
    if rng.random() < 0.3:
        member = rng.choice(("nope", str(uuid.uuid4()), t.code))  # never a real member's or invite's
        what = rng.choice(("members", "invites"))
        path = f"/c/{t.code}/{what}/{member}/{rng.choice(('role', 'remove', 'revoke'))}/"
    method = rng.choice(("GET", "POST"))
    fields = good_fields(t, "act/", rng, method)
    return Hostile("bad code", rng.choice((t.owner, t.stranger)), method, path, fields)


def traversal(rng: random.Random, t: Target) -> Hostile:
    who = rng.choice((t.owner, t.stranger, t.anonymous))
    return Hostile("path traversal", who, "GET", rng.choice(TRAVERSALS), refuse=False)


def junk_sign_up(rng: random.Random, t: Target) -> Hostile:
    """A sign-up that must not make an account: junk, or two passwords that differ."""
    password = secrets.token_urlsafe(10)
    fields: Fields = [("username", junk(rng)), ("password1", password), ("password2", password + "!")]
    if rng.random() < 0.3:  # junk as the password, and another password to confirm it
        fields = [("username", f"u{secrets.token_hex(4)}"), ("password1", junk(rng)), ("password2", password)]
    who = t.anonymous.copy(f"10.99.{rng.randrange(4)}.{rng.randrange(1, 4)}")
    return Hostile("junk sign-up", who, "POST", "/accounts/signup/", fields, refuse=False)


def junk_log_in(rng: random.Random, t: Target) -> Hostile:
    who = t.anonymous.copy(f"10.98.0.{rng.randrange(1, 4)}")
    fields = [("username", rng.choice((junk(rng), "admin", t.owner_name))), ("password", junk(rng))]
    headers = {"User-Agent": "Mozilla/5.0 " + "A" * rng.choice((10, 300, 3_000))}
    return Hostile("junk log-in", who, "POST", "/accounts/login/", fields, headers=headers, refuse=False)


def junk_create(rng: random.Random, t: Target) -> Hostile:
    fields = rng.choice(
        (
            [("name", "x" * rng.choice((81, 500, 50_000))), ("request", str(uuid.uuid4()))],
            [("name", rng.choice(("", "   ", "\t\n"))), ("request", str(uuid.uuid4()))],
            [("name", "Fine name"), ("request", rng.choice(("not-a-uuid", "1", "0" * 37, "' OR 1=1")))],
            [("name", "\x00nul"), ("request", str(uuid.uuid4()))],
        )
    )
    return Hostile("junk create", t.stranger, "POST", "/campaigns/new/", fields, htmx=rng.random() < 0.3)


def junk_rename(rng: random.Random, t: Target) -> Hostile:
    if rng.random() < 0.5:
        fields = [("name", rng.choice(("", "   ", "y" * 81, "y" * 100_000, "\x00")))]
        return Hostile("junk rename", t.owner, "POST", f"/c/{t.code}/rename/", fields, refuse=False)
    return Hostile("junk rename", t.stranger, "POST", f"/c/{t.code}/rename/", [("name", junk(rng))])


def delete_without_name(rng: random.Random, t: Target) -> Hostile:
    name = rng.choice((t.name.upper(), t.name.lower(), "", junk(rng), t.name[:-1], t.name + "."))
    if isinstance(name, str) and name.strip() == t.name:  # the form strips what is typed
        name = "not it"
    return Hostile("delete without the name", t.owner, "POST", f"/c/{t.code}/delete/", [("name", name)])


def junk_sharing(rng: random.Random, t: Target) -> Hostile:
    """Invite and role forms with junk, by the owner."""
    if rng.random() < 0.5:
        fields = [("role", junk(rng)), ("single_use", junk(rng))]
        return Hostile("junk invite", t.owner, "POST", f"/c/{t.code}/invites/", fields)
    member = rng.choice((t.member, str(uuid.uuid4())))
    fields = [("role", rng.choice(("owner", "admin", "", "PLAY", junk(rng))))]
    return Hostile("junk role", t.owner, "POST", f"/c/{t.code}/members/{member}/role/", fields)


def junk_token(rng: random.Random, t: Target) -> Hostile:
    token = rng.choice((secrets.token_urlsafe(32), "", junk(rng), "x" * 2_001, "#", "https://x/join/#abc"))
    return Hostile("junk join token", t.stranger, "POST", "/join/", [("token", token)], refuse=False)


def junk_import(rng: random.Random, t: Target) -> Hostile:
    """A campaign file that must not import: not JSON, not a campaign's, or a real one with its log
    tampered with."""
    header = '{"format": "legacy-of-yu/campaign", "version": 1, "name": "x", '
    data = rng.choice(
        (
            b"not json at all",
            bytes(rng.randrange(256) for _ in range(200)),
            b'{"format": "something-else", "version": 1}',
            b'{"format": "legacy-of-yu/campaign", "version": 99}',
            b"[1, 2, 3]",
            (header + '"seed": -1, "log": []}').encode(),
            (header + '"seed": 1, "log": [1, 2]}').encode(),
            tampered(t.export, rng),
            tampered(t.export, rng),
            b"",
        )
    )
    if rng.random() < 0.01:
        data = b" " * 2_100_000
    files = {"file": ("campaign.yu.json", data)}
    return Hostile("junk import", t.stranger, "POST", "/campaigns/import/", [], files=files)


def hostile_files(export: bytes) -> dict[str, bytes]:
    """Files made to hurt the reader of an import, by what each holds; each must be refused with a
    4xx, and nothing made."""
    campaign = json.loads(export)
    deep = 100_000
    table = {"format": "legacy-of-yu/table", "version": 1, "name": "x", "seed": 1, "seats": ["player"]}
    return {
        "nested 100,000 deep": b'{"format": "legacy-of-yu/campaign", "version": 1, "log": '
        + b"[" * deep
        + b"]" * deep
        + b"}",
        "a NUL in its name": json.dumps(campaign | {"name": "nul\x00name"}).encode(),
        "a 5,000-digit number": json.dumps(campaign | {"seed": 0})
        .replace('"seed": 0', '"seed": 9' + "0" * 4_999)
        .encode(),
        "level as a list": json.dumps(campaign | {"level": ["standard"]}).encode(),
        "a table's game as an object": json.dumps(table | {"game": {"name": "legacy"}, "games": []}).encode(),
        "not JSON at all": b"\xff\xfe not JSON { at all",
    }


NEXTS = ("foo", "\r", "//evil.example", "//evil.example/%2e%2e", "https://evil.example/", "/\\evil.example")
"""Where a language choice asks to go next: a bare word, a carriage return, other sites."""


def languages(t: Target) -> list[Hostile]:
    """Language choices with a hostile ``next`` or no such language, signed in and signed out: none may
    fail or send the reader to another site."""
    return [
        Hostile(
            "hostile language choice",
            who,
            "POST",
            "/language/",
            {"language": language, "next": nxt},
            refuse=False,
        )
        for who in (t.stranger, t.anonymous)
        for language in ("en", "xx")
        for nxt in NEXTS
    ]


def junk_password(rng: random.Random, t: Target) -> Hostile:
    new = "Abc-12345-xyz"
    fields = [("old_password", junk(rng)), ("new_password1", new), ("new_password2", new)]
    return Hostile("junk password change", t.stranger, "POST", "/accounts/password/", fields, refuse=False)


def too_big(rng: random.Random, t: Target) -> Hostile:
    """Forms with too many fields, or too many bytes."""
    if rng.random() < 0.5:
        many = [(f"f{i}", "1") for i in range(rng.choice((999, 1_001, 5_000)))]
        many += [("key", rng.choice(t.keys)), ("version", stale_version(rng, t.version))]
        return Hostile("too many fields", t.owner, "POST", f"/c/{t.code}/act/", many, refuse=False)
    big = [("name", "z" * 2_700_000)]
    return Hostile("over-long form", t.owner, "POST", f"/c/{t.code}/rename/", big, refuse=False)


KINDS: tuple[tuple[Callable[[random.Random, Target], Hostile], int], ...] = (
    (forged_key, 8),
    (malformed_version, 5),
    (stale, 5),
    (bad_csrf, 6),
    (other_origin, 3),
    (watcher_acting, 6),
    (stranger, 10),
    (member_as_owner, 8),
    (deleted, 4),
    (signed_out, 5),
    (wrong_method, 5),
    (unknown, 4),
    (bad_code, 5),
    (traversal, 3),
    (junk_sign_up, 3),
    (junk_log_in, 1),  # each costs a password hash (Django hashes even for unknown users): rare
    (junk_create, 3),
    (junk_rename, 3),
    (delete_without_name, 3),
    (junk_sharing, 3),
    (junk_token, 3),
    (junk_import, 4),
    (junk_password, 1),
    (too_big, 1),
)
"""Every kind of hostile request, with its weight."""


def every(t: Target, rng: random.Random) -> list[Hostile]:
    """Every address under the campaign, both ways, for a stranger and for nobody signed in; every
    owner's address for the watcher and the player; the watcher's actions; every hostile file, posted
    by the owner; every hostile language choice. The sweep starts with these, so that none is left
    to chance."""
    requests = []
    for path in under(t):
        for method in ("GET", "POST"):
            fields = good_fields(t, path, rng, method)
            requests.append(Hostile("stranger's request", t.stranger, method, f"/c/{t.code}/{path}", fields))
            requests.append(Hostile("signed out", t.anonymous, method, f"/c/{t.code}/{path}", fields))
    for who in (t.watcher, t.player):
        for path, method in owner_only(t):
            fields = good_fields(t, path, rng, method)
            requests.append(
                Hostile("member doing the owner's part", who, method, f"/c/{t.code}/{path}", fields)
            )
    for key in [*t.keys, "undo"]:
        fields = {"key": key, "version": str(t.version)}
        requests.append(Hostile("watcher acting", t.watcher, "POST", f"/c/{t.code}/act/", fields))
    for name, data in hostile_files(t.export).items():
        files = {"file": (f"{name}.json", data)}
        requests.append(
            Hostile(f"hostile file: {name}", t.owner, "POST", "/campaigns/import/", [], files=files)
        )
    return [*requests, *languages(t)]


def draw(rng: random.Random, t: Target) -> Hostile:
    """One request of a kind drawn at random by weight."""
    make = rng.choices([k for k, _ in KINDS], weights=[w for _, w in KINDS])[0]
    return make(rng, t)


def describe(h: Hostile) -> str:
    """A hostile request's fields and headers, short enough to print: each value's length and start."""

    def short(value: str | bytes) -> str:
        return f"{len(value)} chars {value[:20]!r}" if len(value) > 20 else repr(value)

    fields = h.fields.items() if isinstance(h.fields, Mapping) else (h.fields or [])
    parts = [f"{name}={short(value)}" for name, value in fields]
    parts += [f"{name}: {short(value)}" for name, value in (h.headers or {}).items()]
    parts += [f"file {name}: {len(data)} bytes" for name, (_, data) in (h.files or {}).items()]
    return ", ".join(parts) or "no fields"
