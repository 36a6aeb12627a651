"""Legacy of Yu as an :class:`engine.session.Session`: the campaign is the session, played from
its one seat; its current game is the part stored apart."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.session import Applied, Data, Hint, Standing, Stored, Suggestion
from engine.text import Msg, Refusal, _
from engine.yu.bots.roster import make_bot
from engine.yu.bots.strong import hint, hopeless, no_hint
from engine.yu.campaign.campaign import Campaign, CampaignView
from engine.yu.campaign.difficulty import Difficulty
from engine.yu.rules.actions import Action
from engine.yu.rules.events import revealed
from engine.yu.rules.labels import label
from engine.yu.rules.view import View

SEATS = range(1, 2)
NOT_YOURS = _("Legacy of Yu is played from one seat.")


@dataclass(frozen=True)
class Shown:
    """What the player sees: the game under way and the campaign around it."""

    game: View
    story: CampaignView


class YuSession:
    name = "yu"
    title = "Legacy of Yu"
    seats = SEATS
    bots: Sequence[str] = ("strong", "heuristic", "random")
    levels: Sequence[str] = (Difficulty.STANDARD, Difficulty.GENTLE, Difficulty.HARD)

    def new(self, seed: int, seats: int = 1, level: str = "") -> Campaign:
        if seats not in SEATS:
            raise ValueError(f"Legacy of Yu has one seat, not {seats}")
        return Campaign.new(seed, difficulty=Difficulty(level or Difficulty.STANDARD))

    def parse(self, key: str) -> Action:
        return Action.parse(key)

    def legal(self, state: Campaign, seat: int) -> Sequence[Action]:
        return state.legal_actions() if seat == 0 else []

    def refusal(self, state: Campaign, seat: int, action: Action) -> Msg | None:
        return state.explain(action) if seat == 0 else NOT_YOURS

    def apply(self, state: Campaign, seat: int, action: Action) -> Applied:
        why = self.refusal(state, seat, action)
        if why is not None:
            raise Refusal(why)
        events = state.apply(action)
        return Applied([e.to_json() for e in events], revealed(events))

    def standing(self, state: Campaign) -> Standing:
        game = state.game
        return Standing(
            waiting=() if state.over else (0,),
            game=state.number,
            game_over=game is None or game.over,
            over=state.over,
            wins=state.wins,
            losses=state.losses,
            won=state.won if state.over else None,
            outcome=game.outcome.value if game is not None and game.outcome else "",
        )

    def view(self, state: Campaign, seat: int | None) -> Shown:
        assert state.game is not None
        return Shown(state.game.view(), state.view())

    def moment(self, state: Campaign, seat: int) -> str:
        """Every change is one the player must see: no moment outlives a version."""
        return ""

    def store(self, state: Campaign) -> Stored:
        game = state.game
        assert game is not None
        return Stored({**state.to_dict(), "current": None}, game.to_dict())

    def resume(self, stored: Stored) -> Campaign:
        return Campaign.from_dict({**stored.lasting, "current": stored.game})

    def start(self, state: Campaign) -> Data:
        return state.to_dict()

    def begun(self, start: Data, seats: int) -> Campaign:
        return Campaign.from_dict(start)

    def redeal(self, state: Campaign, seed: int) -> None:
        state.redeal(seed)

    def bot(self, name: str, state: Campaign, seat: int) -> Action:
        if state.playing:
            assert state.game is not None
            return make_bot(name, state.game.seed).choose(state.game)
        return state.legal_actions()[0]

    # -- advice ----------------------------------------------------------------------

    def warning(self, state: Campaign, seat: int, action: Action) -> Msg | None:
        """Why ``action`` loses the game when some other action would not (when every way
        loses, asking changes nothing)."""
        if state.explain(action) is not None:
            return None
        risk = state.risk(action)
        if not risk.danger:
            return None
        others = (state.risk(a) for a in state.legal_actions() if a != action)
        return risk.reason if any(not r.danger for r in others) else None

    def hint(self, state: Campaign, seat: int) -> Hint[Action] | Msg:
        game = state.game
        if game is not None and (why := no_hint(game)):
            return why
        if game is None or not state.playing:
            return _("Between games there is nothing to hint at.")
        hints, view = hint(game), game.view()
        moves = tuple(Suggestion(h.action, label(view, h.action), h.percent) for h in hints)
        return Hint(moves, hopeless(game, hints))


SESSION = YuSession()
