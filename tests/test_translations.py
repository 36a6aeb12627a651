"""The French catalogue is whole: every text marked in the code and the templates is in it,
translated, not fuzzy, with the same ``{fields}`` as its English; and no template shows a
text that is not marked for translation."""

from __future__ import annotations

import contextlib
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import polib
import pytest
from django.core.management import call_command
from django.template import engines
from django.template.base import Lexer, TokenType
from django.test import override_settings

ROOT = Path(__file__).resolve().parent.parent
CATALOGUE = ROOT / "locale" / "fr" / "LC_MESSAGES" / "django.po"
FIELDS = re.compile(r"\{(\w*)(?::[^{}]*)?\}|%\((\w+)(?::[^()]*)?\)[sd]")
WORDS = re.compile(r"[^\W\d_]{2,}")
SHOWN = ("title", "aria-label", "placeholder", "alt")
"""Attributes whose text a reader (or their screen reader) is given."""
NAMES = ("Legacy of Yu",)
"""The game's name, the same in every language."""


def fields(text: str) -> set[str]:
    return {a or b for a, b in FIELDS.findall(text)}


@pytest.fixture(scope="module")
def extracted(tmp_path_factory: pytest.TempPathFactory) -> polib.POFile:
    """The catalogue as ``makemessages -l fr`` brings it up to date with the code now, run on a
    copy of the project (it writes to the ``locale/`` it walks past)."""
    if shutil.which("xgettext") is None:
        pytest.fail("makemessages needs gettext's xgettext: install the gettext package")
    copy = tmp_path_factory.mktemp("catalogue") / "project"
    left_out = shutil.ignore_patterns(".*", "__pycache__", "*.mo", "staticfiles", "test-artifacts", "build")
    shutil.copytree(ROOT, copy, ignore=left_out)
    locale = copy / "locale"
    with override_settings(LOCALE_PATHS=[locale]), contextlib.chdir(copy):
        call_command("makemessages", locale=["fr"], verbosity=0)
    return polib.pofile(str(locale / "fr" / "LC_MESSAGES" / "django.po"))


@pytest.fixture(scope="module")
def catalogue() -> polib.POFile:
    return polib.pofile(str(CATALOGUE))


def test_the_catalogue_holds_every_marked_text_and_no_other(
    extracted: polib.POFile, catalogue: polib.POFile
) -> None:
    marked = {(e.msgctxt, e.msgid) for e in extracted}
    kept = {(e.msgctxt, e.msgid) for e in catalogue if not e.obsolete}
    assert not marked - kept, (
        f"not in the catalogue yet (run makemessages -l fr): {sorted(marked - kept)[:10]}"
    )
    assert not kept - marked, f"no longer in the code: {sorted(kept - marked)[:10]}"


def test_every_text_is_translated_and_none_is_fuzzy(catalogue: polib.POFile) -> None:
    assert catalogue.percent_translated() == 100, [e.msgid for e in catalogue.untranslated_entries()][:10]
    assert not catalogue.fuzzy_entries(), [e.msgid for e in catalogue.fuzzy_entries()][:10]


def test_a_translation_names_the_same_fields_as_its_english(catalogue: polib.POFile) -> None:
    wrong = []
    for entry in catalogue.translated_entries():
        english = fields(entry.msgid) | fields(entry.msgid_plural)
        translations = [entry.msgstr] if not entry.msgid_plural else list(entry.msgstr_plural.values())
        wrong += [
            (entry.msgid, t) for t in translations if fields(t) - english or fields(entry.msgid) - fields(t)
        ]
    assert not wrong, wrong[:5]


class ShownText(HTMLParser):
    """The words a page shows: its text outside scripts and styles, and the attributes read to
    the reader."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.hidden += tag in ("script", "style")
        self.found += [v for k, v in attrs if k in SHOWN and v and WORDS.search(v)]

    def handle_endtag(self, tag: str) -> None:
        self.hidden -= tag in ("script", "style")

    def handle_data(self, data: str) -> None:
        if not self.hidden and WORDS.search(data):
            self.found.append(data.strip())


def unmarked(source: str) -> list[str]:
    """The texts of an HTML source (tags and expressions blanked out) that a reader sees."""
    parser = ShownText()
    for name in NAMES:
        source = source.replace(name, "")
    parser.feed(source)
    parser.close()
    return parser.found


def django_text(source: str) -> str:
    """A Django template's HTML, its tags and values blanked out and its translated blocks,
    comments and blocks that fill an attribute (``{% block main_class %}``) left out."""
    kept, skipping = [], None
    for token in Lexer(source).tokenize():
        if token.token_type is TokenType.BLOCK:
            name, *rest = token.contents.split()
            if skipping is None and name in ("blocktranslate", "blocktrans", "comment"):
                skipping = "end" + name
            elif skipping is None and name == "block" and rest[0].endswith(("_class", "_url")):
                skipping = "endblock"
            elif name == skipping:
                skipping = None
            kept.append(" ")
        elif token.token_type is TokenType.TEXT and skipping is None:
            kept.append(token.contents)
        else:
            kept.append("0" if token.token_type is TokenType.VAR else " ")
    return "".join(kept)


def jinja_text(source: str) -> str:
    """A Jinja template's HTML, its expressions and statements blanked out and its translated
    blocks (``{% blocktranslate %}``, campaigns.jinja.BlockTranslate) left out."""
    blanks = {"variable_begin": "0", "block_begin": " "}
    kept, translating, tag = [], False, False
    for _line, kind, value in engines["jinja2"].env.lex(source):
        if tag and kind == "name":
            translating = value == "blocktranslate" or (translating and value != "endblocktranslate")
        tag = kind == "block_begin" or (tag and kind == "whitespace")
        if not translating:
            kept.append(value if kind == "data" else blanks.get(kind, ""))
    return "".join(kept)


TEMPLATES = sorted((ROOT / "templates").rglob("*.html")) + sorted((ROOT / "templates").rglob("*.svg"))
BOARDS = sorted((ROOT / "templates").rglob("*.jinja"))


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: str(p.relative_to(ROOT / "templates")))
def test_a_django_template_shows_only_marked_text(path: Path) -> None:
    assert unmarked(django_text(path.read_text())) == []


@pytest.mark.parametrize("path", BOARDS, ids=lambda p: str(p.relative_to(ROOT / "templates")))
def test_a_board_template_shows_only_marked_text(path: Path) -> None:
    assert unmarked(jinja_text(path.read_text())) == []


def test_the_check_finds_an_unmarked_text_in_either_kind_of_template() -> None:
    django = '{% load i18n %}<p title="Read it">{% translate "Hello" %} {{ name }} world</p>'
    assert unmarked(django_text(django)) == ["Read it", "0 world"]
    marked = '{% blocktranslate %}A {{ n }} card{% endblocktranslate %}<p title="{{ t }}">{{ x }}</p>'
    assert unmarked(django_text(marked)) == []
    jinja = '<p>{{ _("Harvest") }}</p><b>Round {{ n }}</b>{% if x %}<i aria-label="{{ y }}"></i>{% endif %}'
    assert unmarked(jinja_text(jinja)) == ["Round 0"]
    translated = "{% blocktranslate count n=x %}{{ n }} card{% plural %}{{ n }} cards{% endblocktranslate %}"
    assert unmarked(jinja_text(translated + " left")) == ["left"]
