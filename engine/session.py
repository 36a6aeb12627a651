"""What the web app asks of every game: one protocol, whatever the game.

A *session* is everything in play at a campaign or a table: the games already played (what they
left behind: a campaign's story, a series' scores) and the game under way. Seats are numbered from
0; a watcher's view is asked for with ``seat=None``. Starting the next game is an ordinary action
(its key is :data:`NEXT`), taken like any other.

A session is stored in two parts (:class:`Stored`): what lasts from game to game, and the game under
way. A game row keeps the lasting part as its game began (its ``start``), so that each game of a
campaign rebuilds from its start and its own log (:meth:`Session.begun`).

A game may also give advice (:class:`Advice`): the question to ask before a move that loses for
certain, and a hint from its best bot.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeAlias, TypeVar, runtime_checkable

from engine.redeals import Redeal, play
from engine.text import Msg

NEXT = "next"
"""The key of the action that starts a session's next game."""

JSON: TypeAlias = "bool | int | float | str | list[JSON] | dict[str, JSON] | None"
Data: TypeAlias = "dict[str, JSON]"
"""A JSON object, as stored in a row."""


class Move(Protocol):
    @property
    def key(self) -> str:
        """The stable text a form field and the action log carry."""
        ...


S = TypeVar("S")
A = TypeVar("A", bound=Move)
V = TypeVar("V", covariant=True)
S_in = TypeVar("S_in", contravariant=True)


@dataclass(frozen=True)
class Applied:
    """What an action made happen: its events as stored (each with its ``kind``), and whether they
    showed something hidden until then (undo cannot cross it)."""

    events: list[Data]
    revealed: bool


@dataclass(frozen=True)
class Standing:
    """Where a session stands."""

    waiting: tuple[int, ...]
    """The seats that have something to do now (between games: who may start the next one)."""
    game: int
    """The game under way, or the last one played, from 1."""
    game_over: bool
    """That game has ended."""
    over: bool
    """No game follows: the campaign or the series is over."""
    wins: int = 0
    losses: int = 0
    """Games won and lost against the game itself (a solo campaign)."""
    won: bool | None = None
    """Whether the session ended won, where it is played against the game itself."""
    outcome: str = ""
    """How the game ended, in the game's own word (empty while it is played)."""


@dataclass(frozen=True)
class Stored:
    """A session in its two stored parts."""

    lasting: Data
    """What lasts from one game to the next."""
    game: Data
    """The game under way (or the last one played)."""


class Session(Protocol[S, A, V]):
    """A game as the web app plays it: ``S`` its state in play, ``A`` its action, ``V`` its view."""

    @property
    def name(self) -> str:
        """The game's key, as a campaign row stores it."""
        ...

    @property
    def title(self) -> Msg | str:
        """The game's name, said in the reader's language."""
        ...

    @property
    def seats(self) -> range:
        """How many seats a session may have."""
        ...

    @property
    def bots(self) -> Sequence[str]:
        """The bots' names, the one that plays best first."""
        ...

    @property
    def levels(self) -> Sequence[str]:
        """The difficulty levels a session may be played at, the usual one first (empty: none)."""
        ...

    def new(self, seed: int, seats: int, level: str = "") -> S:
        """A session dealt from ``seed``, its first game under way."""
        ...

    def parse(self, key: str) -> A:
        """The action ``key`` names; a ``ValueError`` that says why it names none."""
        ...

    def legal(self, state: S, seat: int) -> Sequence[A]: ...

    def refusal(self, state: S, seat: int, action: A) -> Msg | None:
        """Why ``seat`` may not take ``action`` now (the reason :meth:`apply` refuses with), or None."""
        ...

    def apply(self, state: S, seat: int, action: A) -> Applied:
        """Take ``action`` for ``seat``, or raise a ``ValueError`` that says why not, changing nothing."""
        ...

    def standing(self, state: S) -> Standing: ...

    def view(self, state: S, seat: int | None) -> V:
        """What ``seat`` (or a watcher) may see, and nothing more."""
        ...

    def moment(self, state: S, seat: int) -> str:
        """What ``seat``'s choices depend on: while it is unchanged, a move made from an older
        version of the session means what it meant then (others' moves do not make it stale)."""
        ...

    def store(self, state: S) -> Stored: ...

    def resume(self, stored: Stored) -> S:
        """The session :meth:`store` gave ``stored`` for; a ``ValueError`` or ``KeyError`` when
        it was stored by rules that read it no more."""
        ...

    def start(self, state: S) -> Data:
        """What a game row keeps as its game begins: :meth:`begun` deals the game again from it."""
        ...

    def begun(self, start: Data, seats: int) -> S:
        """The session as a game began, from what :meth:`start` gave then."""
        ...

    def redeal(self, state: S, seed: int) -> None:
        """Deal anew from ``seed`` whatever is still face down or still to be rolled, the games to
        come included (:mod:`engine.redeals`), changing nothing anyone sees."""
        ...

    def bot(self, name: str, state: S, seat: int) -> A: ...


@dataclass(frozen=True)
class Suggestion(Generic[A]):
    action: A
    why: Msg | None = None
    chance: int | None = None
    """The chance of winning after it, in percent, where the bot can tell."""


@dataclass(frozen=True)
class Hint(Generic[A]):
    """What a game's best bot would do now."""

    moves: tuple[Suggestion[A], ...]
    notes: tuple[Msg, ...] = ()
    """What else the player should know (why every way loses, say)."""


@runtime_checkable
class Advice(Protocol[S_in, A]):
    """A game that can say when to think twice, and what its best bot would do."""

    def warning(self, state: S_in, seat: int, action: A) -> Msg | None:
        """Why ``action`` is a mistake the game can tell for certain (ask before taking it), or None."""
        ...

    def hint(self, state: S_in, seat: int) -> Hint[A] | Msg:
        """The best bot's advice, or why there is none now."""
        ...


def replay(
    session: Session[S, A, V],
    state: S,
    log: Sequence[tuple[int, str]],
    redeals: Sequence[Redeal] = (),
) -> S:
    """``state`` with ``log``'s moves (seat, key) applied, dealt anew at each of ``redeals``' places."""

    def apply(move: tuple[int, str]) -> None:
        session.apply(state, move[0], session.parse(move[1]))

    play(log, apply, lambda seed: session.redeal(state, seed), redeals)
    return state
