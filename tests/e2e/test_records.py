"""From a table's page to its full log and its chronicle, on a desktop and on a phone: each page
opens from its link, pages on, draws its chart, passes axe-core and never scrolls sideways.
Screenshots go to test-artifacts/."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from campaigns import seats
from campaigns.models import Campaign
from tests import play

from .conftest import check_a11y, log_in, save_page

LONG_GAMES = 5
"""A series seed whose first two games draw 84 and 88 numbers before their third journey card."""
SIZES = {"desktop": {"width": 1440, "height": 900}, "phone": {"width": 390, "height": 844}}


def no_sideways_scroll(page: Page) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth"))


@pytest.mark.parametrize("size", SIZES)
def test_the_full_log_and_the_chronicle_open_from_the_table(
    page: Page, live_server: LiveServer, size: str
) -> None:
    page.set_viewport_size(SIZES[size])
    user = log_in(page, live_server, "owner")
    # A series whose games both last long enough to page the log (a random one's third journey
    # card may come up within the first few numbers).
    table = play.create_table(user, "legacy", "Numbers night", ["owner", "greedy", "random"], seed=LONG_GAMES)
    seats.give_seat(table, 0, "strong")  # the bots play a game to its end, then the next one
    table = Campaign.objects.get(pk=table.pk)
    play.next_game(table, table.version)
    actions = table.games.get(number=2).actions.count()
    pages = -(-actions // 50)

    page.goto(live_server.url + table.get_absolute_url())
    page.get_by_role("link", name="Full log").click()
    expect(page.get_by_role("heading", name="The full log of Numbers night")).to_be_visible()
    log = page.get_by_role("list", name="Actions, the latest first")
    expect(log.locator(":scope > li")).to_have_count(50)
    expect(
        page.get_by_text(f"Actions {actions} to {actions - 49} of {actions}, the latest first.")
    ).to_be_visible()
    assert no_sideways_scroll(page)
    check_a11y(page, f"full-log-{size}")
    save_page(page, "records", f"full-log-{size}")

    page.get_by_role("link", name="Earlier actions →").click()
    expect(page.get_by_text(f"Page 2 of {pages}")).to_be_visible()
    page.get_by_role("link", name="Game 1", exact=True).click()
    expect(page.get_by_role("link", name="Game 1", exact=True)).to_have_attribute("aria-current", "page")

    page.get_by_role("link", name="← Back to the table").click()
    page.locator(".table-head").get_by_role("link", name="Chronicle").click()
    expect(page.get_by_role("heading", name="The chronicle of Numbers night")).to_be_visible()
    expect(page.locator("figure.chart-scores svg circle")).to_have_count(2 * 3)
    expect(page.locator("tr[id^=game-]")).to_have_count(2)
    expect(page.get_by_role("heading", name="Closest calls")).to_be_visible()
    assert no_sideways_scroll(page)
    check_a11y(page, f"chronicle-{size}")
    save_page(page, "records", f"chronicle-{size}")
