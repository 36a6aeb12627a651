"""A campaign as its friends see it: the same board, read-only for a watcher,
in their own list, and never a word of the story before the owner reads it."""

from __future__ import annotations

from django.utils.html import escape

from campaigns import store
from campaigns.models import GameAction
from campaigns.sharing.models import Role
from engine.yu import load
from engine.yu.bots.bots import HeuristicBot
from tests import play

from .base import SEED, BaseTestCase, action_keys, board_version, quiet_plays


class SharedBoardTestCase(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.campaign = self.make_campaign()
        self.url = f"/c/{self.campaign.code}/"
        self.share(self.campaign, self.bob, Role.PLAY)
        self.share(self.campaign, self.carol, Role.WATCH)

    def board_as(self, user: object) -> str:
        self.client.force_login(user)
        r = self.client.get(self.url)
        self.assertEqual(r.status_code, 200)
        return r.content.decode()

    def test_it_shows_a_watcher_the_board_without_actions(self) -> None:
        owner = self.board_as(self.alice)
        html = self.board_as(self.carol)
        self.assertTrue(action_keys(owner))
        self.assertEqual(action_keys(html), [])
        self.assertNotIn('class="unavailable"', html)  # nor disabled buttons with the player's hints
        self.assertIn("Shared by alice · you are watching", html)
        self.assertIn('class="badge watching"', html)
        self.assertNotIn(f'href="{self.url}members/"', html)
        # The same board otherwise: the hand, the row, the supply, the log.
        for region in (
            'id="hand"',
            'id="card-row"',
            'id="supply"',
            'id="log"',
            'id="board-version" value="0"',
        ):
            self.assertIn(region, html)

    def test_it_shows_a_player_every_action(self) -> None:
        owner = self.board_as(self.alice)
        html = self.board_as(self.bob)
        self.assertEqual(action_keys(html), action_keys(owner))
        self.assertIn("Shared by alice · you are playing", html)
        self.assertNotIn(f'href="{self.url}members/"', html)

    def test_it_lets_a_player_act_and_undo(self) -> None:
        play = quiet_plays(self.campaign, 1)[0]
        self.client.force_login(self.bob)
        self.assertRedirects(self.client.post(f"{self.url}act/", {"key": play, "version": 0}), self.url)
        self.assertRedirects(self.client.post(f"{self.url}act/", {"key": "undo", "version": 1}), self.url)
        self.assertEqual(list(GameAction.objects.values_list("key", flat=True)), [play, "undo"])
        self.assertIn("Took back", self.board_as(self.alice))

    def test_it_tells_the_slower_of_two_players_who_moved_first(self) -> None:
        play, other = quiet_plays(self.campaign)
        self.client.force_login(self.bob)
        self.client.post(f"{self.url}act/", {"key": play, "version": 0})
        self.client.force_login(self.alice)
        r = self.client.post(f"{self.url}act/", {"key": other, "version": 0}, headers={"HX-Request": "true"})
        self.assertContains(r, "Your friend bob-plays moved first; here is the board now.", status_code=409)
        self.assertEqual(board_version(r.content.decode()), 1)
        self.assertEqual(list(GameAction.objects.values_list("key", flat=True)), [play])

    def test_an_owner_whose_friends_only_watch_is_not_told_a_friend_moved(self) -> None:
        self.campaign.memberships.filter(user=self.bob).update(role=Role.WATCH)
        play, other = quiet_plays(self.campaign)
        self.client.force_login(self.alice)
        self.client.post(f"{self.url}act/", {"key": play, "version": 0})  # in another window
        r = self.client.post(f"{self.url}act/", {"key": other, "version": 0}, headers={"HX-Request": "true"})
        self.assertContains(r, "You had already moved, in another window", status_code=409)

    def test_it_lists_shared_campaigns_with_their_owner_and_role(self) -> None:
        play.create_campaign(self.bob, "Bob's Own")
        self.client.force_login(self.bob)
        with self.assertNumQueries(3):  # the session, the user, the campaigns owned or shared
            r = self.client.get("/")
        self.assertContains(r, f'id="campaign-{self.campaign.code}" class="shared"')
        self.assertContains(r, "Shared by alice · you play")
        self.assertContains(r, "Bob&#x27;s Own")
        self.assertNotContains(r, f'href="{self.url}rename/"')
        self.assertNotContains(r, f'href="{self.url}reset/"')
        self.assertNotContains(r, f'href="{self.url}delete/"')
        self.client.force_login(self.carol)
        self.assertContains(self.client.get("/"), "Shared by alice · you watch")
        self.client.force_login(self.mallory)
        self.assertNotContains(self.client.get("/"), f'id="campaign-{self.campaign.code}"')

    def test_it_lists_a_campaign_shared_with_several_friends_once(self) -> None:
        self.client.force_login(self.alice)
        r = self.client.get("/")
        self.assertEqual(r.content.decode().count(f'id="campaign-{self.campaign.code}"'), 1)
        self.assertNotContains(r, "Shared by")

    def test_it_shows_friends_only_the_story_read_so_far(self) -> None:
        board = store.load(self.campaign)
        bot = HeuristicBot(SEED)
        while not board.state.game.over:
            play.act(board, bot.choose(board.state.game), board.version)
        read = {entry.page.number for entry in board.state.view().journal}
        self.assertTrue(read)
        for user in (self.carol, self.bob):
            self.client.force_login(user)
            pages = {
                "board": self.client.get(self.url).content.decode(),
                "story": self.client.get(f"{self.url}story/").content.decode(),
                "live": self.client.get(f"{self.url}live/", headers={"HX-Request": "true"}).content.decode(),
            }
            for number, entry in load().entries.items():
                text = escape(entry.text)[:80]
                if number in read:
                    self.assertIn(text, pages["story"], f"entry {number} was read")
                    continue
                for name, html in pages.items():
                    self.assertNotIn(text, html, f"{user} sees unread entry {number} on the {name} page")
