"""One game of Legacy of Yu: its state with the public API on top.

``legal_actions()`` / ``apply()`` / ``explain()`` / ``options()`` /
``view()`` / ``threats()`` / ``risk()`` / ``to_dict()`` / ``from_dict()``;
:func:`new_game` sets one up.
"""

from __future__ import annotations

from engine.text import Msg, _
from engine.yu.content.loader import Content, base
from engine.yu.rules import moves, rules
from engine.yu.rules.actions import Action, IllegalAction
from engine.yu.rules.events import Event
from engine.yu.rules.moves import Option
from engine.yu.rules.setup import Setup
from engine.yu.rules.state import State
from engine.yu.rules.threats import Dealt, Risk, Threats, risk, threats
from engine.yu.rules.view import View, view


class Game(State):
    """A game in progress: the state, and what the player may do with it."""

    @classmethod
    def new(cls, seed: int, content: Content | None = None, setup: Setup | None = None) -> Game:
        """Set a game up and play it to the first decision of Round 1."""
        content = content or base()
        game = cls(content, seed)
        rules.deal(game, setup or Setup.base(content))
        return game

    def legal_actions(self) -> list[Action]:
        """Every action the player may take now (empty once the game is over)."""
        return list(moves.legal(self))

    def options(self) -> list[Option]:
        """Every thing on the board the player might act on now: the legal
        actions for it, or why there are none."""
        return moves.menu(self, why=True).options

    def explain(self, action: Action) -> Msg | None:
        """Why ``action`` is not allowed now, or None when it is."""
        return moves.explain(self, action)

    def apply(self, action: Action) -> list[Event]:
        """Apply one action and return what happened. An illegal action raises
        :class:`IllegalAction` and changes nothing."""
        return moves.play(self, self._legal(action))

    def risk(self, action: Action, *, ending_reveals: bool = False, dealt: Dealt | None = None) -> Risk:
        """What ``action`` risks: whether it reveals hidden cards, loses the
        game at once, or dooms it (worked out on copies, without peeking at
        hidden cards). ``ending_reveals``: the game's end shows hidden cards
        (in a campaign); ``dealt``: the copies those are worked out on, shared
        by this state's actions. An illegal action raises :class:`IllegalAction`."""
        return risk(self, self._legal(action), ending_reveals, dealt)

    def threats(self) -> Threats:
        """How close the Flood, the Barbarians and Damage are to ending the game."""
        return threats(self)

    def _legal(self, action: Action) -> Action:
        """``action``, if it is legal now; else :class:`IllegalAction`."""
        if action not in moves.legal(self):
            raise IllegalAction(moves.explain(self, action) or _("{key} is not allowed now", key=action.key))
        return action

    def view(self) -> View:
        """What the player may see: no hidden order, no face-down cards."""
        return view(self)


def new_game(seed: int, content: Content | None = None, setup: Setup | None = None) -> Game:
    return Game.new(seed, content, setup)


def replay(seed: int, keys: list[str], content: Content | None = None) -> Game:
    """Rebuild a game from its seed and action log (the actions' keys)."""
    game = Game.new(seed, content)
    for key in keys:
        game.apply(Action.parse(key))
    return game
