"""In a real browser: the Hint button, its moves and its "Do it", and the
chronicle's charts, at desktop and phone sizes (screenshots in test-artifacts/)."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from campaigns import store
from campaigns.models import Campaign
from engine.yu.bots.bots import HeuristicBot
from engine.yu.bots.strong import no_hint
from tests import play

from . import positions
from .conftest import ARTIFACTS, check_a11y
from .test_table import DESKTOP, PHONE, open_board, version

THINKING = 60_000
"""Milliseconds a hint may take on a busy shared machine (it plays games ahead)."""


def shoot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=ARTIFACTS / f"hint-{name}.png", full_page=True)


def finish_game(campaign: Campaign) -> Campaign:
    """The campaign with its first game played to the end by the heuristic bot."""
    board = store.load(campaign)
    bot = HeuristicBot(3)
    while not board.state.game.over:
        play.act(board, bot.choose(board.state.game), board.version)
    return board.campaign


def test_a_hint_shows_moves_with_their_chances_and_one_can_be_taken(
    page: Page, live_server: LiveServer
) -> None:
    page.set_viewport_size(DESKTOP)  # type: ignore[arg-type]
    campaign = open_board(page, live_server)
    page.get_by_role("button", name="Hint").click()
    moves = page.locator("#hint .advice-moves li")
    expect(moves.first).to_be_visible(timeout=THINKING)
    assert 1 <= moves.count() <= 3
    for text in moves.all_inner_texts():
        assert "%" in text and "Do it" in text
    shoot(page, "desktop")
    check_a11y(page, "hint")
    before = version(page)
    moves.first.get_by_role("button", name="Do it").click()
    expect(page.locator("#board-version")).to_have_value(str(before + 1))
    expect(page.locator("#hint .advice-moves")).to_have_count(0)

    page.set_viewport_size(PHONE)  # type: ignore[arg-type]
    page.keyboard.press("h")
    expect(page.locator("#hint .advice-moves li").first).to_be_visible(timeout=THINKING)
    shoot(page, "phone")
    campaign.refresh_from_db()
    assert campaign.games.get().hints == 2


def test_a_one_move_position_disables_the_hint_and_a_forged_one_keeps_the_page(
    page: Page, live_server: LiveServer
) -> None:
    page.set_viewport_size(DESKTOP)  # type: ignore[arg-type]
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url) if "/hint/" in request.url else None)
    campaign = open_board(page, live_server, positions.one_move)
    reason = str(no_hint(store.load(campaign).state.game))
    button = page.locator("#decision .advice-form button")
    expect(button).to_be_disabled()
    expect(button).to_have_attribute("title", reason)
    expect(page.locator("#hint-why")).to_have_text(reason)
    expect(page.locator("#hint-why")).to_be_visible()
    seen = version(page)
    page.keyboard.press("h")  # the key, like a click, leaves a disabled button alone
    button.click(force=True)
    shoot(page, "one-move")

    button.evaluate("button => { button.disabled = false; }")  # forged: the server refuses
    button.click()
    expect(page.locator("#hint")).to_contain_text(reason)
    assert len(asked) == 1  # only the forged request went out
    for region in ("#prompt-bar", "#card-row", "#river", "#hand", "#supply", "#log"):
        expect(page.locator(region)).to_be_visible()  # the page is whole...
    bar = page.locator("#prompt-bar").evaluate("bar => getComputedStyle(bar).position")
    assert bar == "sticky"  # ...and styled
    expect(page.get_by_role("heading", name="Yellow River")).to_be_visible()
    assert version(page) == seen
    shoot(page, "refused")
    check_a11y(page, "hint-refused")
    campaign.refresh_from_db()
    assert campaign.version == seen and campaign.games.get().hints == 0


def test_the_chronicle_draws_its_charts_without_script(browser: Browser, live_server: LiveServer) -> None:
    context = browser.new_context(java_script_enabled=False, viewport=DESKTOP)  # type: ignore[arg-type]
    page = context.new_page()
    campaign = open_board(page, live_server, finish_game)
    page.get_by_role("link", name="Chronicle").click()
    expect(page.get_by_role("heading", name="The chronicle of Yellow River")).to_be_visible()
    expect(page.locator("figure.chart svg")).to_have_count(3)
    for name in ("Wins and losses", "Barbarians at the worst", "The Flood at its closest"):
        chart = page.get_by_role("img", name=name)
        expect(chart).to_be_visible()
        box = chart.bounding_box()
        assert box is not None and box["height"] > 100, name
    expect(page.locator("#game-1")).to_contain_text("Game 1 · ")
    shoot(page, "chronicle-desktop")
    page.set_viewport_size(PHONE)  # type: ignore[arg-type]
    shoot(page, "chronicle-phone")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert campaign.games.get().outcome  # game 1 is over, and the chronicle shows it
    context.close()
