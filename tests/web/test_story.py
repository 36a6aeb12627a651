from __future__ import annotations

from campaigns import store
from engine.yu.bots.bots import HeuristicBot
from tests import play

from .base import SEED, BaseTestCase


class StoryTestCase(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.campaign = self.make_campaign()
        self.url = f"/c/{self.campaign.code}/story/"

    def finish_game(self) -> store.Board:
        board = store.load(self.campaign)
        bot = HeuristicBot(SEED)
        while not board.state.game.over:
            play.act(board, bot.choose(board.state.game), board.version)
        return board

    def test_it_shows_the_campaign_at_its_start(self) -> None:
        self.client.force_login(self.alice)
        r = self.client.get(self.url)
        self.assertContains(r, "The story of Yellow River")
        self.assertContains(r, "7 cards left")  # both decks
        self.assertContains(r, "No entry read yet.")
        self.assertContains(r, "Game 1: in progress")

    def test_it_shows_the_ending_and_the_journal(self) -> None:
        board = self.finish_game()
        story = board.state.view()
        self.client.force_login(self.alice)
        r = self.client.get(self.url)
        self.assertContains(r, story.revealed[-1].name)
        for entry in story.journal:
            self.assertContains(r, entry.page.title)
        self.assertContains(r, "6 cards left")  # one deck gave its top card
        r = self.client.get(f"/c/{self.campaign.code}/")
        self.assertContains(r, "Game 1 is over")
        self.assertContains(r, f'href="{self.url}"')

    def test_it_hides_other_users_campaigns(self) -> None:
        self.client.force_login(self.mallory)
        self.assertEqual(self.client.get(self.url).status_code, 404)

    def test_it_requires_login(self) -> None:
        r = self.client.get(self.url)
        self.assertRedirects(r, f"/accounts/login/?next={self.url}")
