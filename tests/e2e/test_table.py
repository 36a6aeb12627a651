"""The board as a game table: everything that matters on one screen, the
dangers in plain sight, no loss without a question first, focus kept where the
player acts. Screenshots of each state go to test-artifacts/."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from campaigns import store
from campaigns.models import Campaign
from campaigns.presenter import meters
from campaigns.reader import said
from engine.yu import Action, Game, Kind
from tests import play

from . import positions
from .conftest import ARTIFACTS, log_in

SEED = 7
DESKTOP = {"width": 1440, "height": 900}
PHONE = {"width": 390, "height": 844}
ON_SCREEN = ("#status", "#threats", "#prompt", "#happened", "#hand", "#card-row", "#river", "#supply", "#log")
"""What a player sees without scrolling on a desktop."""


def shoot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=ARTIFACTS / f"table-{name}.png")


def open_board(
    page: Page, live_server: LiveServer, reach: Callable[[Campaign], Campaign] | None = None
) -> Campaign:
    user = log_in(page, live_server)
    campaign = play.create_campaign(user, "Yellow River", SEED)
    if reach is not None:
        campaign = reach(campaign)
    page.goto(live_server.url + campaign.get_absolute_url())
    expect(page.locator("#board-version")).to_have_value(str(campaign.version))
    return campaign


def version(page: Page) -> int:
    return int(page.locator("#board-version").input_value())


def inside_viewport(page: Page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None, selector
    return box["y"] >= 0 and box["y"] + box["height"] <= size["height"] and box["height"] > 0


def read_in(page: Page, language: str) -> None:
    """Switch the site to ``language`` ("en" or "fr") with the header's buttons."""
    if language == "fr":
        page.get_by_role("button", name="Français").click()
    expect(page.locator("html")).to_have_attribute("lang", language)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_whole_table_fits_one_desktop_screen(page: Page, live_server: LiveServer, language: str) -> None:
    page.set_viewport_size(DESKTOP)  # type: ignore[arg-type]
    open_board(page, live_server)
    read_in(page, language)
    shoot(page, f"start-{language}-desktop")
    assert page.evaluate("document.documentElement.scrollHeight") <= DESKTOP["height"]
    for region in ON_SCREEN:
        assert inside_viewport(page, region), f"{region} is not on the first screen"

    # The settlement is one key away, and the prompt bar stays in view while the page scrolls.
    page.keyboard.press("s")
    expect(page.locator("#settlement")).to_be_visible()
    page.locator("#settlement .building").last.scroll_into_view_if_needed()
    assert page.evaluate("window.scrollY") > 0
    assert inside_viewport(page, "#prompt-bar")
    shoot(page, f"settlement-{language}-desktop")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_phone_keeps_the_prompt_at_the_bottom(
    browser: Browser, live_server: LiveServer, language: str
) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)  # type: ignore[arg-type]
    context.set_default_timeout(10_000)
    page = context.new_page()
    open_board(page, live_server)
    read_in(page, language)
    shoot(page, f"start-{language}-phone")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # nothing spills sideways

    def bar_at_bottom() -> None:
        bar = page.locator("#prompt-bar").bounding_box()
        assert bar is not None and abs(bar["y"] + bar["height"] - PHONE["height"]) <= 1

    bar_at_bottom()
    page.mouse.wheel(0, 600)
    bar_at_bottom()  # it stays put while the page scrolls under it
    river = page.locator("#river .river-track")
    widths = river.evaluate("track => [track.scrollWidth, track.clientWidth]")
    assert widths[0] > widths[1]  # a strip that scrolls sideways...
    starts = river.evaluate("track => [...track.children].map(li => li.getBoundingClientRect().left)")
    assert starts == sorted(starts)  # ...from the source on the left to the sea on the right
    for button in page.locator("#prompt-bar .btn:visible, #hand .btn:visible").all():
        box = button.bounding_box()
        assert box is not None and box["height"] >= 44 and box["width"] >= 44, button.inner_text()

    page.locator("#hand button[value^='play:']").first.tap()
    expect(page.locator("#board-version")).to_have_value("1")
    bar_at_bottom()
    expect(page.locator("#prompt")).to_be_in_viewport()
    shoot(page, f"played-{language}-phone")
    context.close()


BAR_POSITIONS = {
    "start": None,
    "flood_danger": positions.flood_danger,
    "losing_bribe": positions.losing_bribe,
    "hopeless": positions.hopeless,
}
"""Positions whose bar holds more than usual: a red meter, a bribe to answer, every danger at once."""


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("position", list(BAR_POSITIONS))
def test_a_phone_bar_keeps_the_clocks_the_last_line_and_the_controls_in_a_third_of_the_screen(
    browser: Browser, live_server: LiveServer, position: str, language: str
) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)  # type: ignore[arg-type]
    context.set_default_timeout(10_000)
    page = context.new_page()
    campaign = open_board(page, live_server, BAR_POSITIONS[position])
    read_in(page, language)
    shoot(page, f"bar-{position}-{language}-phone")
    bar = page.locator("#prompt-bar").bounding_box()
    assert bar is not None and bar["height"] <= PHONE["height"] / 3
    assert abs(bar["y"] + bar["height"] - PHONE["height"]) <= 1

    view = store.load(campaign).state.game.view()
    with translation.override(language):
        clock = said(meters(view)["flood_clock"])
        refresh = gettext("the next Refresh adds {n}").format(n=view.threats.barbarians.next_refresh)
        first = gettext("The game is set up and the first Harvest is in.")
    flood = page.locator("[data-watch=meter-flood] .meter-clock")
    expect(flood).to_have_text(clock)
    expect(page.locator("[data-watch=meter-barbarians] .meter-clock")).to_have_text(refresh)
    last = page.locator("#happened .headline")
    if campaign.version:
        latest = page.locator("#log-lines > li:first-child > b").inner_text()
        expect(last).to_have_text(re.compile(re.escape(latest) + "$"))
    else:
        expect(last).to_have_text(first)
    for shown in (flood, page.locator("[data-watch=meter-barbarians] .meter-clock"), last):
        expect(shown).to_be_visible()
        expect(shown).to_be_in_viewport(ratio=1)  # within the screen, and not cut off by the bar
    # A question's options (the last may lose its edge to the bar's), else Undo, Hint and the settlement.
    for option in page.locator("#decision.deciding [data-option]").all():
        expect(option).to_be_in_viewport(ratio=0.9)
    if not page.locator("#decision.deciding").count():
        expect(page.locator("#decision .controls")).to_be_in_viewport(ratio=1)
    lines = flood.evaluate("clock => new Set([...clock.getClientRects()].map(box => box.top)).size")
    assert lines == 1  # the clock is one line
    context.close()


SPILLS = """() => {
    const shown = [...document.querySelectorAll('#board *')].filter(el => el.getClientRects().length > 0);
    const box = el => el.getBoundingClientRect();
    const spills = el => el.scrollWidth > el.clientWidth + 1;
    const beyond = (el, outer, vertically) => {
        const b = box(el), o = box(outer);
        const across = b.right > o.right + 1 || b.left < o.left - 1;
        return across || (vertically && (b.bottom > o.bottom + 1 || b.top < o.top - 1));
    };
    const said = (el, why) => `${why} ${el.getAttribute('class')}: ${el.textContent.trim().slice(0, 40)}`;
    return [
        ...shown.filter(el => el.matches('.card, .btn'))
            .filter(el => spills(el) || beyond(el, el.parentElement, false)).map(el => said(el, 'spills')),
        ...shown.filter(el => el.matches('.card dt') && spills(el)).map(el => said(el, 'overlaps its value')),
        ...shown.filter(el => el.matches('.card h3, .card dd > *') && beyond(el, el.closest('.card'), true))
            .map(el => said(el, 'leaves its card')),
        ...shown.filter(el => el.matches('.flood-marker') && beyond(el, el.parentElement, true))
            .map(el => said(el, 'leaves its place on the river')),
    ];
}"""
"""What on the board leaves its box: a card or a button wider than its place, a card's label over
its value, a card's text out of the card, the Flood's marker out of its place on the river."""


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("width", [1024, 1440, 1920])
def test_cards_and_buttons_fit_their_boxes(
    page: Page, live_server: LiveServer, width: int, language: str
) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    open_board(page, live_server)
    read_in(page, language)
    page.locator("#drawer > summary").click()  # the Build buttons are in the settlement
    overflowing = page.evaluate(SPILLS)
    assert overflowing == [], overflowing
    page.screenshot(path=ARTIFACTS / f"table-fit-{language}-{width}.png", full_page=True)


@pytest.mark.parametrize(
    ("meter", "reach", "says"),
    [
        ("flood", positions.flood_danger, "loses the game"),
        ("barbarians", positions.barbarian_danger, "The next Refresh loses the game"),
        ("townsfolk", positions.townsfolk_danger, "the next Harvest loses the game"),
    ],
)
def test_a_meter_warns_of_a_danger(
    page: Page, live_server: LiveServer, meter: str, reach: Callable[[Campaign], Campaign], says: str
) -> None:
    page.set_viewport_size(DESKTOP)  # type: ignore[arg-type]
    open_board(page, live_server, reach)
    warning = page.locator(f"[data-watch=meter-{meter}]")
    expect(warning).to_have_class("meter warn")
    expect(warning).to_contain_text(says)
    assert inside_viewport(page, f"[data-watch=meter-{meter}]")
    shoot(page, f"{meter}-danger-desktop")
    page.set_viewport_size(PHONE)  # type: ignore[arg-type]
    expect(warning).to_be_visible()
    shoot(page, f"{meter}-danger-phone")


def test_a_losing_answer_asks_first_and_cancel_changes_nothing(page: Page, live_server: LiveServer) -> None:
    page.set_viewport_size(DESKTOP)  # type: ignore[arg-type]
    campaign = open_board(page, live_server, positions.losing_bribe)
    suffer = page.locator("#decision button[value=suffer]")
    expect(suffer).to_contain_text("loses the game")
    expect(page.locator("#decision button[value^=bribe], #decision .unavailable")).not_to_have_count(0)
    seen, log = version(page), page.locator("#log").inner_text()
    shoot(page, "bribe-desktop")

    suffer.click()
    expect(page.locator("#decision.confirming")).to_contain_text("Are you sure?")
    expect(page.get_by_role("link", name="Cancel")).to_be_focused()  # Enter must not lose the game
    expect(page.locator("#decision .controls")).to_be_hidden()  # only yes or no, nothing else
    shoot(page, "confirm-desktop")
    page.keyboard.press("Escape")  # the same as Cancel
    expect(page.locator("#decision.confirming")).to_have_count(0)
    expect(suffer).to_be_visible()
    assert version(page) == seen and page.locator("#log").inner_text() == log
    campaign.refresh_from_db()
    assert campaign.version == seen

    suffer.click()
    page.get_by_role("link", name="Cancel").click()
    expect(suffer).to_be_visible()
    assert version(page) == seen

    suffer.click()
    page.locator("#confirm").click()
    expect(page.locator("#board-version")).to_have_value(str(seen + 1))
    expect(page.locator("#log")).not_to_have_text(log)


def after_playing(game: Game, card: str) -> Game:
    """The game after playing ``card``, on a copy."""
    trial = game.copy()
    trial.apply(Action(Kind.PLAY, card=card))
    return trial


def test_focus_stays_where_the_player_acts(page: Page, live_server: LiveServer) -> None:
    page.set_viewport_size(DESKTOP)  # type: ignore[arg-type]
    campaign = open_board(page, live_server)
    game = store.load(campaign).state.game
    opens_a_decision = [card.id for card in game.view().hand if after_playing(game, card.id).decision]
    plain = [card.id for card in game.view().hand if card.id not in opens_a_decision]
    assert plain and opens_a_decision, "the test's seed should deal both kinds of card"

    page.locator(f"#hand button[value='play:{plain[0]}']").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#board-version")).to_have_value("1")
    focused = page.evaluate("document.activeElement.closest('#hand') !== null")
    assert focused, "focus went back to the top of the page"
    card = game.content.townsfolk[plain[0]]
    expect(page.locator("#happened")).to_contain_text(f"Played {card.name}")  # what happened, in a line
    expect(page.locator("#supply .changed").first).to_be_attached()  # and what it changed, flashed

    page.locator(f"#hand button[value='play:{opens_a_decision[0]}']").click()
    expect(page.locator("#board-version")).to_have_value("2")
    expect(page.locator("#decision [data-option]").first).to_be_focused()
    shoot(page, "decision-desktop")
    page.keyboard.press("1")  # the first option, by its key
    expect(page.locator("#board-version")).to_have_value("3")
    page.keyboard.press("u")  # and undo it
    expect(page.locator("#board-version")).to_have_value("4")
    expect(page.locator("#log")).to_contain_text("Took back")


def test_a_move_that_reveals_says_it_cannot_be_undone(page: Page, live_server: LiveServer) -> None:
    page.set_viewport_size(DESKTOP)  # type: ignore[arg-type]
    open_board(page, live_server)
    marked = page.locator("#board button[name=key]:has(.tag-reveals):visible").first
    expect(marked).to_be_visible()
    marked.click()
    expect(page.locator("#board-version")).to_have_value("1")
    expect(page.locator("#decision .controls")).to_contain_text("turned over hidden cards")
    expect(page.locator("#decision button[value=undo]")).to_have_count(0)
