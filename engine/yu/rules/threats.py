"""How close the game is to being lost, and what an action risks.

The threat meters read the state as it stands: the Flood, the Barbarians in
the Card Row, the Townsfolk left for the next Harvest, with the cards in hand
that must all be used this Round. The risk of an action
is found by playing it on copies of the game whose hidden cards are
shuffled from public facts only, so it tells nothing the player could not
know.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from engine.rng import Rng
from engine.text import Msg, _, ngettext
from engine.yu.content.steps import (
    Attack,
    Bribe,
    CampaignStep,
    Destroy,
    Draw,
    DrawTownsfolk,
    EndRound,
    Flood,
    Gain,
    Harvest,
    Pay,
    Pick,
    Refresh,
    ReturnBarge,
    RevealBarbarian,
    Step,
    SufferAttacks,
    TakeActions,
    walk,
)
from engine.yu.rules import card_row
from engine.yu.rules.actions import Action, Kind
from engine.yu.rules.hidden import public_seed, redeal
from engine.yu.rules.moves import legal, play
from engine.yu.rules.rules import (
    AFTER_ACTIONS,
    damage,
    fortress_stands,
    harvest_steps,
    shore_barbarians,
    surge_in,
)
from engine.yu.rules.state import LOSSES, Outcome, Phase, State

RIVER = 6
"""Canal sections: the Flood runs off the end past the sixth."""

# -- the meters -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FloodMeter:
    at: int
    """The space the Flood stands on (0 = the source, 1-6 Canal sections)."""
    next_space: int
    """Where it moves next (7 = off the end of the river)."""
    next_built: bool
    """That space holds a built Canal section: moving there is harmless."""
    cards_before: int
    """Cards left in the Ready Pile: draws and destroys before the Flood moves."""
    harvest_draws: int
    """Cards the next Harvest takes from the Ready Pile."""
    surge_in: int | None
    """Harvests until the river surges, moving the Flood on one space before
    any card is drawn (1: the next one; None: no surge to come)."""
    moving_loses: bool
    """The Flood moving now loses the game."""
    harvest_moves: int
    """Spaces the next Harvest moves the Flood, as things stand: the surge,
    and the reshuffle of the Exhausted Pile when the Ready Pile is short of
    the Harvest's draws. The cards in hand count as reaching the Exhausted
    Pile: every one must be used this Round, and keeping them all out of it
    leaves a short Ready Pile nothing to reshuffle (Damage)."""
    from_hand: bool
    """The reshuffle comes only from the cards in hand (the Exhausted Pile is
    empty): played or exhausted, they move the Flood; discarded or tucked,
    the Harvest finds no card (Damage)."""
    warn: bool
    """As things stand, the next Harvest moves the Flood and that loses,
    however the hand is used."""
    canal_saves: bool
    """It warns, and building the next Canal section this Round (the Barge
    is still free) would make the move harmless: it stops one section short."""


@dataclass(frozen=True, slots=True)
class BarbarianMeter:
    in_row: int
    limit: int
    """Barbarian bands in the Card Row that lose the game."""
    next_refresh: int
    """Barbarians the next Refresh adds (fewer come if their piles run out)."""
    driven_off: int
    """Barbarians a standing Fortress drives off before that Refresh (0 or 1)."""
    warn: bool
    """As things stand, the next Refresh brings the row to the limit."""


@dataclass(frozen=True, slots=True)
class TownsfolkMeter:
    ready: int
    exhausted: int
    in_hand: int
    """Cards in hand: played, they go to the Exhausted Pile."""
    harvest_draws: int
    warn: bool
    """The Ready and Exhausted Piles, with the cards in hand played onto it,
    hold fewer cards than the next Harvest draws: it loses to Damage."""


@dataclass(frozen=True, slots=True)
class Threats:
    flood: FloodMeter
    barbarians: BarbarianMeter
    townsfolk: TownsfolkMeter


TAKES = (Draw, Destroy)
"""The steps that take cards from the Ready Pile."""


def harvest_draws(g: State) -> int:
    """Cards the next Harvest takes from the Ready Pile, as things stand
    (nested steps counted too)."""
    return sum(s.count for s in walk(tuple(harvest_steps(g))) if isinstance(s, TAKES))


def _harvest_comes(g: State) -> bool:
    """Whether there is a next Harvest (a Round that ends with the Canal
    finished wins the game first)."""
    return g.outcome is None and g.built < RIVER


def _barbarians_coming(g: State) -> int:
    """Barbarians the next Refresh actually brings: its number, or fewer
    when their draw and discard piles run out."""
    return min(shore_barbarians(g), len(g.barbarian_deck) + len(g.barbarian_discard))


BEFORE_ATTACKS = frozenset({Phase.SETUP, Phase.HARVEST, Phase.ACTIONS, Phase.BARGE})
"""Phases of a Round whose Barbarian attacks are still to come."""
BEFORE_BUILDING = frozenset({Phase.SETUP, Phase.HARVEST, Phase.ACTIONS})
"""Phases of a Round before its Take Actions end: the Canal can still be built in it."""


def harvest_moves(surge: bool, ready: int, draws: int, exhausted: int) -> int:
    """Spaces the Flood moves in a Harvest that draws ``draws`` cards from
    ``ready``, with ``exhausted`` cards to reshuffle (``surge``: the river
    surges first)."""
    return int(surge) + int(ready < draws and exhausted > 0)


def harvest_floods(g: State, surge: bool, ready: int, draws: int, exhausted: int) -> bool:
    """Whether a Harvest that draws ``draws`` cards from ``ready``, with
    ``exhausted`` cards to reshuffle, moves the Flood onto an unbuilt section
    or off the river (``surge``: the river surges first)."""
    moves = harvest_moves(surge, ready, draws, exhausted)
    return moves > 0 and g.flood + moves > g.built


def threats(g: State) -> Threats:
    draws = harvest_draws(g)
    harvest = _harvest_comes(g)
    ready, exhausted, hand = len(g.ready), len(g.exhausted), len(g.hand)
    next_space = g.flood + 1
    next_built = next_space <= g.built
    surge = surge_in(g)
    moves = harvest_moves(surge == 1, ready, draws, exhausted + hand) if harvest else 0
    canal_in_time = g.barge and g.phase in BEFORE_BUILDING
    in_row = len(card_row.barbarians(g.row))
    driven_off = int(in_row > 0 and g.phase in BEFORE_ATTACKS and fortress_stands(g))
    return Threats(
        FloodMeter(
            at=g.flood,
            next_space=next_space,
            next_built=next_built,
            cards_before=ready,
            harvest_draws=draws,
            surge_in=surge,
            moving_loses=not next_built,
            harvest_moves=moves,
            from_hand=moves > int(surge == 1) and exhausted == 0,
            warn=moves > 0 and g.flood + moves > g.built,
            canal_saves=moves > 0 and g.flood + moves == g.built + 1 and canal_in_time,
        ),
        BarbarianMeter(
            in_row=in_row,
            limit=card_row.SPACES,
            next_refresh=shore_barbarians(g),
            driven_off=driven_off,
            warn=g.outcome is None and in_row - driven_off + _barbarians_coming(g) >= card_row.SPACES,
        ),
        TownsfolkMeter(
            ready=ready,
            exhausted=exhausted,
            in_hand=hand,
            harvest_draws=draws,
            warn=harvest and ready + exhausted + hand < draws,
        ),
    )


# -- what loses the game ------------------------------------------------------------


def lost_because(g: State) -> tuple[Msg, ...]:
    """What the meters say loses the game at the next Refresh or Harvest, as
    things stand and however the hand is used, in words: a sentence for each
    meter that warns, the Refresh's first (it comes before the Harvest); ()
    when none warns."""
    t = threats(g)
    said: list[Msg] = []
    kinds = {a.kind for a in legal(g)}
    barbarians = t.barbarians
    if barbarians.warn:
        coming = _barbarians_coming(g)
        if Kind.ATTACK in kinds:
            said.append(
                ngettext(
                    "As things stand, the next Refresh adds {n} Barbarian band to the {in_row} in the "
                    "Card Row: the seventh arrives and the game is lost, unless you defeat one first.",
                    "As things stand, the next Refresh adds {n} Barbarian bands to the {in_row} in the "
                    "Card Row: the seventh arrives and the game is lost, unless you defeat one first.",
                    coming,
                    in_row=barbarians.in_row - barbarians.driven_off,
                )
            )
        else:
            said.append(
                ngettext(
                    "As things stand, the next Refresh adds {n} Barbarian band to the {in_row} in the "
                    "Card Row: the seventh arrives and the game is lost, and you cannot attack any "
                    "of them now.",
                    "As things stand, the next Refresh adds {n} Barbarian bands to the {in_row} in the "
                    "Card Row: the seventh arrives and the game is lost, and you cannot attack any "
                    "of them now.",
                    coming,
                    in_row=barbarians.in_row - barbarians.driven_off,
                )
            )
    flood = t.flood
    if flood.warn:
        lost = _("{moves} and the game will be lost", moves=_flood_moves(g.built + 1, future=True))
        if flood.surge_in == 1 and g.flood >= g.built:
            said.append(_("As things stand, the river surges at the next Harvest: {lost}.", lost=lost))
        elif flood.from_hand:
            said.append(
                ngettext(
                    "As things stand, the Ready Pile holds {n} card and the next Harvest draws {draws}. "
                    "Every card you play or exhaust from your hand goes to the empty Exhausted Pile, "
                    "which is then reshuffled: {lost}; with no card there, the Harvest finds none to "
                    "draw and the game is lost to Damage.",
                    "As things stand, the Ready Pile holds {n} cards and the next Harvest draws {draws}. "
                    "Every card you play or exhaust from your hand goes to the empty Exhausted Pile, "
                    "which is then reshuffled: {lost}; with no card there, the Harvest finds none to "
                    "draw and the game is lost to Damage.",
                    flood.cards_before,
                    draws=flood.harvest_draws,
                    lost=lost,
                )
            )
        elif g.hand:
            said.append(
                ngettext(
                    "As things stand, the Ready Pile holds {n} card and the next Harvest draws {draws}: "
                    "the Exhausted Pile is reshuffled and {lost}, however your hand is used.",
                    "As things stand, the Ready Pile holds {n} cards and the next Harvest draws {draws}: "
                    "the Exhausted Pile is reshuffled and {lost}, however your hand is used.",
                    flood.cards_before,
                    draws=flood.harvest_draws,
                    lost=lost,
                )
            )
        else:
            said.append(
                ngettext(
                    "As things stand, the Ready Pile holds {n} card and the next Harvest draws {draws}: "
                    "the Exhausted Pile is reshuffled and {lost}.",
                    "As things stand, the Ready Pile holds {n} cards and the next Harvest draws {draws}: "
                    "the Exhausted Pile is reshuffled and {lost}.",
                    flood.cards_before,
                    draws=flood.harvest_draws,
                    lost=lost,
                )
            )
        if flood.canal_saves and Kind.CANAL in kinds:
            said.append(
                _(
                    "Building Canal section {section} this Round would make that move harmless.",
                    section=g.built + 1,
                )
            )
        elif flood.canal_saves:
            said.append(
                _(
                    "Building Canal section {section} this Round would make that move harmless, "
                    "but you cannot pay for it now.",
                    section=g.built + 1,
                )
            )
    folk = t.townsfolk
    if folk.warn:
        said.append(
            ngettext(
                "As things stand, the Ready and Exhausted Piles, with your hand played onto them, hold "
                "{n} Townsfolk card and the next Harvest draws {draws}: the game will be lost to Damage.",
                "As things stand, the Ready and Exhausted Piles, with your hand played onto them, hold "
                "{n} Townsfolk cards and the next Harvest draws {draws}: the game will be lost to Damage.",
                folk.ready + folk.exhausted + folk.in_hand,
                draws=folk.harvest_draws,
            )
        )
    return tuple(said)


# -- the risk of an action ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Risk:
    reveals: bool
    """It shows hidden cards (an event with ``reveal``): it cannot be undone."""
    loses: Outcome | None = None
    """It loses the game at once."""
    dooms: Outcome | None = None
    """It leaves the game where the coming Refresh or the next Harvest loses
    it, whatever the player does (unless the player loses it sooner another way)."""
    reason: Msg | None = None
    """Why, in words for the player (None when it neither loses nor dooms)."""

    @property
    def danger(self) -> bool:
        return self.loses is not None or self.dooms is not None


class _Trial(NamedTuple):
    reveals: bool
    lost: Outcome | None
    doomed: Outcome | None
    reason: Msg | None
    hidden: bool = False
    """The forced answers played after the action showed hidden cards."""

    @property
    def fate(self) -> Outcome | None:
        return self.lost or self.doomed


TRIALS = 3
"""Shuffles of the hidden cards an action is tried on when it looks fatal."""

Dealt = dict[int, State]
"""Copies of a state, by trial, their hidden cards shuffled from public facts."""


def risk(g: State, action: Action, ending_reveals: bool = False, dealt: Dealt | None = None) -> Risk:
    """What the legal ``action`` risks. It is played on a copy whose hidden
    cards are shuffled from public facts; when that loses or dooms the game,
    on two more: the loss is claimed only when all agree. ``ending_reveals``:
    the end of the game shows hidden cards (a campaign's ending card).
    ``dealt``: the shuffled copies of ``g`` already made, by trial, shared by
    the risks of ``g``'s actions (each trial's shuffle is the same for all)."""
    dealt = {} if dealt is None else dealt
    first = _trial(g, action, 0, ending_reveals, dealt)
    trials = [first]
    # An action that shows nothing hidden ends the same on any shuffle: one trial tells.
    if first.fate is not None and (first.reveals or first.hidden):
        for k in range(1, TRIALS):
            trials.append(_trial(g, action, k, ending_reveals, dealt))
            if trials[-1].fate is None:
                break
    reveals = any(t.reveals for t in trials)
    fates = {t.fate for t in trials}
    if first.fate is None or len(fates) != 1:
        return Risk(reveals)
    if all(t.lost for t in trials):
        return Risk(reveals, loses=first.lost, reason=first.reason)
    doomed = next(t for t in trials if t.doomed)
    return Risk(reveals, dooms=doomed.doomed, reason=doomed.reason)


FORCED = 20
"""Most answers followed after an action that leave the player no choice."""


def _trial(g: State, action: Action, k: int, ending_reveals: bool, dealt: Dealt) -> _Trial:
    if k not in dealt:
        dealt[k] = g.copy()
        redeal(dealt[k], Rng(public_seed(g, k)))
    trial = dealt[k].copy()
    events = play(trial, action)
    reveals = any(e.reveal for e in events) or (ending_reveals and trial.outcome is not None)
    outcome = trial.outcome
    if outcome in LOSSES:
        assert outcome is not None
        surged = any(e.kind == "surge" for e in events)
        return _Trial(reveals, outcome, None, _lost(g, outcome, trial, action, surged))
    if outcome is not None:
        return _Trial(reveals, None, None, None)
    doom = _doom(trial)
    if doom is not None:
        return _Trial(reveals, None, doom[0], doom[1])
    hidden = _play_forced(trial)
    lost = trial.outcome
    if lost in LOSSES:
        assert lost is not None
        forced = _(
            "After this you have no choice left (no bribe or trade to pay for): {loss}.",
            loss=_loss(lost, trial),
        )
        return _Trial(reveals, None, lost, forced, hidden)
    return _Trial(reveals, None, None, None)


# -- doom -------------------------------------------------------------------------------

QUIET = (Gain, Pay, Draw, Destroy, DrawTownsfolk)
"""Harvest steps that run without giving the player a say."""
CLOSED = (
    ReturnBarge,
    SufferAttacks,
    Attack,
    Bribe,
    Refresh,
    EndRound,
    Harvest,
    TakeActions,
    Gain,
    Pay,
    Pick,
    Draw,
    Destroy,
    Flood,
    RevealBarbarian,
    CampaignStep,
)
"""Steps that cannot add Townsfolk to the Ready and Exhausted Piles (a card
drawn from the Ready Pile and exhausted only goes back where it was)."""
REFRESH, END_ROUND = Refresh(), EndRound()


def _play_forced(g: State) -> bool:
    """Answer the decisions that leave the player one legal action and no
    trade either; whether that showed hidden cards."""
    hidden = False
    for _n in range(FORCED):
        if g.outcome is not None or g.decision is None:
            break
        only = list(legal(g))
        if len(only) != 1:
            break
        hidden = any(e.reveal for e in play(g, only[0])) or hidden
    return hidden


def _sure_draws(g: State) -> int:
    """Cards the next Harvest surely takes from the Ready Pile before the
    player has a say or anything else can happen."""
    n = 0
    for step in harvest_steps(g):
        if not isinstance(step, QUIET):
            break
        if isinstance(step, TAKES):
            n += step.count
    return n


def _closed(steps: tuple[Step, ...]) -> bool:
    return all(isinstance(s, CLOSED) for s in walk(steps))


def _may_add(g: State) -> bool:
    """Whether the player might still add Townsfolk to the Ready and Exhausted
    Piles before the next Harvest (a card in hand, a step or trade that
    brings one, a Fortuity card)."""
    if g.hand or not _closed(tuple(g.stack)):
        return True
    if any(not _closed(o.gain) for t in g.content.trades_open[g.built] for o in t.options):
        return True
    return "fortuity" in g.modules and any(not _closed(g.content.ongoing[c].effects) for c in g.fortunes)


def _doom(g: State) -> tuple[Outcome, Msg] | None:
    """The loss the rest of the Round brings whatever the player does, once
    Take Actions is over; None unless it is certain. Nothing left to do
    this Round takes a Barbarian off the Card Row, refills the Ready Pile,
    builds the Canal or holds the Flood back."""
    if g.phase not in AFTER_ACTIONS:
        return None
    stack = g.stack
    if REFRESH in stack:
        in_row, coming = len(card_row.barbarians(g.row)), _barbarians_coming(g)
        if in_row + coming >= card_row.SPACES:
            return Outcome.BARBARIANS, ngettext(
                "This leaves {n} Barbarian band in the Card Row and the Refresh adds {coming}: "
                "the game will be lost to the Barbarians.",
                "This leaves {n} Barbarian bands in the Card Row and the Refresh adds {coming}: "
                "the game will be lost to the Barbarians.",
                in_row,
                coming=coming,
            )
    if END_ROUND not in stack or not _harvest_comes(g):
        return None
    draws = _sure_draws(g)
    ready, exhausted = len(g.ready), len(g.exhausted)
    surge = surge_in(g) == 1
    if harvest_floods(g, surge, ready, draws, exhausted):
        lost = _("{moves} and the game will be lost", moves=_flood_moves(g.built + 1, future=True))
        if surge and g.flood >= g.built:
            return Outcome.FLOOD, _("The river surges at the next Harvest: {lost}.", lost=lost)
        if surge:
            return Outcome.FLOOD, ngettext(
                "This leaves {n} card in the Ready Pile and the next Harvest draws {draws}, "
                "after the river surges: {lost}.",
                "This leaves {n} cards in the Ready Pile and the next Harvest draws {draws}, "
                "after the river surges: {lost}.",
                ready,
                draws=draws,
                lost=lost,
            )
        return Outcome.FLOOD, ngettext(
            "This leaves {n} card in the Ready Pile and the next Harvest draws {draws}: {lost}.",
            "This leaves {n} cards in the Ready Pile and the next Harvest draws {draws}: {lost}.",
            ready,
            draws=draws,
            lost=lost,
        )
    if ready + exhausted < draws and not _may_add(g):
        return Outcome.DAMAGE, ngettext(
            "This leaves {n} Townsfolk card in the Ready and Exhausted Piles "
            "and the next Harvest draws {draws}: the game will be lost to Damage.",
            "This leaves {n} Townsfolk cards in the Ready and Exhausted Piles "
            "and the next Harvest draws {draws}: the game will be lost to Damage.",
            ready + exhausted,
            draws=draws,
        )
    return None


# -- words ------------------------------------------------------------------------------


def _flood_moves(space: int, future: bool = False) -> Msg:
    if space > RIVER:
        if future:
            return _("the Flood will move off the end of the river")
        return _("the Flood moves off the end of the river")
    if future:
        return _("the Flood will move onto unbuilt Canal section {section}", section=space)
    return _("the Flood moves onto unbuilt Canal section {section}", section=space)


LEADS = {
    Kind.PLAY: _("Playing this card"),
    Kind.DISCARD: _("Discarding this card"),
    Kind.TUCK: _("Tucking this card"),
    Kind.CANAL: _("Building this Canal section"),
    Kind.ATTACK: _("This attack"),
    Kind.RECRUIT: _("Recruiting this card"),
    Kind.DISMISS: _("Dismissing this card"),
    Kind.BUILD: _("This building"),
    Kind.HUT: _("Placing this Worker"),
    Kind.TRADE: _("This trade"),
    Kind.END: _("Ending Take Actions"),
    Kind.FEED: _("Feeding the settlement"),
    Kind.FORTUNE: _("Playing this Fortuity card"),
    Kind.LEVEE: _("Raising the levee"),
    Kind.PICK: _("Taking this"),
    Kind.BRIBE: _("Paying this bribe"),
    Kind.CHOOSE: _("This choice"),
}
"""How a reason names the action it is about."""


def _lost(g: State, outcome: Outcome, after: State, action: Action, surged: bool) -> Msg:
    """Why ``action`` on ``g`` loses at once (``after``: the game it left;
    ``surged``: the river surged on the way)."""
    if action.kind is Kind.SUFFER and isinstance(g.decision, Bribe):
        n = damage(g, g.decision.slot)
        lead = ngettext("Suffering destroys {n} card", "Suffering destroys {n} cards", n)
    else:
        lead = LEADS.get(action.kind, _("This action"))
    cause = _loss(outcome, after)
    if surged and outcome is Outcome.FLOOD:
        cause = _("the river surges, {cause}", cause=cause)
    if after.round > g.round:
        cause = _("in the next Harvest {cause}", cause=cause)
    return _("{lead}: {cause}.", lead=lead, cause=cause)


def _loss(outcome: Outcome, after: State) -> Msg:
    """How the game was lost, in words (``after``: the game as it ended)."""
    if outcome is Outcome.FLOOD:
        how = _flood_moves(after.flood)
    elif outcome is Outcome.BARBARIANS:
        how = _("a seventh Barbarian band joins the Card Row")
    else:
        how = _("no Townsfolk are left in the Ready and Exhausted Piles")
    return _("{how} and the game is lost", how=how)
