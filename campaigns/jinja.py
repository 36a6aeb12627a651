"""The game boards' templates, in Jinja2: ``templates/**/*.jinja``, drawn by Django's Jinja2
backend (``engines["jinja2"]``, made by :func:`environment`; config/settings.py). Legacy of Yu's
regions (``templates/campaigns/regions/``) and the tables' boards (``templates/tables/table.jinja``
with each game's own) read as Django templates would: names are looked up and values escaped as
Django does, a missing name shows as nothing, the pictures and words are those of
:mod:`campaigns.templatetags` (the same functions the Django templates use), and
``{% blocktranslate %}`` is Django's (:class:`BlockTranslate`), so that ``makemessages`` reads a
board's messages as it reads a Django template's.

The backend reads ``.jinja`` files only, and the Django templates name none of them."""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from typing import Any

from django.template import engines
from django.template.defaultfilters import date as date_filter
from django.template.defaultfilters import escapejs_filter, join
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import localize
from django.utils.html import conditional_escape
from django.utils.safestring import SafeData, mark_safe
from django.utils.translation import npgettext, pgettext, trim_whitespace
from jinja2 import BaseLoader, ChainableUndefined, Environment, TemplateNotFound, nodes
from jinja2.ext import Extension
from jinja2.parser import Parser
from markupsafe import Markup

from campaigns.reader import content, gettext, ngettext, said, speaking
from campaigns.templatetags.yu import food_name, item, item_name, items, pay, role, worker
from engine.french import Word


class BoardTemplates(Environment):
    """Jinja2 looking ``a.b`` up as Django does: a dict's key before an attribute."""

    def getattr(self, obj: Any, attribute: str) -> Any:
        if type(obj) is dict:
            try:
                return obj[attribute]
            except KeyError:
                pass
        return super().getattr(obj, attribute)


class JinjaFiles(BaseLoader):
    """A loader's ``.jinja`` templates, and no other: a Django template is never read as Jinja."""

    def __init__(self, loader: BaseLoader) -> None:
        self.loader = loader

    def get_source(
        self, environment: Environment, template: str
    ) -> tuple[str, str | None, Callable[[], bool] | None]:
        if not template.endswith(".jinja"):
            raise TemplateNotFound(template)
        return self.loader.get_source(environment, template)


def escaped(value: Any) -> Any:
    """What a template prints, for autoescaping to escape as Django does: markupsafe writes a
    quote and an apostrophe as ``&#34;`` and ``&#39;``, Django as ``&quot;`` and ``&#x27;``.
    A safe string, Django's or Jinja's, is left as it is."""
    if hasattr(value, "__html__"):
        return value
    text = str(value)
    if '"' in text or "'" in text:
        return Markup(html.escape(text))
    return text


def translated(
    singular: str,
    values: Mapping[str, Any],
    plural: str | None = None,
    count: int | None = None,
    context: str | None = None,
) -> Markup:
    """A message as Django's ``{% blocktranslate %}`` gives it: in the active language (the plural
    form for ``count`` when there is one), its ``%(name)s`` filled with ``values`` escaped as
    Django escapes them, and its own HTML trusted. A translation says a content name by its
    grammar as the engine's messages do, with a spec of :mod:`engine.french`: ``%(card:un)s``."""
    if plural is None or count is None:
        text = pgettext(context, singular) if context else gettext(singular)
    else:
        text = npgettext(context, singular, plural, count) if context else ngettext(singular, plural, count)
    return Markup(text % Fields(values))


class Fields:
    """A message's values as its text asks for them: ``%(card)s`` the value, ``%(card:un)s`` the
    value said by its grammar (a content name's, :class:`engine.french.Word`; another text is
    said as it stands, eliding before a vowel: ``%(name:de)s``); escaped as Django escapes."""

    def __init__(self, values: Mapping[str, Any]) -> None:
        self.values = values

    def __getitem__(self, key: str) -> str:
        name, _, spec = key.partition(":")
        value = localize(self.values[name])
        if spec:
            said = format(Word.of(value), spec)
            value = mark_safe(said) if isinstance(value, SafeData) else said  # a safe text stays safe
        return conditional_escape(value)


class BlockTranslate(Extension):
    """``{% blocktranslate %}`` as a Django template writes it, its options (``with a=... b=...``,
    ``count n=...`` and ``{% plural %}``, ``trimmed``, ``context "..."``) with Jinja expressions:
    the message is the block's text with ``{{ name }}`` as ``%(name)s``, as Django makes it, and
    is given by :func:`translated`."""

    tags = {"blocktranslate"}  # noqa: RUF012 (Jinja's own attribute)

    def parse(self, parser: Parser) -> nodes.Output:
        stream = parser.stream
        lineno = next(stream).lineno
        values: dict[str, nodes.Expr] = {}
        counter: str | None = None
        context: str | None = None
        trimmed = False
        while not stream.current.test("block_end"):
            option = stream.expect("name").value
            if option in ("with", "count"):
                while stream.current.test("name") and stream.look().test("assign"):
                    name = next(stream).value
                    next(stream)
                    values[name] = parser.parse_expression()
                    if option == "count":
                        counter = name
                        break
            elif option == "trimmed":
                trimmed = True
            elif option == "context":
                context = stream.expect("string").value
            else:
                parser.fail(f"blocktranslate has no option {option!r}", lineno)
        next(stream)
        singular, names, end = _message(parser, trimmed)
        plural = None
        if end == "plural" and counter is not None:
            stream.expect("block_end")
            plural, more, end = _message(parser, trimmed)
            names += more
        if end != "endblocktranslate":
            parser.fail(f"blocktranslate closed by {end!r}, not endblocktranslate", lineno)
        for name in names:
            values.setdefault(name, nodes.Name(name, "load"))
        given = nodes.Dict([nodes.Pair(nodes.Const(name), value) for name, value in values.items()])
        message: list[nodes.Expr] = [nodes.Const(singular), given, nodes.Const(plural)]
        message += [nodes.Const(counter), nodes.Const(context)]
        return nodes.Output([self.call_method("_translated", message)], lineno=lineno)

    def _translated(
        self,
        singular: str,
        values: dict[str, Any],
        plural: str | None,
        counter: str | None,
        context: str | None,
    ) -> Markup:
        return translated(singular, values, plural, values[counter] if counter else None, context)


def _message(parser: Parser, trimmed: bool) -> tuple[str, list[str], str]:
    """A translated block's text up to its next tag, as Django writes the message (``%`` doubled,
    ``{{ name }}`` as ``%(name)s``, ``{{ name:a }}`` as ``%(name:a)s``); the names it holds, and
    the name of the tag that ends it (the rest of that tag left to read)."""
    stream = parser.stream
    text: list[str] = []
    names: list[str] = []
    while not stream.current.test("block_begin"):
        if stream.current.test("data"):
            text.append(next(stream).value.replace("%", "%%"))
            continue
        stream.expect("variable_begin")
        names.append(stream.expect("name").value)
        spec = ""
        if stream.skip_if("colon"):  # an English article: {{ card:a }}
            spec = ":" + stream.expect("name").value
        text.append(f"%({names[-1]}{spec})s")
        stream.expect("variable_end")
    next(stream)
    end = stream.expect("name").value
    message = "".join(text)
    return (trim_whitespace(message) if trimmed else message), names, end


def url(name: str, *args: Any) -> str:
    """The path of a named URL, as Django's ``{% url %}`` gives it."""
    return reverse(name, args=args)


def of(values: Mapping[Any, Any] | Sequence[Any], key: Any) -> Any:
    """``names|of(key)``: the entry for ``key`` (a mapping's key or a list's index), or ``key`` itself."""
    if isinstance(values, Mapping):
        return values.get(key, key)
    return values[key] if isinstance(key, int) and 0 <= key < len(values) else key


def date(value: Any, format: str) -> str:
    """Django's ``date`` filter, a time shown in the current time zone as a Django template shows it."""
    if isinstance(value, datetime) and timezone.is_aware(value):
        value = timezone.localtime(value)
    return date_filter(value, format)


def environment(**options: Any) -> BoardTemplates:
    """The boards' environment, from the options Django's Jinja2 backend gives (its loader, of the
    backend's ``DIRS``, autoescaping, reloading in development)."""
    boards = BoardTemplates(
        **{
            **options,
            "loader": JinjaFiles(options["loader"]),
            "finalize": escaped,
            "undefined": ChainableUndefined,  # a missing attribute shows as nothing, as in a Django template
            "extensions": [BlockTranslate],
        }
    )
    boards.globals.update(url=url, worker=worker, item=item, pay=pay, _=gettext)
    boards.filters.update(
        items=items,
        item_name=item_name,
        food_name=food_name,
        role=role,
        say=said,
        content=content,
        of=of,
        join=join,
        escapejs=escapejs_filter,
        date=date,
    )
    return boards


def render(name: str, context: dict[str, Any]) -> str:
    """The board template ``name`` (a ``.jinja`` file) drawn with ``context``."""
    with speaking():
        return engines["jinja2"].get_template(name).render(context)


def render_region(name: str, context: dict[str, Any]) -> str:
    """One region of Legacy of Yu's board, by its name in :data:`campaigns.regions.REGIONS`."""
    return render(f"campaigns/regions/{name}.jinja", context)
