"""Two people, two browsers: the owner shares a campaign with a friend, who
watches it move without reloading, then plays a turn the owner sees."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from .conftest import ARTIFACTS, PASSWORD
from .test_board import click_action, sign_up, start_campaign, version

LIVE = 2_000
"""How soon an open board shows what someone else did (ms): the issue's promise."""


@pytest.fixture
def owner_and_friend(browser: Browser) -> Iterator[tuple[Page, Page]]:
    """Two browser contexts: two people with their own cookies."""
    contexts = [browser.new_context(viewport={"width": 1280, "height": 900}) for _ in range(2)]
    for context in contexts:
        context.set_default_timeout(10_000)
    yield contexts[0].new_page(), contexts[1].new_page()
    for context in contexts:
        context.close()


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=ARTIFACTS / f"test_it_shares_a_live_board-{name}.png", full_page=True)


def take_an_action(page: Page) -> None:
    """Answer the decision on the board if there is one, else play the first card in hand
    (opening its choices when it has several ways to play)."""
    if page.locator("#decision .options button[name=key]:visible").count():
        click_action(page, "#decision .options button[name=key]:visible")
        return
    if not page.locator("#hand .moves > button[value^='play:']").count():
        page.locator("#hand details.variants:has(button[value^='play:']) summary").first.click()
    click_action(page, "#hand button[value^='play:']:visible")


def test_it_shares_a_live_board(owner_and_friend: tuple[Page, Page], live_server: LiveServer) -> None:
    owner, friend = owner_and_friend
    sign_up(owner, live_server, "owner")
    board = start_campaign(owner, "Shared River")

    # The owner makes a watch link; it is shown once.
    owner.get_by_role("link", name="Share").click()
    expect(owner.get_by_role("heading", name="Share “Shared River”")).to_be_visible()
    owner.get_by_label("Watch: see the board").check()
    owner.get_by_role("button", name="Make an invite link").click()
    link = owner.locator("#invite-link").input_value()
    assert "/join/" in link
    shot(owner, "1-owner-made-a-link")

    # The friend follows it without an account: sign up, come back, join. The
    # token after the link's "#" is posted by the page: no address holds it.
    token = link.split("#", 1)[1]
    addresses: list[str] = []
    friend.on("request", lambda r: addresses.append(r.url))
    friend.goto(link)
    expect(friend.get_by_role("heading", name="Join “Shared River” as a watcher")).to_be_visible()
    assert token not in friend.url
    assert addresses and not [a for a in addresses if token in a], addresses
    friend.locator("main").get_by_role("link", name="Sign up").click()
    friend.get_by_label("Username").fill("friend")
    friend.get_by_label("Password:", exact=True).fill(PASSWORD)
    friend.get_by_label("Password confirmation").fill(PASSWORD)
    friend.get_by_role("button", name="Create my account").click()
    expect(friend.get_by_role("heading", name="Join “Shared River” as a watcher")).to_be_visible()
    friend.get_by_role("button", name="Join as a watcher").click()
    expect(friend.get_by_role("heading", name="Shared River")).to_be_visible()
    expect(friend.locator(".messages")).to_contain_text("You joined Shared River as a watcher.")
    expect(friend.locator(".badge.watching")).to_be_visible()
    expect(friend.locator("button[name=key]")).to_have_count(0)  # a watcher has nothing to press
    polls: list[int] = []
    friend.on("response", lambda r: polls.append(r.status) if "/live/" in r.url else None)
    shot(friend, "2-friend-watching")

    # The owner takes an action: the friend's board follows without a reload.
    owner.goto(board)
    friend.evaluate("window.notReloaded = true")
    take_an_action(owner)
    expect(friend.locator("#board-version")).to_have_value("1", timeout=LIVE)
    expect(friend.locator("#log .log > li")).to_have_count(1, timeout=LIVE)
    assert friend.locator("#hand .card").all_inner_texts() == owner.locator("#hand .card").all_inner_texts()
    assert friend.evaluate("window.notReloaded") is True
    shot(friend, "3-friend-saw-the-action")

    # While nothing changes, the friend's polls are answered 304 with no body.
    friend.wait_for_timeout(2_500)
    assert polls and set(polls) <= {200, 304} and polls.count(304) >= 2, polls

    # The owner lets the friend play: the friend's board gains its buttons...
    owner.goto(board + "members/")
    owner.get_by_label("Role of friend").select_option("play")
    with owner.expect_navigation():  # the change is saved once the panel comes back
        owner.get_by_role("button", name="Change the role of friend").click()
    expect(friend.locator("button[name=key]")).not_to_have_count(0, timeout=LIVE)
    expect(friend.locator(".shared-by")).to_contain_text("you are playing")
    expect(friend.locator(".badge.watching")).to_have_count(0)

    # ...the friend takes an action, and the owner sees it.
    owner.goto(board)
    before = version(owner)
    take_an_action(friend)
    expect(owner.locator("#board-version")).to_have_value(str(before + 1), timeout=LIVE)
    expect(owner.locator("#log .log > li")).to_have_count(2, timeout=LIVE)
    assert owner.locator("#log").inner_text() == friend.locator("#log").inner_text()
    shot(owner, "4-owner-saw-the-friend-act")

    # Removed, the friend's open board reloads into a page that says so.
    owner.goto(board + "members/")
    with owner.expect_navigation():
        owner.get_by_role("button", name="Remove friend").click()
    expect(friend.get_by_role("heading", name="Not found")).to_be_visible(timeout=LIVE + 1_000)
    shot(friend, "5-friend-removed")
