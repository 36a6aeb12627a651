"""The Yu board says the engine's messages in the reader's language."""

from __future__ import annotations

from django.core.cache import cache
from django.utils import translation
from django.utils.html import escape

from campaigns import store
from campaigns.models import GameAction
from campaigns.reader import said
from engine.text import Name
from engine.yu import Action, Event
from tests import play

from .base import BaseTestCase, quiet_plays


class BoardLanguageTestCase(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.campaign = self.make_campaign()
        self.client.force_login(self.alice)
        self.board_url = f"/c/{self.campaign.code}/"
        (self.play,) = quiet_plays(self.campaign, 1)
        board = store.load(self.campaign)
        play.act(board, Action.parse(self.play), board.version)
        cache.clear()

    def test_an_action_is_stored_as_a_message_with_its_values(self) -> None:
        (stored,) = GameAction.objects.get().events[:1]
        self.assertEqual(stored["msg"]["id"], "Played {card}.")
        self.assertEqual(set(stored["msg"]["values"]), {"card"})
        self.assertNotIn("text", stored)

    def test_the_board_says_the_last_action_in_the_readers_language(self) -> None:
        played = play.stored_events(GameAction.objects.get().events)[0]
        card = dict(played.msg.values)["card"]
        assert isinstance(card, Name)
        with translation.override("fr"):
            french = said(played.msg)
        self.assertNotIn(card.text, french)  # the card's name is the content's French
        page = self.client.get(self.board_url, HTTP_ACCEPT_LANGUAGE="fr")
        english = self.client.get(self.board_url, HTTP_ACCEPT_LANGUAGE="en")
        self.assertEqual(page["Content-Language"], "fr")
        self.assertContains(page, escape(french))
        self.assertNotContains(page, escape(played.text))
        self.assertContains(english, escape(played.text))  # each language has its own cached regions
        self.assertNotContains(english, escape(french))

    def test_an_event_stored_before_messages_shows_its_english(self) -> None:
        row = GameAction.objects.get()
        row.events = [{"kind": "play", "text": "Played an old card.", "reveal": False, "data": None}]
        row.save()
        cache.clear()
        page = self.client.get(self.board_url, HTTP_ACCEPT_LANGUAGE="fr")
        self.assertContains(page, "Played an old card.")
        self.assertEqual(Event.from_json(row.events[0]).text, "Played an old card.")
