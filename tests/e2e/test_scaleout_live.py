"""The deployment of docs/scaling.md (tools/scaleout) in a real browser: a board open on app server A
shows the moves its player posts through app server B, live. B writes through pgbouncer, A hears of
it on its own connection straight to Postgres and draws what Redis shares."""

from __future__ import annotations

import html
import json
import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from tools.chaos.client import Client
from tools.chaos.players import KEY, VERSION, outcome_of, playable
from tools.chaos.tally import Run
from tools.chaos.world import HOST
from tools.scaleout.deployment import Deployment, deployment

from .conftest import PASSWORD

BACK = 60_000
"""How long a board may take to come back with its server (ms): gunicorn starts, the browser
opens its stream again."""


@pytest.fixture(scope="module")
def running() -> Iterator[Deployment]:
    with deployment(workers=1) as started:
        yield started


def sign_up_and_start(page: Page, server: str, name: str) -> str:
    """Sign up through ``server``'s form, start a Legacy of Yu campaign and open its board with its
    event stream; the campaign's code."""
    page.goto(f"{server}/accounts/signup/")
    page.get_by_label("Username").fill(name)
    page.get_by_label("Password:", exact=True).fill(PASSWORD)
    page.get_by_label("Password confirmation").fill(PASSWORD)
    page.get_by_role("button", name="Create my account").click()
    card = page.locator("#game-yu")
    card.get_by_label("New campaign").fill(f"{name}'s river")
    with page.expect_response(lambda r: "/events/" in r.url) as opened:
        card.get_by_role("button", name="Start a campaign").click()
    assert opened.value.status == 200
    expect(page.get_by_role("heading", name=f"{name}'s river")).to_be_visible()
    page.wait_for_timeout(300)  # the stream's open event has reached the page
    page.evaluate("window.notReloaded = true")
    return page.url.rstrip("/").rsplit("/", 1)[-1]


def through(page: Page, port: int) -> Client:
    """The page's user as htmx would post for them, with their session and CSRF token, but to the
    server on ``port``."""
    client = Client(Run(port), HOST)
    client.cookies = {cookie["name"]: cookie["value"] for cookie in page.context.cookies()}
    return client


def move(client: Client, page: Page, code: str) -> int:
    """Read the board from the client's server, post its first move there as htmx does (answering
    yes to the board's question if it asks one); the version it brought."""
    board = client.get(f"/c/{code}/", "play")
    found = VERSION.search(board.text)
    assert board.status == 200 and found, board.status
    version = int(found.group(1))
    key = playable([html.unescape(k) for k in KEY.findall(board.text)])[0]
    token = json.loads(page.locator("body").get_attribute("hx-headers") or "{}")["X-CSRFToken"]
    fields = {"key": key, "version": str(version)}
    path = f"/c/{code}/act/"
    answer = client.request("POST", path, "play", fields=fields, htmx=True, token=token)
    if outcome_of(answer, code, htmx=True) == "asked":
        fields["confirm"] = "yes"
        answer = client.request("POST", path, "play", fields=fields, htmx=True, token=token)
    assert outcome_of(answer, code, htmx=True) == "ack", (answer.status, answer.text[:300])
    return version + 1


def test_a_board_on_one_server_shows_the_moves_posted_through_the_other(
    page: Page, running: Deployment
) -> None:
    a, b = running.servers
    code = sign_up_and_start(page, f"http://{HOST}:{a.port}", "ada")
    polls: list[float] = []
    page.on("request", lambda r: polls.append(time.monotonic()) if "/live/" in r.url else None)
    since = time.monotonic()
    elsewhere = through(page, b.port)
    for moves in range(1, 4):
        version = move(elsewhere, page, code)
        assert version == moves
        expect(page.locator("#board-version")).to_have_value(str(version))
        expect(page.locator("#log .log > li")).to_have_count(moves)
    assert page.evaluate("window.notReloaded") is True
    assert [t for t in polls if t > since] == [], "the board polled while its stream was open"


def test_a_board_whose_server_was_killed_catches_up_once_it_is_back(page: Page, running: Deployment) -> None:
    a, b = running.servers
    code = sign_up_and_start(page, f"http://{HOST}:{a.port}", "bram")
    elsewhere = through(page, b.port)
    a.kill()
    move(elsewhere, page, code)
    version = move(elsewhere, page, code)
    a.launch(running.env())
    a.ready()
    expect(page.locator("#board-version")).to_have_value(str(version), timeout=BACK)
    expect(page.locator("#log .log > li")).to_have_count(version)
    assert page.evaluate("window.notReloaded") is True
