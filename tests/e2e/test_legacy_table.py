"""Three people at one table of Legacy, and a watcher: invite links give seats, everyone
places the same number in any order, the next number reaches every browser, and the third
journey card ends the game with the scores shown."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from campaigns import store
from campaigns.models import Campaign
from engine.legacy.cards import JOURNEY, JOURNEYS
from engine.legacy.game import Game as LegacyGame
from tests import play

from .conftest import PASSWORD, check_a11y, save_page, separate_pages
from .test_board import sign_up

LIVE = 2_000
"""How soon every open table shows the next number (ms): the issue's promise."""


@pytest.fixture
def people(browser: Browser) -> Iterator[list[Page]]:
    """Four browser contexts: the owner, two friends and a watcher, each with their own cookies."""
    yield from separate_pages(browser, 4, 1280)


def shot(page: Page, name: str) -> None:
    save_page(page, "test_legacy_table", name)


def invite(owner: Page, role: str) -> str:
    owner.get_by_role("link", name="Invite friends").click()
    owner.get_by_label(role).check()
    owner.get_by_role("button", name="Make an invite link").click()
    link = owner.locator("#invite-link").input_value()
    owner.go_back()
    owner.go_back()
    return link


def join(
    page: Page, live_server: LiveServer, link: str, name: str, as_role: str, table: str = "Numbers night"
) -> None:
    page.goto(link)
    page.locator("main").get_by_role("link", name="Sign up").click()
    page.get_by_label("Username").fill(name)
    page.get_by_label("Password:", exact=True).fill(PASSWORD)
    page.get_by_label("Password confirmation").fill(PASSWORD)
    page.get_by_role("button", name="Create my account").click()
    page.get_by_role("button", name=f"Join as a {as_role}").click()
    expect(page.get_by_role("heading", name=table)).to_be_visible()


def number(page: Page) -> str:
    return page.locator("#legacy-number").inner_text()


def test_three_players_and_a_watcher_play_legacy_to_the_end(
    people: list[Page], live_server: LiveServer
) -> None:
    owner, ann, bob, watcher = people
    sign_up(owner, live_server, "owner")
    owner.get_by_label("Table name").fill("Numbers night")
    owner.get_by_label("Seats for friends").fill("2")
    owner.get_by_label("Bots", exact=True).fill("0")
    owner.get_by_role("button", name="Open the table").click()
    expect(owner.get_by_role("heading", name="Numbers night")).to_be_visible()
    expect(owner.locator(".table-seat")).to_have_count(3)
    expect(owner.locator(".table-seat").nth(1)).to_contain_text("waiting for a friend")

    play_link = invite(owner, "Play: take actions and undo them too")
    watch_link = invite(owner, "Watch: see the board as it is played, and its log")
    join(ann, live_server, play_link, "ann", "player")
    join(bob, live_server, play_link, "bob", "player")
    join(watcher, live_server, watch_link, "watcher", "watcher")
    players = [owner, ann, bob]
    for page in [*players, watcher]:
        expect(page.locator(".table-seat")).to_have_text([re_seat("owner"), re_seat("ann"), re_seat("bob")])
    expect(watcher.locator(".spot")).to_have_count(0)  # a watcher has nothing to press
    first = number(owner)

    # Bob places first, then takes it back and places again; the owner, then Ann.
    bob.get_by_role("button", name="Opus: high, adds").click()
    expect(bob.locator(".legacy-prompt")).to_contain_text(f"{first} is placed in your opus")
    expect(owner.locator(".table-seat").nth(2)).to_contain_text("placed", timeout=LIVE)
    expect(owner.locator(".sheet").nth(2).locator(".opus-line")).not_to_contain_text(first)  # hidden yet
    bob.get_by_role("button", name="Take back your last move").click()
    expect(bob.locator(".legacy-prompt")).to_contain_text(f"Place {first}")
    bob.get_by_role("button", name="Opus: high, adds").click()
    # The owner asks for a hint, and plays the placement it names.
    owner.get_by_role("button", name="Hint").click()
    expect(owner.locator(".table-hint-box")).to_contain_text("The best bot would play")
    expect(owner.locator(".table-hint-box")).to_contain_text(first)
    shot(owner, "0-a-hint")
    owner.locator(".table-hint-box").get_by_role("button", name="Play it").click()
    expect(owner.locator(".legacy-prompt")).to_contain_text(f"{first} is placed in your")
    owner.get_by_role("button", name="Take back your last move").click()
    owner.get_by_role("button", name="Garden: plant the trunk").click()
    expect(owner.locator("#legacy-number")).to_have_text(first)  # Ann has not placed
    ann.get_by_role("button", name="Empire: its first square").click()
    for page in [*players, watcher]:
        expect(page.locator("#legacy-number")).not_to_have_text(first, timeout=LIVE)
    sheets = watcher.locator(".sheet")
    expect(sheets).to_have_count(3)
    expect(sheets.nth(0).locator(".tree")).to_contain_text(first)
    expect(sheets.nth(1).locator(".grid")).to_contain_text(first)
    expect(sheets.nth(2).locator(".opus-line")).to_contain_text(first)
    shot(watcher, "1-watcher-sees-three-sheets")
    check_a11y(watcher, "legacy-table-watcher")
    check_a11y(owner, "legacy-table-player")

    # Most of the deck is played through the store, as the same seats would; the last
    # number before the third journey card is placed in the browsers.
    campaign = Campaign.objects.get(name="Numbers night")
    while True:
        board = store.load(campaign)
        game: LegacyGame = board.state.game  # type: ignore[assignment]
        coming = next((i for i, card in enumerate(reversed(game.deck)) if card != JOURNEY), len(game.deck))
        if game.journeys + coming >= JOURNEYS:
            break  # the journey cards under this number end the game
        for row in board.seats:
            assert row.user is not None
            key = game.legal_actions(row.number)[0].key
            play.table_act(campaign, row.user, key, Campaign.objects.get(pk=campaign.pk).version)
    last = str(game.number)
    for page in players:
        expect(page.locator("#legacy-number")).to_have_text(last, timeout=LIVE)
    for page in (ann, owner, bob):
        page.locator(".sheet.mine .opus-line .spot").click()
    for page in [*players, watcher]:
        expect(page.locator(".table-over")).to_be_visible(timeout=LIVE)
    final = store.load(campaign).state.game
    assert final.over
    for page in [*players, watcher]:
        expect(page.locator(".journeys")).to_contain_text("3 of 3 journey cards")
        for seat, score in enumerate(final.scores()):
            expect(page.locator(".table-seat").nth(seat)).to_contain_text(f"{score} points")
    expect(owner.locator(".series")).to_contain_text("Total")
    shot(owner, "2-the-game-is-over")

    owner.get_by_role("button", name="Deal the next game").click()
    for page in [*players, watcher]:
        expect(page.locator(".table-head")).to_contain_text("game 2 of the series", timeout=LIVE)


def re_seat(name: str) -> object:
    import re

    return re.compile(rf"^\s*{name}")
