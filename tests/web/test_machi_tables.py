"""Tables of Machi Koro Legacy: the secret town square choice, a game played to its end through
the web, the campaign carried to the next game, the series' end, a campaign saved and
brought back, and a table read in French."""

from __future__ import annotations

import json
import re
from typing import Any

from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import formats, timezone
from django.utils.html import escape

from campaigns import sealed, seats, store
from campaigns.models import Campaign, GameAction
from campaigns.sharing.models import Role
from engine.machi.bots import planner
from engine.machi.campaign import GAMES, deck
from engine.machi.campaign import Campaign as MachiCampaign
from engine.machi.cards import catalogue
from engine.machi.game import Game, Phase
from engine.series import Series
from engine.session import NEXT
from tests import play

from .test_tables import TableTestCase


def register(page: str) -> list[list[str]]:
    """The town register's lines on a table page: game, date, mayor and town, as text."""
    body = page.split('class="small mk-register"')[1].split("<tbody>")[1].split("</tbody>")[0]
    return [
        [re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row)]
        for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)
    ]


class MachiTableTests(TableTestCase):
    def make_machi(self, seats: list[str]) -> Campaign:
        return play.create_table(self.alice, "machi", "Island", seats)

    def machi(self, table: Campaign) -> Game:
        found = store.load(Campaign.objects.get(pk=table.pk)).state.game
        assert isinstance(found, Game)
        return found

    def play_mine(self, table: Campaign, seat: int = 0) -> None:
        """Play ``seat`` (alice's) by the planner through the web until the game ends."""
        self.client.force_login(self.alice)
        while not (game := self.machi(table)).over:
            self.assertEqual(game.waiting(), [seat])
            r = self.post(table, planner(game, seat).key)
            self.assertEqual(r.status_code, 302)  # type: ignore[attr-defined]

    def test_the_form_seats_the_strong_bot_by_the_games_own_name(self) -> None:
        self.client.force_login(self.alice)
        data = {"name": "Island", "game": "machi", "friends": 1, "bots": 1, "bot": "strong"}
        self.client.post(reverse("create_table"), data)
        table = Campaign.objects.get(name="Island")
        seats = list(table.seats.order_by("number").values_list("user__username", "bot"))
        self.assertEqual(seats, [("alice", ""), (None, ""), (None, "planner")])

    def test_a_town_square_choice_stays_hidden_until_everyone_has_chosen(self) -> None:
        table = self.make_machi(["owner", "open", "planner"])
        self.share(table, self.bob, Role.PLAY)
        seats.take_seat(table, self.bob)
        self.client.force_login(self.alice)
        page = self.client.get(reverse("board", args=[table.code])).content.decode()
        self.assertIn("Take your 2 town square cards", page)
        self.assertIn("chosen", page)  # the bot chose at once, and only that is shown
        self.post(table, "choose:bakery,wheat_field")
        self.client.force_login(self.bob)
        page = self.client.get(reverse("board", args=[table.code])).content.decode()
        self.assertNotIn("Your choice, hidden", page)
        self.assertEqual(self.machi(table).phase, Phase.CHOOSE)
        self.assertNotIn('data-card="bakery"', page.split('aria-label="Supply"')[0])  # no town shows it yet
        self.post(table, "choose:bakery,wheat_field")
        self.assertEqual(self.machi(table).phase, Phase.ROLL)
        page = self.client.get(reverse("board", args=[table.code])).content.decode()
        self.assertIn("The town square cards are revealed", page)

    def test_a_move_out_of_order_or_unaffordable_is_refused_and_changes_nothing(self) -> None:
        table = self.make_machi(["owner", "planner"])
        self.client.force_login(self.alice)
        self.post(table, "choose:bakery,wheat_field")
        self.assertEqual(self.machi(table).waiting(), [0])  # the bot played up to alice's turn
        for key, why in (
            ("landmark:fountain", "Roll the dice first"),
            ("roll:2", "one die until your Forge"),
        ):
            state, version = self.machi(table).to_dict(), Campaign.objects.get(pk=table.pk).version
            self.assertContains(self.post(table, key), why, status_code=400)  # type: ignore[arg-type]
            self.assertEqual(self.machi(table).to_dict(), state)
            self.assertEqual(Campaign.objects.get(pk=table.pk).version, version)
        self.post(table, "roll:1")
        state = self.machi(table).to_dict()
        r = self.post(table, "landmark:fountain")
        self.assertContains(r, "coins to build your Fountain", status_code=400)  # type: ignore[arg-type]
        self.assertEqual(self.machi(table).to_dict(), state)

    def test_after_the_roll_the_prompt_leads_to_the_supply_when_something_can_be_built(self) -> None:
        table = self.make_machi(["owner", "planner"])
        self.client.force_login(self.alice)
        self.post(table, "choose:bakery,wheat_field")
        board = reverse("board", args=[table.code])
        self.assertNotContains(self.client.get(board), 'href="#mk-supply"')  # nothing to build yet
        self.post(table, "roll:1")
        page = self.client.get(board)
        builds = [a.key for a in self.machi(table).legal_actions(0) if a.key.startswith("build:")]
        self.assertTrue(builds, "three coins or more build something")
        self.assertContains(page, 'id="mk-supply"')
        self.assertContains(page, '<a class="button" href="#mk-supply">Build from the supply</a>', html=True)

    def test_the_supply_tells_a_mayor_who_rolls_one_die_which_cards_only_two_dice_roll(self) -> None:
        table = self.make_machi(["owner", "planner"])
        self.client.force_login(self.alice)
        page = self.client.get(reverse("board", args=[table.code])).content.decode()
        supply = page[page.index('id="mk-supply"') :]
        supply = supply[: supply.index("</ul>")]
        items = re.findall(r'<li class="mk-card [^"]*" data-card="(\w+)">(.*?)</li>', supply, re.S)
        noted = [key for key, item in items if "Only two dice roll it: you roll one until your Forge" in item]
        high = [key for key, _ in items if catalogue().establishments[key].numbers[0] > 6]
        self.assertTrue(high)
        self.assertEqual(noted, high)

    def test_at_the_mayors_roll_the_prompt_says_what_the_others_did_since_their_last_move(self) -> None:
        table = self.make_machi(["owner", "planner"])
        self.client.force_login(self.alice)
        self.post(table, "choose:bakery,wheat_field")
        board = reverse("board", args=[table.code])
        last = GameAction.objects.filter(game__campaign=table).latest("seq")
        if last.seat == 0:  # alice rolls first: nobody has moved since her choice
            self.assertNotContains(self.client.get(board), "Since your last move")
            self.post(table, "roll:1")
            self.post(table, "pass")
        self.assertEqual(self.machi(table).waiting(), [0])
        prompt = self.client.get(board).content.decode().split('class="mk-prompt"')[1].split("</form>")[0]
        bot = Campaign.objects.get(pk=table.pk).seats.get(number=1).name
        self.assertIn("Since your last move", prompt)
        self.assertIn(f"<b>{escape(bot)}</b> rolled", prompt)

    def test_game_one_to_its_end_then_game_two_with_the_campaigns_changes(self) -> None:
        table = self.make_machi(["owner", "planner", "random"])
        self.play_mine(table)
        ended = self.machi(table)
        winner = ended.winner
        self.client.force_login(self.alice)
        page = self.client.get(reverse("board", args=[table.code])).content.decode()
        self.assertIn("Game 1 is over", page)
        self.assertIn("Town register", page)
        self.assertIn("The first name", page)  # the legacy deck, read on as the game ended
        self.assertIn("Deal the next game", page)

        r = self.client.post(
            reverse("act", args=[table.code]), {"key": "next", "version": table.version + 10**6}
        )
        self.assertEqual(r.status_code, 409)  # a stale request deals nothing
        r = self.client.post(
            reverse("act", args=[table.code]),
            {"key": "next", "version": Campaign.objects.get(pk=table.pk).version},
        )
        self.assertEqual(r.status_code, 302)
        second = self.machi(table)
        self.assertEqual((second.first, second.opening), (winner, []))
        self.assertEqual(second.setup.landmarks, ("forge", "sawmill", "fountain"))
        self.assertEqual(second.setup.community, "rope_bridge")
        self.assertIn("cafe", dict(second.setup.supply))
        self.assertEqual(second.coins[(winner + 1) % 3], 3 + 1)  # the latecomers' rules card
        carried = MachiCampaign.from_dict(Series.from_dict(Campaign.objects.get(pk=table.pk).state).carried)
        self.assertEqual(carried.register, [winner])
        for game_row in table.games.all():
            self.assertTrue(play.replays(game_row))

    def test_a_moves_answer_leaves_the_series_parts_to_the_browser_until_the_game_ends(self) -> None:
        """Within a game the story read and the series' cards stay as the browser drew them (its
        copies kept by id); the move that ends the game, and an answer to a page a move behind,
        bring them drawn anew."""
        table = self.make_machi(["owner", "planner"])
        self.client.force_login(self.alice)
        url, htmx = reverse("act", args=[table.code]), {"HX-Request": "true"}
        page = self.client.get(reverse("board", args=[table.code])).content.decode()
        self.assertIn("Landfall", page)
        self.assertEqual(len(register(page)), GAMES)
        answers = []
        while not (game := self.machi(table)).over:
            version = Campaign.objects.get(pk=table.pk).version
            key = planner(game, 0).key
            r = self.client.post(url, {"key": key, "version": version}, headers=htmx)
            self.assertEqual(r.status_code, 200)
            answers.append(r.content.decode())
        parts = ("mk-story-sides", "mk-campaign-cards")
        kept = [f'<div id="{part}" hx-preserve="true"></div>' for part in parts]
        for answer in answers[:-1]:
            for part in kept:
                self.assertIn(part, answer)
            self.assertNotIn("Landfall", answer)
        last = answers[-1]
        self.assertNotIn("hx-preserve", last.split("mk-campaign")[1])
        self.assertIn("The first name", last)  # read as the game ended
        self.assertNotEqual(register(last)[0][1], "")  # game 1's line, written as it ended
        behind = self.client.post(url, {"key": "next", "version": 0}, headers=htmx)
        self.assertEqual(behind.status_code, 409)
        self.assertIn("The first name", behind.content.decode())

    def aged(self, table: Campaign) -> None:
        """Store the table as an older version of the game saved it: no town names, and the
        winners under the register's name."""
        row = Campaign.objects.get(pk=table.pk)
        series = Series.from_dict(row.state)
        carried = dict(series.carried)
        carried["register"] = carried.pop("winners")
        del carried["towns"]
        series.carried = carried
        Campaign.objects.filter(pk=table.pk).update(state=series.to_dict())
        for game_row in table.games.all():
            game_row.state = {k: v for k, v in game_row.state.items() if k != "naming"}
            game_row.save(update_fields=["state"])

    def test_a_table_saved_by_an_older_version_opens_replayed_by_todays_rules(self) -> None:
        table = self.make_machi(["owner", "planner"])
        seats.give_seat(table, 0, "planner")
        play.next_game(table, Campaign.objects.get(pk=table.pk).version)
        today = Campaign.objects.get(pk=table.pk).state, [g.state for g in table.games.order_by("number")]
        self.aged(table)
        self.client.force_login(self.alice)
        r = self.client.get(reverse("board", args=[table.code]))
        self.assertContains(r, "Town register")
        stored = Campaign.objects.get(pk=table.pk).state, [g.state for g in table.games.order_by("number")]
        self.assertEqual(stored, today)
        for game_row in table.games.all():
            self.assertTrue(play.replays(game_row))

    def test_an_older_table_whose_moves_no_longer_replay_says_so_and_changes_nothing(self) -> None:
        table = self.make_machi(["owner", "planner"])
        seats.give_seat(table, 0, "planner")
        self.aged(table)
        first = GameAction.objects.filter(game__campaign=table).order_by("seq").first()
        assert first is not None
        GameAction.objects.filter(pk=first.pk).update(key="pass")
        before = Campaign.objects.get(pk=table.pk).state, [g.state for g in table.games.all()]
        self.client.force_login(self.alice)
        r = self.client.get(reverse("board", args=[table.code]))
        self.assertContains(r, "cannot be opened", status_code=409)
        self.assertContains(r, "Game 1 no longer replays", status_code=409)
        r = self.client.get(reverse("live", args=[table.code]))
        self.assertEqual((r.status_code, r["HX-Refresh"]), (409, "true"))  # the page then says why
        self.assertEqual(
            (Campaign.objects.get(pk=table.pk).state, [g.state for g in table.games.all()]), before
        )

    def test_after_ten_games_the_table_plays_on_in_free_play_and_comes_back_from_its_file(self) -> None:
        table = self.make_machi(["owner", "planner"])
        seats.give_seat(table, 0, "planner")  # the bots play every game at once
        for _ in range(GAMES - 1):
            play.next_game(table, Campaign.objects.get(pk=table.pk).version)
        board = store.load(Campaign.objects.get(pk=table.pk))
        self.assertTrue(board.session.finished(board.state) and board.game_row.number == GAMES)
        tenth = self.machi(table).setup
        self.client.force_login(self.alice)
        page = self.client.get(reverse("board", args=[table.code])).content.decode()
        self.assertIn("last game", page)
        self.assertIn("The register is full", page)
        self.assertNotIn("This card turns over", page)  # the deck's last side: nothing more to read
        self.assertIn("The table may play on", page)
        self.assertIn(">Play on<", page)
        self.assertNotIn("Deal the next game", page)
        self.assertEqual(len(register(page)), GAMES)

        r = self.client.post(reverse("act", args=[table.code]), {"key": "next", "version": table.version})
        self.assertEqual(r.status_code, 409)  # a stale request deals nothing
        r = self.client.post(
            reverse("act", args=[table.code]),
            {"key": "next", "version": Campaign.objects.get(pk=table.pk).version},
        )
        self.assertEqual(r.status_code, 302)
        board = store.load(Campaign.objects.get(pk=table.pk))
        eleventh = self.machi(table)
        self.assertEqual(board.game_row.number, GAMES + 1)
        self.assertEqual(eleventh.setup, tenth)
        carried = MachiCampaign.from_dict(board.state.series.carried)
        self.assertEqual((len(carried.register), len(carried.winners)), (GAMES, GAMES + 1))
        self.assertEqual(eleventh.first, carried.winners[GAMES - 1])  # the last winner goes first
        page = self.client.get(reverse("board", args=[table.code])).content.decode()
        self.assertIn("game 11, in free play after the series", page)
        self.assertIn("Free play: game 11", page)
        self.assertEqual(len(register(page)), GAMES)

        seats.give_seat(table, 0, self.alice)
        data = json.loads(self.client.get(reverse("export", args=[table.code])).content)
        self.assertEqual([key for _seat, key in data["log"]].count(NEXT), GAMES)  # 11 games, all over
        self.assertEqual(sealed.unseal(data["sealed"])["hidden"], [])
        self.client.force_login(self.bob)
        upload = SimpleUploadedFile("island.machi.json", json.dumps(data).encode())
        self.client.post(reverse("import"), {"file": upload})
        copy = Campaign.objects.exclude(pk=table.pk).get(name="Island")
        [[_after, seed]] = copy.games.get(number=GAMES + 1).redeals
        self.assertEqual(copy.state, {**Campaign.objects.get(pk=table.pk).state, "seed": seed})
        for game_row in copy.games.all():
            self.assertTrue(play.replays(game_row))

    def name(self, table: Campaign, text: str, seat: int | None = 0) -> Any:
        """Post a town's name from the table page's form, for ``seat``."""
        table.refresh_from_db()
        data = {"key": "town:", "text": text, "version": table.version, "moment": ""}
        return self.client.post(
            reverse("act", args=[table.code]), data | ({"seat": seat} if seat is not None else {})
        )

    def test_each_mayor_names_and_renames_their_town_until_the_first_roll(self) -> None:
        table = self.make_machi(["owner", "open"])
        self.share(table, self.bob, Role.PLAY)
        seats.take_seat(table, self.bob)
        self.client.force_login(self.alice)
        page = self.client.get(reverse("board", args=[table.code])).content.decode()
        self.assertIn('id="mk-town-name"', page)
        self.assertIn("Name your town", page)
        self.assertEqual(self.name(table, "  Riverside ").status_code, 302)
        self.assertEqual(self.machi(table).towns[0].name, "Riverside")
        self.assertEqual(self.name(table, "Riverside Bay").status_code, 302)  # renamed
        page = self.client.get(reverse("board", args=[table.code])).content.decode()
        self.assertIn("Rename your town", page)
        self.assertIn('value="Riverside Bay"', page)
        self.assertIn("<b>alice</b> named their town Riverside Bay", page)
        self.assertIn('<span class="mk-town-name">Riverside Bay</span>', page)
        self.post(table, "choose:bakery,wheat_field")
        self.client.force_login(self.bob)
        self.post(table, "choose:bakery,wheat_field")
        game = self.machi(table)
        self.assertEqual(game.phase, Phase.ROLL)  # the first player has not rolled: names still change
        self.assertEqual(self.name(table, "Hilltop", seat=1).status_code, 302)
        self.assertEqual([t.name for t in self.machi(table).towns], ["Riverside Bay", "Hilltop"])

        first = [self.alice, self.bob][game.first]
        self.client.force_login(first)
        self.post(table, "roll:1")
        state = self.machi(table).to_dict()
        r = self.name(table, "Too Late", seat=game.first)
        self.assertContains(r, "it is too late now", status_code=400)  # type: ignore[arg-type]
        self.assertNotIn('id="mk-town-name"', r.content.decode())  # the form is gone
        self.assertEqual(self.machi(table).to_dict(), state)

    def test_a_bad_name_or_another_seats_town_is_refused_and_changes_nothing(self) -> None:
        table = self.make_machi(["owner", "open", "planner"])
        self.share(table, self.bob, Role.PLAY)
        self.share(table, self.carol, Role.WATCH)
        seats.take_seat(table, self.bob)
        self.client.force_login(self.alice)
        self.name(table, "Riverside")
        for text, seat, why, status in (
            ("", 0, "Give your town a name.", 400),
            ("   ", 0, "Give your town a name.", 400),
            ("x" * 41, 0, "at most 40 characters; this one has 41", 400),
            ("Two\nlines", 0, "without control characters", 400),
            ("Tab\there", 0, "without control characters", 400),
            ("Hilltop", 1, "That move is for seat 2, and you sit at seat 1.", 403),
        ):
            state, version = self.machi(table).to_dict(), Campaign.objects.get(pk=table.pk).version
            r = self.name(table, text, seat)
            self.assertContains(r, why, status_code=status)  # type: ignore[arg-type]
            self.assertEqual(self.machi(table).to_dict(), state)
            self.assertEqual(Campaign.objects.get(pk=table.pk).version, version)
        self.assertEqual([t.name for t in self.machi(table).towns], ["Riverside", "", ""])
        self.client.force_login(self.carol)
        self.assertContains(self.name(table, "Mine", None), "You are watching", status_code=403)  # type: ignore[arg-type]
        page = self.client.get(reverse("board", args=[table.code])).content.decode()
        self.assertNotIn('id="mk-town-name"', page)  # a watcher names no town

    def test_the_register_writes_the_date_the_mayor_then_and_the_town_and_keeps_them(self) -> None:
        table = self.make_machi(["owner", "planner"])
        self.client.force_login(self.alice)
        self.name(table, "Riverside")
        self.play_mine(table)
        winner = self.machi(table).winner
        assert winner is not None
        won = GameAction.objects.filter(game__campaign=table).order_by("-game__number", "-seq").first()
        assert won is not None
        date = formats.date_format(timezone.localtime(won.created), "SHORT_DATE_FORMAT")
        mayor, town = [("alice", "Riverside"), ("“Plays well” bot 2", "not named")][winner]
        page = self.client.get(reverse("board", args=[table.code])).content.decode()
        self.assertEqual(register(page)[0], ["1", date, mayor, town])
        self.assertEqual(register(page)[1:], [[str(n), "", "", ""] for n in range(2, GAMES + 1)])
        # The seat changes hands: the register still names who sat there when the game was won.
        seats.give_seat(table, winner, seats.OPEN if winner == 0 else "random")
        page = self.client.get(reverse("board", args=[table.code])).content.decode()
        self.assertEqual(register(page)[0], ["1", date, mayor, town])

        data = json.loads(self.client.get(reverse("export", args=[table.code])).content)
        self.assertIn([0, "town:Riverside"], data["log"])  # the name is a move of the log
        self.client.force_login(self.bob)
        upload = SimpleUploadedFile("island.machi.json", json.dumps(data).encode())
        self.client.post(reverse("import"), {"file": upload})
        copy = Campaign.objects.exclude(pk=table.pk).get(name="Island")
        self.assertEqual(
            MachiCampaign.from_dict(Series.from_dict(copy.state).carried).towns, ["Riverside", ""]
        )
        page = self.client.get(reverse("board", args=[copy.code])).content.decode()
        self.assertEqual(register(page)[0][3], town)  # the town's name came back with its file
        self.assertEqual(register(page)[0][2], f"Seat {winner + 1}")  # a file names no one
        for game_row in copy.games.all():
            self.assertTrue(play.replays(game_row))

    def test_the_rules_page(self) -> None:
        r = self.client.get(reverse("game_rules", args=["machi"]))
        self.assertContains(r, "How to play Machi Koro Legacy")
        self.assertContains(r, "the bank never makes it up")

    def test_a_table_read_in_french_names_the_cards_and_the_story_in_french(self) -> None:
        self.assertEqual([*catalogue().french.missing, *deck().french.missing], [])
        table = self.make_machi(["owner", "planner"])
        self.client.force_login(self.alice)
        self.client.post(reverse("language"), {"language": "fr", "next": "/"})
        self.post(table, "choose:bakery,wheat_field")
        page = self.client.get(reverse("board", args=[table.code])).content.decode()
        french = ("Champs de blé", "Boulangerie", "Observatoire", "Fontaine", "Débarquement", "Votre tour")
        for french_text in french:
            self.assertIn(french_text, page)
        for english in ("Wheat Field", "Bakery", "Observatory", "Landfall", "Your turn<"):
            self.assertNotIn(english, page)
        r = self.post(table, "roll:2")
        self.assertContains(r, "tant que votre Forge n&#x27;est pas construite", status_code=400)  # type: ignore[arg-type]
        self.post(table, "roll:1")
        r = self.post(table, "landmark:fountain")  # the refusal names the landmark in French too
        self.assertContains(r, "pour construire votre Fontaine", status_code=400)  # type: ignore[arg-type]
        r = self.name(table, "Tard")
        self.assertContains(r, "il est trop tard maintenant", status_code=400)  # type: ignore[arg-type]
        self.assertContains(r, "Registre de la ville", status_code=400)  # type: ignore[arg-type]
