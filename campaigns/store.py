"""The storage boundary: the only module that turns rows into sessions (:mod:`engine.session`)
and back, for every game alike.

A campaign row holds what lasts of its session from game to game; each game row holds that
game's state, what its game began from (``start``), and an append-only log of the actions
taken from there, each by its seat (the choices between games and the ``next`` that starts the
following game included).

Every move goes through :func:`act` or :func:`undo`: the new state, the action rows and the
version bump are written in one transaction, with the bots' answers, either in one statement that
holds only while the campaign is still at the version the board was read at
(:func:`campaigns.rows.save`), or under the campaign row's lock. A move made from an older
version stands only while its seat's moment is unchanged (:meth:`engine.session.Session.moment`);
else :class:`Stale` is raised and nothing is written.

An undo is a row of its own naming the row it takes back; the game is then rebuilt from where it
began and the rows that still stand. A seat takes back only its own last move, and never across
a move that showed something hidden.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any
from uuid import UUID

from django.conf import settings
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import F, QuerySet
from django.dispatch import Signal
from django.utils import timezone, translation

from campaigns import rows
from campaigns.models import KEPT_FOR, Campaign, ChatLine, Game, GameAction, TableSeat, new_seed
from engine.games import GAMES, at_table
from engine.redeals import Redeal, play
from engine.session import JSON, NEXT, Data, Session, Standing, Stored
from engine.text import Msg, Refusal, _

UNDO = GameAction.UNDO
"""The key that takes back the last action (never an engine action key)."""
RECENT = 8
"""How many of a game's last rows a board reads, at least (enough for its short log)."""
OWNER = "owner"
OPEN = "open"
turn_passed = Signal()
"""Sent inside the transaction of a move (an undo, the bots' answers) that changed the seats
waiting: ``campaign``, and ``seats``, those it gave something to do (never the mover's)."""
"""How a new table's seats are given: to the owner, left open for a friend, or to a named bot."""


class Stale(Exception):
    """The board changed since the player saw it; nothing was written."""


class Refused(Exception):
    """The action is not allowed now; ``msg`` says why (``str()`` in English). Nothing was written."""

    def __init__(self, msg: Msg | str) -> None:
        super().__init__(str(msg))
        self.msg = msg


class Gone(Exception):
    """The campaign was deleted; nothing was written."""

    def __init__(self, campaign: Campaign) -> None:
        super().__init__("This campaign was deleted.")
        self.campaign = campaign


class Elsewhere(Exception):
    """The campaign is a table of another game, with pages of its own."""

    def __init__(self, campaign: Campaign) -> None:
        super().__init__("This is a table of another game.")
        self.campaign = campaign


class Unreadable(Exception):
    """The state was saved by older game content and its log no longer replays."""

    def __init__(self, campaign: Campaign, reason: str) -> None:
        super().__init__(reason)
        self.campaign = campaign


def session_of(campaign: Campaign) -> Session[Any, Any, Any]:
    return GAMES[campaign.game]


def shared(session: Session[Any, Any, Any]) -> bool:
    """Whether the game has one seat, shared by the owner and the players they let in (no seat rows)."""
    return not at_table(session)


@dataclass
class Board:
    """A campaign row with its current game, thawed into its session."""

    campaign: Campaign
    game_row: Game
    state: Any
    """The game's session state (the type its :attr:`session` plays)."""
    seats: list[TableSeat] = field(default_factory=list)
    """A table's seats, in order; empty for a game whose one seat is shared."""
    log: list[GameAction] = field(default_factory=list)
    """The game's last rows, oldest first."""
    unsaved: list[GameAction] = field(default_factory=list)
    """The rows of this write not yet inserted (all at once, with the states they led to)."""
    chat: list[ChatLine] | None = None
    """A table's latest lines of talk, when they were read with the board (see :meth:`talk`)."""

    @property
    def session(self) -> Session[Any, Any, Any]:
        return session_of(self.campaign)

    @property
    def version(self) -> int:
        return self.campaign.version

    @cached_property
    def standing(self) -> Standing:
        return self.session.standing(self.state)

    @property
    def seat_count(self) -> int:
        return len(self.seats) or 1

    def seat_of(self, user: User | None) -> int | None:
        """The seat ``user`` plays (a shared seat is anyone's who may act: the caller checks)."""
        if not self.seats:
            return 0
        return next((s.number for s in self.seats if user is not None and s.user_id == user.pk), None)

    def view(self, seat: int | None) -> Any:
        return self.session.view(self.state, seat)

    def talk(self) -> list[ChatLine]:
        """A table's latest lines of talk, oldest first (a move says none: they stand as read)."""
        if self.chat is None:
            self.chat = ChatLine.latest(self.campaign)
        return self.chat

    def undo_target(self, seat: int) -> GameAction | None:
        """The action ``seat`` would take back: its own last since the last move that showed
        something hidden, unless the game ended or was dealt anew since (:mod:`engine.redeals`)."""
        if self.standing.game_over:
            return None
        taken = effective(self.log)
        mine = [row for row in taken[_after_reveal(taken) :] if row.seat == seat]
        if not mine or any(after >= mine[-1].seq for after, _seed in self.game_row.redeals):
            return None
        return mine[-1]

    @property
    def dealt_anew(self) -> bool:
        """The game was dealt anew (:mod:`engine.redeals`) after its last action that stands."""
        taken = effective(self.log)
        last = taken[-1].seq if taken else 0
        return any(after >= last for after, _seed in self.game_row.redeals)


def _after_reveal(rows: list[GameAction]) -> int:
    """The index in ``rows`` after their last move that showed something hidden."""
    return next((i + 1 for i in range(len(rows) - 1, -1, -1) if rows[i].revealed), 0)


# -- reading -------------------------------------------------------------------------


def current_games() -> QuerySet[Game]:
    """Campaigns' current games, each read with its campaign (as ``game.campaign``) and
    its owner in the same query, so that the two rows agree; none of a deleted campaign.
    The state a game started from is read only when asked for (an undo)."""
    return (
        Game.objects.select_related("campaign__owner")
        .defer("start")
        .filter(run=F("campaign__run"), campaign__deleted=None)
        .order_by("-number")
    )


def current_game(campaign: Campaign) -> Game:
    """The campaign's current game with the campaign row; Gone once it is deleted."""
    game = current_games().filter(campaign_id=campaign.pk).first()
    if game is None:
        raise Gone(campaign)
    return game


def load(campaign: Campaign, recent: int | None = RECENT) -> Board:
    """The board as it stands now (``campaign`` names it; the row is read afresh)."""
    return board(current_game(campaign), recent)


def board(
    game_row: Game,
    recent: int | None = RECENT,
    log: list[GameAction] | None = None,
    seats: list[TableSeat] | None = None,
    chat: list[ChatLine] | None = None,
) -> Board:
    """The board of a current game read with its campaign, with the game's last ``recent`` log
    rows (all of them when None; ``log`` when they were read with the game), or more when none
    of those still stands: an action costs the same however long the game. ``seats`` and
    ``chat``: the campaign's, when they were read with the game."""
    campaign = game_row.campaign
    if shared(session_of(campaign)):
        seats = []
    elif seats is None:
        seats = _seats(campaign)
    log = _log(game_row, recent) if log is None else log
    if recent is not None and log and log[0].seq > 1 and not effective(log):
        log = _log(game_row, None)
    try:
        state = session_of(campaign).resume(Stored(campaign.state or {}, game_row.state))
    except (ValueError, KeyError, TypeError):  # saved by an older version of the game
        campaign, game_row = _rebuilt(campaign)
        state = session_of(campaign).resume(Stored(campaign.state, game_row.state))
        log = _log(game_row, recent)
    return Board(campaign, game_row, state, seats, log, chat=chat)


def _seats(campaign: Campaign) -> list[TableSeat]:
    return list(TableSeat.objects.select_related("user").filter(campaign=campaign).order_by("number"))


def _log(game_row: Game, recent: int | None) -> list[GameAction]:
    rows = game_row.actions.filter(seq__lte=game_row.version)
    if recent is None:
        return list(rows.order_by("seq"))
    return list(reversed(rows.filter(seq__gt=game_row.version - recent).order_by("-seq")))


def effective(log: list[GameAction]) -> list[GameAction]:
    """The action rows that stand: the log without undo rows and what they took back."""
    log = sorted(log, key=lambda row: row.seq)
    undone = {row.undoes for row in log if row.key == UNDO}
    return [row for row in log if row.key != UNDO and row.seq not in undone]


def moves(rows: Iterable[GameAction]) -> list[tuple[int, str]]:
    """The rows that stand, as (seat, key)."""
    return [(row.seat, row.key) for row in effective(list(rows))]


def seat_count(campaign: Campaign) -> int:
    return 1 if shared(session_of(campaign)) else campaign.seats.count()


def _level(campaign: Campaign) -> str:
    return campaign.difficulty if session_of(campaign).levels else ""


@dataclass(frozen=True)
class RunLog:
    """Every move that stands in a run of a campaign, and where it was dealt anew
    (:mod:`engine.redeals`), counted in the run's moves."""

    moves: list[tuple[int, str]]
    redeals: list[Redeal]


def run_log(campaign: Campaign) -> RunLog:
    """The campaign's current run."""
    games = campaign.games.filter(run=campaign.run).order_by("number")
    log: list[tuple[int, str]] = []
    redeals: list[Redeal] = []
    for game in games.prefetch_related("actions"):
        redeals += [(len(log) + after, seed) for after, seed in game.redeals]
        log += moves(game.actions.all())
    return RunLog(log, redeals)


def _rebuilt(campaign: Campaign) -> tuple[Campaign, Game]:
    """The campaign with every game of its run replayed from its seed and logs by today's rules,
    and stored so; :class:`Unreadable` when a move no longer replays."""
    session = session_of(campaign)
    with transaction.atomic():
        campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)
        games = list(campaign.games.filter(run=campaign.run).order_by("number").prefetch_related("actions"))
        state = session.new(campaign.seed, seat_count(campaign), _level(campaign))
        for game_row in games:
            game_row.start = _json(session.start(state))
            rows = moves(game_row.actions.all())
            ends_game = bool(rows) and rows[-1][1] == NEXT
            try:
                _play_log(session, state, rows[:-1] if ends_game else rows, game_row.redeals)
                game_row.state = _json(session.store(state).game)
                if ends_game:
                    _play_log(session, state, rows[-1:], [])
            except ValueError as exc:
                why = _(
                    "Game {number} no longer replays: {reason}", number=game_row.number, reason=reason(exc)
                )
                raise Unreadable(campaign, str(why)) from exc
            game_row.save(update_fields=["start", "state"])
        campaign.state = _json(session.store(state).lasting)
        campaign.save(update_fields=["state"])
    return campaign, games[-1]


def _play_log(
    session: Session[Any, Any, Any],
    state: Any,
    log: Sequence[tuple[int, str]],
    redeals: Sequence[Sequence[int]],
) -> None:
    play(
        log,
        lambda m: session.apply(state, m[0], session.parse(m[1])),
        lambda seed: session.redeal(state, seed),
        redeals,
    )


def reason(exc: Exception) -> Msg | str:
    """Why the game refused a move: its message, or else its text."""
    return exc.msg if isinstance(exc, Refusal) else str(exc)


def _json(data: Any) -> Any:
    return json.loads(json.dumps(data))


# -- writing -------------------------------------------------------------------------


def create(
    owner: User,
    game: str,
    name: str,
    seats: Sequence[str] = (OWNER,),
    level: str = "",
    seed: int | None = None,
    request: UUID | None = None,
) -> Campaign:
    """A new campaign or table of ``game``, its first game dealt (and the bots' first moves made);
    each seat given as :data:`OWNER`, :data:`OPEN` or a bot's name. For a ``request`` already
    answered, the campaign it made."""
    session = GAMES[game]
    _check_seats(session, seats)
    campaign = Campaign(
        owner=owner, name=name, game=game, seed=new_seed() if seed is None else seed, request=request
    )
    if session.levels:
        campaign.difficulty = level or session.levels[0]
    state = session.new(campaign.seed, len(seats), _level(campaign))
    campaign.state = _json(session.store(state).lasting)
    _summarize(campaign, session.standing(state))

    def write() -> None:
        seat_rows = _seat(campaign, seats, session)
        board = Board(campaign, _open_game(campaign, session, state), state, seat_rows, [])
        _play(board, [], "")
        _save(board, bump=False)

    return save_new(campaign, write)


def _check_seats(session: Session[Any, Any, Any], seats: Sequence[str]) -> None:
    if len(seats) not in session.seats or list(seats).count(OWNER) != 1:
        raise Refused(
            _(
                "A table of {game} has {least} to {most} seats, one of them the owner's.",
                game=session.title,
                least=session.seats.start,
                most=session.seats.stop - 1,
            )
        )


def save_new(campaign: Campaign, rest: Callable[[], object]) -> Campaign:
    """Save a new campaign and, in the same transaction, what ``rest`` writes with it; for a
    form's ``request`` already answered (the same form posted twice), the campaign it made."""
    try:
        with transaction.atomic():
            campaign.save()
            rest()
    except IntegrityError:
        if campaign.request is None:
            raise
        return Campaign.objects.get(owner_id=campaign.owner_id, request=campaign.request)
    return campaign


def _seat(campaign: Campaign, seats: Sequence[str], session: Session[Any, Any, Any]) -> list[TableSeat]:
    """Write a new table's seats, given as :data:`OWNER`, :data:`OPEN` or a bot's name (none for a
    game whose one seat is shared)."""
    if shared(session):
        return []
    rows = [
        TableSeat(
            campaign=campaign,
            number=n,
            user=campaign.owner if given == OWNER else None,
            bot=given if given in session.bots else "",
        )
        for n, given in enumerate(seats)
    ]
    return TableSeat.objects.bulk_create(rows)


def _open_game(campaign: Campaign, session: Session[Any, Any, Any], state: Any) -> Game:
    """Write the row of the game ``state`` has just begun."""
    standing = session.standing(state)
    stored = session.store(state)
    game_row = Game(
        campaign=campaign,
        run=campaign.run,
        number=standing.game,
        seed=int(stored.game.get("seed") or 0),  # type: ignore[arg-type]
        start=_json(session.start(state)),
        state=_json(stored.game),
        outcome=standing.outcome,  # the story can end a game before its first turn
    )
    game_row.save()
    return game_row


def create_replayed(
    owner: User,
    game: str,
    name: str,
    seed: int,
    log: Sequence[tuple[int, str]],
    seats: Sequence[str] = (OWNER,),
    level: str = "",
    redeals: Sequence[Redeal] = (),
    request: UUID | None = None,
) -> Campaign:
    """A new campaign or table of ``owner``'s with ``log``'s moves (seat, key) played from ``seed``
    (dealt anew at each of ``redeals``' places), every move checked by the game and every row
    written in one transaction. Refused, with nothing written, at the first move that does not
    replay; for a form's ``request`` already answered, the campaign it made.

    The copy then deals anew from a seed of its own (:mod:`engine.redeals`): playing it on tells
    nothing of what the campaign it was copied from will deal."""
    session = GAMES[game]
    _check_seats(session, seats)
    campaign = Campaign(owner=owner, name=name, game=game, seed=seed, request=request)
    if session.levels:
        campaign.difficulty = level or session.levels[0]
    state = session.new(seed, len(seats), _level(campaign))
    games: list[tuple[Game, list[GameAction]]] = []

    def open_game() -> None:
        standing = session.standing(state)
        stored = session.store(state)
        row = Game(
            run=1,
            number=standing.game,
            seed=int(stored.game.get("seed") or 0),  # type: ignore[arg-type]
            start=_json(session.start(state)),
            state=_json(stored.game),
            outcome=standing.outcome,
        )
        games.append((row, []))

    def apply(numbered: tuple[int, tuple[int, str]]) -> None:
        n, (seat, key) = numbered
        try:
            if seat not in range(len(seats)):
                raise ValueError(f"there is no seat {seat + 1}")
            action = session.parse(key)
            why = session.refusal(state, seat, action)
            if why is not None:
                raise Refusal(why)
            applied = session.apply(state, seat, action)
        except ValueError as exc:
            raise Refused(
                _(
                    "Action {n} of {total} ({key}) does not replay: {why}",
                    n=n,
                    total=len(log),
                    key=repr(key),
                    why=reason(exc),
                )
            ) from exc
        game_row, rows = games[-1]
        rows.append(
            GameAction(
                seq=len(rows) + 1,
                seat=seat,
                key=action.key,
                events=_json(applied.events),
                revealed=applied.revealed,
            )
        )
        game_row.version = len(rows)
        standing = session.standing(state)
        if game_row.number != standing.game:  # the game row keeps its final state
            open_game()
        else:
            game_row.state, game_row.outcome = _json(session.store(state).game), standing.outcome

    def redeal(dealt: int) -> None:
        game_row, rows = games[-1]
        session.redeal(state, dealt)
        game_row.redeals.append([len(rows), dealt])
        game_row.state = _json(session.store(state).game)

    open_game()
    play(enumerate(log, 1), apply, redeal, redeals)
    redeal(new_seed())
    campaign.state = _json(session.store(state).lasting)
    _summarize(campaign, session.standing(state))

    def write() -> None:
        _seat(campaign, seats, session)
        for game_row, logged in games:
            game_row.campaign = campaign
            game_row.save()
            for row in logged:
                row.game = game_row
            GameAction.objects.bulk_create(logged)

    return save_new(campaign, write)


def _summarize(campaign: Campaign, standing: Standing) -> frozenset[int] | None:
    """The campaign list's summary fields, written with the state; the seats that have something
    to do now and had not before, or None when the seats waiting are as they were."""
    status = Campaign.Status.PLAYING
    if standing.over and standing.won is not None:
        status = Campaign.Status.WON if standing.won else Campaign.Status.LOST
    elif standing.game_over:
        status = Campaign.Status.BETWEEN
    campaign.game_number, campaign.status = standing.game, status
    campaign.wins, campaign.losses = standing.wins, standing.losses
    waiting = list(standing.waiting)
    if waiting == campaign.waiting and campaign.waiting_since is not None:
        return None
    newly = frozenset(waiting) - frozenset(campaign.waiting)
    campaign.waiting, campaign.waiting_since = waiting, timezone.now()
    return newly


def _passed(board: Board, seats: frozenset[int] | None, mover: int) -> None:
    """Tell whoever listens (the notes, the clock) that the seats waiting changed, and which of
    them ``mover``'s move gave something to do (``seats`` None: they did not change)."""
    if seats is not None:
        turn_passed.send(Campaign, campaign=board.campaign, seats=seats - {mover})


def act(board: Board, seat: int, action: Any, version: int, by: str = "", moment: str | None = None) -> Board:
    """Take ``action`` for ``seat`` (played by the user named ``by``) who saw ``version`` of the
    board, then let the bots answer; the board as it stands after.

    A move made on the board as it was read is written in one statement that holds only while the
    campaign is still at that version (:func:`campaigns.rows.save`). When it moved on meanwhile,
    or the move is refused, it is made again on the board read afresh under the campaign row's
    lock, which tells a deleted campaign and a lost race from a refusal."""
    if version == board.version:
        recent = len(board.log) or RECENT
        try:
            with transaction.atomic():
                _move(board, seat, action, by)
                lasting = _json(_save_game(board, write=False).lasting)
                newly = _summarize(board.campaign, board.standing)
                changed = lasting if lasting != board.campaign.state else None
                if not rows.save(board.campaign, board.game_row, board.unsaved, changed):
                    raise Stale
                _passed(board, newly, seat)
        except (Stale, IntegrityError, Refused):  # told apart below, under the lock
            board = load(board.campaign, recent)
        else:
            board.unsaved.clear()
            board.campaign.version += 1
            board.campaign.state = lasting
            return board
    with transaction.atomic():
        board = _locked(board, version, seat, moment)
        _move(board, seat, action, by)
        _passed(board, _save(board), seat)
    return board


def _move(board: Board, seat: int, action: Any, by: str) -> None:
    """``seat``'s action and the bots' answers, or :class:`Refused`."""
    why = board.session.refusal(board.state, seat, action)
    if why is not None:
        raise Refused(why)
    _play(board, [(seat, action)], by)


def undo(board: Board, seat: int, version: int, by: str = "") -> Board:
    """Take back ``seat``'s last move (for the player named ``by``), unless something hidden was
    shown since."""
    with transaction.atomic():
        board = _locked(board, version, seat, None)
        board.log = _log(board.game_row, None)
        target = board.undo_target(seat)
        if target is None:
            raise Refused(_("Nothing to undo: the last action revealed something new, or none was taken."))
        kept = [(row.seat, row.key) for row in effective(board.log) if row.seq != target.seq]
        session = board.session
        try:
            state = session.begun(_start(board.game_row), board.seat_count)
            _play_log(session, state, kept, board.game_row.redeals)
        except ValueError as exc:
            raise Refused(_("That move cannot be taken back: {why}", why=reason(exc))) from exc
        board.state = state
        board.__dict__.pop("standing", None)
        _record(board, seat, by, UNDO, [_took_back(target)], revealed=False, undoes=target.seq)
        _passed(board, _save(board), seat)
    return board


def _start(game_row: Game) -> Data:
    if "start" in game_row.get_deferred_fields():
        game_row.refresh_from_db(fields=["start"])
    start: Data = game_row.start
    return start


def _took_back(target: GameAction) -> Data:
    """The undo row's event: what it took back, in the words of the row's first event that has any."""
    said = [
        e["msg"] for e in target.events if isinstance(e, dict) and "msg" in e and e.get("kind") != "spend"
    ]
    what: JSON = said[0] if said else {"id": target.key}
    msg = _("Took back: {what}", what=Msg.from_json(what) if isinstance(what, dict) else str(what))
    return {"kind": "undo", "seat": target.seat, "msg": _json(msg.to_json()), "data": target.seq}


def _locked(board: Board, version: int, seat: int, moment: str | None) -> Board:
    """The board under its campaign row's lock, read again if it moved since; :class:`Gone` once
    the campaign is deleted, :class:`Stale` when ``version`` is not the board's and the seat's
    ``moment`` changed too."""
    row = (
        Campaign.objects.select_for_update()
        .filter(pk=board.campaign.pk)
        .values_list("version", "deleted")
        .first()
    )
    if row is None or row[1] is not None:
        raise Gone(board.campaign)
    if row[0] != board.version:
        board = load(board.campaign, len(board.log) or RECENT)
    if version != board.version and not (moment and moment == board.session.moment(board.state, seat)):
        raise Stale
    return board


def _record(
    board: Board,
    seat: int,
    by: str,
    key: str,
    events: list[Data],
    revealed: bool,
    undoes: int | None = None,
) -> None:
    row = GameAction(
        game=board.game_row,
        seq=board.game_row.version + 1,
        seat=seat,
        by=by,
        key=key,
        events=_json(events),
        revealed=revealed,
        undoes=undoes,
    )
    board.game_row.version = row.seq
    board.log.append(row)
    board.unsaved.append(row)


def _play(board: Board, moves: list[tuple[int, Any]], by: str) -> None:
    """Apply the moves, then every bot move there is to make, logging each one; a move that
    starts the next game opens its row (the last game's row keeps its final state)."""
    session = board.session
    bots = {s.number: s.bot or session.bots[0] for s in board.seats if s.bot or s.stand_in}
    names = {s.number: _stored_name(s) for s in board.seats}
    while True:
        for seat, action in moves:
            if action.key == NEXT:
                _save_game(board)
            applied = session.apply(board.state, seat, action)
            _record(
                board,
                seat,
                names.get(seat, by) if seat in bots else by,
                action.key,
                applied.events,
                applied.revealed,
            )
            board.__dict__.pop("standing", None)
            if board.game_row.number != board.standing.game:
                ended = board.game_row
                Game.objects.filter(pk=ended.pk).update(version=ended.version)
                board.game_row = _open_game(board.campaign, session, board.state)
                board.log = []
        standing = board.standing
        moves = (
            []
            if standing.game_over
            else [(s, session.bot(bots[s], board.state, s)) for s in standing.waiting if s in bots]
        )
        if not moves:
            return


def _stored_name(seat: TableSeat) -> str:
    """Who plays ``seat``, as the log keeps it: in the site's language, whoever made the move."""
    with translation.override(settings.LANGUAGE_CODE):
        return seat.name


def _save_game(board: Board, write: bool = True) -> Stored:
    """The game's state on its row, written unless ``write`` is off; what the session stores."""
    stored = board.session.store(board.state)
    game_row = board.game_row
    game_row.state, game_row.outcome = stored.game, board.standing.outcome
    if write:
        Game.objects.filter(pk=game_row.pk).update(
            state=game_row.state, version=game_row.version, outcome=game_row.outcome, updated=timezone.now()
        )
    return stored


def _save(board: Board, bump: bool = True) -> frozenset[int] | None:
    """Write the session's state with its game's, the new action rows, the summary and the
    version bump; the seats that have something to do now and had not before (None: the seats
    waiting did not change)."""
    campaign = board.campaign
    GameAction.objects.bulk_create(board.unsaved)
    board.unsaved.clear()
    lasting = _json(_save_game(board).lasting)
    newly = _summarize(campaign, board.standing)
    # Within a game what lasts seldom changes: it is written only when it did.
    changes = {"state": lasting} if lasting != campaign.state else {}
    Campaign.objects.filter(pk=campaign.pk).update(
        version=F("version") + int(bump),
        updated=timezone.now(),
        **{name: getattr(campaign, name) for name in rows.SUMMARY},
        **changes,
    )
    campaign.version += int(bump)
    campaign.state = lasting
    return newly


def reset(campaign: Campaign, run: int) -> None:
    """Start run ``run`` of the campaign over with new decks; the games played so far stay on
    record. A run already started over (the same form posted twice) is left as it is."""
    with transaction.atomic():
        started = Campaign.objects.filter(pk=campaign.pk, deleted=None, run=run).update(
            run=F("run") + 1, version=F("version") + 1, seed=new_seed()
        )
        if not started:
            if Campaign.objects.filter(pk=campaign.pk, deleted=None).exists():
                return
            raise Gone(campaign)
        campaign.refresh_from_db()
        session = session_of(campaign)
        state = session.new(campaign.seed, seat_count(campaign), _level(campaign))
        board = Board(campaign, _open_game(campaign, session, state), state, _seats(campaign), [])
        _play(board, [], "")
        _save(board, bump=False)


def delete(campaign: Campaign) -> None:
    """Put the campaign aside: gone from every list and board, restorable for
    :data:`KEPT_FOR`. The version moves on, so an action racing it is refused."""
    campaign.deleted = timezone.now()
    Campaign.objects.filter(pk=campaign.pk, deleted=None).update(
        deleted=campaign.deleted, version=F("version") + 1
    )


def restore(campaign: Campaign) -> bool:
    """Bring back a deleted campaign still within :data:`KEPT_FOR`; False when it is past that."""
    return bool(
        Campaign.objects.filter(pk=campaign.pk, deleted__gt=timezone.now() - KEPT_FOR).update(
            deleted=None, version=F("version") + 1
        )
    )


def purge() -> int:
    """Remove for good the campaigns deleted more than :data:`KEPT_FOR` ago; how many."""
    old = Campaign.objects.filter(deleted__lte=timezone.now() - KEPT_FOR)
    return sum(1 for campaign in old.only("pk") if _purge(campaign))


def _purge(campaign: Campaign) -> bool:
    with transaction.atomic():
        # Locked first, so that a restore cannot slip in half-way through the cascade.
        due = Campaign.objects.select_for_update().filter(
            pk=campaign.pk, deleted__lte=timezone.now() - KEPT_FOR
        )
        if not list(due.values_list("pk", flat=True)):
            return False
        campaign.delete()
        return True


# -- checking ------------------------------------------------------------------------

_LOG_FIELDS = ("game", "seq", "seat", "key", "undoes")
"""The columns of an action row that replaying it needs (its events are not read)."""


def replayed(campaign: Campaign, game_row: Game, moves: int) -> tuple[Board, int]:
    """The game of ``game_row`` as it stood after its first ``moves`` moves (those that stand;
    the ``next`` that followed its end left out), with those moves as its log; and how many
    moves the game has in all."""
    rows = effective(list(game_row.actions.order_by("seq")))
    if rows and rows[-1].key == NEXT:
        rows = rows[:-1]
    shown = rows[: max(0, min(moves, len(rows)))]
    session = session_of(campaign)
    state = session.begun(_start(game_row), seat_count(campaign))
    _play_log(session, state, [(row.seat, row.key) for row in shown], game_row.redeals)
    seats = [] if shared(session) else _seats(campaign)
    return Board(campaign, game_row, state, seats, shown), len(rows)


def replay_differences(game_row: Game) -> list[str]:
    """Rebuild a game from where it began and its log; name every field that differs from what
    is stored (an empty list: the log and the state agree).

    What lasts of the session is checked too: against the campaign row when this is its current
    game, else against the next game's start. A log that does not replay is a difference too,
    named by its first row that fails."""
    log = list(game_row.actions.only(*_LOG_FIELDS).order_by("seq"))
    following = Game.objects.filter(
        campaign_id=game_row.campaign_id, run=game_row.run, number=game_row.number + 1
    ).first()
    return _replay_differences(game_row.campaign, game_row, log, following)


def campaign_differences(campaign: Campaign) -> list[tuple[Game, list[str]]]:
    """Every game of every run of ``campaign``, oldest first, each with what
    :func:`replay_differences` finds in it; the rows are read in two queries."""
    games = list(campaign.games.order_by("run", "number"))
    logs: dict[int, list[GameAction]] = {game.pk: [] for game in games}
    for row in GameAction.objects.filter(game__campaign=campaign).only(*_LOG_FIELDS).order_by("seq"):
        logs[row.game_id].append(row)
    numbered = {(game.run, game.number): game for game in games}
    found = []
    for game in games:
        game.campaign = campaign
        following = numbered.get((game.run, game.number + 1))
        found.append((game, _replay_differences(campaign, game, logs[game.pk], following)))
    return found


def _replay_differences(
    campaign: Campaign, game_row: Game, log: list[GameAction], following: Game | None
) -> list[str]:
    session = session_of(campaign)
    rows = effective(log)
    found: list[str] = []
    last_seq = log[-1].seq if log else 0
    if game_row.version != last_seq:
        found.append(f"version: stored {game_row.version}, log ends at {last_seq}")
    started = bool(rows) and rows[-1].key == NEXT
    row: GameAction | None = None

    def apply(action: GameAction) -> None:
        nonlocal row
        row = action
        session.apply(state, action.seat, session.parse(action.key))

    try:
        state = session.begun(_start(game_row), seat_count(campaign))
        play(
            rows[:-1] if started else rows, apply, lambda seed: session.redeal(state, seed), game_row.redeals
        )
        found += field_differences("game", game_row.state, session.store(state).game)
        if started:
            apply(rows[-1])
    except (ValueError, KeyError) as exc:  # a refused move is a ValueError
        where = f"log row {row.seq} ({row.key})" if row else "start"
        return [*found, f"{where}: does not replay: {exc}"]
    if started:
        if following is None:
            found.append(f"campaign: game {game_row.number + 1} was started but has no row")
        else:
            found += field_differences("campaign", _start(following), session.start(state))
    elif campaign.run == game_row.run and campaign.game_number == game_row.number:
        found += field_differences("campaign", campaign.state, session.store(state).lasting)
    return found


def field_differences(what: str, stored: dict[str, Any] | None, rebuilt: dict[str, Any]) -> list[str]:
    stored, rebuilt = stored or {}, _json(rebuilt)
    return [
        f"{what} {name}: stored {stored.get(name)!r}, replayed {rebuilt.get(name)!r}"
        for name in sorted(set(stored) | set(rebuilt))
        if stored.get(name) != rebuilt.get(name)
    ]


def play_bots(board: Board) -> None:
    """Let the bots make every move they have to make now (a seat was just given to one), and
    move the version on; the caller holds the campaign row's lock."""
    _play(board, [], "")
    _passed(board, _save(board), -1)
