"""Replays in a real browser: a finished game of each kind stepped through from its first move to
its last (the right arrow key), then back a move, and a jump to a move by number; the address
follows each step, for sharing. Screenshots go to test-artifacts/replay-<game>.png."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from campaigns import store
from campaigns.models import Game
from tests.web.test_files import ended, play_on

from .conftest import check_a11y, log_in, save_page

SEATS = {"yu": ["owner"], "legacy": ["owner", "random"], "machi": ["owner", "random"]}


@pytest.mark.parametrize("game", list(SEATS))
def test_a_finished_game_is_stepped_through_from_start_to_end(
    page: Page, live_server: LiveServer, game: str
) -> None:
    page.set_viewport_size({"width": 1440, "height": 900})
    owner = log_in(page, live_server)
    campaign = store.create(owner, game, "Replayed", SEATS[game], seed=1_730_194_552)
    play_on(campaign, ended(1), "heuristic" if game == "yu" else "")
    code = Game.objects.get(campaign=campaign, number=1).code
    url = f"{live_server.url}/c/{campaign.code}/replay/{code}/"
    page.goto(url)
    shown = page.locator("#replay-move")
    found = re.fullmatch(r"Move 0 of (\d+)", shown.inner_text())
    assert found is not None
    total = int(found.group(1))
    assert total > 0
    for n in range(1, total + 1):
        page.keyboard.press("ArrowRight")
        expect(shown).to_have_text(f"Move {n} of {total}")
        if n == total // 2:
            save_page(page, "replay", game)
    expect(page).to_have_url(f"{url}?move={total}")
    expect(page.locator(".replay-controls a[rel='next']")).to_have_count(0)
    page.get_by_role("link", name="Previous move").click()
    expect(shown).to_have_text(f"Move {total - 1} of {total}")
    page.get_by_label("Go to move").fill("3")
    page.get_by_role("button", name="Go", exact=True).click()
    expect(shown).to_have_text(f"Move 3 of {total}")
    check_a11y(page, f"replay-{game}")
