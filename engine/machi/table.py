"""Machi Koro Legacy as the web app's tables see it (:class:`engine.protocol.Rules`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from engine.machi.actions import Action
from engine.machi.bots import BOTS
from engine.machi.cards import SEATS
from engine.machi.game import Game, Phase, replay
from engine.machi.view import View, view
from engine.protocol import Move, Table


class MachiRules:
    name: str = "machi"
    title: str = "Machi Koro Legacy"
    seats: range = SEATS
    bots: Sequence[str] = tuple(BOTS)

    def new(self, seed: int, seats: int) -> Game:
        return Game.new(seed, seats)

    def load(self, data: dict[str, Any]) -> Game:
        return Game.from_dict(data)

    def parse(self, key: str) -> Action:
        return Action.parse(key)

    def apply(self, table: Table, seat: int, action: Move) -> tuple[list[dict[str, Any]], bool]:
        events = cast(Game, table).apply(seat, cast(Action, action))
        data = [{k: v for k, v in e._asdict().items() if v is not None} for e in events]
        return data, any(e.reveal for e in events)

    def view(self, table: Table, seat: int | None) -> View:
        return view(cast(Game, table), seat)

    def moment(self, table: Table, seat: int) -> str:
        game = cast(Game, table)
        if game.phase is Phase.CHOOSE:
            return f"choose.{int(game.chosen[seat] is not None)}"
        return f"{game.turns}.{game.phase.value}.{game.turn}"

    def bot(self, name: str, table: Table, seat: int) -> Action:
        return BOTS[name](cast(Game, table), seat)

    def replay(self, seed: int, seats: int, log: Sequence[tuple[int, str]]) -> Game:
        return replay(seed, seats, log)


RULES = MachiRules()
