"""Machi Koro Legacy as a session of the web app's tables (:class:`engine.seated.SeriesSession`): a series is
the ten-game campaign, then free play, and what it carries from game to game is :class:`Campaign`'s
data (the towns' names named in game 1 among it)."""

from __future__ import annotations

from engine.machi import advice
from engine.machi.actions import Action
from engine.machi.bots import BOTS
from engine.machi.campaign import GAMES, Campaign
from engine.machi.cards import SEATS
from engine.machi.game import Game, Phase
from engine.machi.shown import CampaignShown, Shown, campaign_shown, shown
from engine.seated import Next, Played, SeriesSession
from engine.session import Data, Hint, Suggestion
from engine.text import Msg, _


class MachiRules(SeriesSession[Game, Action, Shown]):
    name = "machi"
    title = _("Machi Koro Legacy")
    seats = SEATS
    unit = _("of 4 built")
    """Three landmarks and the flag on the community landmark."""
    games: int | None = GAMES
    free_play = True

    def __init__(self) -> None:
        super().__init__(Action.parse, BOTS)

    def begin(self, seats: int) -> Data:
        return Campaign.start().to_dict()

    def deal(self, seed: int, seats: int, carried: Data) -> Game:
        """The campaign's next game; the last game's winner goes first (game 1 rolls for it, and its
        mayors name their towns)."""
        campaign = Campaign.from_dict(carried)
        if not campaign.winners:
            return Game.new(seed, seats, campaign.setup())
        return Game.new(seed, seats, campaign.setup(), campaign.winners[-1], campaign.towns)

    def load(self, data: Data) -> Game:
        return Game.from_dict(data)

    def carry(self, carried: Data, game: Game) -> Data:
        campaign = Campaign.from_dict(carried)
        assert game.winner is not None, "only a game that ended is carried"
        campaign.finish(game.winner, [town.name for town in game.towns])
        return campaign.to_dict()

    def campaign(self, carried: Data) -> CampaignShown:
        return campaign_shown(Campaign.from_dict(carried))

    def shown(self, game: Game, seat: int | None) -> Shown:
        return shown(game, seat)

    def game_moment(self, game: Game, seat: int) -> str:
        if game.phase is Phase.CHOOSE:
            return f"choose.{int(game.chosen[seat] is not None)}"
        return f"{game.turns}.{game.phase.value}.{game.turn}"

    # -- advice ------------------------------------------------------------------------

    def warning(self, state: Played[Game], seat: int, action: Action | Next) -> Msg | None:
        """Why ``action`` is a mistake the game can tell for certain (:func:`advice.mistake`)."""
        return None if isinstance(action, Next) else advice.mistake(state.game, seat, action)

    def hint(self, state: Played[Game], seat: int) -> Hint[Action] | Msg:
        """The planner's move for ``seat``, with what it expects of it."""
        if state.game.over:
            return _("The game is over: there is nothing to hint at.")
        found = advice.hint(state.game, seat)
        if found is None:
            return _("You have nothing to do now: the other mayors are playing.")
        said = _("{move}: {why}", move=advice.move(state.game, found.action), why=found.why)
        return Hint((Suggestion(found.action, said),))


RULES = MachiRules()
