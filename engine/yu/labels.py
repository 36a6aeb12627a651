"""An action in words, from what the player's view shows: for the terminal's
list of actions and the board's hint."""

from __future__ import annotations

from engine.yu import words
from engine.yu.actions import Action, Kind, Payment
from engine.yu.content import Barbarian, Townsfolk
from engine.yu.items import ITEMS, WORKERS
from engine.yu.view import BribeView, ChoiceView, View


def _workers(payment: Payment | None) -> str:
    return ", ".join(f"{n} {WORKERS[c]}" for c, n in enumerate(payment or ()) if n) or "no Workers"


def label(view: View, action: Action) -> str:
    """An action in words, using only what the view shows."""
    kind = action.kind
    if kind in (Kind.PLAY, Kind.DISCARD, Kind.TUCK):
        card = next(c for c in view.hand if c.id == action.card)
        if kind is Kind.PLAY:
            return f"Play {card.name} for {words.steps(card.play)}"
        if kind is Kind.DISCARD:
            return f"Discard {card.name} for {words.steps(card.discarded)}"
        return f"Tuck {card.name} under the board ({words.steps(card.tuck)} every Harvest)"
    if kind is Kind.CANAL:
        section = next(s for s in view.river if s.barge)
        cowrie = section.card.cost.resources[0]
        paid = _workers(action.payment) + (f" and {cowrie} cowrie" if cowrie else "")
        return f"Build Canal section {section.space} ({section.card.name}), paying {paid}"
    if kind in (Kind.RECRUIT, Kind.DISMISS, Kind.ATTACK):
        space = view.row[(action.space or 0) - 1]
        name = space.card.name if space.card else "?"
        if kind is Kind.RECRUIT:
            return f"Recruit {name} from space {space.space} for {space.cost} provision"
        if kind is Kind.DISMISS:
            gain = words.steps(space.card.play) if isinstance(space.card, Townsfolk) else "?"
            return f"Dismiss {name} from space {space.space} for {space.cost} provision, gaining {gain}"
        reward = words.steps(space.card.reward) if isinstance(space.card, Barbarian) else "?"
        paid = f"{_workers(action.payment)} and {space.cost} provision"
        return f"Attack {name} on space {space.space} with {paid}, for {reward}"
    if kind is Kind.BUILD:
        building = next(c.building for c in view.buildings if c.building.id == action.building)
        site = view.sites[(action.site or 0) - 1]
        covers = f", covering {words.steps(site.covers)}" if site.covers else ""
        paid = _workers(action.payment)
        return f"Build {building.name} ({building.kind}) on site {site.number} with {paid}{covers}"
    if kind is Kind.HUT:
        hut = view.hut_spaces[(action.space or 0) - 1]
        colour = _workers(action.payment)[2:]
        return f"Place a {colour} Worker on Hut space {hut.number} for {words.steps(hut.reward)}"
    if kind is Kind.TRADE:
        return _trade_label(view, action)
    if kind is Kind.END:
        return "End your actions for this Round"
    if kind is Kind.PICK:
        return "Take nothing (none is left)" if action.item is None else f"Take 1 {ITEMS[action.item]}"
    if kind is Kind.BRIBE and isinstance(view.decision, BribeView):
        band = view.decision.barbarian
        paid = f" with {_workers(action.payment)}" if action.payment else ""
        return f"Bribe {band.name} ({words.cost(view.decision.bribe)}){paid}"
    if kind is Kind.SUFFER and isinstance(view.decision, BribeView):
        return f"Refuse the bribe and lose {view.decision.damage} Townsfolk from the Ready Pile"
    if kind is Kind.CHOOSE and isinstance(view.decision, ChoiceView):
        return f"Choose: {view.decision.labels[(action.option or 0) - 1]}"
    if kind is Kind.FEED:
        return (
            "Feed the settlement from the stores"
            if action.card is None
            else f"Feed the settlement with {action.card}"
        )
    if kind is Kind.LEVEE:
        return "Raise the levee" + (f" with {_workers(action.payment)}" if action.payment else "")
    if kind is Kind.FORTUNE:
        return f"Play the Fortuity card {next(c.name for c in view.fortunes if c.id == action.card)}"
    return action.key


def _trade_label(view: View, action: Action) -> str:
    trade = view.trades[(action.trade or 0) - 1].trade
    option = next(o for o in trade.options if o.item == action.item)
    if action.card is not None:
        card = next(c for c in view.hand if c.id == action.card)
        return f"Trade {trade.number}: exhaust {card.name} from your hand for {words.steps(option.gain)}"
    paid = f" (Workers: {_workers(action.payment)})" if action.payment else ""
    return f"Trade {trade.number}: give {words.cost(option.cost)}, get {words.steps(option.gain)}{paid}"
