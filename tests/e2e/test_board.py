"""Sign up, start two campaigns, play a Round of one by clicking, reload, and
check that each campaign keeps its own board."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer
from web.base import quiet_plays

from campaigns import store
from campaigns.models import Campaign
from engine.yu import Action
from engine.yu.bots.bots import HeuristicBot

from .conftest import ARTIFACTS, PASSWORD

LIMIT = 600


def sign_up(page: Page, live_server: LiveServer, name: str) -> None:
    page.goto(f"{live_server.url}/accounts/signup/")
    page.get_by_label("Username").fill(name)
    page.get_by_label("Password:", exact=True).fill(PASSWORD)
    page.get_by_label("Password confirmation").fill(PASSWORD)
    page.get_by_role("button", name="Create my account").click()
    expect(page.get_by_role("heading", name="Your campaigns")).to_be_visible()


def start_campaign(page: Page, name: str) -> str:
    page.get_by_label("New campaign").fill(name)
    page.get_by_role("button", name="Start a campaign").click()
    expect(page.get_by_role("heading", name=name)).to_be_visible()
    return page.url


def version(page: Page) -> int:
    return int(page.locator("#board-version").input_value())


def click_action(page: Page, button_selector: str) -> None:
    """Click an action button and wait for htmx to bring the next version of the board,
    or the question the board asks before an action that loses the game."""
    before = version(page)
    asked = page.locator("#decision.confirming").count() > 0  # then only the next version will do
    page.locator(button_selector).first.click()
    awaited = f"#board-version[value='{before + 1}']" + ("" if asked else ", #decision.confirming")
    page.locator(awaited).first.wait_for(state="attached")


def play_one_round(page: Page, first: str = "Round 1") -> None:
    """Use every card, end the actions, answer the attacks: until Round 2 begins (``first``:
    how the board names Round 1)."""
    for _ in range(60):
        if page.locator("#status .round").inner_text() != first:
            return
        if page.locator("#decision.confirming").count():  # an answer that loses the game asks first
            click_action(page, "#confirm")
        elif page.locator("#decision .options button[name=key]:visible").count():
            suffer = page.locator("#decision button[value=suffer]")
            click_action(
                page,
                "#decision button[value=suffer]"
                if suffer.count()
                else "#decision .options button[name=key]:visible",
            )
        elif page.locator("#hand button[value^='play:']").count():
            click_action(page, "#hand button[value^='play:']")
        else:
            click_action(page, "#decision button[value=end]")
    raise AssertionError("Round 1 never ended")


def board_summary(page: Page) -> dict[str, str]:
    return {
        region: page.locator(region).inner_text()
        for region in ("#status", "#hand", "#card-row", "#supply", "#piles", "#log")
    }


def test_it_plays_a_round_and_keeps_each_campaign_apart(
    page: Page, live_server: LiveServer, screenshot: Callable[[str], None]
) -> None:
    page.set_viewport_size({"width": 1400, "height": 900})
    sign_up(page, live_server, "yu")
    first = start_campaign(page, "First River")
    page.goto(live_server.url)
    second = start_campaign(page, "Second River")
    page.goto(live_server.url)
    expect(page.locator("#campaign-list tbody tr")).to_have_count(2)
    screenshot("1-two-campaigns")

    page.goto(first)
    expect(page.locator("#status .round")).to_have_text("Round 1")
    screenshot("2-first-board")
    click_action(page, "#hand button[value^='play:']")
    expect(page.locator("#log .log > li")).to_have_count(1)
    screenshot("3-first-card-played")
    play_one_round(page)
    expect(page.locator("#status .round")).to_have_text("Round 2")
    expect(page.locator("#hand .card").first).to_be_visible()  # the Harvest drew new cards
    screenshot("4-round-two")

    seen = board_summary(page)
    page.reload()
    expect(page.locator("#status .round")).to_have_text("Round 2")
    assert board_summary(page) == seen
    screenshot("5-reloaded")

    page.goto(live_server.url)
    page.get_by_role("link", name="Second River").click()
    assert page.url == second
    expect(page.get_by_role("heading", name="Second River")).to_be_visible()
    expect(page.locator("#status .round")).to_have_text("Round 1")
    expect(page.locator("#log")).to_contain_text("Nothing yet")
    assert version(page) == 0
    screenshot("6-second-board")

    page.set_viewport_size({"width": 420, "height": 900})
    page.goto(first)
    screenshot("7-first-board-on-a-phone")


def test_it_shows_the_fresh_board_to_a_stale_window(
    page: Page, live_server: LiveServer, screenshot: Callable[[str], None], transactional_db: None
) -> None:
    sign_up(page, live_server, "two-windows")
    url = start_campaign(page, "Two Windows")
    other = page.context.new_page()
    other.goto(url)
    click_action(page, "#hand button[value^='play:']")  # the first window moves on

    played = other.locator("#hand button[value^='play:']").first.get_attribute("value")
    other.locator(f"#hand button[value='{played}']").click()  # the second window still shows version 0
    expect(other.locator("#notice")).to_contain_text("You had already moved, in another window")
    expect(other.locator("#board-version")).to_have_value("1")
    expect(other.locator("#log .log > li")).to_have_count(1)
    page.bring_to_front()
    other.screenshot(path=ARTIFACTS / "test_it_shows_the_fresh_board_to_a_stale_window.png", full_page=True)

    # A forged button: the refusal and its reason come back, and nothing changes.
    # (Any action button will do: the card played first may have opened a decision.)
    other.locator("#board button[name=key]:visible").first.evaluate("button => button.value = 'attack:1:R'")
    game = store.load(Campaign.objects.get(name="Two Windows")).state.game
    reason = game.explain(Action.parse("attack:1:R"))
    assert reason
    other.locator("button[value='attack:1:R']").click()
    expect(other.locator("#notice")).to_contain_text(str(reason))
    expect(other.locator("#board-version")).to_have_value("1")


@pytest.fixture
def page_without_js(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, java_script_enabled=False)
    context.set_default_timeout(10_000)
    yield context.new_page()
    context.close()


def test_it_plays_a_whole_game_without_javascript(
    page_without_js: Page, live_server: LiveServer, transactional_db: None
) -> None:
    """Plain form posts and redirects, the settlement and the variants opened by
    their own disclosure widgets, a losing answer confirmed on its own page."""
    page = page_without_js
    sign_up(page, live_server, "plain")
    start_campaign(page, "No Script")
    quiet = quiet_plays(Campaign.objects.get(name="No Script"), 1)[0]  # a play that reveals nothing
    page.locator(f"#hand .moves > button[value='{quiet}']").click()  # a plain form post, then a redirect
    expect(page.locator("#board-version")).to_have_value("1")
    expect(page.locator("#log .log > li")).to_have_count(1)
    page.locator("#decision button[value=undo]").click()
    expect(page.locator("#board-version")).to_have_value("2")
    expect(page.locator("#log")).to_contain_text("Took back")

    campaign = Campaign.objects.get(name="No Script")
    bot = HeuristicBot(campaign.seed)
    for _ in range(LIMIT):
        game = store.load(campaign, recent=0).state.game
        if game.over:
            break
        if page.locator("#decision.confirming").count():
            page.locator("#confirm").click()
            continue
        button = page.locator(f"#board button[name=key][value='{bot.choose(game).key}']").first
        while not button.is_visible():  # inside a closed disclosure: the drawer, or a move's variants
            button.locator("xpath=ancestor::details[not(@open)][last()]/summary").click()
        button.click()
    else:
        raise AssertionError(f"no end after {LIMIT} actions")
    expect(page.locator("#status .outcome-badge")).to_be_visible()
    expect(page.locator("#story")).to_contain_text("Game 1 is over")
