"""Tables of Machi Koro Legacy: the secret town square choice, a game played to its end through
the web, the campaign carried to the next game, the series' end, a campaign saved and
brought back, and a table read in French."""

from __future__ import annotations

import json

from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from campaigns import tables
from campaigns.models import Campaign, Role
from engine.machi.bots import planner
from engine.machi.campaign import GAMES, deck
from engine.machi.campaign import Campaign as MachiCampaign
from engine.machi.cards import catalogue
from engine.machi.game import Game, Phase
from engine.series import Series

from .test_tables import TableTestCase


class MachiTableTests(TableTestCase):
    def make_machi(self, seats: list[str]) -> Campaign:
        return tables.create_table(self.alice, "machi", "Island", seats)

    def machi(self, table: Campaign) -> Game:
        found = tables.load(Campaign.objects.get(pk=table.pk)).table
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
        tables.take_seat(table, self.bob)
        self.client.force_login(self.alice)
        page = self.client.get(reverse("table", args=[table.code])).content.decode()
        self.assertIn("Choose 2 town square cards", page)
        self.assertIn("chosen", page)  # the bot chose at once, and only that is shown
        self.post(table, "choose:bakery,wheat_field")
        self.client.force_login(self.bob)
        page = self.client.get(reverse("table", args=[table.code])).content.decode()
        self.assertNotIn("Your choice, hidden", page)
        self.assertEqual(self.machi(table).phase, Phase.CHOOSE)
        self.assertNotIn('data-card="bakery"', page.split('aria-label="Supply"')[0])  # no town shows it yet
        self.post(table, "choose:bakery,wheat_field")
        self.assertEqual(self.machi(table).phase, Phase.ROLL)
        page = self.client.get(reverse("table", args=[table.code])).content.decode()
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

    def test_game_one_to_its_end_then_game_two_with_the_campaigns_changes(self) -> None:
        table = self.make_machi(["owner", "planner", "random"])
        self.play_mine(table)
        ended = self.machi(table)
        winner = ended.winner
        self.client.force_login(self.alice)
        page = self.client.get(reverse("table", args=[table.code])).content.decode()
        self.assertIn("Game 1 is over", page)
        self.assertIn("Town register", page)
        self.assertIn("The first name", page)  # the legacy deck, read on as the game ended
        self.assertIn("Deal the next game", page)

        r = self.client.post(reverse("table_next", args=[table.code]), {"version": table.version + 10**6})
        self.assertEqual(r.status_code, 409)  # a stale request deals nothing
        r = self.client.post(
            reverse("table_next", args=[table.code]), {"version": Campaign.objects.get(pk=table.pk).version}
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
            self.assertTrue(tables.replays(game_row))

    def test_the_campaign_ends_after_ten_games_and_comes_back_from_its_file(self) -> None:
        table = self.make_machi(["owner", "planner"])
        tables.give_seat(table, 0, "planner")  # the bots play every game at once
        for _ in range(GAMES - 1):
            tables.next_game(table, Campaign.objects.get(pk=table.pk).version)
        board = tables.load(Campaign.objects.get(pk=table.pk))
        self.assertTrue(board.finished)
        with self.assertRaisesMessage(tables.Refused, "games are played"):
            tables.next_game(table, Campaign.objects.get(pk=table.pk).version)
        self.client.force_login(self.alice)
        page = self.client.get(reverse("table", args=[table.code])).content.decode()
        self.assertIn("last game", page)
        self.assertIn("The register is full", page)
        self.assertNotIn("Deal the next game", page)

        tables.give_seat(table, 0, self.alice)
        data = json.loads(self.client.get(reverse("export", args=[table.code])).content)
        self.assertEqual(len(data["games"]), GAMES)
        self.client.force_login(self.bob)
        upload = SimpleUploadedFile("island.machi.json", json.dumps(data).encode())
        self.client.post(reverse("import"), {"file": upload})
        copy = Campaign.objects.exclude(pk=table.pk).get(name="Island")
        self.assertEqual(copy.state, Campaign.objects.get(pk=table.pk).state)
        for game_row in copy.games.all():
            self.assertTrue(tables.replays(game_row))
        data["games"].append(data["games"][-1])
        upload = SimpleUploadedFile("island.machi.json", json.dumps(data).encode())
        r = self.client.post(reverse("import"), {"file": upload})
        self.assertContains(r, "has 10 games", status_code=400)

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
        page = self.client.get(reverse("table", args=[table.code])).content.decode()
        french = ("Champs de blé", "Boulangerie", "Observatoire", "Fontaine", "Débarquement", "Votre tour")
        for french_text in french:
            self.assertIn(french_text, page)
        for english in ("Wheat Field", "Bakery", "Observatory", "Landfall", "Your turn<"):
            self.assertNotIn(english, page)
        self.post(table, "roll:1")
        r = self.post(table, "landmark:fountain")  # the refusal names the landmark in French too
        self.assertContains(r, "votre monument Fontaine", status_code=400)  # type: ignore[arg-type]
