"""The boards' Jinja2 backend: it reads only the .jinja templates, no Django template names one,
a message is translated, filled and escaped as Django's own tags do it, and its French says a
name by its grammar."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jinja2
from django.template import TemplateDoesNotExist, engines
from django.test import SimpleTestCase
from django.utils import translation
from markupsafe import Markup

from campaigns.jinja import translated
from engine.text import Name

ROOT = Path(__file__).resolve().parent.parent.parent

SAME = [
    (
        "{% blocktranslate with who=e.who %}<b>{{ who }}</b> took a move back{% endblocktranslate %}",
        "{% blocktranslate with who=e.who %}<b>{{ who }}</b> took a move back{% endblocktranslate %}",
    ),
    (
        "{% blocktranslate count n=coins %}{{ n }} coin{% plural %}{{ n }} coins{% endblocktranslate %}",
        "{% blocktranslate count n=coins %}{{ n }} coin{% plural %}{{ n }} coins{% endblocktranslate %}",
    ),
    (
        '{% blocktranslate trimmed with names=names|join:", " count n=coins %}<b>{{ names }}</b> wins.'
        "{% plural %}<b>{{ names }}</b>\n    share the win.{% endblocktranslate %}",
        '{% blocktranslate trimmed with names=names|join(", ") count n=coins %}<b>{{ names }}</b> wins.'
        "{% plural %}<b>{{ names }}</b>\n    share the win.{% endblocktranslate %}",
    ),
    (
        '{% translate "wins" context "a seat, when the game is over" %}',
        '{% blocktranslate context "a seat, when the game is over" %}wins{% endblocktranslate %}',
    ),
    (
        "{% blocktranslate %}Game {{ coins }}{% endblocktranslate %} {% blocktranslate %}100% of {{ coins }}"
        "{% endblocktranslate %}",
        "{% blocktranslate %}Game {{ coins }}{% endblocktranslate %} {% blocktranslate %}100% of {{ coins }}"
        "{% endblocktranslate %}",
    ),
]
"""Messages of the boards as a Django template and a board template write them."""


class JinjaBackendTests(SimpleTestCase):
    def test_the_jinja_backend_reads_only_jinja_templates(self) -> None:
        boards = engines["jinja2"]
        self.assertIn('id="status"', boards.get_template("campaigns/regions/status.jinja").render({}))
        with self.assertRaises(TemplateDoesNotExist):
            boards.get_template("tables/table.html")

    def test_no_django_template_names_a_jinja_one(self) -> None:
        django = [*(ROOT / "templates").rglob("*.html"), *(ROOT / "templates").rglob("*.svg")]
        self.assertEqual([path.name for path in django if ".jinja" in path.read_text()], [])

    def test_a_message_is_filled_with_its_values_escaped_and_its_html_kept(self) -> None:
        filled = translated("<b>%(who)s</b> took a move back", {"who": "O'Brien & <i>"})
        self.assertEqual(filled, "<b>O&#x27;Brien &amp; &lt;i&gt;</b> took a move back")
        self.assertIsInstance(filled, Markup)
        kept = translated("<b>%(who)s</b> took a move back", {"who": Markup("<i>Ann</i>")})
        self.assertEqual(kept, "<b><i>Ann</i></b> took a move back")
        with translation.override("fr"):
            self.assertEqual(
                translated("<b>%(who)s</b> took a move back", {"who": "Ann"}), "<b>Ann</b> a repris un coup"
            )
            self.assertEqual(translated("%(n)s coin", {"n": 0}, "%(n)s coins", 0), "0 pièce")
            self.assertEqual(translated("%(n)s coin", {"n": 2}, "%(n)s coins", 2), "2 pièces")
            self.assertEqual(translated("wins", {}, context="a seat, when the game is over"), "gagne")

    def test_a_board_template_says_a_message_as_a_django_template_does(self) -> None:
        for coins in (0, 1, 2):
            context: dict[str, Any] = {
                "e": {"who": "<Ann's>"},
                "coins": coins,
                "names": ["Ann", "Bo & Co"][:coins],
            }
            for language in ("en", "fr"):
                for django, board in SAME:
                    with self.subTest(board, coins=coins, language=language), translation.override(language):
                        expected = engines["django"].from_string("{% load i18n %}" + django).render(context)
                        self.assertEqual(engines["jinja2"].from_string(board).render(context), expected)

    def test_a_translation_says_a_name_by_its_grammar_and_escapes_it(self) -> None:
        built = engines["jinja2"].from_string(
            "{% blocktranslate with who=who card=card|say %}<b>{{ who }}</b> built {{ card:a }}"
            "{% endblocktranslate %}"
        )
        waiting = engines["jinja2"].from_string(
            '{% blocktranslate with names=names|join(", ") %}Waiting for {{ names }}.{% endblocktranslate %}'
        )
        context = {"who": "<Ann>", "card": Name("Gold Mine"), "names": ["Ann & Bo", "Cy"]}
        self.assertEqual(built.render(context), "<b>&lt;Ann&gt;</b> built a Gold Mine")
        orchard = {**context, "card": Name("Apple Orchard")}
        self.assertEqual(built.render(orchard), "<b>&lt;Ann&gt;</b> built an Apple Orchard")
        self.assertEqual(waiting.render(context), "Waiting for Ann &amp; Bo, Cy.")
        with translation.override("fr"):
            self.assertEqual(built.render(context), "<b>&lt;Ann&gt;</b> a construit une Mine d&#x27;or")
            self.assertEqual(built.render(orchard), "<b>&lt;Ann&gt;</b> a construit un Verger")
            self.assertEqual(waiting.render(context), "En attente d'Ann &amp; Bo, Cy.")
            self.assertEqual(translated("%(name)s's town", {"name": "O'Brien"}), "Ville d&#x27;O&#x27;Brien")
            self.assertEqual(translated("%(name)s's town", {"name": "Bo"}), "Ville de Bo")

    def test_a_translated_block_holds_only_names_and_its_own_tags(self) -> None:
        wrong = [
            "{% blocktranslate nope %}x{% endblocktranslate %}",
            "{% blocktranslate %}x{% plural %}y{% endblocktranslate %}",
            "{% blocktranslate %}{% if x %}y{% endif %}{% endblocktranslate %}",
            "{% blocktranslate %}{{ x.y }}{% endblocktranslate %}",
            "{% blocktranslate %}x",
        ]
        for source in wrong:
            with self.subTest(source), self.assertRaises(jinja2.TemplateSyntaxError):
                engines["jinja2"].from_string(source)
