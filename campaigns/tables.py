"""Tables: games played by several seats (:data:`engine.games.GAMES`), and their series.

Like :mod:`campaigns.store` for Legacy of Yu, this module alone turns a table's
rows into engine state and back. Every accepted action is written with the
state it produced, in one transaction under the table row's lock, with the
bots' answers to it; a stale version, or a deleted table, changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from uuid import UUID

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import F
from django.utils import translation
from django.utils.translation import gettext as _

from campaigns.models import Campaign, Game, GameAction, Membership, Role, TableSeat, new_seed
from campaigns.reader import said
from campaigns.store import Gone, Refused, Stale, Unreadable, field_differences, save_new
from engine.games import GAMES
from engine.protocol import Move, Rules, Table
from engine.redeals import play
from engine.series import Series
from engine.text import Refusal

RECENT = 8
"""How many of the game's last moves a table's log shows."""
OWNER = "owner"
OPEN = "open"
"""How a new table's seats are given: to the owner, left open for a friend, or to a named bot."""


@dataclass(frozen=True)
class End:
    """How a game of the series ended: its last move's seat, who sat there then (by name, as the
    log keeps it; empty for a move replayed from a file) and when it was made."""

    seat: int | None
    by: str
    when: datetime


@dataclass
class TableBoard:
    campaign: Campaign
    game_row: Game
    table: Table
    seats: list[TableSeat]
    log: list[GameAction]
    """The game's last moves, newest first."""

    @property
    def rules(self) -> Rules:
        return GAMES[self.campaign.game]

    @property
    def series(self) -> Series:
        return Series.from_dict(self.campaign.state)

    @property
    def finished(self) -> bool:
        """Every game of a series with a set number of them is played."""
        games = self.rules.games
        return self.table.over and games is not None and self.game_row.number >= games

    @property
    def free(self) -> bool:
        """The game is one of free play, after the series' set games."""
        games = self.rules.games
        return games is not None and self.game_row.number > games

    def seat_of(self, user: User | None) -> int | None:
        """The seat ``user`` plays at this table, if any."""
        return next((s.number for s in self.seats if user is not None and s.user_id == user.pk), None)

    def view(self, seat: int | None) -> Any:
        return self.rules.view(self.table, seat)


def create_table(
    owner: User, game: str, name: str, seats: list[str], request: UUID | None = None
) -> Campaign:
    """A new table, its first game dealt; each seat given as :data:`OWNER`, :data:`OPEN` or a bot's name."""
    rules = GAMES[game]
    if len(seats) not in rules.seats or seats.count(OWNER) != 1:
        most = rules.seats.stop - 1
        raise ValueError(f"a table of {rules.title} has {rules.seats.start} to {most} seats, one the owner's")
    series = Series(new_seed(), len(seats), carried=rules.begin(len(seats)))
    campaign = Campaign(
        owner=owner, name=name, game=game, seed=series.seed, state=series.to_dict(), request=request
    )

    def seat_and_deal() -> None:
        _deal(campaign, _seat(campaign, seats), series)
        campaign.save()

    return save_new(campaign, seat_and_deal)


def create_replayed(
    owner: User,
    game: str,
    name: str,
    seed: int,
    seats: list[str],
    games: list[list[tuple[int, str]]],
    request: UUID | None = None,
    redeals: Sequence[tuple[int, int, int]] = (),
) -> Campaign:
    """A new table of ``owner``'s with each game of a series replayed from its log (dealt anew at
    each of ``redeals``: game number, after how many of its moves, seed), the seats given as for
    :func:`create_table`. Refused, with nothing written, at the first move that does not replay,
    or when a game before the last did not end; for a form's ``request`` already answered, the
    table it made.

    The copy then deals anew from a seed of its own (:mod:`engine.redeals`): playing it on tells
    nothing of what the table it was copied from will deal."""
    rules = GAMES[game]
    if len(seats) not in rules.seats or seats.count(OWNER) != 1 or not games:
        raise Refused(
            _("A table of {game} has {least} to {most} seats.").format(
                game=said(rules.title), least=rules.seats.start, most=rules.seats.stop - 1
            )
        )
    series = Series(seed, len(seats), carried=rules.begin(len(seats)))
    campaign = Campaign(owner=owner, name=name, game=game, seed=seed, request=request)
    rows: list[tuple[Game, list[GameAction]]] = []
    for number, log in enumerate(games, 1):
        if rows and not rows[-1][0].outcome:
            raise Refused(
                _("Game {last} did not end, yet the file goes on to game {number}.").format(
                    last=number - 1, number=number
                )
            )
        if rules.games is not None and number > rules.games and not rules.free_play:
            raise Refused(
                _("A series of {game} has {games} games, and the file has more.").format(
                    game=said(rules.title), games=rules.games
                )
            )
        dealt = [(after, s) for n, after, s in redeals if n == number]
        game_row, actions, table = _replayed_game(rules, series, number, log, dealt, number == len(games))
        game_row.campaign = campaign
        game_row.state, game_row.version = table.to_dict(), len(actions)
        if table.over:
            game_row.outcome = "over"
            series.record(table.scores())
            series.carried = rules.carry(series.carried, table)
        rows.append((game_row, actions))
    last = rows[-1][0]
    campaign.state, campaign.game_number = series.to_dict(), last.number
    campaign.status = Campaign.Status.BETWEEN if last.outcome else Campaign.Status.PLAYING

    def seat_and_write() -> None:
        _seat(campaign, seats)
        for game_row, actions in rows:
            game_row.save()
            for action in actions:
                action.game = game_row
            GameAction.objects.bulk_create(actions)

    return save_new(campaign, seat_and_write)


def _replayed_game(
    rules: Rules,
    series: Series,
    number: int,
    log: list[tuple[int, str]],
    redeals: list[tuple[int, int]],
    last: bool,
) -> tuple[Game, list[GameAction], Table]:
    """Game ``number`` of ``series`` replayed from ``log`` with its ``redeals`` (the series dealt
    anew too), and dealt anew from a new seed once more when it is the ``last`` game of a file."""
    seed = series.game_seed(number)
    table = rules.new(seed, series.seats, series.carried)
    game_row = Game(number=number, seed=seed, start=series.to_dict())
    actions: list[GameAction] = []

    def apply(move: tuple[int, str]) -> None:
        seat, key = move
        try:
            if seat not in range(series.seats):
                raise ValueError(f"there is no seat {seat + 1}")
            action = rules.parse(key)
            events, revealed = rules.apply(table, seat, action)
        except ValueError as exc:
            raise Refused(
                _("Game {number}, move {seq} ({key}) does not replay: {reason}").format(
                    number=number, seq=len(actions) + 1, key=repr(key), reason=_reason(exc)
                )
            ) from exc
        actions.append(
            GameAction(seq=len(actions) + 1, seat=seat, key=action.key, events=events, revealed=revealed)
        )

    def redeal(dealt: int) -> None:
        table.redeal(dealt)
        series.redeal(dealt)
        game_row.redeals.append([len(actions), dealt])

    try:
        play(log, apply, redeal, redeals)
    except ValueError as exc:
        raise Refused(_reason(exc)) from exc
    if last:
        redeal(new_seed())
    return game_row, actions, table


def ends(campaign: Campaign) -> dict[int, End]:
    """Each ended game of the series, by number: how it ended."""
    last = (
        GameAction.objects.filter(game__campaign=campaign)
        .exclude(game__outcome="")
        .order_by("game__number", "-seq")
        .distinct("game__number")
        .values_list("game__number", "seat", "by", "created")
    )
    return {number: End(seat, by, when) for number, seat, by, when in last}


def load(campaign: Campaign) -> TableBoard:
    if campaign.game not in GAMES:
        raise ValueError(f"{campaign.game!r} is not a game played at tables")
    if "state" in campaign.get_deferred_fields():
        campaign.refresh_from_db(fields=["state"])
    game_row = Game.objects.filter(campaign=campaign).order_by("-number").first()
    assert game_row is not None, "a table always has a game"
    seats = list(TableSeat.objects.select_related("user").filter(campaign=campaign).order_by("number"))
    log = list(game_row.actions.order_by("-seq")[:RECENT])
    try:
        table = _read(campaign, game_row)
    except (KeyError, ValueError, TypeError):  # saved by an older version of the game: replay its logs
        campaign, game_row = _rebuilt(campaign)
        table = _read(campaign, game_row)
    return TableBoard(campaign, game_row, table, seats, log)


def _read(campaign: Campaign, game_row: Game) -> Table:
    """The table's game from its stored state, once its series' state reads too."""
    rules = GAMES[campaign.game]
    rules.campaign(Series.from_dict(campaign.state).carried)
    return rules.load(game_row.state)


def _rebuilt(campaign: Campaign) -> tuple[Campaign, Game]:
    """The table with its series and every game's state replayed from their seeds and logs by
    today's rules, and stored so; :class:`Unreadable` when a move no longer replays."""
    rules = GAMES[campaign.game]
    with transaction.atomic():
        campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)
        games = list(campaign.games.order_by("number").prefetch_related("actions"))
        series = Series(campaign.seed, campaign.seats.count(), carried=rules.begin(campaign.seats.count()))
        for game_row in games:
            rows = sorted(game_row.actions.all(), key=lambda a: a.seq)
            log = [(a.seat, a.key) for a in rows if a.seat is not None]
            try:
                table = rules.replay(game_row.seed, series.seats, log, series.carried, game_row.redeals)
            except ValueError as exc:
                reason = _("Game {number} no longer replays: {reason}")
                raise Unreadable(
                    campaign, reason.format(number=game_row.number, reason=_reason(exc))
                ) from exc
            game_row.start, game_row.state = series.to_dict(), table.to_dict()
            game_row.save(update_fields=["start", "state"])
            for _after, dealt in game_row.redeals:
                series.redeal(dealt)
            if table.over:
                series.record(table.scores())
                series.carried = rules.carry(series.carried, table)
        campaign.state = series.to_dict()
        campaign.save(update_fields=["state"])
    return campaign, games[-1]


class NotSeated(Refused):
    """The user has no seat at the table: they watch it."""


class OtherSeat(Refused):
    """The move was for a seat the user does not sit at."""


def act(
    campaign: Campaign,
    user: User,
    key: str,
    version: int,
    moment: str | None = None,
    for_seat: int | None = None,
) -> None:
    """Apply ``key`` for ``user``'s seat at the version they saw, then let the bots answer.
    A move from an older version stands when the seat's ``moment`` is still the same; one said
    to be ``for_seat`` is refused unless the user sits there."""
    with transaction.atomic():
        board = _locked(campaign, version, lambda b: _same_moment(b, user, moment))
        seat = board.seat_of(user)
        if seat is None:
            raise NotSeated(_("You are watching this table: only the players in its seats make moves."))
        if for_seat is not None and for_seat != seat:
            raise OtherSeat(
                _("That move is for seat {number}, and you sit at seat {mine}.").format(
                    number=for_seat + 1, mine=seat + 1
                )
            )
        try:
            _play(board, [(seat, board.rules.parse(key))])
        except ValueError as exc:
            raise Refused(_reason(exc)) from exc
        _save(board)
        _moved(board.campaign)


def next_game(campaign: Campaign, version: int) -> None:
    """Deal the series' next game, once the last one is over."""
    with transaction.atomic():
        board = _locked(campaign, version)
        if not board.table.over:
            raise Refused(_("This game is still being played."))
        if board.finished and not board.rules.free_play:
            raise Refused(
                _("The series' {games} games are played: it is over.").format(games=board.rules.games)
            )
        _deal(board.campaign, board.seats, board.series)
        _moved(board.campaign)


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


def _reason(exc: Exception) -> str:
    """Why the game refused a move, in the reader's language: its message, or else its text."""
    return said(exc.msg) if isinstance(exc, Refusal) else str(exc)


def _stored_name(seat: TableSeat) -> str:
    """Who plays ``seat``, as the log keeps it: in the site's language, whoever made the move."""
    with translation.override(settings.LANGUAGE_CODE):
        return seat.name


Given = str | User
"""Who a seat goes to: :data:`OPEN`, a bot's name, or a user."""


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
    A bot given a seat that has a number to place plays it at once."""
    with transaction.atomic():
        seats = _seats_locked(campaign)
        if number not in range(len(seats)):
            raise Refused(_("This table has no seat {number}.").format(number=number + 1))
        seat = seats[number]
        rules = GAMES[campaign.game]
        if isinstance(to, User):
            if to.pk not in {u.pk for u in candidates(campaign)}:
                who = to.get_username()
                raise Refused(
                    _("{who} cannot sit here: only players let in sit, one seat each.").format(who=who)
                )
            seat.user, seat.bot = to, ""
        elif to == OPEN:
            seat.user, seat.bot = None, ""
        elif to in rules.bots:
            seat.user, seat.bot = None, to
        else:
            raise Refused(_("{game} has no bot called {bot}.").format(game=said(rules.title), bot=to))
        seat.save(update_fields=["user", "bot"])
        board = load(Campaign.objects.get(pk=campaign.pk))
        if not board.table.over:
            _play(board, [])
            _save(board)
        _moved(board.campaign)


def _seat(campaign: Campaign, seats: list[str]) -> list[TableSeat]:
    """Write a new table's seats, given as :data:`OWNER`, :data:`OPEN` or a bot's name."""
    bots = GAMES[campaign.game].bots
    rows = [
        TableSeat(
            campaign=campaign,
            number=n,
            user=campaign.owner if given == OWNER else None,
            bot=given if given in bots else "",
        )
        for n, given in enumerate(seats)
    ]
    return TableSeat.objects.bulk_create(rows)


def _seats_locked(campaign: Campaign) -> list[TableSeat]:
    """The table's seats, under the table row's lock (the one every write to the table takes first)."""
    Campaign.objects.select_for_update().filter(pk=campaign.pk).values_list("pk").get()
    return list(TableSeat.objects.filter(campaign=campaign).order_by("number"))


def _bump(campaign: Campaign) -> None:
    Campaign.objects.filter(pk=campaign.pk).update(version=F("version") + 1)


def replays(game_row: Game) -> bool:
    """Whether the game's seed and log replay to the state stored with them."""
    return not replay_differences(game_row)


def replay_differences(game_row: Game) -> list[str]:
    """Rebuild a table's game from its seed, where its series stood and its log; name every field
    that differs from what is stored (an empty list: they agree). An ended game is checked against
    the series after it too: the next game's start, or the table's row for its latest game. A log
    that does not replay is a difference too."""
    table = game_row.campaign
    rules = GAMES[table.game]
    rows = list(game_row.actions.order_by("seq"))
    found = []
    last_seq = rows[-1].seq if rows else 0
    if game_row.version != last_seq:
        found.append(f"version: stored {game_row.version}, log ends at {last_seq}")
    start = Series.from_dict(game_row.start)
    log = [(a.seat, a.key) for a in rows if a.seat is not None]
    try:
        rebuilt = rules.replay(game_row.seed, start.seats, log, start.carried, game_row.redeals)
    except (ValueError, KeyError) as exc:
        return [*found, f"log: does not replay: {exc}"]
    for _after, dealt in game_row.redeals:
        start.redeal(dealt)
    found += field_differences("game", game_row.state, rebuilt.to_dict())
    if not rebuilt.over:
        return found
    start.record(rebuilt.scores())
    start.carried = rules.carry(start.carried, rebuilt)
    following = Game.objects.filter(campaign=table, number=game_row.number + 1).first()
    if following is not None:
        found += field_differences("series", following.start, start.to_dict())
    elif table.game_number == game_row.number:
        found += field_differences("series", table.state, start.to_dict())
    return found


def table_differences(table: Campaign) -> list[tuple[Game, list[str]]]:
    """Every game of the table, oldest first, each with what :func:`replay_differences` finds."""
    games = list(table.games.order_by("number"))
    for game_row in games:
        game_row.campaign = table
    return [(game_row, replay_differences(game_row)) for game_row in games]


def _locked(
    campaign: Campaign, version: int, still: Callable[[TableBoard], bool] = lambda board: False
) -> TableBoard:
    """The table under its row's lock, at ``version`` (or where ``still`` says nothing that matters moved);
    :class:`Gone` once it is deleted."""
    row = Campaign.objects.select_for_update().get(pk=campaign.pk)
    if row.deleted is not None:
        raise Gone(row)
    board = load(row)
    if row.version != version and not still(board):
        raise Stale()
    return board


def _same_moment(board: TableBoard, user: User, moment: str | None) -> bool:
    seat = board.seat_of(user)
    return seat is not None and moment == board.rules.moment(board.table, seat)


def _deal(campaign: Campaign, seats: list[TableSeat], series: Series) -> None:
    """Write the series' next game, with the bots' first moves; the campaign row is the caller's to save."""
    number = series.next_number
    seed = series.game_seed(number)
    table = GAMES[campaign.game].new(seed, len(seats), series.carried)
    game_row = Game(
        campaign=campaign, number=number, seed=seed, start=series.to_dict(), state=table.to_dict()
    )
    board = TableBoard(campaign, game_row, table, seats, [])
    game_row.save()
    _play(board, [])
    _save(board)


def _play(board: TableBoard, moves: list[tuple[int, Move]]) -> None:
    """Apply the moves, then every bot move there is to make, logging each one."""
    rules = board.rules
    bots = {s.number: s.bot for s in board.seats if s.bot}
    seq = board.game_row.version
    while True:
        for seat, action in moves:
            events, revealed = rules.apply(board.table, seat, action)
            seq += 1
            GameAction.objects.create(
                game=board.game_row,
                seq=seq,
                seat=seat,
                by=_stored_name(board.seats[seat]),
                key=action.key,
                events=events,
                revealed=revealed,
            )
        moves = [(s, rules.bot(bots[s], board.table, s)) for s in board.table.waiting() if s in bots]
        if not moves:
            break
    board.game_row.version = seq


def _save(board: TableBoard) -> None:
    """Write the game's state, and the series' result once it is over, with the table's summary."""
    table, campaign, game_row = board.table, board.campaign, board.game_row
    game_row.state = table.to_dict()
    if table.over and not game_row.outcome:
        game_row.outcome = "over"
        series = board.series
        series.record(table.scores())
        series.carried = board.rules.carry(series.carried, table)
        campaign.state = series.to_dict()
    game_row.save()
    campaign.game_number = game_row.number
    campaign.status = Campaign.Status.BETWEEN if table.over else Campaign.Status.PLAYING


def _moved(campaign: Campaign) -> None:
    campaign.version += 1
    campaign.save()
