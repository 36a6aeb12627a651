"""How a game's board is drawn for the pages of :mod:`campaigns.play`, the same views for every
game: the whole page, the answer to a move, a refusal, a question, a hint, and the live board.

Legacy of Yu draws its board as regions sent only when they change (:mod:`campaigns.regions`);
a table draws its board whole (:mod:`campaigns.table_drawing`); :mod:`campaigns.boards` says which
game is drawn by which.
"""

from __future__ import annotations

from typing import Any, Protocol

from django.http import HttpRequest, HttpResponse

from campaigns import store
from campaigns.access import Seat

CSRF_SLOT = "\x00csrf-token\x00"
"""Where a drawing cached for every viewer takes each one's CSRF token."""
KEPT = 600
"""Seconds a drawn board stays cached for the pages, live boards and answers that show it."""

Advice = dict[str, Any]
"""A hint as a board shows it: ``moves`` (each a ``key``, a ``label`` and perhaps a ``chance``)
and ``notes``; or ``refused``, why there is none."""


class Drawing(Protocol):
    """A game's board in the browser."""

    recent: int
    """How many of a game's last log rows the board reads: those it shows, and one more."""
    whole: bool
    """Whether every answer draws the whole board: a hint asked on an older version is then given
    with the board as it stands, rather than refused."""

    def page(
        self,
        request: HttpRequest,
        board: store.Board,
        seat: Seat,
        *,
        notice: str = "",
        status: int = 200,
        hint: Advice | None = None,
        confirm: dict[str, Any] | None = None,
    ) -> HttpResponse:
        """The board's page; for htmx, the board swapped in place."""
        ...

    def seen(self, board: store.Board, seat: Seat) -> object:
        """What the player's page shows of ``board``, to send only what a move changes."""
        ...

    def moved(self, request: HttpRequest, board: store.Board, seat: Seat, seen: object) -> HttpResponse:
        """The answer to an htmx move: the board as it now stands, against what was ``seen``."""
        ...

    def told(
        self, request: HttpRequest, board: store.Board, seat: Seat, notice: str, status: int
    ) -> HttpResponse:
        """Why a move on the board as the player sees it was refused."""
        ...

    def asked(
        self, request: HttpRequest, board: store.Board, seat: Seat, key: str, reason: str
    ) -> HttpResponse:
        """Ask the player to confirm the move ``key``, saying why."""
        ...

    def hinted(
        self, request: HttpRequest, board: store.Board, seat: Seat, hint: Advice, status: int
    ) -> HttpResponse:
        """The board's hint, or why there is none."""
        ...

    def live(self, seat: Seat) -> tuple[str, str]:
        """The live board of everyone at ``seat`` and its ETag, its CSRF token left as a slot."""
        ...

    def replay(self, board: store.Board, seat: Seat) -> str:
        """``board`` at a past moment as ``seat`` saw it then: nothing to act on, nothing live."""
        ...

    def changes(self, seat: Seat) -> str | None:
        """What moved at the seat's version since the one before, for boards showing that one
        (the CSRF token left as a slot), when the drawing can tell; else None."""
        ...
