from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

PASSWORD = "river-of-nine-bends"


def test_it_signs_up_logs_out_and_logs_back_in(
    page: Page, live_server: LiveServer, screenshot: Callable[[str], None]
) -> None:
    page.goto(live_server.url)
    expect(page.get_by_role("heading", name="Hold back the flood")).to_be_visible()
    assert page.evaluate("typeof htmx") == "object"
    header = page.locator(".site-header")
    expect(header).to_have_css("background-color", "rgb(31, 111, 139)")  # site.css is served
    screenshot("1-welcome")

    page.locator("header").get_by_role("link", name="Sign up").click()
    page.get_by_label("Username").fill("yu")
    page.get_by_label("Password:", exact=True).fill(PASSWORD)
    page.get_by_label("Password confirmation").fill(PASSWORD)
    screenshot("2-signup")
    page.get_by_role("button", name="Create my account").click()

    expect(page.get_by_role("heading", name="Your campaigns")).to_be_visible()
    expect(page.get_by_text("No campaigns or tables yet.")).to_be_visible()
    expect(header.locator(".who")).to_have_text("yu")
    screenshot("3-signed-up")

    header.get_by_role("button", name="Log out").click()
    expect(page.get_by_role("heading", name="Hold back the flood")).to_be_visible()
    expect(header.get_by_role("link", name="Log in")).to_be_visible()
    screenshot("4-logged-out")

    header.get_by_role("link", name="Log in").click()
    page.get_by_label("Username").fill("yu")
    page.get_by_label("Password:").fill(PASSWORD)
    screenshot("5-login")
    page.get_by_role("button", name="Log in").click()

    expect(page.get_by_role("heading", name="Your campaigns")).to_be_visible()
    expect(header.locator(".who")).to_have_text("yu")
    screenshot("6-logged-in")
