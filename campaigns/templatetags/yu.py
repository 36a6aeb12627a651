"""Small pictures for the board: Worker chips (a colour, a shape and a letter,
so no one needs to tell colours apart) and Resource icons, drawn from the SVG
symbols in ``campaigns/_icons.html``, for the engine's typed costs and effects. The board's
regions, drawn with Jinja2, call the same functions (:mod:`campaigns.jinja`).

Their words (titles, effects without a picture) are said in the reader's language, and
each language's pictures are kept apart."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, ParamSpec

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, gettext_noop

from campaigns.reader import language, said
from engine.yu.content import words
from engine.yu.content.items import ALL_COLOURS, COLOURED, INDEX, ITEMS, WORKERS, Amount, Cost, Item
from engine.yu.content.steps import Counted, Destroy, Flood, Gain, Pay, Pick, Read, RevealBarbarian, Step

register = template.Library()
P = ParamSpec("P")

LETTERS = {"white": "W", "red": "R", "blue": "B", "black": "K", "yellow": "Y"}
ROLES = {
    "white": gettext_noop("Labourer"),
    "red": gettext_noop("Fighter"),
    "blue": gettext_noop("Spearman"),
    "black": gettext_noop("Rider"),
    "yellow": gettext_noop("Archer"),
}
TITLES = {
    "white": gettext_noop("White Worker (Labourer)"),
    "red": gettext_noop("Red Worker (Fighter)"),
    "blue": gettext_noop("Blue Worker (Spearman)"),
    "black": gettext_noop("Black Worker (Rider)"),
    "yellow": gettext_noop("Yellow Worker (Archer)"),
}
"""What a Worker chip says it is, for a tooltip and a screen reader."""
RESOURCES = {
    "cowrie": gettext_noop("Cowrie Shell"),
    "clay": gettext_noop("Clay"),
    "wood": gettext_noop("Wood"),
    "provision": gettext_noop("Provision"),
}
HARMFUL = (Destroy, Flood, RevealBarbarian)
"""Effects shown in the colour of danger."""


def per_language(function: Callable[P, SafeString]) -> Callable[P, SafeString]:
    """``function`` remembered for each language apart: what it draws holds words."""

    @functools.lru_cache(maxsize=4096)
    def drawn(language: str | None, args: tuple[Any, ...], kwargs: tuple[tuple[str, Any], ...]) -> SafeString:
        return function(*args, **dict(kwargs))

    @functools.wraps(function)
    def in_language(*args: P.args, **kwargs: P.kwargs) -> SafeString:
        return drawn(language(), args, tuple(kwargs.items()))

    return in_language


def _worker(colour: str) -> SafeString:
    return format_html(
        '<svg class="icon worker w-{0}" viewBox="0 0 24 24" role="img" aria-label="{1}">'
        '<title>{1}</title><use href="#shape-{0}"></use>'
        '<text x="12" y="16.5" text-anchor="middle">{2}</text></svg>',
        colour,
        gettext(TITLES[colour]),
        LETTERS[colour],
    )


def _wildcard(kind: str) -> SafeString:
    label = gettext("any coloured Worker (not White)") if kind == "coloured" else gettext("any Worker")
    letter = "C" if kind == "coloured" else "?"
    return format_html(
        '<svg class="icon worker w-{0}" viewBox="0 0 24 24" role="img" aria-label="{1}"><title>{1}</title>'
        '<use href="#shape-{0}"></use><text x="12" y="16.5" text-anchor="middle">{2}</text></svg>',
        kind,
        label,
        letter,
    )


def _resource(name: str) -> SafeString:
    return format_html(
        '<svg class="icon res r-{0}" viewBox="0 0 24 24" role="img" aria-label="{1}"><title>{1}</title>'
        '<use href="#res-{0}"></use></svg>',
        name,
        gettext(RESOURCES[name]),
    )


def _picture(item: Item | str) -> SafeString:
    name = item if isinstance(item, str) else ITEMS[item]
    return _worker(name) if name in ROLES else _resource(name)


def _one_of(items: tuple[Item, ...]) -> SafeString:
    """One item out of several: a wildcard chip when they are all (coloured) Workers."""
    mask = sum(1 << i for i in items) if all(i < len(WORKERS) for i in items) else 0
    if mask == ALL_COLOURS:
        return _wildcard("any")
    if mask == COLOURED:
        return _wildcard("coloured")
    return mark_safe('<span class="or">/</span>'.join(str(_picture(i)) for i in items))


def _count(n: int, picture: SafeString) -> SafeString:
    return format_html('<span class="item"><b>{}</b>{}</span>', n, picture)


def _step(step: Step) -> SafeString:
    if isinstance(step, Gain):
        return _count(step.count, _picture(step.item))
    if isinstance(step, Pick):
        return _count(step.count, _one_of(step.items))
    if isinstance(step, Pay):
        return format_html(
            '<span class="fx">{}</span> {}', gettext("pay"), _count(step.count, _picture(step.item))
        )
    if isinstance(step, Read):
        return format_html(
            '<span class="fx fx-story" title="{}">{}</span>',
            gettext("Read this Story Book entry"),
            said(words.step(step)),
        )
    style = "fx-destroy" if isinstance(step, HARMFUL) else "fx-draw" if isinstance(step, Counted) else ""
    return format_html('<span class="fx {}">{}</span>', style, said(words.step(step)))


def _amount(amount: Amount) -> SafeString:
    return _count(amount.count, _one_of(amount.items))


@register.filter
@per_language
def items(value: Cost | tuple[Step, ...] | None) -> SafeString:
    """A cost or a list of effects as pictures, with words for what is not an item."""
    if isinstance(value, Cost):
        parts = [_amount(a) for a in value.amounts]
        if value.exhaust:
            parts.append(format_html('<span class="fx">{}</span>', said(words.exhaust(value.exhaust))))
    else:
        parts = [_step(step) for step in value or ()]
    if not parts:
        return format_html('<span class="fx muted">{}</span>', said(words.NOTHING))
    return format_html_join(" ", "{}", ((p,) for p in parts))


@register.simple_tag
@per_language
def worker(colour: Item | str) -> SafeString:
    """A Worker chip: a colour, or ``any`` / ``coloured`` for a wildcard."""
    if colour in ("any", "coloured"):
        return _wildcard(str(colour))
    return _worker(colour if isinstance(colour, str) else WORKERS[colour])


@register.simple_tag
@per_language
def item(name: Item | str, count: int | None = None) -> SafeString:
    """One item, with its count when given."""
    if count is None:
        return format_html('<span class="item">{}</span>', _picture(name))
    return _count(count, _picture(name))


@register.simple_tag
@per_language
def pay(paid: tuple[tuple[str, int], ...]) -> SafeString:
    """The Workers a choice pays, as chips."""
    return format_html_join(" ", '<span class="item"><b>{}</b>{}</span>', ((n, _worker(c)) for c, n in paid))


@register.filter
def role(colour: Item | str) -> str:
    """A Worker colour's role: ``"Fighter"`` for red."""
    return gettext(ROLES[colour if isinstance(colour, str) else WORKERS[colour]])


@register.filter
def item_name(value: Item | str) -> str:
    """An item's name in the reader's language: ``"red"``, ``"clay"``."""
    return said(words.name(INDEX[value] if isinstance(value, str) else value))


@register.filter
def food_name(food: str) -> str:
    """A Food in the reader's language: ``"wheat"``."""
    return said(words.FOODS[food]) if food in words.FOODS else food
