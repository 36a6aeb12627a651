"""The home page in a real browser, on a desktop and on a phone: the three games side by side
(stacked on a phone), nothing wider than the screen, each game started from its own card, and
the new-table form describing the game chosen as the choice changes. Screenshots and axe-core
reports go to test-artifacts/home-<step>-<viewport>."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from campaigns.models import Campaign

from .conftest import PASSWORD, check_a11y, log_in, save_page
from .test_csp import refused_by_page, watch_for_refusals

VIEWPORTS = {"desktop": {"width": 1440, "height": 900}, "phone": {"width": 390, "height": 844}}
GAMES = {"yu": "Legacy of Yu", "legacy": "Legacy", "machi": "Machi Koro Legacy"}
LINES = {
    "legacy": "Everyone places the same drawn number",
    "machi": "a legacy deck changes the rules",
}
OVERFLOWING = """() => {
  const width = document.documentElement.clientWidth;
  const wide = [...document.querySelectorAll("body *")].filter((e) => {
    const box = e.getBoundingClientRect();
    return box.width > 1 && box.height > 1 && (box.right > width + 0.5 || box.left < -0.5);
  });
  const names = wide.map((e) => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + "." + e.className);
  if (document.documentElement.scrollWidth > width) names.unshift("the page scrolls sideways");
  return names;
}"""


@pytest.fixture(params=list(VIEWPORTS))
def viewport(request: pytest.FixtureRequest, page: Page) -> str:
    name: str = request.param
    page.set_viewport_size(VIEWPORTS[name])  # type: ignore[arg-type]
    return name


def look(page: Page, step: str, viewport: str) -> None:
    """The three cards in view one after the other, nothing wider than the screen, a
    screenshot and axe-core's report."""
    cards = page.locator(".game-card")
    expect(cards).to_have_count(3)
    for name, title in GAMES.items():
        card = page.locator(f"#game-{name}")
        card.scroll_into_view_if_needed()
        expect(card.get_by_role("heading", name=title, exact=True)).to_be_visible()
        expect(card.get_by_role("link", name=f"The rules of {title}")).to_be_visible()
    boxes = [cards.nth(i).bounding_box() for i in range(3)]
    assert all(boxes)
    tops = {round(box["y"]) for box in boxes if box}
    assert len(tops) == (1 if viewport == "desktop" else 3), boxes  # a row, or a stack
    assert page.evaluate(OVERFLOWING) == []
    save_page(page, "home", f"{step}-{viewport}")
    check_a11y(page, f"home-{step}-{viewport}")


def test_a_visitor_sees_the_three_games_and_signs_up_from_one(
    page: Page, live_server: LiveServer, viewport: str
) -> None:
    refused = watch_for_refusals(page)
    page.goto(live_server.url)
    look(page, "visitor", viewport)

    page.locator("#game-machi").get_by_role("link", name="Sign up to open a table").click()
    page.get_by_label("Username").fill("newcomer")
    page.get_by_label("Password:", exact=True).fill(PASSWORD)
    page.get_by_label("Password confirmation").fill(PASSWORD)
    page.get_by_role("button", name="Create my account").click()
    expect(page.get_by_label("Game", exact=True)).to_have_value("machi")
    expect(page.locator("#new-table .game-about p:visible")).to_have_text(re.compile(LINES["machi"]))
    expect(page.get_by_label("Table name")).to_be_in_viewport()
    assert refused_by_page(page) == [] and refused == []


def test_a_player_starts_each_game_from_its_card(page: Page, live_server: LiveServer, viewport: str) -> None:
    refused = watch_for_refusals(page)
    log_in(page, live_server)
    look(page, "player", viewport)
    about = page.locator("#new-table .game-about p:visible")  # the words shown

    # The form's words follow the game select, with no page load.
    page.get_by_label("Game", exact=True).select_option("machi")
    expect(about).to_have_count(1)
    expect(about).to_contain_text("2 to 4 players")
    expect(about).to_contain_text(LINES["machi"])
    page.get_by_label("Game", exact=True).select_option("legacy")
    expect(about).to_have_count(1)
    expect(about).to_contain_text("1 to 8 players")
    expect(about).to_contain_text(LINES["legacy"])

    for game, seats in (("machi", 2), ("legacy", 2)):
        page.goto(live_server.url)
        page.locator(f"#game-{game}").get_by_role("link", name="Open a table").click()
        expect(page.get_by_label("Game", exact=True)).to_have_value(game)
        expect(page.get_by_label("Table name")).to_be_focused()
        expect(page.get_by_label("Table name")).to_be_in_viewport()
        expect(about).to_contain_text(LINES[game])
        if game == "machi":
            save_page(page, "home", f"machi-chosen-{viewport}")
        name = f"{GAMES[game]} night"
        page.get_by_label("Table name").fill(name)
        page.get_by_role("button", name="Open the table").click()
        expect(page.get_by_role("heading", name=name)).to_be_visible()
        expect(page.locator(".table-seat")).to_have_count(seats)
        assert Campaign.objects.get(name=name).game == game

    page.goto(live_server.url)
    expect(page.get_by_role("heading", name="Your campaigns and tables", level=1)).to_be_visible()
    card = page.locator("#game-yu")
    card.get_by_label("New campaign").fill("Yellow River")
    card.get_by_role("radio", name=re.compile(r"^Hard")).check()
    card.get_by_role("button", name="Start a campaign").click()
    expect(page.get_by_role("heading", name="Yellow River")).to_be_visible()
    assert Campaign.objects.get(name="Yellow River").difficulty == "hard"

    page.goto(live_server.url)
    expect(page.locator("#campaign-list tbody tr")).to_have_count(3)
    look(page, "returning", viewport)
    assert refused_by_page(page) == [] and refused == []
