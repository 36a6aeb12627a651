"""The pages of record: every game's full log (paged, newest first, moves taken back marked, each
event said of the seat it concerns, nothing a watcher's board hides), and a table's chronicle
(its numbers against the series' results, its chart, its closest calls), with the board's access
rules for both."""

from __future__ import annotations

import re
from html import unescape
from html.parser import HTMLParser
from unittest import mock
from xml.etree import ElementTree

from django.urls import reverse
from django.utils.html import escape

from campaigns import seats, store
from campaigns.models import Campaign
from campaigns.sharing.models import Role
from engine.chronicle import CLOSE_CALLS, tell
from engine.series import Series
from engine.yu import Action
from engine.yu.bots.bots import HeuristicBot
from tests import play

from .base import SEED, BaseTestCase, quiet_plays, snapshot

SVG = "{http://www.w3.org/2000/svg}"
ENTRY = re.compile(
    r'<li class="([^"]*)">\s*<span class="seq muted" aria-hidden="true">(\d+)</span>\s*'
    r'<span class="who">(.*?)</span>\s*<div class="what">(.*?)</div>',
    re.S,
)


def entries(html: str) -> list[tuple[int, str, str, str]]:
    """The log page's lines, newest first: seq, class, who, what happened (as HTML)."""
    start = re.search(r'<ol class="record-log" reversed start="(\d+)"', html)
    assert start, "no log on the page"
    found = ENTRY.findall(html.split('class="record-log"')[1].split("</ol>")[0])
    seqs = [int(seq) for _, seq, _, _ in found]
    first = int(start.group(1))
    assert seqs == list(range(first, first - len(seqs), -1)), "numbered one after the other"
    return [(int(seq), css, unescape(who), what) for css, seq, who, what in found]


class Text(HTMLParser):
    """A page's text, each run of it between tags on its own, its spaces tidied."""

    def __init__(self) -> None:
        super().__init__()
        self.runs: list[str] = []
        self.skipping = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.skipping += tag in ("script", "style", "title")

    def handle_endtag(self, tag: str) -> None:
        self.skipping -= tag in ("script", "style", "title")

    def handle_data(self, data: str) -> None:
        run = " ".join(data.split())
        if run and not self.skipping and re.search(r"[^\W\d_]{2,}", run):
            self.runs.append(run)


def text_runs(html: str) -> list[str]:
    parser = Text()
    parser.feed(html.split('<main id="main"')[1])
    return parser.runs


class RecordsTestCase(BaseTestCase):
    def bot_table(self, game: str, bot: str, size: int = 3, games: int = 1) -> Campaign:
        """A table of ``game`` whose every seat the bot ``bot`` plays, with ``games`` games over."""
        with mock.patch("campaigns.store.new_seed", return_value=SEED):  # the same deals every run
            table = play.create_table(self.alice, game, game.title(), ["owner", *[bot] * (size - 1)])
        seats.give_seat(table, 0, bot)  # the bots play the game to its end
        for _ in range(games - 1):
            table = Campaign.objects.get(pk=table.pk)
            play.next_game(table, table.version)
        return Campaign.objects.get(pk=table.pk)

    def yu_game(self) -> Campaign:
        """A campaign whose first game the heuristic bot played to its end."""
        campaign = self.make_campaign()
        board = store.load(campaign)
        bot = HeuristicBot(SEED)
        while not board.state.game.over:
            play.act(board, bot.choose(board.state.game), board.version, by="alice")
        return campaign

    def log_url(self, campaign: Campaign) -> str:
        return reverse("full_log", args=[campaign.code])

    def chronicle_url(self, campaign: Campaign) -> str:
        return reverse("chronicle", args=[campaign.code])

    def page(self, url: str, **query: int) -> str:
        r = self.client.get(url, query)
        self.assertEqual(r.status_code, 200, url)
        return r.content.decode()


class FullLogTests(RecordsTestCase):
    def test_it_pages_every_game_fifty_actions_at_a_time_the_latest_first(self) -> None:
        for made in (
            lambda: self.bot_table("legacy", "greedy"),
            lambda: self.bot_table("machi", "planner"),
            self.yu_game,
        ):
            campaign = made()
            game = campaign.games.get()
            with self.subTest(campaign.game):
                actions = list(game.actions.order_by("-seq"))
                self.assertGreater(len(actions), 100)  # three pages at least
                self.client.force_login(self.alice)
                url = self.log_url(campaign)
                pages = -(-len(actions) // 50)
                seen = []
                for number in range(1, pages + 1):
                    html = self.page(url, page=number)
                    lines = entries(html)
                    self.assertEqual(len(lines), 50 if number < pages else len(actions) - 50 * (pages - 1))
                    seen += [seq for seq, *_ in lines]
                    said = f"Actions {lines[0][0]} to {lines[-1][0]} of {len(actions)}, the latest first."
                    self.assertIn(said, html)
                self.assertEqual(seen, [a.seq for a in actions])
                self.assertEqual(entries(self.page(url)), entries(self.page(url, page=1)))
                for bad in (str(pages + 1), "0", "abc", "-1", "1.5"):
                    self.assertEqual(self.client.get(url, {"page": bad}).status_code, 404, bad)

    def test_each_line_says_who_moved_and_each_event_names_the_seat_it_concerns(self) -> None:
        table = self.bot_table("machi", "planner")
        game = table.games.get()
        names = {s.number: s.name for s in table.seats.all()}
        paid_others = [
            (a, e)
            for a in game.actions.order_by("-seq")
            for e in a.events
            if e["kind"] == "earned" and e["seat"] != a.seat
        ]
        self.assertTrue(paid_others, "a roll that paid another mayor")
        action, event = paid_others[0]
        self.client.force_login(self.alice)
        page = (game.version - action.seq) // 50 + 1
        line = next(x for x in entries(self.page(self.log_url(table), page=page)) if x[0] == action.seq)
        self.assertEqual(line[2], names[action.seat])
        self.assertIn(f"<b>{escape(names[event['seat']])}</b> took", line[3])
        self.assertIn(f"<b>{escape(names[action.seat])}</b> rolled", line[3])

    def test_the_boards_short_log_names_the_seat_each_event_concerns(self) -> None:
        """A roll pays the mayors whose cards match it: each line of the board's short log names the
        mayor the coins went to, as the full log does, not the one who rolled."""
        played = self.bot_table("machi", "planner")
        rows = list(played.games.get().actions.order_by("seq"))
        upto = next(
            n
            for n, row in enumerate(rows, 1)
            if any(e["kind"] == "earned" and e["seat"] != row.seat for e in row.events)
        )
        seats = ["owner", "planner", "planner"]
        table = store.create_replayed(
            self.alice, "machi", "Paid on a roll", played.seed, [(r.seat, r.key) for r in rows[:upto]], seats
        )
        names = {s.number: s.name for s in table.seats.all()}
        last = rows[upto - 1]
        self.client.force_login(self.alice)
        html = self.client.get(reverse("board", args=[table.code])).content.decode()
        log = html.split('class="table-log"')[1].split("</ul>")[0]
        lines = re.findall(r"<li>(.*?)</li>", log, re.S)
        for line, event in zip(lines, reversed(last.events), strict=False):
            if event["kind"] == "earned":
                self.assertIn(f"<b>{escape(names[event['seat']])}</b> took", line)
            if event["kind"] == "rolled":
                self.assertIn(f"<b>{escape(names[last.seat])}</b> rolled", line)
        self.assertTrue(
            any(
                f"<b>{escape(names[e['seat']])}</b> took" in html
                for e in last.events
                if e["seat"] != last.seat
            )
        )

    def test_an_earlier_game_of_the_series_is_asked_for_by_number(self) -> None:
        table = self.bot_table("legacy", "greedy", size=2, games=2)
        first, second = table.games.order_by("number")
        self.client.force_login(self.alice)
        url = self.log_url(table)
        self.assertIn(f"of {second.actions.count()}, the latest first", self.page(url))
        html = self.page(url, game=1)
        self.assertIn(f"of {first.actions.count()}, the latest first", html)
        self.assertEqual(entries(html)[0][0], first.version)
        self.assertIn('<a aria-current="page" href="?game=1">Game 1</a>', html)
        self.assertIn('href="?game=1&amp;page=2"', html)
        before = snapshot()
        for bad in ("3", "0", "x", ""):
            self.assertEqual(self.client.get(url, {"game": bad}).status_code, 404, bad)
        self.assertEqual(snapshot(), before)

    def test_a_yu_campaign_shows_the_games_of_its_current_run_only(self) -> None:
        campaign = self.make_campaign()
        store.reset(campaign, campaign.run)
        campaign.refresh_from_db()
        self.assertEqual(list(campaign.games.values_list("run", "number")), [(1, 1), (2, 1)])
        self.client.force_login(self.alice)
        html = self.page(self.log_url(campaign))
        self.assertIn("No action yet in this game.", html)
        self.assertEqual(self.client.get(self.log_url(campaign), {"game": 2}).status_code, 404)

    def test_a_yu_action_taken_back_is_marked_and_so_is_its_undo(self) -> None:
        campaign = self.make_campaign()
        first, second = quiet_plays(campaign)
        board = store.load(campaign)
        play.act(board, Action.parse(first), 0, by="alice")
        play.act(board, Action.parse(second), 1, by="alice")
        play.undo(board, 2, by="alice")
        self.client.force_login(self.alice)
        lines = entries(self.page(self.log_url(campaign)))
        self.assertEqual(
            [(seq, css.split(), who) for seq, css, who, _ in lines][:3],
            [
                (3, ["undo"], "alice"),
                (2, ["undone"], "alice"),
                (1, [], "alice"),
            ],
        )
        self.assertIn("Took back:", lines[0][3])
        self.assertIn("(taken back)", lines[1][3])
        self.assertNotIn("(taken back)", lines[2][3])

    def test_a_legacy_placement_taken_back_is_marked(self) -> None:
        table = play.create_table(self.alice, "legacy", "Numbers", ["owner", "open", "greedy"])
        for key in ("opus", "back", "garden"):
            table.refresh_from_db()
            play.table_act(table, self.alice, key, table.version)
        self.client.force_login(self.alice)
        lines = entries(self.page(self.log_url(table)))
        self.assertEqual(
            [(seq, css, who) for seq, css, who, _ in lines],
            [
                (4, "", "alice"),
                (3, "", "alice"),
                (2, "undone", "alice"),
                (1, "", "“Plays for the moment” bot 3"),
            ],
        )
        self.assertIn("<b>alice</b> took a placement back", lines[1][3])
        self.assertIn("(taken back)", lines[2][3])

    def test_a_watchers_full_log_holds_nothing_the_watchers_board_hides(self) -> None:
        for game, private in (("legacy", "empire:0,0"), ("machi", "choose:bakery,wheat_field")):
            with self.subTest(game):
                table = play.create_table(self.alice, game, "Secrets", ["owner", "open", "random"])
                self.share(table, self.bob, Role.PLAY)
                seats.take_seat(table, self.bob)
                self.share(table, self.carol, Role.WATCH)
                table.refresh_from_db()
                play.table_act(
                    table, self.alice, private, table.version
                )  # bob has yet to move: it stays hidden
                boards = {}
                for user in (self.alice, self.carol):
                    self.client.force_login(user)
                    boards[user] = text_runs(self.page(reverse("board", args=[table.code])))
                hidden = set(boards[self.alice]) - set(boards[self.carol])
                self.assertTrue(
                    any("your" in run.lower() for run in hidden), f"Alice's board shows her move: {hidden}"
                )
                for reader in (self.carol, self.bob):
                    self.client.force_login(reader)
                    html = self.page(self.log_url(table))
                    self.assertIn("<b>alice</b>", html)  # her move is in the log, said as the board says it
                    self.assertNotIn(private, html)
                    log = " ".join(text_runs(html))
                    self.assertEqual([run for run in hidden if run in log], [], reader)

    def test_a_table_saved_by_an_older_version_is_replayed_by_todays_rules_first(self) -> None:
        table = self.bot_table("machi", "planner", size=2)
        today = table.games.get().state
        table.games.update(state={k: v for k, v in today.items() if k != "naming"})
        self.client.force_login(self.alice)
        self.assertIn("rolled", self.page(self.log_url(table)))
        self.assertEqual(table.games.get().state, today)
        table.games.update(state={k: v for k, v in today.items() if k != "naming"})
        first = table.games.get().actions.order_by("seq").first()
        assert first is not None
        table.games.get().actions.filter(pk=first.pk).update(key="pass")
        self.assertContains(self.client.get(self.log_url(table)), "Game 1 no longer replays", status_code=409)

    def test_the_board_and_the_table_link_to_it(self) -> None:
        self.client.force_login(self.alice)
        campaign = self.make_campaign()
        board = store.load(campaign)
        play.act(board, Action.parse(quiet_plays(campaign, 1)[0]), 0)
        self.assertIn(f'href="{self.log_url(campaign)}">Full log', self.page(f"/c/{campaign.code}/"))
        table = play.create_table(self.alice, "legacy", "Numbers", ["owner", "greedy"])
        html = self.page(reverse("board", args=[table.code]))
        self.assertIn(f'href="{self.log_url(table)}">Full log', html)
        self.assertIn(f'href="{self.chronicle_url(table)}">Chronicle', html)


class FrenchTests(RecordsTestCase):
    def test_both_pages_read_in_french(self) -> None:
        table = self.bot_table("legacy", "greedy", size=3, games=2)
        self.client.force_login(self.alice)
        html = self.client.get(self.log_url(table), headers={"Accept-Language": "fr"}).content.decode()
        self.assertIn("Le journal complet\u202f: Legacy", html)  # no "de" before a name, which may elide
        self.assertIn("La carte Voyage 3 sur 3 est sortie", html)  # the game's own lines, in French
        html = self.client.get(self.chronicle_url(table), headers={"Accept-Language": "fr"}).content.decode()
        self.assertIn("La chronique\u202f: Legacy", html)
        self.assertIn("Les scores partie par partie", html)
        self.assertIn("Les parties les plus serrées", html)


class AccessTests(RecordsTestCase):
    def test_the_owner_and_members_read_them_a_stranger_finds_nothing_and_a_deleted_one_is_gone(self) -> None:
        for game in ("yu", "legacy", "machi"):
            campaign = (
                self.make_campaign()
                if game == "yu"
                else play.create_table(self.alice, game, "Shared", ["owner", "open", "random"])
            )
            self.share(campaign, self.bob, Role.PLAY)
            self.share(campaign, self.carol, Role.WATCH)
            for url in (self.log_url(campaign), self.chronicle_url(campaign)):
                with self.subTest(game=game, url=url):
                    self.client.logout()
                    self.assertRedirects(self.client.get(url), f"/accounts/login/?next={url}")
                    for user, status in (
                        (self.alice, 200),
                        (self.bob, 200),
                        (self.carol, 200),
                        (self.mallory, 404),
                    ):
                        self.client.force_login(user)
                        self.assertEqual(self.client.get(url).status_code, status, user)
                    self.assertEqual(self.client.post(url).status_code, 405)
            store.delete(campaign)
            for url in (self.log_url(campaign), self.chronicle_url(campaign)):
                with self.subTest(game=game, url=url, deleted=True):
                    for user, status in ((self.alice, 410), (self.carol, 410), (self.mallory, 404)):
                        self.client.force_login(user)
                        self.assertEqual(self.client.get(url).status_code, status, user)


class TableChronicleTests(RecordsTestCase):
    def scores_by_game(self, html: str) -> dict[int, tuple[list[int], list[int], str]]:
        """Each game's row of the page's table: its scores, the running totals and who won."""
        rows = re.findall(r'<tr id="game-(\d+)">(.*?)</tr>', html, re.S)
        return {
            int(number): (
                [int(n) for n in re.findall(r'<span class="score">(\d+)</span>', row)],
                [int(n) for n in re.findall(r"total so far </span>(\d+)</span>", row)],
                unescape(re.findall(r'<td class="winners">(.*?)</td>', row)[0]),
            )
            for number, row in rows
        }

    def test_its_numbers_are_the_series_results(self) -> None:
        for game, bot in (("legacy", "greedy"), ("machi", "planner")):
            with self.subTest(game):
                table = self.bot_table(game, bot, size=3, games=3)
                series = Series.from_dict(table.state)
                names = [s.name for s in table.seats.order_by("number")]
                self.assertEqual(len(series.results), 3)
                self.client.force_login(self.alice)
                html = self.page(self.chronicle_url(table))
                rows = self.scores_by_game(html)
                self.assertEqual(sorted(rows), [1, 2, 3])
                running = [0, 0, 0]
                for number, scores in enumerate(series.results, 1):
                    running = [t + s for t, s in zip(running, scores, strict=True)]
                    best = max(scores)
                    won = ", ".join(names[s] for s, score in enumerate(scores) if score == best)
                    self.assertEqual(rows[number], (scores, running, won))
                self.assertEqual(running, series.totals())
                totals = re.findall(r"<td(?: class=\"won\")?>(\d+)</td>", html.split('<tr class="total">')[1])
                self.assertEqual([int(t) for t in totals], series.totals())
                leaders = ", ".join(names[s] for s in series.leaders())
                self.assertIn(f"<dt>Leading</dt><dd>{escape(leaders)}</dd>", html)

                svg = ElementTree.fromstring(
                    re.findall(r"<figure class=\"chart[^\"]*\">.*?(<svg .*?</svg>)", html, re.S)[0]
                )
                dots = [str(c.findtext(f"{SVG}title")) for c in svg.iter(f"{SVG}circle")]
                self.assertEqual(
                    sorted(dots),
                    sorted(
                        f"Game {n}: {names[s]}, {score}"
                        for n, scores in enumerate(series.results, 1)
                        for s, score in enumerate(scores)
                    ),
                )

                told = tell(series, CLOSE_CALLS[game])
                for number in told.closest:
                    result = told.games[number - 1]
                    if result.margin:
                        winner = names[result.winners[0]]
                        others = ", ".join(names[s] for s in result.runners_up)
                        said = f"Game {number}: {winner} won, {result.margin} ahead of {others}."
                    else:
                        said = f"Game {number}: {', '.join(names[s] for s in result.winners)} shared the win."
                    self.assertIn(escape(said), html)

    def test_it_names_the_close_calls_each_game_can_name(self) -> None:
        for game, results, said in (
            (
                "legacy",
                [[50, 50, 20], [61, 58, 60], [70, 40, 10]],
                [
                    "Won by the smallest margin",
                    "Game 1: alice, bob-plays shared the win.",
                    "The closest scores",
                    "Game 2: every score from 58 to 61 points.",
                ],
            ),
            (
                "machi",
                [[4, 3, 3], [1, 4, 2], [3, 2, 4]],
                [
                    "Game 1: alice won, 1 ahead of bob-plays, carol-watches.",
                    "Game 3: carol-watches won, 1 ahead of alice.",
                    "One step from winning",
                    "Game 1: alice won, with bob-plays, carol-watches at 3 of 4 built.",
                    "Game 3: carol-watches won, with alice at 3 of 4 built.",
                ],
            ),
        ):
            with self.subTest(game):
                table = play.create_table(self.alice, game, "Close", ["owner", "open", "open"])
                for user in (self.bob, self.carol):
                    self.share(table, user, Role.PLAY)
                    seats.take_seat(table, user)
                table.refresh_from_db()
                series = Series.from_dict(table.state)
                series.results = results
                Campaign.objects.filter(pk=table.pk).update(state=series.to_dict())
                self.client.force_login(self.alice)
                html = self.page(self.chronicle_url(table))
                for words in said:
                    self.assertIn(words, html)
                self.assertNotIn("One step from winning" if game == "legacy" else "The closest scores", html)

    def test_a_game_is_shown_under_who_sat_there_then(self) -> None:
        table = self.bot_table("legacy", "greedy", size=2)
        before = table.seats.get(number=1).name
        seats.give_seat(table, 1, "random")
        self.client.force_login(self.alice)
        html = self.page(self.chronicle_url(table))
        self.assertIn(f'<span class="sat small">{escape(before)}</span>', html)
        self.assertIn(f'<th scope="col">{escape(table.seats.get(number=1).name)}</th>', html)

    def test_before_the_first_game_ends_it_says_so(self) -> None:
        table = play.create_table(self.alice, "machi", "Island", ["owner", "planner"])
        self.client.force_login(self.alice)
        html = self.page(self.chronicle_url(table))
        self.assertIn("The chronicle begins once the first game is over.", html)
        self.assertNotIn('<figure class="chart', html)

    def test_a_yu_campaign_keeps_its_own_chronicle(self) -> None:
        campaign = self.make_campaign()
        self.client.force_login(self.alice)
        html = self.page(self.chronicle_url(campaign))
        self.assertIn("Game 1 · being played", html)
        self.assertNotIn("Closest calls", html)
