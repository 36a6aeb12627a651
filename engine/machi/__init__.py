"""Machi Koro Legacy: two to four mayors build their towns, their landmarks and a landmark together.

from engine.machi import Game
game = Game.new(seed=7, seats=3)
while not game.over:
    seat = game.waiting()[0]
    game.apply(seat, game.legal_actions(seat)[0])
"""

from engine.machi.actions import Action, IllegalAction, MalformedAction, Verb
from engine.machi.events import Event, Kind
from engine.machi.game import Game, Phase

__all__ = ["Action", "Event", "Game", "IllegalAction", "Kind", "MalformedAction", "Phase", "Verb"]
