"""The Hint button: the strong bot's best moves, for a player of the campaign, counted per game;
what loses a game whose best move rarely wins; and a refusal that only ever fills the hint's place."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

from django.utils import translation
from django.utils.html import escape
from e2e import positions

from campaigns import store
from campaigns.models import GameAction
from campaigns.reader import said
from campaigns.sharing.models import Role
from engine.yu.bots.bots import HeuristicBot
from engine.yu.bots.strong import hint, no_hint
from engine.yu.rules.threats import lost_because
from tests import play

from .base import SEED, BaseTestCase

HTMX = {"HX-Request": "true"}
HINT = re.compile(r'<section id="hint".*?</section>', re.S)


def offered(html: str) -> list[str]:
    """The keys of the hint's "Do it" buttons."""
    section = HINT.search(html)
    assert section is not None
    return re.findall(r'name="key" value="([^"]+)"', section.group())


def shown(html: str) -> list[int]:
    """The chances the hint shows, in its order."""
    return [int(n) for n in re.findall(r'class="win"[^>]*>(\d{1,3})%<', html)]


def notice_only(html: str) -> str:
    """The text of an answer that is the hint's place and nothing else (no other
    region, nothing swapped out of band)."""
    assert HINT.fullmatch(html.strip()), html[:300]
    assert "hx-swap-oob" not in html and html.count(' id="') == 1, html
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def page_notice(html: str) -> str:
    """The hint's place on a whole board page."""
    assert "<html" in html and 'id="board"' in html
    section = HINT.search(html)
    assert section is not None
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", section.group())).split())


class HintTestCase(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.campaign = self.make_campaign()
        self.url = f"/c/{self.campaign.code}/hint/"

    def ask(self, version: int = 0, htmx: bool = True) -> object:
        return self.client.post(self.url, {"version": version}, headers=HTMX if htmx else {})

    def hints(self) -> int:
        return self.campaign.games.get(number=1).hints

    def test_it_shows_the_strong_bot_s_best_moves_and_counts_the_hint(self) -> None:
        self.client.force_login(self.alice)
        board = store.load(self.campaign)
        expected = [h.action.key for h in hint(board.state.game)]
        r = self.ask()
        self.assertEqual(r.status_code, 200)
        html = r.content.decode()
        self.assertNotIn("<html", html)
        self.assertIn("What the strong bot would do now", html)
        self.assertEqual(offered(html), expected)
        self.assertTrue(set(expected) <= {a.key for a in board.state.legal_actions()})
        self.assertEqual(shown(html), [h.percent for h in hint(board.state.game)])
        self.assertEqual(shown(html), sorted(shown(html), reverse=True))  # best first, as shown
        self.assertEqual(self.hints(), 1)
        self.ask()
        self.assertEqual(self.hints(), 2)

    def test_without_javascript_the_board_shows_the_hint(self) -> None:
        self.client.force_login(self.alice)
        r = self.ask(htmx=False)
        self.assertContains(r, "<html")
        self.assertTrue(offered(r.content.decode()))
        self.assertEqual(self.hints(), 1)

    def test_the_next_action_clears_the_hint(self) -> None:
        self.client.force_login(self.alice)
        key = offered(self.ask().content.decode())[0]
        r = self.client.post(f"/c/{self.campaign.code}/act/", {"key": key, "version": 0}, headers=HTMX)
        self.assertEqual(r.status_code, 200)
        cleared = r'<section id="hint" class="advice"[^>]*hx-swap-oob="true"></section>'
        self.assertRegex(r.content.decode(), cleared)

    def test_a_stale_board_gets_only_the_notice_and_no_hint(self) -> None:
        self.client.force_login(self.alice)
        r = self.ask(version=3)
        self.assertEqual(r.status_code, 409)
        self.assertIn("The board had changed since you saw it", notice_only(r.content.decode()))
        r = self.ask(version=3, htmx=False)  # without JavaScript: the board, the notice in the hint's place
        self.assertEqual(r.status_code, 409)
        self.assertIn("The board had changed since you saw it", page_notice(r.content.decode()))
        self.assertEqual(self.hints(), 0)

    def test_a_malformed_request_is_refused_in_the_hint_s_place(self) -> None:
        self.client.force_login(self.alice)
        r = self.client.post(self.url, {"version": "soon"}, headers=HTMX)
        self.assertEqual(r.status_code, 400)
        self.assertEqual(notice_only(r.content.decode()), "Hint No hint. That was not a request for a hint.")
        r = self.client.post(self.url, {}, headers={})
        self.assertEqual(r.status_code, 400)
        self.assertIn("That was not a request for a hint.", page_notice(r.content.decode()))
        self.assertEqual(self.hints(), 0)

    def test_too_many_hints_are_refused_in_the_hint_s_place_with_how_long_to_wait(self) -> None:
        self.client.force_login(self.alice)
        for _ in range(60):  # malformed requests count as much as real ones, and cost nothing
            self.assertEqual(self.client.post(self.url, {"version": "soon"}, headers=HTMX).status_code, 400)
        r = self.ask()
        self.assertEqual(r.status_code, 429)  # type: ignore[attr-defined]
        self.assertRegex(
            notice_only(r.content.decode()), r"Too many hints in a minute: ask again in \d+ seconds?\."
        )  # type: ignore[attr-defined]
        self.assertLessEqual(int(r["Retry-After"]), 60)  # type: ignore[index]
        r = self.ask(htmx=False)
        self.assertContains(r, "try again in 1 minute", status_code=429)
        self.assertEqual(self.hints(), 0)

    def test_between_games_there_is_nothing_to_hint(self) -> None:
        board = store.load(self.campaign)
        bot = HeuristicBot(SEED)
        while not board.state.game.over:
            play.act(board, bot.choose(board.state.game), board.version)
        self.client.force_login(self.alice)
        r = self.ask(version=board.version)
        self.assertEqual(r.status_code, 400)
        self.assertIn("This game is over: there is nothing to hint at.", notice_only(r.content.decode()))
        self.assertEqual(self.hints(), 0)

    def test_a_player_may_ask_but_not_a_watcher_or_a_stranger(self) -> None:
        seat = self.share(self.campaign, self.bob, Role.PLAY)
        self.client.force_login(self.bob)
        self.assertEqual(self.ask().status_code, 200)
        seat.role = Role.WATCH
        seat.save()
        self.assertEqual(self.ask().status_code, 403)
        self.assertEqual(self.ask(version=7).status_code, 403)  # a watcher, whatever version they saw
        self.client.force_login(self.mallory)
        self.assertEqual(self.ask().status_code, 404)
        self.assertEqual(self.hints(), 1)

    def test_the_board_has_the_button_for_players_only(self) -> None:
        self.client.force_login(self.alice)
        self.assertContains(self.client.get(f"/c/{self.campaign.code}/"), f'action="{self.url}"')
        self.share(self.campaign, self.bob, Role.WATCH)
        self.client.force_login(self.bob)
        self.assertNotContains(self.client.get(f"/c/{self.campaign.code}/"), f'action="{self.url}"')


class OneMoveHintTestCase(BaseTestCase):
    """A position that leaves a single legal move: there is nothing to weigh."""

    def setUp(self) -> None:
        super().setUp()
        self.campaign = positions.one_move(self.make_campaign())
        self.url = f"/c/{self.campaign.code}/hint/"
        self.client.force_login(self.alice)

    def stored(self) -> tuple[Any, ...]:
        self.campaign.refresh_from_db()
        game = self.campaign.games.get(number=1)
        return (self.campaign.version, game.state, game.hints, GameAction.objects.count())

    def test_the_board_disables_the_hint_button_and_says_why(self) -> None:
        html = self.client.get(f"/c/{self.campaign.code}/").content.decode()
        form = html[html.index(f'action="{self.url}"') :]
        button = form[form.index("<button") : form.index("</button>")]
        self.assertIn(" disabled", button)
        self.assertIn('aria-describedby="hint-why"', button)
        reason = "Only one move is open now: there is nothing to weigh."
        self.assertIn(f'title="{escape(reason)}"', button)
        self.assertIn(f'<small class="why" id="hint-why">{escape(reason)}</small>', form)

    def test_a_forged_hint_post_changes_nothing_and_answers_only_the_notice(self) -> None:
        before = self.stored()
        reason = str(no_hint(store.load(self.campaign).state.game))
        r = self.client.post(self.url, {"version": before[0]}, headers=HTMX)
        self.assertEqual(r.status_code, 400)
        self.assertEqual(notice_only(r.content.decode()), f"Hint No hint. {reason}")
        r = self.client.post(self.url, {"version": before[0]})  # without JavaScript
        self.assertEqual(r.status_code, 400)
        self.assertIn(reason, page_notice(r.content.decode()))
        self.assertEqual(self.stored(), before)


class HopelessHintTestCase(BaseTestCase):
    """A position whose best move wins under 5% of the games played ahead."""

    def setUp(self) -> None:
        super().setUp()
        self.campaign = positions.hopeless(self.make_campaign())
        self.url = f"/c/{self.campaign.code}/hint/"
        self.client.force_login(self.alice)

    def test_the_hint_says_what_loses_the_game_in_the_reader_s_language(self) -> None:
        board = store.load(self.campaign)
        why = lost_because(board.state.game)
        self.assertTrue(why)
        titles = (("en", "Why the game looks lost:"), ("fr", "Pourquoi la partie semble perdue"))
        for language, title in titles:
            with self.subTest(language=language):
                r = self.client.post(
                    self.url, {"version": board.version}, headers=HTMX, HTTP_ACCEPT_LANGUAGE=language
                )
                self.assertEqual(r.status_code, 200)
                html = r.content.decode()
                self.assertLess(shown(html)[0], 5)
                self.assertIn(title, unescape(html))
                with translation.override(language):
                    for sentence in why:
                        self.assertIn(escape(said(sentence)), html)
