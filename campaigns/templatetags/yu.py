"""Small pictures for the board: Worker chips (a colour, a shape and a letter,
so no one needs to tell colours apart) and Resource icons, drawn from the SVG
symbols in ``campaigns/_icons.html``."""

from __future__ import annotations

import re
from collections.abc import Iterable

from django import template
from django.utils.html import escape, format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

register = template.Library()

WORKERS = {
    "white": ("W", "Labourer"),
    "red": ("R", "Fighter"),
    "blue": ("B", "Spearman"),
    "black": ("K", "Rider"),
    "yellow": ("Y", "Archer"),
}
RESOURCES = {"cowrie": "Cowrie Shell", "clay": "Clay", "wood": "Wood", "provision": "Provision"}
EFFECTS = {
    "draw": ("Draw {n} from the Ready Pile", "draw"),
    "destroy": ("Destroy {n}", "destroy"),
    "draw townsfolk": ("Draw {n} Townsfolk", "draw"),
    "flood": ("Flood advances {n}", "destroy"),
    "reveal barbarian": ("Reveal {n} Barbarian", "destroy"),
}
TERM = re.compile(r"^(\d+) (.+)$")
EFFECT = re.compile(r"^([a-z ]+) (\d+)$")


def _worker(colour: str) -> SafeString:
    letter, role = WORKERS[colour]
    return format_html(
        '<svg class="icon worker w-{0}" viewBox="0 0 24 24" role="img" aria-label="{1} Worker ({2})">'
        '<title>{1} Worker ({2})</title><use href="#shape-{0}"></use>'
        '<text x="12" y="16.5" text-anchor="middle">{3}</text></svg>',
        colour,
        colour.title(),
        role,
        letter,
    )


def _wildcard(kind: str) -> SafeString:
    label = "any coloured Worker (not White)" if kind == "coloured" else "any Worker"
    letter = "C" if kind == "coloured" else "?"
    return format_html(
        '<svg class="icon worker w-{0}" viewBox="0 0 24 24" role="img" aria-label="{1}"><title>{1}</title>'
        '<use href="#shape-{0}"></use><text x="12" y="16.5" text-anchor="middle">{2}</text></svg>',
        kind,
        label,
        letter,
    )


def _resource(name: str) -> SafeString:
    label = RESOURCES[name]
    return format_html(
        '<svg class="icon res r-{0}" viewBox="0 0 24 24" role="img" aria-label="{1}"><title>{1}</title>'
        '<use href="#res-{0}"></use></svg>',
        name,
        label,
    )


def _thing(name: str) -> SafeString | None:
    name = name.strip()
    if name in WORKERS:
        return _worker(name)
    if name in RESOURCES:
        return _resource(name)
    if name in ("coloured Worker", "coloured"):
        return _wildcard("coloured")
    if name in ("any Worker", "any"):
        return _wildcard("any")
    return None


@register.simple_tag
def worker(colour: str) -> SafeString:
    return _worker(colour) if colour in WORKERS else _thing(colour) or SafeString(escape(colour))


@register.simple_tag
def item(name: str, count: int | None = None) -> SafeString:
    """One item with its count: a number and a picture."""
    picture = _thing(name) or escape(name)
    if count is None:
        return format_html('<span class="item">{}</span>', picture)
    return format_html('<span class="item"><b>{}</b>{}</span>', count, picture)


@register.filter
def items(text: str | None) -> SafeString:
    """An engine description (``"1 white, 2 cowrie, destroy 1"``) as pictures;
    anything it does not know stays as words."""
    if not text:
        return SafeString("")
    parts = [_term(part.strip()) for part in str(text).split(", ")]
    return format_html_join(" ", "{}", ((p,) for p in parts))


def _term(part: str) -> SafeString:
    if part == "nothing":
        return format_html('<span class="fx muted">{}</span>', "nothing")
    match = TERM.match(part)
    if match:
        count, what = match.groups()
        alternatives = what.split("/")
        pictures = [_thing(a) for a in alternatives]
        if all(pictures):
            joined = mark_safe('<span class="or">/</span>'.join(str(p) for p in pictures))
            return format_html('<span class="item"><b>{}</b>{}</span>', count, joined)
        return format_html('<span class="fx">{}</span>', part)
    match = EFFECT.match(part)
    if match and match.group(1) in EFFECTS:
        words, style = EFFECTS[match.group(1)]
        return format_html('<span class="fx fx-{}">{}</span>', style, words.format(n=match.group(2)))
    if part.startswith("Story entry "):
        return format_html('<span class="fx fx-story" title="Read this Story Book entry">{}</span>', part)
    return format_html('<span class="fx">{}</span>', part)


@register.simple_tag
def pay(paid: Iterable[tuple[str, int]]) -> SafeString:
    """The Workers a choice pays, as chips."""
    return format_html_join(
        " ", '<span class="item"><b>{}</b>{}</span>', ((n, _worker(colour)) for colour, n in paid)
    )


@register.filter
def role(colour: str) -> str:
    return WORKERS.get(colour, ("", colour))[1]
