"""The pages of record of every game: a game's full log, and the chronicle of a table's series.

Both read the rows (:mod:`campaigns.models`) with the board's access rules
(:func:`campaigns.access.campaign_for`): the owner and the members see them, a stranger gets
404, a deleted campaign 410. The log shows what the short logs show, the events stored for
everyone to read, and never an action's key: at a table, a key says where a seat placed a
number, or which cards it chose, before the others may see it.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any
from uuid import UUID

from django.contrib.auth.decorators import login_required
from django.core.paginator import InvalidPage, Page, Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext
from django.views.decorators.http import require_safe

from campaigns import charts, jinja, store, views
from campaigns.access import Seat, campaign_for
from campaigns.boards import drawing_of
from campaigns.models import Campaign, Game, GameAction, TableSeat
from campaigns.sharing.models import Role
from campaigns.table_drawing import concerned
from campaigns.views import explained
from engine.chronicle import CLOSE_CALLS, Result, tell
from engine.games import TABLES
from engine.series import Series
from engine.yu import Event

PER_PAGE = 50
TAKEN_BACK = "back"
"""The kind of a table's event by which a seat takes its last move back (a Legacy placement)."""


def _asked(request: HttpRequest, name: str, default: int) -> int:
    """A number the query gives as ``name``, or ``default``; anything else is not found."""
    value = request.GET.get(name)
    if value is None:
        return default
    if not value.isdecimal() or len(value) > 9:
        raise Http404(f"{name} is not a number")
    return int(value)


def taken_back(game_row: Game) -> set[int]:
    """The seqs of the game's actions that were taken back: those a Yu undo row names, and at a
    table each seat's last move that stood when the seat's next move took it back."""
    actions = game_row.actions.order_by("seq")
    undone = {seq for seq in actions.values_list("undoes", flat=True) if seq is not None}
    backs = set(actions.filter(events__contains=[{"kind": TAKEN_BACK}]).values_list("seq", flat=True))
    if backs:
        standing: dict[int | None, list[int]] = defaultdict(list)
        for seq, seat in actions.filter(seat__isnull=False).values_list("seq", "seat"):
            if seq not in backs:
                standing[seat].append(seq)
            elif standing[seat]:
                undone.add(standing[seat].pop())
    return undone


def sat(campaign: Campaign, number: int | None = None) -> dict[int, dict[int, str]]:
    """Who sat at each seat in each game of the table's series (or in game ``number`` alone), by
    game number then seat: the name the seat's last move in that game was logged under (none for
    moves replayed from a file)."""
    moves = GameAction.objects.filter(game__campaign=campaign, seat__isnull=False)
    if number is not None:
        moves = moves.filter(game__number=number)
    last = (
        moves.exclude(by="")
        .order_by("game__number", "seat", "-seq")
        .distinct("game__number", "seat")
        .values_list("game__number", "seat", "by")
    )
    found: dict[int, dict[int, str]] = defaultdict(dict)
    for game, seat, by in last:
        if seat is not None:
            found[game][seat] = by
    return found


def _seats(campaign: Campaign) -> list[TableSeat]:
    return list(TableSeat.objects.select_related("user").filter(campaign=campaign).order_by("number"))


# -- the full log --------------------------------------------------------------------


@login_required
@explained
@require_safe
def full_log(request: HttpRequest, code: UUID) -> HttpResponse:
    """Every action of a game of the current run (the current game, or ``?game=N``), newest
    first, :data:`PER_PAGE` to a page (``?page=N``), the actions taken back marked."""
    campaign = campaign_for(request, code).campaign
    games = campaign.games.filter(run=campaign.run)
    numbers = list(games.order_by("number").values_list("number", flat=True))
    number = _asked(request, "game", numbers[-1] if numbers else 0)
    if number not in numbers:
        raise Http404("No such game")
    game_row = games.defer("start", "state").get(number=number)
    try:
        page = Paginator(game_row.actions.order_by("-seq"), PER_PAGE).page(_asked(request, "page", 1))
    except InvalidPage as exc:
        raise Http404("No such page") from exc
    undone = taken_back(game_row)
    context: dict[str, Any] = {
        "campaign": campaign,
        "numbers": numbers,
        "number": number,
        "page": page,
    }
    if campaign.is_table:
        context.update(_table_log(campaign, game_row, page, undone))
    else:
        context["entries"] = [_yu_entry(row, undone) for row in page]
    context["replay"] = game_row.code if game_row.outcome else None
    return render(request, "records/log.html", context)


@login_required
@explained
@require_safe
def replay(request: HttpRequest, code: UUID, game: UUID) -> HttpResponse:
    """A finished game of the campaign, move by move (``?move=N``: after its first N moves), its
    board as the viewer saw it then: a player's own hidden cards as they were, a watcher what a
    watcher saw. Its address may be shared with the campaign's members."""
    seat = campaign_for(request, code)
    campaign = seat.campaign
    game_row = campaign.games.filter(code=game).exclude(outcome="").first()
    if game_row is None:
        raise Http404(gettext("Only a finished game can be replayed."))
    board, total = store.replayed(campaign, game_row, _asked(request, "move", 0))
    move = len(board.log)
    # Nothing to act on; at a table, the hidden cards of the seat the viewer plays, if any.
    viewer = Seat(campaign, Role.WATCH, seat.number if seat.plays or not campaign.is_table else None)
    context = {
        "campaign": campaign,
        "game_row": game_row,
        "move": move,
        "total": total,
        "moves": range(total + 1),
        "board": mark_safe(drawing_of(campaign).replay(board, viewer)),
    }
    name = "records/replay.html#replay" if request.headers.get("HX-Request") else "records/replay.html"
    return render(request, name, context)


def _yu_entry(row: GameAction, undone: set[int]) -> dict[str, Any]:
    """A Yu action as the board's log says it: what was done first (not what was spent on it),
    then the rest."""
    events = [Event.from_json(e) for e in row.events]
    first = next((i for i, e in enumerate(events) if e.kind != "spend"), 0)
    return {
        "row": row,
        "who": row.by,
        "undone": row.seq in undone,
        "headline": events[first].msg if events else row.key,
        "details": events[:first] + events[first + 1 :],
    }


def _table_log(
    campaign: Campaign, game_row: Game, page: Page[GameAction], undone: set[int]
) -> dict[str, Any]:
    """A table's log lines, each event drawn as the table's log draws it (templates/tables/event.jinja),
    with the name of the seat it concerns, the watcher's view of the game and the seats' names."""
    sitting = sat(campaign, game_row.number).get(game_row.number, {})
    names = {s.number: s.name for s in _seats(campaign)} | sitting
    lines = {
        "shown": _watched(campaign, game_row),
        "seat_names": [names[n] for n in sorted(names)],
        "event_template": f"{campaign.game}/event.jinja",
    }

    def line(event: dict[str, Any]) -> SafeString:
        return mark_safe(jinja.render("tables/event.jinja", {**lines, "e": event}))

    entries = []
    for row in page:
        who = row.by or (names.get(row.seat, "") if row.seat is not None else "")
        events = [line({**e, "who": concerned(e, row, names)}) for e in row.events]
        entries.append({"row": row, "who": who, "undone": row.seq in undone, "events": events})
    return {"entries": entries}


def _watched(campaign: Campaign, game_row: Game) -> Any:
    """The game as a watcher sees it, from its stored state; a table saved by an older version of
    the game is replayed by today's rules first (as its board does)."""
    rules = TABLES[campaign.game]
    row = Game.objects.only("state").get(pk=game_row.pk)
    try:
        return rules.shown(rules.load(row.state), None)
    except (KeyError, ValueError, TypeError):
        store.load(campaign)
        row.refresh_from_db(fields=["state"])
        return rules.shown(rules.load(row.state), None)


# -- the chronicle of a table --------------------------------------------------------


@login_required
@explained
@require_safe
def chronicle(request: HttpRequest, code: UUID) -> HttpResponse:
    """A table's series game by game; a Yu campaign's chronicle is the campaign's own."""
    campaign = campaign_for(request, code).campaign
    if not campaign.is_table:
        return views.chronicle(request, code)
    return _table_chronicle(request, campaign)


def _table_chronicle(request: HttpRequest, campaign: Campaign) -> HttpResponse:
    campaign.refresh_from_db(fields=["state"])
    rules = TABLES[campaign.game]
    told = tell(Series.from_dict(campaign.state), CLOSE_CALLS.get(campaign.game))
    now = [s.name for s in _seats(campaign)]
    sitting = sat(campaign)
    games = {
        g.number: _told(g, [sitting.get(g.number, {}).get(s, name) for s, name in enumerate(now)], now)
        for g in told.games
    }
    context = {
        "campaign": campaign,
        "unit": rules.unit,
        "seats": now,
        "games": list(games.values()),
        "moved": any(cell["who"] for g in games.values() for cell in g["cells"]),
        "totals": [{"total": t, "leads": s in told.leaders} for s, t in enumerate(told.totals)],
        "leaders": [now[s] for s in told.leaders],
        "closest": [games[n] for n in told.closest],
        "tightest": [games[n] for n in told.tightest],
        "one_away": [games[o.number] for o in told.one_away],
        "chart": charts.scores(told, now) if told.games else None,
    }
    return render(request, "records/chronicle.html", context)


def _told(g: Result, names: list[str], now: list[str]) -> dict[str, Any]:
    """A game of the series as its chronicle shows it, with who sat at each seat (``names``) where
    that was not who sits there ``now``."""
    return {
        "result": g,
        "names": names,
        "winners": [names[s] for s in g.winners],
        "runners_up": [names[s] for s in g.runners_up],
        "second": g.scores[g.runners_up[0]] if g.runners_up else None,
        "low": min(g.scores),
        "high": max(g.scores),
        "cells": [
            {
                "score": score,
                "total": g.totals[s],
                "won": s in g.winners,
                "who": names[s] if names[s] != now[s] else "",
            }
            for s, score in enumerate(g.scores)
        ],
    }
