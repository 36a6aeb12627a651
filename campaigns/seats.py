"""A table's seats: who sits where, and the owner's word on each seat.

Every change takes the campaign row's lock first, as every write to a table does
(:mod:`campaigns.store`), and moves the table's version on.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from campaigns import store
from campaigns.models import Campaign, Game, GameAction, TableSeat
from campaigns.reader import said
from campaigns.sharing.models import Membership, Role
from engine.session import NEXT

OPEN = store.OPEN
Given = str | User
"""Who a seat goes to: :data:`OPEN`, a bot's name, or a user."""


@dataclass(frozen=True)
class End:
    """How a game of the series ended: its last move's seat, who sat there then (by name, as the
    log keeps it; empty for a move replayed from a file) and when it was made."""

    seat: int
    by: str
    when: datetime


def ends(game_row: Game) -> dict[int, End]:
    """Each ended game of ``game_row``'s run (``game_row`` the current game of its campaign), by
    number: how it ended (its last move before ``next``). None has while the first goes on."""
    if game_row.number == 1 and not game_row.outcome:
        return {}
    campaign = game_row.campaign
    last = (
        GameAction.objects.filter(game__campaign=campaign, game__run=campaign.run)
        .exclude(game__outcome="")
        .exclude(key__in=(NEXT, store.UNDO))
        .order_by("game__number", "-seq")
        .distinct("game__number")
        .values_list("game__number", "seat", "by", "created")
    )
    return {number: End(seat, by, when) for number, seat, by, when in last}


def seat_number(campaign: Campaign, user: User | None) -> int | None:
    """The seat ``user`` plays at the table, if any."""
    if user is None:
        return None
    return TableSeat.objects.filter(campaign=campaign, user=user).values_list("number", flat=True).first()


def take_seat(campaign: Campaign, user: User) -> int | None:
    """Give ``user`` the first open seat (their own if they have one); ``None`` when none is open."""
    with transaction.atomic():
        seats = _seats_locked(campaign)
        mine = [s.number for s in seats if s.user_id == user.pk]
        if mine:
            return mine[0]
        free = [s for s in seats if s.open]
        if not free:
            return None
        free[0].user = user
        free[0].save(update_fields=["user"])
        _bump(campaign)
        return free[0].number


def leave_seat(campaign: Campaign, user: User) -> None:
    """Open the seat ``user`` holds, if any: they left the table, were taken out or now only watch."""
    with transaction.atomic():
        _seats_locked(campaign)
        if TableSeat.objects.filter(campaign=campaign, user=user).update(user=None):
            _bump(campaign)


def follow(campaign: Campaign, user: User, role: str | None) -> None:
    """At a table, a member's seat after their role was set (``None``: they are no longer in): a
    player takes an open seat, a watcher or someone gone gives theirs up."""
    if not campaign.is_table:
        return
    if role == Role.PLAY:
        take_seat(campaign, user)
    else:
        leave_seat(campaign, user)


def candidates(campaign: Campaign) -> list[User]:
    """Who may be given a seat: the owner and the players let in, when they have none yet."""
    seated = TableSeat.objects.filter(campaign=campaign, user__isnull=False).values("user_id")
    players = User.objects.filter(
        memberships__campaign=campaign,
        memberships__role=Role.PLAY,
        memberships__status=Membership.Status.IN,
    )
    owner = User.objects.filter(pk=campaign.owner_id)
    return list((players | owner).exclude(pk__in=seated).distinct().order_by("username"))


def give_seat(campaign: Campaign, number: int, to: Given) -> None:
    """The owner's word on a seat: open it for a friend, or give it to a bot or to someone without one.
    A bot given a seat that has something to do plays at once."""
    with transaction.atomic():
        seats = _seats_locked(campaign)
        if number not in range(len(seats)):
            raise store.Refused(_("This table has no seat {number}.").format(number=number + 1))
        seat = seats[number]
        session = store.session_of(campaign)
        if isinstance(to, User):
            if to.pk not in {u.pk for u in candidates(campaign)}:
                who = to.get_username()
                raise store.Refused(
                    _("{who} cannot sit here: only players let in sit, one seat each.").format(who=who)
                )
            seat.user, seat.bot = to, ""
        elif to == OPEN:
            seat.user, seat.bot = None, ""
        elif to in session.bots:
            seat.user, seat.bot = None, to
        else:
            raise store.Refused(_("{game} has no bot called {bot}.").format(game=said(session.title), bot=to))
        seat.save(update_fields=["user", "bot"])
        store.play_bots(store.load(campaign))


def stand_in(campaign: Campaign, numbers: list[int]) -> None:
    """The players at these seats ran out of time: the game's best bot plays for them, at once
    and until they come back."""
    with transaction.atomic():
        _seats_locked(campaign)
        TableSeat.objects.filter(campaign=campaign, number__in=numbers, user__isnull=False).update(
            stand_in=True
        )
        store.play_bots(store.load(campaign))


def come_back(campaign: Campaign, user: User) -> bool:
    """``user`` is back at the table: the bot stops playing for them. Whether it was."""
    with transaction.atomic():
        _seats_locked(campaign)
        if not TableSeat.objects.filter(campaign=campaign, user=user, stand_in=True).update(stand_in=False):
            return False
        _bump(campaign)
        return True


def _seats_locked(campaign: Campaign) -> list[TableSeat]:
    """The table's seats, under the table row's lock (the one every write to the table takes first)."""
    Campaign.objects.select_for_update().filter(pk=campaign.pk).values_list("pk").get()
    return list(TableSeat.objects.filter(campaign=campaign).order_by("number"))


def _bump(campaign: Campaign) -> None:
    Campaign.objects.filter(pk=campaign.pk).update(version=F("version") + 1)
