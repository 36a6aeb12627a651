"""Two people and a bot at one table of Machi Koro Legacy: the mayors name their towns, the town
square choice kept secret from the other browser until both have chosen, game 1 played to its
end in the browsers and written in the town register, and game 2 dealt with what the legacy deck
changed."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from campaigns import store
from campaigns.models import Campaign
from engine.machi.bots import planner
from engine.machi.campaign import GAMES
from engine.machi.game import Game

from .conftest import check_a11y, save_page, separate_pages
from .test_board import sign_up
from .test_legacy_table import invite, join

LIVE = 2_000
"""How soon the other browser shows a move (ms)."""


@pytest.fixture
def mayors(browser: Browser) -> Iterator[list[Page]]:
    """Two browser contexts, each with its own cookies: the owner and a friend."""
    yield from separate_pages(browser, 2, 1440)


def shot(page: Page, name: str) -> None:
    save_page(page, "test_machi_table", name)


def game_of(campaign: Campaign) -> Game:
    game = store.load(Campaign.objects.get(pk=campaign.pk)).state.game
    assert isinstance(game, Game)
    return game


def play(pages: list[Page], campaign: Campaign, until: int) -> None:
    """Click, in the browser of whoever must act, what the planner would, until the seats
    waiting are not the people's (the game ended, or ``until`` actions were taken)."""
    for _ in range(until):
        game = game_of(campaign)
        people = [s for s in game.waiting() if s < len(pages)]
        if game.over or not people:
            return
        seat, version = people[0], str(Campaign.objects.get(pk=campaign.pk).version)
        page = pages[seat]
        expect(page.locator("#table")).to_have_attribute("data-version", version, timeout=LIVE)
        page.locator(f"#table button[value='{planner(game, seat).key}']").click()
        expect(page.locator("#table")).not_to_have_attribute("data-version", version)


def test_two_mayors_and_a_bot_play_game_one_and_go_on_to_game_two(
    mayors: list[Page], live_server: LiveServer
) -> None:
    owner, ann = mayors
    sign_up(owner, live_server, "owner")
    owner.get_by_label("Table name").fill("Island")
    owner.get_by_label("Game", exact=True).select_option(label="Machi Koro Legacy")
    owner.get_by_label("Seats for friends").fill("1")
    owner.get_by_label("Bots", exact=True).fill("1")
    owner.get_by_role("button", name="Open the table").click()
    expect(owner.get_by_role("heading", name="Island")).to_be_visible()
    join(ann, live_server, invite(owner, "Play: take actions and undo them too"), "ann", "player", "Island")
    campaign = Campaign.objects.get(name="Island")
    for page in mayors:
        expect(page.locator(".table-seat")).to_have_count(3)
        expect(page.locator(".table-seat").nth(2)).to_contain_text("chosen")  # the bot chose at once
        expect(page.locator(".mk-prompt")).to_contain_text("Take your 2 town square cards")
        expect(page.locator(".mk-story")).to_contain_text("Landfall")

    # Each mayor names their town; a name too long is refused with why, and the other keeps typing.
    owner.get_by_label("Name your town").fill("Riverside")
    owner.get_by_role("button", name="Name it").click()
    for page in mayors:
        expect(page.locator("[data-town='0'] .mk-town-name")).to_have_text("Riverside", timeout=LIVE)
    ann.get_by_label("Name your town").fill("H" * 41)
    ann.get_by_role("button", name="Name it").click()
    expect(ann.locator("#table .notice.error")).to_contain_text("at most 40 characters")
    ann.get_by_label("Name your town").fill("Hilltop")
    owner.get_by_label("Rename your town").fill("Riverside Bay")
    owner.get_by_role("button", name="Rename").click()
    expect(ann.locator("[data-town='0'] .mk-town-name")).to_have_text("Riverside Bay", timeout=LIVE)
    expect(ann.get_by_label("Name your town")).to_have_value("Hilltop")  # kept through the live update
    ann.get_by_role("button", name="Name it").click()
    expect(owner.locator("[data-town='1'] .mk-town-name")).to_have_text("Hilltop", timeout=LIVE)
    shot(ann, "0-towns-named")
    check_a11y(ann, "machi-naming")

    # The owner asks for a hint, plays it, takes it back (nothing is shown yet), and chooses.
    owner.get_by_role("button", name="Hint").click()
    expect(owner.locator(".table-hint-box")).to_contain_text("before you can win")
    shot(owner, "0-a-hint")
    owner.locator(".table-hint-box").get_by_role("button", name="Play it").click()
    expect(owner.locator(".mk-town.mine")).to_contain_text("hidden from the others")
    owner.get_by_role("button", name="Take back your last move").click()
    expect(owner.get_by_role("button", name="Bakery + Wheat Field")).to_be_visible()
    # The owner chooses: their own browser shows it, Ann's shows only that they chose.
    owner.get_by_role("button", name="Bakery + Wheat Field").click()
    expect(owner.locator(".mk-town.mine")).to_contain_text("hidden from the others")
    expect(ann.locator(".table-seat").nth(0)).to_contain_text("chosen", timeout=LIVE)
    expect(ann.locator("[data-town='0'] .mk-card")).to_have_count(0)
    expect(ann.locator("#table")).not_to_contain_text("Your choice")
    shot(ann, "1-a-choice-kept-secret")
    ann.get_by_role("button", name="Bakery + Wheat Field").click()
    for page in mayors:
        expect(page.locator("[data-town='0'] .mk-card")).to_have_count(2, timeout=LIVE)
        expect(page.locator("[data-town='2'] .mk-card")).not_to_have_count(0)
    check_a11y(owner, "machi-table")

    play(mayors, campaign, until=6)  # the movers' browsers keep the series' parts they drew
    for page in mayors:
        expect(page.locator("#mk-story-sides")).to_contain_text("Landfall")
        expect(page.locator("#mk-campaign-cards .mk-register tbody tr")).to_have_count(GAMES)
    play(mayors, campaign, until=2_000)
    final = game_of(campaign)
    assert final.over and final.winner is not None
    winner = store.load(campaign).seats[final.winner].name
    town = ["Riverside Bay", "Hilltop", "not named"][final.winner]
    for page in mayors:
        expect(page.locator(".table-over")).to_contain_text(f"{winner} wins", timeout=LIVE)
        line = page.locator(".mk-register tbody tr").first
        expect(line.locator("td").nth(1)).to_have_text(winner)
        expect(line.locator("td").nth(2)).to_have_text(town)
        expect(page.get_by_label("Name your town")).to_have_count(0)
        expect(page.locator(".mk-story")).to_contain_text("The first name")  # read as the game ended
    shot(owner, "2-game-one-is-over")

    owner.get_by_role("button", name="Deal the next game").click()
    for page in mayors:
        expect(page.locator(".table-head")).to_contain_text("game 2 of the series", timeout=LIVE)
        expect(page.locator(".mk-community")).to_contain_text("Rope Bridge")
        expect(page.locator(".mk-town.mine .mk-landmarks")).to_contain_text("Sawmill")
        expect(page.locator(".mk-town.mine .mk-landmarks")).not_to_contain_text("Flower Shop")
        expect(page.locator(".mk-campaign")).to_contain_text("Latecomers")
        expect(page.get_by_role("button", name="Café + Wheat Field")).to_be_visible()  # the choices grew
    second = game_of(campaign)
    assert second.first == final.winner and second.setup.community == "rope_bridge"

    # This time Ann chooses first, and the owner does not see what.
    ann.get_by_role("button", name="Café + Wheat Field").click()
    expect(owner.locator(".table-seat").nth(1)).to_contain_text("chosen", timeout=LIVE)
    expect(owner.locator("#table")).not_to_contain_text("Café, Wheat Field")
    expect(owner.locator("[data-town='1'] .mk-card")).to_have_count(0)
    owner.get_by_role("button", name="Bakery + Café").click()
    expect(owner.locator("[data-town='1'] [data-card='cafe']")).to_be_visible(timeout=LIVE)
    shot(owner, "3-game-two")
