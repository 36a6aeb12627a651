"""Whose move it is, in a real browser: Bob's home page lists a Machi Koro Legacy table under
"Waiting for others" while it is Alice's move; once she has moved, the list and the page's title
say it is his (without a reload), and the table's page says so in its title until he has moved.
Screenshots go to test-artifacts/turns-<step>-<viewport>."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from campaigns import seats, store
from campaigns.sharing.models import Membership, Role
from tests.web.test_notes import hand_to

from .conftest import PASSWORD, check_a11y, log_in, save_page

VIEWPORTS = {"desktop": {"width": 1440, "height": 900}, "phone": {"width": 390, "height": 844}}


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_the_home_page_and_the_tables_title_follow_whose_move_it_is(
    page: Page, live_server: LiveServer, viewport: str
) -> None:
    page.set_viewport_size(VIEWPORTS[viewport])  # type: ignore[arg-type]
    bob = log_in(page, live_server, "bob")
    alice = User.objects.create_user("alice", password=PASSWORD)
    table = store.create(alice, "machi", "Harbour", ["owner", "open"])
    Membership.objects.create(campaign=table, user=bob, role=Role.PLAY)
    seats.take_seat(table, bob)
    hand_to(table, 0)  # Bob chose his town square cards; Alice has not

    page.goto(live_server.url)
    expect(page).to_have_title("Legacy of Yu")
    row = page.locator(f"#campaign-{table.code}")
    expect(page.locator("#their-move")).to_have_text("Waiting for others")
    expect(row.locator(".turn")).to_contain_text("Waiting for alice")
    save_page(page, "turns", f"waiting-{viewport}")

    hand_to(table, 1)  # Alice chose, rolled and ended her turn
    page.evaluate("window.dispatchEvent(new Event('focus'))")  # as when Bob comes back to the tab
    expect(page).to_have_title("(1) Your move · Legacy of Yu")
    expect(page.locator("#your-move")).to_have_text("Your move 1")
    expect(row.locator(".turn")).to_contain_text("Your move")
    expect(page.locator("#their-move")).to_have_count(0)
    save_page(page, "turns", f"yours-{viewport}")
    check_a11y(page, f"turns-yours-{viewport}")

    row.get_by_role("link", name="Open").click()
    expect(page).to_have_title("Your move · Harbour · Machi Koro Legacy")
    hand_to(table, 0)  # Bob's moves, made elsewhere: the open page follows
    expect(page).to_have_title("Harbour · Machi Koro Legacy")
