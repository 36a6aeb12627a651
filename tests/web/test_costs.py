"""What a page or an action costs the database, however long the game; that
answers go out compressed to a browser that accepts it, and that no page is
kept by the browser for its Back button."""

from __future__ import annotations

import gzip
import re

from django.core.cache import cache
from django.utils.html import escape

from campaigns import seats, store
from campaigns.models import Campaign, ChatLine
from engine.yu.bots.roster import make_bot
from tests import play

from .base import BaseTestCase, quiet_plays

HTMX = {"HX-Request": "true"}
GZIP = {"Accept-Encoding": "gzip, deflate, br"}
PAGE_QUERIES = 3
"""The session, the user, and the campaign with its current game, the user's seat and the log's
last rows."""
ACTION_QUERIES = 6
"""The same three, then in one transaction (two statements) one statement that writes the action
row, the game's state, and the campaign's version and summary."""


class CostsTestCase(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.campaign = self.make_campaign()
        self.client.force_login(self.alice)
        self.board_url = f"/c/{self.campaign.code}/"
        self.act_url = f"/c/{self.campaign.code}/act/"

    def act_once(self) -> None:
        """The bot's next action, as the browser posts it."""
        board = store.load(self.campaign)
        key = make_bot("heuristic", 4).choose(board.state.game).key
        with self.assertNumQueries(ACTION_QUERIES):
            r = self.client.post(
                self.act_url, {"key": key, "version": board.version, "confirm": "1"}, headers=HTMX
            )
        self.assertEqual(r.status_code, 200)

    def test_the_board_page_reads_a_fixed_number_of_rows_however_long_the_game(self) -> None:
        with self.assertNumQueries(PAGE_QUERIES):
            self.assertEqual(self.client.get(self.board_url).status_code, 200)
        play.bot_plays_on(self.campaign, 150)
        played = self.campaign.games.get().version
        self.assertGreater(played, 80)  # more than the log shows
        cache.clear()
        with self.assertNumQueries(PAGE_QUERIES):
            page = self.client.get(self.board_url)
        self.assertContains(page, f'<li id="log-{played}" value="{played}"')  # numbered as played
        self.assertContains(page, escape(f"The game's first {played - 30} actions are in the full log."))

    def test_an_action_writes_in_a_fixed_number_of_queries_however_long_the_game(self) -> None:
        self.client.get(self.board_url)
        self.act_once()
        play.bot_plays_on(self.campaign, 150)
        self.client.get(self.board_url)
        self.act_once()

    def test_a_tables_move_reads_its_seats_and_talk_with_its_board(self) -> None:
        """A table's move reads as few rows as a campaign's: its seats and its latest lines of
        talk come with the board, and its answer shows them."""
        table = play.create_table(self.alice, "machi", "Harbour", ["owner", "open"])
        self.share(table, self.bob, "play")
        self.assertEqual(seats.take_seat(table, self.bob), 1)
        for n in range(ChatLine.SHOWN + 2):
            ChatLine.objects.create(campaign=table, user=self.bob if n % 2 else self.alice, text=f"line {n}")
        board = store.load(table)
        moment = board.session.moment(board.state, 0)
        key = board.session.legal(board.state, 0)[0].key
        with self.assertNumQueries(ACTION_QUERIES):
            r = self.client.post(
                f"/c/{table.code}/act/",
                {"key": key, "version": board.version, "moment": moment},
                headers=HTMX,
            )
        self.assertEqual(r.status_code, 200)
        shown = [line.text for line in ChatLine.latest(table)]
        self.assertEqual(shown, [f"line {n}" for n in range(2, ChatLine.SHOWN + 2)])
        html = r.content.decode()
        self.assertEqual(re.findall(r"line \d+", html), shown)
        self.assertIn(f"<b>{self.bob.username}</b>", html)

    def test_an_action_leaves_the_campaign_state_alone_when_it_did_not_change(self) -> None:
        before = Campaign.objects.get(pk=self.campaign.pk).state
        self.client.get(self.board_url)
        self.act_once()
        campaign = Campaign.objects.get(pk=self.campaign.pk)
        self.assertEqual((campaign.version, campaign.state), (1, before))
        self.assertNotIn("log", campaign.state)  # the action rows keep the keys

    def test_answers_go_out_compressed_to_a_browser_that_accepts_it(self) -> None:
        page = self.client.get(self.board_url, headers=GZIP)
        self.assertEqual(page["Content-Encoding"], "gzip")
        html = gzip.decompress(page.content).decode()
        self.assertIn('id="board"', html)
        self.assertLess(len(page.content), len(html) / 4)
        play = quiet_plays(self.campaign, 1)[0]
        answer = self.client.post(self.act_url, {"key": play, "version": 0}, headers={**HTMX, **GZIP})
        self.assertEqual(answer["Content-Encoding"], "gzip")
        self.assertIn('hx-swap-oob="true"', gzip.decompress(answer.content).decode())
        plain = self.client.get(self.board_url)
        self.assertFalse(plain.has_header("Content-Encoding"))
        self.assertIn('id="board"', plain.content.decode())

    def test_no_page_is_kept_for_the_back_button_but_static_files_are(self) -> None:
        for url in ("/", self.board_url, f"/c/{self.campaign.code}/members/"):
            r = self.client.get(url)
            self.assertEqual(r.status_code, 200, url)
            self.assertIn("no-store", r["Cache-Control"], url)
        stylesheet = self.client.get("/static/css/site.css")
        self.assertEqual(stylesheet.status_code, 200)
        self.assertNotIn("no-store", stylesheet.get("Cache-Control", ""))
