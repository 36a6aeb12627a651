"""The site in French: a newcomer switches to French, plays a Round, reads the story of the
game they ended and opens the rules; two members of one shared campaign read it, one in
French and one in English. Every French text looked for comes from the catalogue or the
content, so a text left untranslated fails the test."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from django.contrib.auth.models import User
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from campaigns import store
from campaigns.models import Campaign, GameAction
from campaigns.reader import said
from campaigns.sharing.models import Membership, Role
from engine.text import Msg, Name
from engine.yu.bots.bots import HeuristicBot
from tests import play

from .conftest import save_page, separate_pages
from .test_board import click_action, play_one_round, sign_up

LIMIT = 600


def french(english: str) -> str:
    """The catalogue's French for ``english``, which must have one."""
    with translation.override("fr"):
        text = gettext(english)
    assert text != english, f"no French for {english!r}"
    return text


def in_french(value: Msg | Name) -> str:
    with translation.override("fr"):
        return said(value)


def finish_the_game(campaign: Campaign) -> None:
    """Play the rest of the current game with the bot, as the owner would."""
    bot = HeuristicBot(campaign.seed)
    for _ in range(LIMIT):
        board = store.load(campaign, recent=0)
        if board.state.game.over:
            return
        play.act(board, bot.choose(board.state.game), board.version)
    raise AssertionError(f"no end after {LIMIT} actions")


def test_a_newcomer_plays_reads_the_story_and_the_rules_in_french(
    page: Page, live_server: LiveServer, screenshot: Callable[[str], None]
) -> None:
    page.set_viewport_size({"width": 1440, "height": 900})
    sign_up(page, live_server, "lectrice")
    page.get_by_role("button", name="Français").click()
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.get_by_role("heading", name=french("Your campaigns and tables"))).to_be_visible()
    assert User.objects.get(username="lectrice").profile.language == "fr"

    page.get_by_label(french("New campaign")).fill("Le fleuve Jaune")
    page.get_by_role("button", name=french("Start a campaign")).click()
    expect(page.get_by_role("heading", name="Le fleuve Jaune")).to_be_visible()
    first_round = french("Round {n}").format(n=1)
    expect(page.locator("#status .round")).to_have_text(first_round)
    screenshot("1-board")
    click_action(page, "#hand button[value^='play:']")
    event = Msg.from_json(GameAction.objects.get().events[0]["msg"])
    expect(page.locator("#log")).to_contain_text(in_french(event))
    play_one_round(page, first_round)
    expect(page.locator("#status .round")).to_have_text(french("Round {n}").format(n=2))
    screenshot("2-round-two")

    campaign = Campaign.objects.get(name="Le fleuve Jaune")
    finish_the_game(campaign)
    page.reload()
    story = store.load(campaign, recent=0).state.view()
    entry = story.journal[0].page
    expect(page.locator("#story")).to_contain_text(in_french(Name(entry.title)))
    screenshot("3-game-over")
    page.goto(f"{live_server.url}/c/{campaign.code}/story/")
    expect(page.locator(".story-page .entry").first).to_contain_text(in_french(Name(entry.text))[:60])
    screenshot("4-story")

    page.get_by_role("link", name=french("Rules")).click()
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.get_by_role("heading", level=1)).to_have_text(french("How to play Legacy of Yu"))
    screenshot("5-rules")
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}{campaign.get_absolute_url()}")
    screenshot("6-board-on-a-phone")


@pytest.fixture
def two_readers(browser: Browser) -> Iterator[list[Page]]:
    yield from separate_pages(browser, 2, 1280)


def test_one_campaign_is_read_in_french_by_one_member_and_in_english_by_another(
    two_readers: list[Page], live_server: LiveServer, request: pytest.FixtureRequest
) -> None:
    owner, friend = two_readers
    sign_up(owner, live_server, "hote")
    owner.get_by_role("button", name="Français").click()
    owner.get_by_label(french("New campaign")).fill("Rive partagée")
    owner.get_by_role("button", name=french("Start a campaign")).click()
    board_url = owner.url
    sign_up(friend, live_server, "guest")
    campaign = Campaign.objects.get(name="Rive partagée")
    Membership.objects.create(campaign=campaign, user=User.objects.get(username="guest"), role=Role.WATCH)
    friend.goto(board_url)
    expect(friend.locator("html")).to_have_attribute("lang", "en")
    expect(friend.locator("#status .round")).to_have_text("Round 1")

    click_action(owner, "#hand button[value^='play:']")
    event = Msg.from_json(GameAction.objects.get().events[0]["msg"])
    assert in_french(event) != str(event)
    expect(owner.locator("#log")).to_contain_text(in_french(event))
    expect(friend.locator("#log")).to_contain_text(str(event))  # live, without a reload
    expect(friend.locator("#log")).not_to_contain_text(in_french(event))
    for name, page in (("french", owner), ("english", friend)):
        save_page(page, request.node.name, name)
