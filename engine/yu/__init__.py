"""Legacy of Yu: the base game's rules, content, campaign, bots and command line.

from engine.yu import new_game
game = new_game(seed=7)
while not game.over:
    game.apply(game.legal_actions()[0])
"""

from engine.yu.content.loader import Content, ContentError, base, load
from engine.yu.rules.actions import Action, IllegalAction, Kind, MalformedAction
from engine.yu.rules.events import Event, revealed
from engine.yu.rules.game import Game, new_game, replay

__all__ = [
    "Action",
    "Content",
    "ContentError",
    "Event",
    "Game",
    "IllegalAction",
    "Kind",
    "MalformedAction",
    "base",
    "load",
    "new_game",
    "replay",
    "revealed",
]
