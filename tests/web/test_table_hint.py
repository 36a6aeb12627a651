"""Hints at a table: the game's best bot says what it would play at the asker's seat, from what
that seat sees; a watcher, a stale page or a seat with nothing to do gets why not."""

from __future__ import annotations

from typing import Any
from unittest import mock

from django.urls import reverse

from campaigns import seats, store
from campaigns.models import Campaign
from campaigns.sharing.models import Role
from engine import text as engine_text
from engine.legacy.table import RULES as LEGACY
from engine.machi.table import RULES as MACHI
from engine.session import Hint
from tests import play

from .base import BaseTestCase


class TableHintTests(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.table = play.create_table(self.alice, "legacy", "Numbers", ["owner", "open"])
        self.share(self.table, self.bob, Role.PLAY)
        seats.take_seat(self.table, self.bob)
        self.share(self.table, self.carol, Role.WATCH)

    def ask(self, user: Any, version: int | None = None) -> Any:
        self.client.force_login(user)
        table = Campaign.objects.get(pk=self.table.pk)
        data = {"version": table.version if version is None else version}
        return self.client.post(reverse("hint", args=[table.code]), data, headers={"HX-Request": "true"})

    def test_a_player_is_told_the_strong_bots_placement_and_can_play_it(self) -> None:
        board = store.load(self.table)
        advice = LEGACY.hint(board.state, 0)
        assert not isinstance(advice, type(None)) and hasattr(advice, "moves")
        key = advice.moves[0].action.key
        r = self.ask(self.alice)
        self.assertContains(r, "The best bot would play")
        self.assertContains(r, f'value="{key}"')
        self.assertEqual(store.current_game(self.table).hints, 1)
        r = self.client.post(
            reverse("act", args=[self.table.code]),
            {"key": key, "version": Campaign.objects.get(pk=self.table.pk).version},
        )
        self.assertEqual(r.status_code, 302)
        self.assertEqual(store.load(self.table).state.game.placed[0].key, key)
        # Placed: nothing more to hint at until the next number.
        self.assertContains(self.ask(self.alice), "You have placed this number", status_code=400)

    def test_a_watcher_gets_no_hint_and_a_page_behind_gets_the_table_as_it_stands(self) -> None:
        self.assertContains(self.ask(self.carol), "hints are for the players", status_code=403)
        self.assertEqual(store.current_game(self.table).hints, 0)
        r = self.ask(self.bob, version=0)
        self.assertContains(r, "The best bot would play")
        self.assertContains(r, f'name="version" value="{Campaign.objects.get(pk=self.table.pk).version}"')
        self.client.logout()
        r = self.client.post(reverse("hint", args=[self.table.code]), {"version": 0})
        self.assertEqual(r.status_code, 302)  # to the sign-in page

    def test_the_hint_reads_nothing_face_down(self) -> None:
        state = store.load(self.table).state
        before = LEGACY.hint(state, 1)
        LEGACY.redeal(state, 12345)  # the deck's order changes; nothing anyone sees does
        self.assertEqual(LEGACY.hint(state, 1), before)


class MachiAdviceTests(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.table = play.create_table(self.alice, "machi", "Island", ["owner", "open"])
        self.share(self.table, self.bob, Role.PLAY)
        seats.take_seat(self.table, self.bob)
        self.client.force_login(self.alice)

    def test_a_mayor_is_told_the_planners_move_and_why(self) -> None:
        advice = MACHI.hint(store.load(self.table).state, 0)
        assert isinstance(advice, Hint)
        version = Campaign.objects.get(pk=self.table.pk).version
        r = self.client.post(reverse("hint", args=[self.table.code]), {"version": version})
        self.assertContains(r, "The best bot would play")
        self.assertContains(r, f'value="{advice.moves[0].action.key}"')
        self.assertContains(r, "before you can win")
        self.assertEqual(len(store.load(self.table).state.game.legal_actions(0)), 1)  # game 1 deals one pair
        self.assertNotContains(r, "the fewest of any choice")  # of one

    def test_the_hint_reads_no_other_mayors_secret_nor_the_dice_to_come(self) -> None:
        state = store.load(self.table).state
        before = MACHI.hint(state, 0)
        other = state.game.legal_actions(1)[-1]
        MACHI.apply(state, 1, other)  # bob's town square cards, hidden from alice
        self.assertEqual(MACHI.hint(state, 0), before)
        MACHI.redeal(state, 4242)
        self.assertEqual(MACHI.hint(state, 0), before)

    def test_a_move_the_game_calls_a_mistake_is_asked_about_first(self) -> None:
        key = store.load(self.table).state.game.legal_actions(0)[0].key
        url = reverse("act", args=[self.table.code])
        why = engine_text._(
            "Demolishing your {card} brings back no coin: you would give it up for nothing.", card="x"
        )
        version = Campaign.objects.get(pk=self.table.pk).version
        with mock.patch("engine.machi.advice.mistake", return_value=why):
            r = self.client.post(url, {"key": key, "version": version})
            self.assertContains(r, "Are you sure?")
            self.assertContains(r, 'name="confirm" value="yes"')
            self.assertEqual(store.load(self.table).state.game.chosen[0], None)  # nothing was written
            r = self.client.post(url, {"key": key, "version": version, "confirm": "yes"})
        self.assertEqual(r.status_code, 302)
        self.assertIsNotNone(store.load(self.table).state.game.chosen[0])
