"""The storage boundary: the only module that turns rows into engine objects and back.

A campaign row holds the engine's campaign state without its current game; each
game row holds that game's state, the campaign state it started from, and an
append-only log of the actions taken from there (the choices between games and
the ``next`` that starts the following game included).

Every write to a board goes through :func:`act` or :func:`undo`: the new state,
the action row and the version bump are written in one transaction, and the
campaign row is updated only if its version is still the one the player saw
(``filter(pk=..., version=old).update(...)``). A stale version raises
:class:`Stale` and nothing is written.

An undo is a row of its own naming the row it takes back; the game is then
rebuilt from where it started and the rows that still stand. Undo never takes
back a row whose events revealed hidden information.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar
from uuid import UUID

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import F, QuerySet
from django.utils import timezone

from campaigns.models import KEPT_FOR, YU, Campaign, Game, GameAction, new_seed
from engine.redeals import Redeal, play
from engine.text import Msg, _
from engine.yu import Action, Event, IllegalAction, MalformedAction, revealed
from engine.yu import Game as YuGame
from engine.yu.campaign.campaign import Campaign as YuCampaign
from engine.yu.campaign.campaign import CampaignView
from engine.yu.campaign.difficulty import Difficulty
from engine.yu.rules.moves import Option
from engine.yu.rules.threats import Risk

T = TypeVar("T")
UNDO = GameAction.UNDO
"""The key that takes back the last action (never an engine action key)."""


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


@dataclass
class Board:
    """A campaign row with its current game, thawed into the engine."""

    campaign: Campaign
    game_row: Game
    engine: YuCampaign
    log: list[GameAction] = field(default_factory=list)
    risks: dict[tuple[int, Action], Risk | None] = field(default_factory=dict, repr=False)

    @property
    def version(self) -> int:
        return self.campaign.version

    @property
    def game(self) -> YuGame:
        """The campaign's current game (the last one, once the campaign is over)."""
        assert self.engine.game is not None
        return self.engine.game

    def legal(self) -> list[Action]:
        return self.engine.legal_actions()

    def options(self) -> list[Option]:
        """What the player might do now, and why not for what they cannot."""
        return self.engine.options()

    def risk(self, action: Action) -> Risk | None:
        """What taking ``action`` risks (None when it is not legal now), worked
        out once per version of the board: the question before an action and
        the board drawn around it ask the same."""
        key = (self.version, action)
        if key not in self.risks:
            try:
                self.risks[key] = self.engine.risk(action)
            except IllegalAction:
                self.risks[key] = None
        return self.risks[key]

    def warning(self, action: Action) -> Msg | None:
        """Why ``action`` should be confirmed: it loses the game, and some other
        action would not (when every way loses, asking changes nothing)."""
        risk = self.risk(action)
        if risk is None or not risk.danger:
            return None
        others = (self.risk(a) for a in self.legal() if a != action)
        return risk.reason if any(r is not None and not r.danger for r in others) else None

    def story(self) -> CampaignView:
        """The campaign as the player knows it."""
        return self.engine.view()

    @property
    def undo_target(self) -> GameAction | None:
        """The action an undo would take back, or None at a reveal barrier (a redeal is one)."""
        taken = effective(self.log)
        if not taken or taken[-1].revealed or self.game.over or self.dealt_anew:
            return None
        return taken[-1]

    @property
    def dealt_anew(self) -> bool:
        """The game was dealt anew (:mod:`engine.redeals`) after its last action that stands."""
        taken = effective(self.log)
        last = taken[-1].seq if taken else 0
        return any(after >= last for after, _seed in self.game_row.redeals)


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


def load(campaign: Campaign, recent: int | None = None) -> Board:
    """The board as it stands now (``campaign`` names it; the row is read afresh)."""
    return board(current_game(campaign), recent)


def board(game_row: Game, recent: int | None = None) -> Board:
    """The board of a current game read with its campaign, with the game's last
    ``recent`` log rows (all of them when None), or more when none of those still
    stands: an action costs the same however long the game."""
    if game_row.campaign.game != YU:
        raise Elsewhere(game_row.campaign)
    log = _log(game_row, recent)
    if recent is not None and log and log[0].seq > 1 and not effective(log):
        log = _log(game_row, None)
    return Board(game_row.campaign, game_row, thaw(game_row.campaign, game_row), log)


def _log(game_row: Game, recent: int | None) -> list[GameAction]:
    rows = game_row.actions.filter(seq__lte=game_row.version)
    if recent is None:
        return list(rows.order_by("seq"))
    return list(reversed(rows.filter(seq__gt=game_row.version - recent).order_by("-seq")))


def thaw(campaign: Campaign, game_row: Game) -> YuCampaign:
    """The campaign and its current game from their stored state, or replayed
    from the log when the state was saved by an older version of the content."""
    try:
        return YuCampaign.from_dict({**(campaign.state or {}), "current": game_row.state})
    except (ValueError, KeyError):
        return _replayed(campaign, lambda: _replay(campaign, run_log(campaign)))


def _new(campaign: Campaign) -> YuCampaign:
    """The campaign set up from its seed, at its difficulty."""
    return YuCampaign.new(campaign.seed, difficulty=Difficulty(campaign.difficulty))


def _replay(campaign: Campaign, log: RunLog) -> YuCampaign:
    return YuCampaign.replay(
        campaign.seed, log.keys, difficulty=Difficulty(campaign.difficulty), redeals=log.redeals
    )


def _replayed(campaign: Campaign, replaying: Callable[[], T]) -> T:
    try:
        return replaying()
    except (ValueError, KeyError) as exc:  # IllegalAction is a ValueError
        raise Unreadable(campaign, str(exc)) from exc


@dataclass(frozen=True)
class RunLog:
    """Every action that stands in a run of a campaign, and where it was dealt anew
    (:mod:`engine.redeals`), counted in the run's actions."""

    keys: list[str]
    redeals: list[Redeal]


def run_log(campaign: Campaign, before: Game | None = None) -> RunLog:
    """The campaign's current run (up to game ``before``)."""
    games = campaign.games.filter(run=campaign.run).order_by("number")
    if before is not None:
        games = games.filter(number__lt=before.number)
    keys: list[str] = []
    redeals: list[Redeal] = []
    for game in games.prefetch_related("actions"):
        redeals += [(len(keys) + after, seed) for after, seed in game.redeals]
        keys += [row.key for row in effective(list(game.actions.all()))]
    return RunLog(keys, redeals)


def effective(log: list[GameAction]) -> list[GameAction]:
    """The action rows that stand: the log without undo rows and what they took back."""
    log = sorted(log, key=lambda row: row.seq)
    undone = {row.undoes for row in log if row.key == UNDO}
    return [row for row in log if row.key != UNDO and row.seq not in undone]


def rebuild(campaign: Campaign, game_row: Game, keys: list[str]) -> YuCampaign:
    """The campaign as the game row started it, with ``keys`` applied (and the game's redeals)."""
    engine = _started(campaign, game_row)
    play(keys, engine.apply, engine.redeal, game_row.redeals)
    return engine


def _started(campaign: Campaign, game_row: Game) -> YuCampaign:
    """The campaign as the game row started it."""
    try:
        return YuCampaign.from_dict(game_row.start)
    except (ValueError, KeyError):  # saved by older content: replay the run up to here
        return _replayed(campaign, lambda: _replay(campaign, run_log(campaign, game_row)))


def event_dicts(events: list[Event]) -> list[dict[str, Any]]:
    """Events as an action row stores them (see :meth:`Event.to_json`)."""
    return [e.to_json() for e in events]


def stored_events(rows: list[dict[str, Any]]) -> list[Event]:
    """An action row's events: those stored before messages hold their English ``text``."""
    return [Event.from_json(row) for row in rows]


def _stored(engine: YuCampaign) -> dict[str, Any]:
    """The campaign state for its row: its current game is stored in the game's row."""
    return {**engine.to_dict(), "current": None}


def _json(data: Any) -> Any:
    return json.loads(json.dumps(data))


# -- writing -------------------------------------------------------------------------


def create_campaign(
    owner: User,
    name: str,
    seed: int | None = None,
    request: UUID | None = None,
    difficulty: Difficulty = Difficulty.STANDARD,
) -> Campaign:
    """A new campaign; for a ``request`` already answered, the campaign it made."""
    campaign = Campaign(owner=owner, name=name, seed=new_seed() if seed is None else seed, request=request)
    campaign.difficulty = difficulty.value
    engine = _new(campaign)
    campaign.state = _stored(engine)
    for name, value in _summary(engine).items():
        setattr(campaign, name, value)
    return save_new(campaign, lambda: _game_row(campaign, engine))


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


def _start_run(campaign: Campaign) -> Game:
    """Set the campaign up from its seed and write its first game."""
    engine = _new(campaign)
    game_row = _game_row(campaign, engine)
    campaign.state = _stored(engine)
    for name, value in _summary(engine).items():
        setattr(campaign, name, value)
    campaign.save()
    return game_row


def _game_row(campaign: Campaign, engine: YuCampaign) -> Game:
    game_row = _new_game(campaign, engine)
    game_row.save()
    return game_row


def _new_game(campaign: Campaign, engine: YuCampaign) -> Game:
    """The row of the game the campaign has just started (not saved yet)."""
    assert engine.game is not None
    return Game(
        campaign=campaign,
        run=campaign.run,
        number=engine.number,
        seed=engine.game.seed,
        start=engine.to_dict(),
        state=engine.game.to_dict(),
        outcome=engine.game.outcome or "",  # the story can end a game before its first turn
    )


def create_replayed(
    owner: User,
    name: str,
    seed: int,
    keys: list[str],
    difficulty: Difficulty = Difficulty.STANDARD,
    request: UUID | None = None,
    redeals: Sequence[Redeal] = (),
) -> Campaign:
    """A new campaign of ``owner``'s with ``keys`` played from ``seed`` at ``difficulty`` (dealt
    anew at each of ``redeals``' places in ``keys``), every action checked by the engine and every
    row written in one transaction. Refused, with nothing written, at the first action that does
    not replay; for a form's ``request`` already answered, the campaign it made.

    The copy then deals anew from a seed of its own (:mod:`engine.redeals`): playing it on tells
    nothing of what the campaign it was copied from will deal."""
    campaign = Campaign(owner=owner, name=name, seed=seed, difficulty=difficulty.value, request=request)
    engine = _new(campaign)
    games: list[tuple[Game, list[GameAction]]] = [(_new_game(campaign, engine), [])]

    def apply(numbered: tuple[int, str]) -> None:
        n, key = numbered
        try:
            action = Action.parse(key)
            why = engine.explain(action)
        except MalformedAction as exc:
            why = exc.msg
        if why is not None:
            raise Refused(
                _(
                    "Action {n} of {total} ({key}) does not replay: {why}",
                    n=n,
                    total=len(keys),
                    key=repr(key),
                    why=why,
                )
            )
        game_row, rows = games[-1]
        events = engine.apply(action)
        rows.append(
            GameAction(
                seq=len(rows) + 1,
                key=action.key,
                events=_json(event_dicts(events)),
                revealed=revealed(events),
            )
        )
        game_row.version = len(rows)
        if engine.number != game_row.number:  # the game row keeps its final state, as in _write
            games.append((_new_game(campaign, engine), []))
        else:
            assert engine.game is not None
            game_row.state, game_row.outcome = engine.game.to_dict(), engine.game.outcome or ""

    def redeal(dealt: int) -> None:
        game_row, rows = games[-1]
        engine.redeal(dealt)
        game_row.redeals.append([len(rows), dealt])
        assert engine.game is not None
        game_row.state = engine.game.to_dict()

    play(enumerate(keys, 1), apply, redeal, redeals)
    redeal(new_seed())
    campaign.state = _stored(engine)
    for field_name, value in _summary(engine).items():
        setattr(campaign, field_name, value)

    def write_games() -> None:
        for game_row, rows in games:
            game_row.campaign = campaign
            game_row.save()
            for row in rows:
                row.game = game_row
            GameAction.objects.bulk_create(rows)

    return save_new(campaign, write_games)


def _summary(engine: YuCampaign) -> dict[str, Any]:
    """The campaign list's summary fields, written with the state."""
    status = Campaign.Status.PLAYING
    if engine.over:
        status = Campaign.Status.WON if engine.won else Campaign.Status.LOST
    elif engine.game is not None and engine.game.over:
        status = Campaign.Status.BETWEEN
    return {"game_number": engine.number, "wins": engine.wins, "losses": engine.losses, "status": status}


def _write(board: Board, version: int, engine: YuCampaign, row: GameAction) -> None:
    """Write the new state, the action row and the version bump, or raise Stale.

    When the action started the campaign's next game, the game row keeps its
    final state and a row for the new game is added.
    """
    campaign, game_row = board.campaign, board.game_row
    game = engine.game
    assert game is not None
    started = engine.number != game_row.number
    now = timezone.now()
    summary = _summary(engine)
    state = _stored(engine)
    game_state = game_row.state if started else game.to_dict()
    # Within a game the campaign's own state seldom changes: it is written only when it did.
    changes = {"state": state} if _json(state) != campaign.state else {}
    with transaction.atomic():
        count = Campaign.objects.filter(pk=campaign.pk, version=version, deleted=None).update(
            version=F("version") + 1, updated=now, **changes, **summary
        )
        if count != 1:
            raise Stale
        count = Game.objects.filter(pk=game_row.pk, version=game_row.version).update(
            state=game_state,
            version=row.seq,
            outcome=(game_row.outcome if started else game.outcome) or "",
            updated=now,
        )
        if count != 1:
            raise Stale
        row.save()
        new_row = _game_row(campaign, engine) if started else None
    campaign.version, campaign.state = version + 1, state
    for name, value in summary.items():
        setattr(campaign, name, value)
    game_row.state, game_row.version = game_state, row.seq
    board.engine = engine
    if new_row is not None:
        board.game_row, board.log = new_row, []
    else:
        game_row.outcome = game.outcome or ""
        board.log.append(row)


def act(board: Board, action: Action, version: int, by: str = "") -> list[Event]:
    """Apply one action for the player (named ``by``) who saw ``version`` of the board."""
    if version != board.version:
        raise Stale
    why = board.engine.explain(action)
    if why is not None:
        raise Refused(why)
    events = board.engine.apply(action)
    row = GameAction(
        game=board.game_row,
        seq=board.game_row.version + 1,
        by=by,
        key=action.key,
        events=_json(event_dicts(events)),
        revealed=revealed(events),
    )
    _write(board, version, board.engine, row)
    return events


def undo(board: Board, version: int, by: str = "") -> None:
    """Take back the last action, unless it revealed hidden information (for the player named ``by``)."""
    if version != board.version:
        raise Stale
    target = board.undo_target
    if target is None:
        raise Refused(_("Nothing to undo: the last action revealed something new, or none was taken."))
    kept = [r.key for r in effective(_log(board.game_row, None)) if r.seq != target.seq]
    engine = rebuild(board.campaign, board.game_row, kept)
    done = [e.msg for e in stored_events(target.events) if e.kind != "spend"]
    took = Event("undo", _("Took back: {what}", what=done[0] if done else target.key), data=target.seq)
    row = GameAction(
        game=board.game_row,
        seq=board.game_row.version + 1,
        by=by,
        key=UNDO,
        events=_json(event_dicts([took])),
        undoes=target.seq,
    )
    _write(board, version, engine, row)


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
        _start_run(campaign)


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

_LOG_FIELDS = ("game", "seq", "key", "undoes")
"""The columns of an action row that replaying it needs (its events are not read)."""


def replay_differences(game_row: Game) -> list[str]:
    """Rebuild a game from where it started and its log; name every field that
    differs from what is stored (an empty list: the log and the state agree).

    For a campaign game the campaign state is checked too: against the campaign
    row when this is its current game, else against the next game's start. A
    log that does not replay is a difference too, named by its first row that fails.
    """
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
    rows = effective(log)
    found: list[str] = []
    last_seq = log[-1].seq if log else 0
    if game_row.version != last_seq:
        found.append(f"version: stored {game_row.version}, log ends at {last_seq}")
    started = bool(rows) and rows[-1].key == "next"
    row: GameAction | None = None

    def apply(action: GameAction) -> None:
        nonlocal row
        row = action
        engine.apply(action.key)

    try:
        engine = _started(campaign, game_row)
        play(rows[:-1] if started else rows, apply, engine.redeal, game_row.redeals)
        assert engine.game is not None
        found += field_differences("game", game_row.state, engine.game.to_dict())
        if started:
            row = rows[-1]
            engine.apply(row.key)
    except (ValueError, KeyError, Unreadable) as exc:  # IllegalAction is a ValueError
        where = f"log row {row.seq} ({row.key})" if row else "start"
        return [*found, f"{where}: does not replay: {exc}"]
    if started:
        if following is None:
            found.append(f"campaign: game {game_row.number + 1} was started but has no row")
        else:
            found += field_differences("campaign", following.start, engine.to_dict())
    elif campaign.run == game_row.run and campaign.game_number == game_row.number:
        found += field_differences("campaign", campaign.state, _stored(engine))
    return found


def field_differences(what: str, stored: dict[str, Any] | None, rebuilt: dict[str, Any]) -> list[str]:
    stored, rebuilt = stored or {}, _json(rebuilt)
    return [
        f"{what} {name}: stored {stored.get(name)!r}, replayed {rebuilt.get(name)!r}"
        for name in sorted(set(stored) | set(rebuilt))
        if stored.get(name) != rebuilt.get(name)
    ]
