"""A table's time per move, worked with a frozen clock: the owner sets it, each change of whose
move it is winds the clock for the minute the time runs out, the player is told then, and after
as long again the game's bot plays for them (named so in the log) until they come back."""

from __future__ import annotations

from datetime import datetime, timedelta
from uuid import uuid4

from django.urls import reverse
from django_tasks_db.models import DBTaskResult

from campaigns import store
from campaigns.models import Campaign, GameAction, TableSeat
from campaigns.notes import clock
from campaigns.notes.models import Note
from campaigns.sharing.models import Role

from .test_notes import NotesTestCase, hand_to

DAY = timedelta(days=1)


def rings(table: Campaign) -> list[tuple[datetime, str]]:
    """The clock's rings queued for the table: when, and for which start of waiting."""
    queued = DBTaskResult.objects.filter(task_path="campaigns.notes.clock.ring").order_by("run_after")
    return [(r.run_after, r.args_kwargs["args"][1]) for r in queued if r.args_kwargs["args"][0] == table.pk]


class ClockTests(NotesTestCase):
    def set_per_move(self, table: Campaign, days: int) -> Campaign:
        self.client.force_login(self.alice)
        r = self.client.post(reverse("per_move", args=[table.code]), {"days": days})
        self.assertRedirects(r, reverse("members", args=[table.code]))
        return Campaign.objects.get(pk=table.pk)

    def test_only_the_owner_sets_it_and_only_to_a_time_offered(self) -> None:
        table = self.harbour()
        self.client.force_login(self.alice)
        self.assertEqual(
            self.client.post(reverse("per_move", args=[table.code]), {"days": 2}).status_code, 400
        )
        self.client.force_login(self.bob)
        self.assertEqual(
            self.client.post(reverse("per_move", args=[table.code]), {"days": 1}).status_code, 403
        )
        self.assertEqual(Campaign.objects.get(pk=table.pk).per_move, 0)
        self.assertEqual(rings(table), [])
        page = self.client.get(table.get_absolute_url())
        self.assertNotContains(page, "per move")
        self.assertEqual(self.client.post(reverse("per_move", args=[uuid4()]), {"days": 1}).status_code, 404)
        self.assertContains(
            self.client.get(self.set_per_move(table, 3).get_absolute_url()), "3 days per move"
        )

    def test_the_clock_rings_when_the_time_runs_out_then_the_bot_plays_until_the_player_is_back(self) -> None:
        table = self.set_per_move(self.bobs_turn(self.harbour()), 1)
        self.assertEqual(self.sent(), 1)  # that it is his move
        since = table.waiting_since
        assert since is not None
        self.assertIn((since + DAY, since.isoformat()), rings(table))  # exact to the minute and less

        clock.tick(table.pk, since, since + DAY - timedelta(minutes=1))  # early: nothing happens
        self.assertFalse(Note.objects.filter(late=True).exists())
        clock.tick(table.pk, since, since + DAY)
        late = Note.objects.get(late=True)
        self.assertEqual(late.user, self.bob)
        self.assertIn((since + 2 * DAY, since.isoformat()), rings(table))
        self.assertEqual(self.sent(since + DAY), 1)
        message = self.catcher.messages[-1]
        self.assertEqual(message["Subject"], "Your time to move at Harbour ran out")

        clock.tick(table.pk, since, since + 2 * DAY)
        seat = TableSeat.objects.get(campaign=table, user=self.bob)
        self.assertTrue(seat.stand_in)
        after = Campaign.objects.get(pk=table.pk)
        self.assertNotEqual(after.waiting_since, since)  # the bot moved for him
        by = set(GameAction.objects.filter(game__campaign=table, seat=1).values_list("by", flat=True))
        self.assertIn("bob-plays (a bot plays for them)", by)

        self.client.force_login(self.bob)
        page = self.client.get(table.get_absolute_url())  # he is back
        self.assertEqual(page.status_code, 200)
        self.assertFalse(TableSeat.objects.get(pk=seat.pk).stand_in)
        hand_to(table, 1)
        self.assertEqual(Campaign.objects.get(pk=table.pk).waiting, [1])  # his move waits for him again

    def test_a_move_in_time_stops_the_clock_it_wound(self) -> None:
        table = self.set_per_move(self.bobs_turn(self.harbour()), 1)
        since = table.waiting_since
        assert since is not None
        hand_to(table, 0)  # Bob moved in time
        clock.tick(table.pk, since, since + 3 * DAY)
        self.assertFalse(Note.objects.filter(late=True).exists())
        self.assertFalse(TableSeat.objects.filter(stand_in=True).exists())
        now = Campaign.objects.get(pk=table.pk)
        assert now.waiting_since is not None
        self.assertIn((now.waiting_since + DAY, now.waiting_since.isoformat()), rings(table))

    def test_a_deleted_table_answers_gone_and_keeps_its_time(self) -> None:
        table = self.harbour()
        store.delete(table)
        self.client.force_login(self.alice)
        r = self.client.post(reverse("per_move", args=[table.code]), {"days": 1})
        self.assertEqual(r.status_code, 410)
        self.assertEqual(Campaign.objects.get(pk=table.pk).per_move, 0)

    def test_the_owner_may_give_a_late_seat_to_another_member(self) -> None:
        table = self.set_per_move(self.bobs_turn(self.harbour()), 1)
        self.share(table, self.carol, Role.PLAY)
        self.client.force_login(self.alice)
        r = self.client.post(reverse("table_seat", args=[table.code, 1]), {"to": f"user:{self.carol.pk}"})
        self.assertRedirects(r, reverse("members", args=[table.code]))
        self.assertEqual(TableSeat.objects.get(campaign=table, number=1).user, self.carol)
        store.load(table)  # still readable
