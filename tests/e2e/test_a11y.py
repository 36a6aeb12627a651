"""axe-core on every page, on a desktop and on a phone: no serious or critical
violation. Each check saves test-artifacts/axe-<page>-<viewport>.json and a
full-page screenshot beside it.

The board is checked in real positions (see :mod:`tests.e2e.positions`): at the
start, with a decision open, in danger, and once the game is lost.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from campaigns.models import Campaign
from campaigns.sharing.models import Membership, Role
from tests import play

from . import positions
from .conftest import ARTIFACTS, check_a11y, log_in

VIEWPORTS = {"desktop": {"width": 1440, "height": 900}, "phone": {"width": 390, "height": 844}}
SEED = 7


@pytest.fixture(params=list(VIEWPORTS))
def viewport(request: pytest.FixtureRequest, page: Page) -> str:
    """Each test runs at each size; the page is set to it."""
    name: str = request.param
    page.set_viewport_size(VIEWPORTS[name])  # type: ignore[arg-type]
    return name


def audit(page: Page, name: str) -> None:
    """Screenshot the whole page, then run axe-core on it."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=ARTIFACTS / f"a11y-{name}.png", full_page=True)
    check_a11y(page, name)


@pytest.mark.parametrize(
    ("name", "path"),
    [("home", "/"), ("signup", "/accounts/signup/"), ("login", "/accounts/login/"), ("rules", "/rules/")],
)
def test_public_pages(page: Page, live_server: LiveServer, viewport: str, name: str, path: str) -> None:
    page.goto(live_server.url + path)
    audit(page, f"{name}-{viewport}")


def test_signup_with_errors(page: Page, live_server: LiveServer, viewport: str) -> None:
    page.goto(f"{live_server.url}/accounts/signup/")
    page.get_by_label("Username").fill("yu")
    page.get_by_label("Password:", exact=True).fill("short")
    page.get_by_label("Password confirmation").fill("other")
    page.get_by_role("button", name="Create my account").click()
    audit(page, f"signup-errors-{viewport}")


def test_home_with_campaigns(page: Page, live_server: LiveServer, viewport: str) -> None:
    user = log_in(page, live_server)
    play.create_campaign(user, "Yellow River", SEED)
    positions.game_over_lost(play.create_campaign(user, "Lost River", SEED))
    friend = User.objects.create_user("friend")
    shared = play.create_campaign(friend, "Friend's River", SEED)
    Membership.objects.create(campaign=shared, user=user, role=Role.PLAY)
    page.goto(live_server.url)
    expect(page.locator("#campaign-list tbody tr")).to_have_count(3)
    audit(page, f"home-campaigns-{viewport}")


def test_password_page(page: Page, live_server: LiveServer, viewport: str) -> None:
    log_in(page, live_server)
    page.goto(f"{live_server.url}/accounts/password/")
    audit(page, f"password-{viewport}")


def test_story_page(page: Page, live_server: LiveServer, viewport: str) -> None:
    user = log_in(page, live_server)
    campaign = positions.between_games(play.create_campaign(user, "Yellow River", SEED))
    page.goto(f"{live_server.url}/c/{campaign.code}/story/")
    expect(page.get_by_role("heading", name="The story of Yellow River")).to_be_visible()
    audit(page, f"story-{viewport}")


def test_members_page(page: Page, live_server: LiveServer, viewport: str) -> None:
    user = log_in(page, live_server)
    campaign = play.create_campaign(user, "Yellow River", SEED)
    Membership.objects.create(campaign=campaign, user=User.objects.create_user("friend"), role=Role.WATCH)
    page.goto(f"{live_server.url}/c/{campaign.code}/members/")
    page.get_by_label("Watch: see the board").check()
    page.get_by_role("button", name="Make an invite link").click()
    expect(page.locator("#invite-link")).to_be_visible()
    audit(page, f"members-{viewport}")


BOARDS: dict[str, Callable[[Campaign], Campaign] | None] = {
    "start": None,
    "decision": positions.losing_bribe,
    "flood": positions.flood_danger,
    "barbarians": positions.barbarian_danger,
    "townsfolk": positions.townsfolk_danger,
    "lost": positions.game_over_lost,
    "between": positions.between_games,
}


@pytest.mark.parametrize("position", list(BOARDS))
def test_board(page: Page, live_server: LiveServer, viewport: str, position: str) -> None:
    user = log_in(page, live_server)
    campaign = play.create_campaign(user, "Yellow River", SEED)
    if reach := BOARDS[position]:
        reach(campaign)
    page.goto(live_server.url + campaign.get_absolute_url())
    expect(page.locator("#board-version")).to_have_value(str(campaign.version))
    audit(page, f"board-{position}-{viewport}")
