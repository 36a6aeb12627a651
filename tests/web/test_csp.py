"""The Content Security Policy: every page lets in scripts, styles and requests
from this site only, and nothing in the templates or scripts needs more."""

from __future__ import annotations

import json
import re
from pathlib import Path

from django.conf import settings

from .base import BaseTestCase

ROOT = Path(settings.BASE_DIR)
POLICY = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self' data:",
    "connect-src": "'self'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
    "base-uri": "'none'",
    "object-src": "'none'",
}

TAG = re.compile(r"<[a-zA-Z][^>]*>", re.DOTALL)
INLINE_HTML = {
    "an inline script": re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.IGNORECASE),
    "an inline style sheet": re.compile(r"<style\b", re.IGNORECASE),
    "a javascript: address": re.compile(r"javascript:", re.IGNORECASE),
    "an htmx js: value": re.compile(r"""hx-(?:vals|headers)=['"]\s*js(?:cript)?:""", re.IGNORECASE),
}
INLINE_ATTRIBUTES = {
    "an event handler attribute": re.compile(r"\son[a-z]+\s*=", re.IGNORECASE),
    "an hx-on attribute": re.compile(r"\shx-on", re.IGNORECASE),
    "a style attribute": re.compile(r"\sstyle\s*=", re.IGNORECASE),
}
INLINE_JS = {
    "eval": re.compile(r"\beval\s*\("),
    "new Function": re.compile(r"\bnew\s+Function\b"),
    "code in a string for a timer": re.compile(r"\bset(?:Timeout|Interval)\s*\(\s*['\"`]"),
    "an event handler set as an attribute": re.compile(r"setAttribute\(\s*['\"]on", re.IGNORECASE),
    "a style attribute set whole": re.compile(r"setAttribute\(\s*['\"]style['\"]|\.style\.cssText\b"),
    "a javascript: address": re.compile(r"javascript:", re.IGNORECASE),
}


def parse(header: str) -> dict[str, str]:
    directives = (part.strip().split(None, 1) for part in header.split(";") if part.strip())
    return {name: value for name, value in directives}


def problems_in_html(text: str) -> list[str]:
    found = [what for what, pattern in INLINE_HTML.items() if pattern.search(text)]
    for tag in TAG.findall(text):
        found += [f"{what}: {tag[:80]}" for what, pattern in INLINE_ATTRIBUTES.items() if pattern.search(tag)]
    return found


class PolicyTestCase(BaseTestCase):
    def assertStrictPolicy(self, url: str, status: int = 200) -> None:
        r = self.client.get(url)
        self.assertEqual(r.status_code, status, url)
        self.assertEqual(parse(r["Content-Security-Policy"]), POLICY, url)

    def test_it_is_on_every_page(self) -> None:
        for url in ("/", "/accounts/login/", "/accounts/signup/", "/rules/"):
            self.assertStrictPolicy(url)
        self.assertStrictPolicy("/no-such-page/", 404)

        self.client.force_login(self.alice)
        campaign = self.make_campaign()
        for url in ("/", "/rules/", campaign.get_absolute_url(), f"/c/{campaign.code}/members/"):
            self.assertStrictPolicy(url)

    def test_the_pages_carry_no_inline_code(self) -> None:
        self.client.force_login(self.alice)
        campaign = self.make_campaign()
        # Making a link shows it, this once, on the page.
        self.client.post(f"/c/{campaign.code}/invites/", {"role": "watch"})
        urls = ("/", "/rules/", campaign.get_absolute_url(), f"/c/{campaign.code}/members/")
        for url in urls:
            with self.subTest(url=url):
                self.assertEqual(problems_in_html(self.client.get(url).content.decode()), [])

    def test_htmx_injects_no_styles_and_evaluates_nothing(self) -> None:
        page = self.client.get("/").content.decode()
        found = re.search(r"""<meta name="htmx-config" content='([^']*)'>""", page)
        assert found, "no htmx-config"
        config = json.loads(found.group(1))
        self.assertIs(config["includeIndicatorStyles"], False)
        self.assertIs(config["allowEval"], False)
        self.assertNotIn("hx-indicator", page)  # would need htmx's indicator styles in site.css


class SourcesTestCase(BaseTestCase):
    """Nothing in templates/ or static/ that the policy would block."""

    def test_templates_have_no_inline_code(self) -> None:
        templates = sorted(p for p in (ROOT / "templates").rglob("*") if p.suffix in (".html", ".jinja"))
        self.assertTrue(templates)
        for path in templates:
            with self.subTest(template=str(path.relative_to(ROOT))):
                self.assertEqual(problems_in_html(path.read_text()), [])

    def test_scripts_build_no_code_from_strings(self) -> None:
        scripts = sorted((ROOT / "static").rglob("*.js"))
        self.assertTrue(scripts)
        for path in scripts:
            text = path.read_text()
            found = [what for what, pattern in INLINE_JS.items() if pattern.search(text)]
            with self.subTest(script=str(path.relative_to(ROOT))):
                self.assertEqual(found, [])

    def test_the_checks_catch_what_they_look_for(self) -> None:
        bad = [
            "<script>alert(1)</script>",
            '<button onclick="go()">',
            '<input\n  type="text" onfocus="this.select()">',
            '<div hx-on::after-request="x()">',
            '<a href="javascript:go()">',
            '<p style="color: red">',
            "<style>p { color: red }</style>",
            "<div hx-vals='js:{a: 1}'>",
        ]
        for html in bad:
            with self.subTest(html=html):
                self.assertTrue(problems_in_html(html))
        good = '<script src="/static/js/board.js" defer></script><button data-copy="x" class="button">'
        self.assertEqual(problems_in_html(good), [])
