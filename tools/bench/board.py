"""A player's board as the browser keeps it, and the action keys its buttons post: Legacy of Yu's
as regions by id, each replaced by the element of the same id that an answer sends out of band
(``hx-swap-oob="true"``); a table's whole, as every answer sends it (``#table``)."""

from __future__ import annotations

import html
import re
from typing import Protocol

TAG = re.compile(r"""<(/?)([a-zA-Z][\w:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>""")
ID = re.compile(r'\sid="([^"]+)"')
OOB = re.compile(r'\shx-swap-oob="true"')
KEY = re.compile(r'name="key" value="([^"]*)"')
CSRF = re.compile(r'"X-CSRFToken": "([^"]+)"')
VERSION = re.compile(r'value="(\d+)"')
FORM = re.compile(r"<form\b.*?</form>", re.S)
HIDDEN = re.compile(r'<input type="hidden" name="([^"]+)" value="([^"]*)"')
BUTTON = re.compile(r'<button\b[^>]*\sname="key" value="([^"]*)"')
ASKING = 'class="table-confirm"'
"""What a table shows when it asks "Are you sure?" about a move."""
VOID = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}
)
REGIONS = (
    "status",
    "threats",
    "decision",
    "happened",
    "story",
    "card-row",
    "river",
    "hand",
    "trades",
    "settlement",
    "rules-in-play",
    "campaign",
    "supply",
    "news",
    "piles",
    "log",
    "board-version",
    "notice",
    "live",
)
"""The ids of the board's regions (campaigns/board.html); answers may add others."""


def element_end(text: str, start: int) -> int:
    """Where the element whose start tag begins at ``start`` ends (after its end tag)."""
    first = TAG.match(text, start)
    if first is None:
        return len(text)
    name = first.group(2).lower()
    if name in VOID or first.group(3).rstrip().endswith("/"):
        return first.end()
    depth = 1
    for tag in TAG.finditer(text, first.end()):
        if tag.group(2).lower() != name:
            continue
        depth += -1 if tag.group(1) else 1
        if depth == 0:
            return tag.end()
    return len(text)


def out_of_band(text: str) -> dict[str, str]:
    """The top-level elements of an answer marked for an out-of-band swap, by id."""
    found: dict[str, str] = {}
    position = 0
    while (tag := TAG.search(text, position)) is not None:
        end = element_end(text, tag.start()) if not tag.group(1) else tag.end()
        attributes = tag.group(3)
        named = ID.search(attributes)
        if not tag.group(1) and named and OOB.search(attributes):
            found[named.group(1)] = text[tag.start() : end]
        position = end
    return found


def regions(text: str, ids: set[str]) -> dict[str, str]:
    """The elements of a page (or of the whole #board) with the given ids."""
    found: dict[str, str] = {}
    for name in ids:
        at = text.find(f' id="{name}"')
        start = text.rfind("<", 0, at)
        if at >= 0 and start >= 0:
            found[name] = text[start : element_end(text, start)]
    return found


class Screen(Protocol):
    """What a player's browser holds of a board, for the bench's players."""

    csrf: str

    def load(self, page: str) -> None:
        """The whole page (or the board's fragment): the board afresh."""

    def swap(self, answer: str) -> bool:
        """Apply an action's answer; False when only the page can tell what the board holds now."""

    @property
    def keys(self) -> list[str]:
        """Every key the board's buttons post, in order, once each."""

    @property
    def asking(self) -> bool:
        """Whether the board asks "Are you sure?" about a move."""

    def fields(self, key: str, confirm: bool) -> dict[str, str]:
        """What pressing ``key`` posts (confirmed: the move asked about)."""


class Board:
    """Legacy of Yu: the regions a player sees, the keys their buttons post, the version to send
    with them."""

    def __init__(self) -> None:
        self.ids = set(REGIONS)
        self.regions: dict[str, str] = {}
        self.keys_of: dict[str, list[str]] = {}
        self.csrf = ""

    def load(self, page: str) -> None:
        """The whole page (or the #board fragment): every region afresh."""
        if found := CSRF.search(page):
            self.csrf = found.group(1)
        self.regions = regions(page, self.ids)
        self.keys_of = {name: keys(part) for name, part in self.regions.items()}

    def swap(self, answer: str) -> bool:
        """Apply an answer's out-of-band regions; False when it brings a region never seen, after
        which only the page says for sure what the board holds."""
        known = True
        for name, part in out_of_band(answer).items():
            if name == "board":
                self.load(part)
                continue
            holder = self._holder(name)
            if holder is not None:  # a part of a region: a card, a building, a trade...
                region = self.regions[holder]
                start = region.rfind("<", 0, region.find(f' id="{name}"'))
                part = region[:start] + part + region[element_end(region, start) :]
                name = holder
            known = known and name in self.ids
            self.ids.add(name)
            self.regions[name] = part
            self.keys_of[name] = keys(part)
        return known

    def _holder(self, name: str) -> str | None:
        """The region that holds the element ``name`` inside it, if it is not a region itself."""
        if name in self.ids:
            return None
        return next((region for region, text in self.regions.items() if f' id="{name}"' in text), None)

    @property
    def keys(self) -> list[str]:
        """Every key the current regions' buttons post, in order, once each."""
        seen: dict[str, None] = {}
        for found in self.keys_of.values():
            seen.update(dict.fromkeys(found))
        return list(seen)

    @property
    def version(self) -> str:
        found = VERSION.search(self.regions.get("board-version", ""))
        return found.group(1) if found else ""

    @property
    def asking(self) -> bool:
        """Whether the board asks "Are you sure?" about an action."""
        return "confirming" in self.regions.get("decision", "")[:200]

    def fields(self, key: str, confirm: bool) -> dict[str, str]:
        return {"key": key, "version": self.version} | ({"confirm": "1"} if confirm else {})


class Table:
    """A table: its forms, each with the keys of its buttons and the hidden fields they post
    with them (the version, the seat's moment, the CSRF token; ``confirm`` in the form that asks)."""

    def __init__(self) -> None:
        self.forms: dict[str, dict[str, str]] = {}
        """By key, the hidden fields of the first form whose button posts it."""
        self.csrf = ""
        self.text = ""

    def load(self, page: str) -> None:
        if found := CSRF.search(page):
            self.csrf = found.group(1)
        start = page.find('<section id="table"')
        self.text = page[start : element_end(page, start)] if start >= 0 else ""
        self.forms = {}
        for form in FORM.findall(self.text):
            hidden = {name: html.unescape(value) for name, value in HIDDEN.findall(form) if name != "key"}
            for key in BUTTON.findall(form):
                self.forms.setdefault(html.unescape(key), hidden)

    def swap(self, answer: str) -> bool:
        self.load(answer)
        return bool(self.text)

    @property
    def keys(self) -> list[str]:
        return list(self.forms)

    @property
    def asking(self) -> bool:
        return ASKING in self.text

    def fields(self, key: str, confirm: bool) -> dict[str, str]:
        return {**self.forms.get(key, {}), "key": key} | ({"confirm": "yes"} if confirm else {})


def keys(part: str) -> list[str]:
    return [html.unescape(k) for k in KEY.findall(part)]
