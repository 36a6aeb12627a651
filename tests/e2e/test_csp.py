"""The Content Security Policy in a real browser: the board, playing on it, and
the sharing page with its Copy button, without one thing refused."""

from __future__ import annotations

from playwright.sync_api import ConsoleMessage, Page, expect
from pytest_django.live_server_helper import LiveServer

from tests import play

from .conftest import log_in
from .test_board import click_action

SEED = 7
NOTICE_REFUSALS = """
window.refused = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.refused.push(event.violatedDirective + " " + (event.blockedURI || "inline"));
});
"""


def watch_for_refusals(page: Page) -> list[str]:
    """What the browser refused under the policy, as it says in its console."""
    refused: list[str] = []

    def read(message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text:
            refused.append(message.text)

    page.on("console", read)
    page.add_init_script(NOTICE_REFUSALS)
    return refused


def refused_by_page(page: Page) -> list[str]:
    found: list[str] = page.evaluate("window.refused || []")
    return found


def test_nothing_is_refused_on_the_board_or_the_sharing_page(page: Page, live_server: LiveServer) -> None:
    refused = watch_for_refusals(page)
    page.goto(f"{live_server.url}/accounts/login/")
    assert refused_by_page(page) == []
    user = log_in(page, live_server)
    campaign = play.create_campaign(user, "Yellow River", SEED)

    page.goto(live_server.url + campaign.get_absolute_url())
    expect(page.locator("#board-version")).to_have_value(str(campaign.version))
    click_action(page, "#hand button[value^='play:']")  # an htmx swap
    with page.expect_response(lambda r: "/live/" in r.url):  # and a poll of the live board
        pass
    assert refused_by_page(page) == []

    page.goto(f"{live_server.url}/c/{campaign.code}/members/")
    page.get_by_role("button", name="Make an invite link").click()
    field = page.locator("#invite-link")
    expect(field).to_be_visible()
    field.focus()
    assert page.evaluate("[document.activeElement.selectionStart, document.activeElement.selectionEnd]") == [
        0,
        len(field.input_value()),
    ]
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    copy = page.locator("#new-link button")
    expect(copy).to_have_text("Copy")
    copy.click()
    expect(copy).to_have_text("Copied")
    assert page.evaluate("navigator.clipboard.readText()") == field.input_value()
    assert refused_by_page(page) == []

    assert refused == []
