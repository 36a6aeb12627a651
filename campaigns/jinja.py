"""The board's regions drawn with Jinja2: ``templates/campaigns/regions/<name>.jinja``, one
template per region, with the pictures and words of :mod:`campaigns.templatetags.yu` (the same
functions the Django templates use), and Django's way of looking names up and of escaping, so
that a region reads as it would from a Django template."""

from __future__ import annotations

import html
from typing import Any

from django.conf import settings
from django.template.defaultfilters import pluralize, title
from django.urls import reverse
from django.utils.translation import gettext
from jinja2 import ChainableUndefined, Environment, FileSystemLoader
from markupsafe import Markup

from campaigns.reader import content, said
from campaigns.templatetags.yu import food_name, item, item_name, items, pay, role, worker


class BoardTemplates(Environment):
    """Jinja2 looking ``a.b`` up as Django does: a dict's key before an attribute."""

    def getattr(self, obj: Any, attribute: str) -> Any:
        if type(obj) is dict:
            try:
                return obj[attribute]
            except KeyError:
                pass
        return super().getattr(obj, attribute)


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


def url(name: str, *args: Any) -> str:
    """The path of a named URL, as Django's ``{% url %}`` gives it."""
    return reverse(name, args=args)


environment = BoardTemplates(
    loader=FileSystemLoader(settings.BASE_DIR / "templates"),
    autoescape=True,
    finalize=escaped,
    undefined=ChainableUndefined,  # a missing attribute shows as nothing, as in a Django template
    auto_reload=settings.DEBUG,
)
environment.globals.update(url=url, worker=worker, item=item, pay=pay, _=gettext)
environment.filters.update(
    items=items,
    item_name=item_name,
    food_name=food_name,
    role=role,
    pluralize=pluralize,
    title=title,
    say=said,
    content=content,
)


def render_region(name: str, context: dict[str, Any]) -> str:
    """One region of the board, by its name in :data:`campaigns.regions.REGIONS`."""
    return environment.get_template(f"campaigns/regions/{name}.jinja").render(context)
