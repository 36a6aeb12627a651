"""Machi Koro Legacy as the web app's tables see it (:class:`engine.protocol.Rules`): a series is
the ten-game campaign, then free play, and what it carries from game to game is :class:`Campaign`'s
data (the towns' names named in game 1 among it)."""

from __future__ import annotations

from typing import Any, cast

from engine.machi.actions import Action
from engine.machi.bots import BOTS
from engine.machi.campaign import GAMES, Campaign
from engine.machi.cards import SEATS
from engine.machi.game import Game, Phase
from engine.machi.shown import CampaignShown, Shown, campaign_shown, shown
from engine.protocol import SeatedRules, Table
from engine.text import _


class MachiRules(SeatedRules):
    name = "machi"
    title = _("Machi Koro Legacy")
    seats = SEATS
    unit = _("of 4 built")
    """Three landmarks and the flag on the community landmark."""
    games: int | None = GAMES
    free_play = True

    def __init__(self) -> None:
        super().__init__(Game, Action, BOTS)

    def begin(self, seats: int) -> dict[str, Any]:
        return Campaign.start().to_dict()

    def new(self, seed: int, seats: int, carried: dict[str, Any]) -> Table:
        """The campaign's next game; the last game's winner goes first (game 1 rolls for it, and its
        mayors name their towns)."""
        campaign = Campaign.from_dict(carried)
        if not campaign.winners:
            return cast(Table, Game.new(seed, seats, campaign.setup()))
        return cast(Table, Game.new(seed, seats, campaign.setup(), campaign.winners[-1], campaign.towns))

    def carry(self, carried: dict[str, Any], table: Table) -> dict[str, Any]:
        campaign = Campaign.from_dict(carried)
        winner = cast(Game, table).winner
        assert winner is not None, "only a game that ended is carried"
        campaign.finish(winner, [town.name for town in cast(Game, table).towns])
        return campaign.to_dict()

    def campaign(self, carried: dict[str, Any]) -> CampaignShown:
        return campaign_shown(Campaign.from_dict(carried))

    def view(self, table: Table, seat: int | None) -> Shown:
        return shown(cast(Game, table), seat)

    def moment(self, table: Table, seat: int) -> str:
        game = cast(Game, table)
        if game.phase is Phase.CHOOSE:
            return f"choose.{int(game.chosen[seat] is not None)}"
        return f"{game.turns}.{game.phase.value}.{game.turn}"


RULES = MachiRules()
