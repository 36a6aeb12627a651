"""A table's pages on a phone and on a desktop: on a phone (390x844) no page of a Legacy or a
Machi Koro Legacy table is wider than the screen, nothing on it is cut off and every control
on it can be reached, in every state of a game and in English as in French; on a desktop
(1440x900) a Legacy table, full sheets and all, is at most two screens tall and every number
on it stays legible. Screenshots of each state go to test-artifacts/."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from campaigns import seats, store
from campaigns.models import Campaign
from campaigns.sharing.models import Membership, Role
from engine.legacy.game import Game as LegacyGame
from engine.machi.game import Game as MachiGame

from .conftest import log_in, save_page

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1440, "height": 900}
TWO_SCREENS = 2 * DESKTOP["height"]
OWNER = "marie-christine.delacroix-montgomery"
"""A long name, as people give themselves: it must fit a phone wherever the table shows it."""
TOWN = "Llanfairpwllgwyngyllgogerychwyrndrobwll"
"""A town's name of one long word, as long as a name may be."""
SEED = 11
"""The tables' seed, so that every run deals the same numbers and cards."""
MIDDLE = 30
"""How many numbers of a Legacy game (of 90) are placed by its middle."""
TURNS = 15
"""How many moves of a Machi Koro Legacy game its owner makes by its middle."""
LIMIT = 2_000
"""No game here needs more moves of its owner's than this to end."""
SMALLEST_TEXT = 12
"""The least font size (px) of a number on a sheet."""
SMALLEST_TARGET = 24
"""The least width and height (px) of a button on the player's own sheet."""

SPILLING = """() => {
  const width = document.documentElement.clientWidth;
  const scrolled = el => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement)
      if (getComputedStyle(p).overflowX !== 'visible') return true;
    return false;
  };
  return [...document.body.querySelectorAll('*')].filter(el => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && (box.left < -1 || box.right > width + 1) && !scrolled(el);
  }).map(el => `${el.tagName.toLowerCase()}.${el.className} "${el.textContent.trim().slice(0, 30)}"`
    + ` ${Math.round(el.getBoundingClientRect().left)}..${Math.round(el.getBoundingClientRect().right)}`);
}"""
"""Every element whose box leaves the screen's width (one inside a box that scrolls or clips
is that box's to keep)."""

UNREACHABLE = """() => {
  const controls = [...document.querySelectorAll('button, a[href]:not(.skip-link), input, select, summary')]
    .filter(el => el.checkVisibility() && el.getBoundingClientRect().width > 1);
  const out = controls.filter(el => {
    el.scrollIntoView({block: 'center', inline: 'center'});
    const box = el.getClientRects()[0];  // a link broken over two lines: its first part
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return !(hit && (hit === el || el.contains(hit) || (el.labels && [...el.labels].includes(hit))));
  }).map(el => `${el.tagName.toLowerCase()} "${(el.textContent || el.value || '').trim().slice(0, 30)}"`);
  window.scrollTo(0, 0);
  return out;
}"""
"""Every visible control that, scrolled to, is not the element found at its middle: covered,
or off the page."""

ILLEGIBLE = """(smallest) => [...document.querySelectorAll(
    '.sheet .opus-line > span, .sheet .num, .sheet .grid td, .sheet-total, .legacy-number')]
  .filter(el => el.textContent.trim() && el.checkVisibility())
  .filter(el => parseFloat(getComputedStyle(el).fontSize) < smallest || el.scrollWidth > el.clientWidth + 1
    || el.scrollHeight > el.clientHeight + 1)
  .map(el => `${el.className} "${el.textContent.trim()}" ${getComputedStyle(el).fontSize}`)"""
"""Every number on a sheet in a font smaller than the least, or too big for its box."""

SMALL_TARGETS = """(smallest) => [...document.querySelectorAll('.sheet.mine button')]
  .filter(el => {
    const box = el.getBoundingClientRect();
    return box.width < smallest || box.height < smallest;
  })
  .map(el => `${el.getAttribute('aria-label')} ${Math.round(el.getBoundingClientRect().width)}`
    + `x${Math.round(el.getBoundingClientRect().height)}`)"""
"""Every button on the player's own sheet smaller than the least target."""

HIDDEN_SHEETS = """() => [...document.querySelectorAll('.sheet')].filter(sheet => {
  const box = sheet.getBoundingClientRect();
  for (let p = sheet.parentElement; p; p = p.parentElement) {
    const style = getComputedStyle(p);
    if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
    const clip = p.getBoundingClientRect();
    if (box.top < clip.top - 1 || box.bottom > clip.bottom + 1 || box.left < clip.left - 1
        || box.right > clip.right + 1) return true;
  }
  return false;
}).map(sheet => sheet.querySelector('h2').textContent.trim())"""
"""The sheets drawn in part only, the rest hidden in a box that scrolls or clips them: the
whole of each sheet counts in the page's height."""


def phone_page(browser: Browser) -> Page:
    """A page in a phone of its own (its own cookies), for the test to close."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)  # type: ignore[arg-type]
    context.set_default_timeout(10_000)
    return context.new_page()


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    page = phone_page(browser)
    yield page
    page.context.close()


@pytest.fixture
def desktop(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport=DESKTOP)  # type: ignore[arg-type]
    context.set_default_timeout(10_000)
    yield context.new_page()
    context.close()


def read_in(page: Page, language: str) -> None:
    """Switch the site to ``language`` with the header's buttons."""
    if language == "fr":
        page.get_by_role("button", name="Français").click()
    expect(page.locator("html")).to_have_attribute("lang", language)


def sit_down(page: Page, live_server: LiveServer, name: str, language: str) -> User:
    user = log_in(page, live_server, name)
    read_in(page, language)
    return user


def open_table(owner: User, game: str, name: str, others: list[str]) -> Campaign:
    """A table of ``game`` dealt from :data:`SEED`, the owner at its first seat."""
    return store.create(owner, game, name, [store.OWNER, *others], seed=SEED)


def play(campaign: Campaign, owner: User, moves: int) -> store.Board:
    """Make up to ``moves`` moves at the owner's seat (0) as the game's best bot would, the
    other seats answering; stop when the game is over or waits for another seat."""
    for _ in range(moves):
        board = store.load(campaign)
        game = board.state.game
        if game.over or 0 not in game.waiting():
            return board
        action = board.session.bot(board.session.bots[0], board.state, 0)
        store.act(board, 0, action, board.version, owner.get_username())
    return store.load(campaign)


def legacy_middle(campaign: Campaign, owner: User) -> None:
    """Place :data:`MIDDLE` numbers, then more until the owner's number may branch from two
    numbers of their garden or more: their sheet offers every kind of move."""
    board = play(campaign, owner, MIDDLE)
    for _ in range(LIMIT):
        game = board.state.game
        assert isinstance(game, LegacyGame) and not game.over
        if sum(a.key.startswith("garden:") for a in game.legal_actions(0)) >= 2:
            return
        board = play(campaign, owner, 1)
    raise AssertionError("the garden never had room")


def finish(campaign: Campaign, owner: User) -> store.Board:
    board = play(campaign, owner, LIMIT)
    assert board.state.game.over, "the game did not end"
    return board


def let_in(campaign: Campaign, friend: User) -> None:
    """``friend`` let in to watch the table."""
    Membership.objects.create(campaign=campaign, user=friend, role=Role.WATCH)


def show(page: Page, url: str, test: str, state: str) -> None:
    page.goto(url)
    expect(page.locator("main")).to_be_visible()
    save_page(page, test, state)


def fits_a_phone(page: Page, state: str) -> list[str]:
    """What is wrong with the page as a phone shows it, if anything: each problem a line."""
    problems = []
    width = page.evaluate("document.documentElement.scrollWidth")
    if width > PHONE["width"]:
        problems.append(f"{state}: the page is {width}px wide")
    problems += [f"{state}: off the screen: {e}" for e in page.evaluate(SPILLING)]
    problems += [f"{state}: out of reach: {e}" for e in page.evaluate(UNREACHABLE)]
    return problems


def members_fit_a_phone(page: Page, live_server: LiveServer, campaign: Campaign, test: str) -> list[str]:
    """The table's sharing page, with a new invite link shown, as :func:`fits_a_phone` finds it."""
    page.goto(f"{live_server.url}/c/{campaign.code}/members/")
    page.locator("#invite-form button[type=submit]").click()
    expect(page.locator("#invite-link")).to_be_visible()
    expect(page.locator("#seats tbody tr")).to_have_count(4)
    save_page(page, test, "7-members")
    return fits_a_phone(page, "members")


def legible(page: Page, state: str) -> list[str]:
    """What on the page's sheets is hard to read, hidden or hard to press, if anything: each
    problem a line."""
    problems = [f"{state}: illegible: {e}" for e in page.evaluate(ILLEGIBLE, SMALLEST_TEXT)]
    problems += [f"{state}: a sheet not shown whole: {e}" for e in page.evaluate(HIDDEN_SHEETS)]
    small = page.evaluate(SMALL_TARGETS, SMALLEST_TARGET)
    return problems + [f"{state}: too small to press: {e}" for e in small]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_page_of_a_legacy_table_fits_a_phone(
    phone: Page, browser: Browser, live_server: LiveServer, request: pytest.FixtureRequest, language: str
) -> None:
    test, page = request.node.name, phone
    owner = sit_down(page, live_server, OWNER, language)
    campaign = open_table(owner, "legacy", "Numbers night at the old mill", [store.OPEN, "strong", "random"])
    url = f"{live_server.url}/c/{campaign.code}/"
    problems: list[str] = []

    show(page, url, test, "1-start")
    expect(page.locator(".table-seat")).to_have_count(4)
    expect(page.locator(".sheet.mine .spot")).not_to_have_count(0)
    problems += fits_a_phone(page, "start") + legible(page, "start")

    page.locator(".sheet.mine .opus-line .spot").click()
    expect(page.locator(".table-undo button[value=undo]")).to_be_visible()
    save_page(page, test, "2-placed-and-waiting")
    problems += fits_a_phone(page, "placed, waiting for a friend")

    seats.give_seat(campaign, 1, "greedy")
    legacy_middle(campaign, owner)
    show(page, url, test, "3-mid-game")
    expect(page.locator(".sheet")).to_have_count(4)
    expect(page.locator(".sheet.mine .tree .spot")).not_to_have_count(0)
    problems += fits_a_phone(page, "mid-game") + legible(page, "mid-game")

    finish(campaign, owner)
    show(page, url, test, "4-game-over")
    expect(page.locator(".table-over")).to_be_visible()
    problems += fits_a_phone(page, "game over") + legible(page, "game over")

    watching = phone_page(browser)
    let_in(campaign, sit_down(watching, live_server, "watcher", language))
    show(watching, url, test, "5-watcher")
    expect(watching.locator(".sheet.mine")).to_have_count(0)
    problems += fits_a_phone(watching, "watcher, game over") + legible(watching, "watcher, game over")
    watching.context.close()

    page.locator(".table-over button[type=submit]").click()
    expect(page.locator(".series")).to_be_visible()
    play(campaign, owner, MIDDLE)
    show(page, url, test, "6-game-two")
    problems += fits_a_phone(page, "game two, its middle")

    problems += members_fit_a_phone(page, live_server, campaign, test)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_page_of_a_machi_koro_table_fits_a_phone(
    phone: Page, browser: Browser, live_server: LiveServer, request: pytest.FixtureRequest, language: str
) -> None:
    test, page = request.node.name, phone
    owner = sit_down(page, live_server, OWNER, language)
    campaign = open_table(owner, "machi", "The island of long names", [store.OPEN, "planner", "random"])
    url = f"{live_server.url}/c/{campaign.code}/"
    problems: list[str] = []

    show(page, url, test, "1-start")
    expect(page.locator(".mk-naming")).to_be_visible()
    problems += fits_a_phone(page, "start, choosing")

    page.locator("#mk-town-name").fill(TOWN)
    page.locator(".mk-naming button[type=submit]").click()
    expect(page.locator(".mk-town.mine .mk-town-name")).to_be_visible()
    page.locator(".mk-choices button").first.click()
    expect(page.locator(".mk-town.mine .mk-landmarks")).to_be_visible()
    save_page(page, test, "2-chosen-and-waiting")
    problems += fits_a_phone(page, "chosen, waiting for a friend")

    seats.give_seat(campaign, 1, "planner")
    play(campaign, owner, TURNS)
    show(page, url, test, "3-mid-game")
    expect(page.locator(".mk-town")).to_have_count(4)
    problems += fits_a_phone(page, "mid-game")

    board = finish(campaign, owner)
    assert isinstance(board.state.game, MachiGame)
    show(page, url, test, "4-game-over")
    expect(page.locator(".table-over")).to_be_visible()
    problems += fits_a_phone(page, "game over")

    watching = phone_page(browser)
    let_in(campaign, sit_down(watching, live_server, "watcher", language))
    show(watching, url, test, "5-watcher")
    expect(watching.locator(".mk-town.mine")).to_have_count(0)
    problems += fits_a_phone(watching, "watcher, game over")
    watching.context.close()

    page.locator(".table-over button[type=submit]").click()
    expect(page.locator(".table-over")).to_have_count(0)
    play(campaign, owner, TURNS)
    show(page, url, test, "6-game-two")
    problems += fits_a_phone(page, "game two, its middle")

    problems += members_fit_a_phone(page, live_server, campaign, test)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("bots", [["strong"], ["strong", "greedy", "random"]], ids=["2-seats", "4-seats"])
def test_a_legacy_table_is_at_most_two_desktop_screens_tall(
    desktop: Page,
    live_server: LiveServer,
    request: pytest.FixtureRequest,
    bots: list[str],
    language: str,
) -> None:
    test, page = request.node.name, desktop
    owner = sit_down(page, live_server, OWNER, language)
    campaign = open_table(owner, "legacy", "Numbers night", bots)
    url = f"{live_server.url}/c/{campaign.code}/"
    problems: list[str] = []

    def measure(state: str) -> None:
        show(page, url, test, state)
        expect(page.locator(".sheet")).to_have_count(1 + len(bots))
        height = page.evaluate("document.documentElement.scrollHeight")
        if height > TWO_SCREENS:
            problems.append(f"{state}: the page is {height}px tall")
        problems.extend(legible(page, state))

    legacy_middle(campaign, owner)
    measure("mid-game")
    assert page.locator(".sheet.mine .tree .spot").count() >= 2  # a move on every branch that may grow
    board = finish(campaign, owner)
    game = board.state.game
    assert isinstance(game, LegacyGame) and len(game.sheets[0].garden) > 10  # a full sheet
    measure("game-over")
    assert not problems, "\n".join(problems)
