"""A real browser against pytest-django's live server.

Uses Debian's chromium (apt-get install chromium): Playwright cannot download
its own browsers here. Screenshots and axe-core reports go to test-artifacts/.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.contrib.auth.models import User
from django.core.cache import caches
from playwright.sync_api import Browser, Page, expect, sync_playwright
from pytest_django.live_server_helper import LiveServer

# Playwright's sync API keeps an event loop running on the main thread, so Django
# would take every later database call in this process for one made from async code.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

PASSWORD = "river-of-nine-bends"
CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not CHROMIUM.exists():
        message = f"no browser at {CHROMIUM}: apt-get install chromium"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture(autouse=True)
def no_throttle_counts(request: pytest.FixtureRequest) -> None:
    """Start each test with no sign-up or join counted against 127.0.0.1: the throttle
    keeps its counts in a table that the live server's flush between tests leaves alone."""
    if "live_server" in request.fixturenames:
        request.getfixturevalue("transactional_db")
        caches["throttle"].clear()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1024, "height": 720})
    context.set_default_timeout(10_000)
    yield context.new_page()
    context.close()


@pytest.fixture
def screenshot(page: Page, request: pytest.FixtureRequest) -> Callable[[str], None]:
    """Save the page as test-artifacts/<test name>-<step>.png."""

    return lambda step: save_page(page, request.node.name, step)


BLOCKING = ("serious", "critical")
"""Impacts of axe-core violations that fail a test."""
AXE_OPTIONS = {"resultTypes": ["violations", "incomplete"]}
"""Every node of the violations and of what axe-core could not decide (to review by eye);
one example each of the rules passed and not applicable."""


def check_a11y(page: Page, name: str) -> list[dict[str, Any]]:
    """Run axe-core on the page as it is now, save its report as
    test-artifacts/axe-<name>.json, and fail on any serious or critical violation.

    Returns the lesser violations (minor, moderate), for a test to look at if it wants.
    """
    results = Axe().run(page, options=AXE_OPTIONS).response
    ARTIFACTS.mkdir(exist_ok=True)
    report = {"url": page.url, "viewport": page.viewport_size, **results}
    (ARTIFACTS / f"axe-{name}.json").write_text(json.dumps(report, indent=2))
    violations: list[dict[str, Any]] = results["violations"]
    blocking = [v for v in violations if v["impact"] in BLOCKING]
    assert not blocking, f"axe-core on {name} ({page.url}):\n" + "\n".join(map(describe, blocking))
    return [v for v in violations if v["impact"] not in BLOCKING]


def describe(violation: dict[str, Any]) -> str:
    """One violation, readably: the rule, what it asks and every element that breaks it."""
    lines = [f"- {violation['id']} ({violation['impact']}): {violation['help']} <{violation['helpUrl']}>"]
    for node in violation["nodes"]:
        target = ", ".join(str(t) for t in node["target"])
        summary = " ".join((node.get("failureSummary") or "").split())
        lines.append(f"    {target}\n      {node['html'][:160]}\n      {summary[:300]}")
    return "\n".join(lines)


def log_in(page: Page, live_server: LiveServer, name: str = "yu") -> User:
    """A user made in the database, logged in through the form."""
    user = User.objects.create_user(name, password=PASSWORD)
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username").fill(name)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="Your campaigns")).to_be_visible()
    return user


def separate_pages(browser: Browser, count: int, width: int, height: int = 900) -> Iterator[list[Page]]:
    """``count`` pages, each in its own browser context (its own cookies): one person each.
    For a fixture to ``yield from``; the contexts close after the test."""
    contexts = [browser.new_context(viewport={"width": width, "height": height}) for _ in range(count)]
    for context in contexts:
        context.set_default_timeout(10_000)
    yield [c.new_page() for c in contexts]
    for context in contexts:
        context.close()


def save_page(page: Page, test: str, name: str) -> None:
    """A whole-page screenshot among the test artifacts, as ``<test>-<name>.png``."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=ARTIFACTS / f"{test}-{name}.png", full_page=True)
