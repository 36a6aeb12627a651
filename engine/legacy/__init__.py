"""Legacy, the numbers game: every seat places the same drawn number in its opus,
garden or empire; the third journey card ends the game.

from engine.legacy import new_game
game = new_game(seed=7, seats=3)
while not game.over:
    for seat in game.waiting():
        game.apply(seat, game.legal_actions(seat)[0])
"""

from engine.legacy.actions import Action, Element, IllegalAction, MalformedAction
from engine.legacy.events import Event, Kind
from engine.legacy.game import Game, new_game, replay
from engine.legacy.view import View, view

__all__ = [
    "Action",
    "Element",
    "Event",
    "Game",
    "IllegalAction",
    "Kind",
    "MalformedAction",
    "View",
    "new_game",
    "replay",
    "view",
]
