"""Machi Koro Legacy as the web app's tables see it (:class:`engine.protocol.Rules`)."""

from __future__ import annotations

from typing import cast

from engine.machi.actions import Action
from engine.machi.bots import BOTS
from engine.machi.cards import SEATS
from engine.machi.game import Game, Phase, replay
from engine.machi.view import View, view
from engine.protocol import SeatedRules, Table


class MachiRules(SeatedRules):
    name = "machi"
    title = "Machi Koro Legacy"
    seats = SEATS

    def __init__(self) -> None:
        super().__init__(Game, Action, BOTS, replay)

    def view(self, table: Table, seat: int | None) -> View:
        return view(cast(Game, table), seat)

    def moment(self, table: Table, seat: int) -> str:
        game = cast(Game, table)
        if game.phase is Phase.CHOOSE:
            return f"choose.{int(game.chosen[seat] is not None)}"
        return f"{game.turns}.{game.phase.value}.{game.turn}"


RULES = MachiRules()
