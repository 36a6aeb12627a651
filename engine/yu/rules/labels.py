"""An action in words, from what the player's view shows: for the terminal's
list of actions and the board's hint."""

from __future__ import annotations

from engine.text import Msg, Name, Value, _, ngettext
from engine.yu.content import words
from engine.yu.content.items import COWRIE, PROVISION
from engine.yu.content.loader import Barbarian, Townsfolk
from engine.yu.rules.actions import Action, Kind, Payment
from engine.yu.rules.view import BribeView, ChoiceView, View


def _workers(payment: Payment | None) -> Msg:
    paid = [words.count(c, n) for c, n in enumerate(payment or ()) if n]
    return words.joined(paid) if paid else _("no Workers")


def label(view: View, action: Action) -> Msg:
    """An action in words, using only what the view shows."""
    kind = action.kind
    if kind in (Kind.PLAY, Kind.DISCARD, Kind.TUCK):
        card = next(c for c in view.hand if c.id == action.card)
        name = Name(card.name)
        if kind is Kind.PLAY:
            return _("Play {card} for {gain}", card=name, gain=words.steps(card.play))
        if kind is Kind.DISCARD:
            return _("Discard {card} for {gain}", card=name, gain=words.steps(card.discarded))
        return _("Tuck {card} under the board ({gain} every Harvest)", card=name, gain=words.steps(card.tuck))
    if kind is Kind.CANAL:
        return _canal_label(view, action)
    if kind in (Kind.RECRUIT, Kind.DISMISS, Kind.ATTACK):
        return _row_label(view, action)
    if kind is Kind.BUILD:
        building = next(c.building for c in view.buildings if c.building.id == action.building)
        site = view.sites[(action.site or 0) - 1]
        said: dict[str, Value] = {
            "building": Name(building.name),
            "kind": words.BUILDINGS[building.kind],
            "site": site.number,
            "workers": _workers(action.payment),
        }
        if site.covers:
            return _(
                "Build {building} ({kind}) on site {site} with {workers}, covering {covered}",
                covered=words.steps(site.covers),
                **said,
            )
        return _("Build {building} ({kind}) on site {site} with {workers}", **said)
    if kind is Kind.HUT:
        hut = view.hut_spaces[(action.space or 0) - 1]
        colour = next((words.name(c) for c, n in enumerate(action.payment or ()) if n), "?")
        return _(
            "Place a {colour} Worker on Hut space {space} for {reward}",
            colour=colour,
            space=hut.number,
            reward=words.steps(hut.reward),
        )
    if kind is Kind.TRADE:
        return _trade_label(view, action)
    if kind is Kind.END:
        return _("End your actions for this Round")
    if kind is Kind.PICK:
        if action.item is None:
            return _("Take nothing (none is left)")
        return _("Take {amount}", amount=words.count(action.item, 1))
    if kind is Kind.BRIBE and isinstance(view.decision, BribeView):
        band = Name(view.decision.barbarian.name)
        bribe = words.cost(view.decision.bribe)
        if action.payment:
            return _(
                "Bribe {band} ({cost}) with {workers}",
                band=band,
                cost=bribe,
                workers=_workers(action.payment),
            )
        return _("Bribe {band} ({cost})", band=band, cost=bribe)
    if kind is Kind.SUFFER and isinstance(view.decision, BribeView):
        return ngettext(
            "Refuse the bribe and lose {n} Townsfolk from the Ready Pile",
            "Refuse the bribe and lose {n} Townsfolk from the Ready Pile",
            view.decision.damage,
        )
    if kind is Kind.CHOOSE and isinstance(view.decision, ChoiceView):
        return _("Choose: {option}", option=Name(view.decision.labels[(action.option or 0) - 1]))
    if kind is Kind.FEED:
        if action.card is None:
            return _("Feed the settlement from the stores")
        fed = next((Name(c.name) for c in view.hand if c.id == action.card), action.card)
        return _("Feed the settlement with {card}", card=fed)
    if kind is Kind.LEVEE:
        if action.payment:
            return _("Raise the levee with {workers}", workers=_workers(action.payment))
        return _("Raise the levee")
    if kind is Kind.FORTUNE:
        fortune = next(c.name for c in view.fortunes if c.id == action.card)
        return _("Play the Fortuity card {card}", card=Name(fortune))
    return Msg("{key}", (("key", action.key),))


def _canal_label(view: View, action: Action) -> Msg:
    section = next(s for s in view.river if s.barge)
    said: dict[str, Value] = {
        "space": section.space,
        "card": Name(section.card.name),
        "workers": _workers(action.payment),
    }
    cowrie = section.card.cost.resources[0]
    if cowrie:
        return _(
            "Build Canal section {space} ({card}), paying {workers} and {cowrie}",
            cowrie=words.count(COWRIE, cowrie),
            **said,
        )
    return _("Build Canal section {space} ({card}), paying {workers}", **said)


def _row_label(view: View, action: Action) -> Msg:
    """Recruiting, dismissing or attacking the card on a Card Row space."""
    space = view.row[(action.space or 0) - 1]
    card = space.card
    said: dict[str, Value] = {
        "card": Name(card.name) if card else "?",
        "space": space.space,
        "cost": words.count(PROVISION, space.cost),
    }
    if action.kind is Kind.RECRUIT:
        return _("Recruit {card} from space {space} for {cost}", **said)
    if action.kind is Kind.DISMISS:
        gain = words.steps(card.play) if isinstance(card, Townsfolk) else "?"
        return _("Dismiss {card} from space {space} for {cost}, gaining {gain}", gain=gain, **said)
    reward = words.steps(card.reward) if isinstance(card, Barbarian) else "?"
    return _(
        "Attack {card} on space {space} with {workers} and {cost}, for {reward}",
        workers=_workers(action.payment),
        reward=reward,
        **said,
    )


def _trade_label(view: View, action: Action) -> Msg:
    trade = view.trades[(action.trade or 0) - 1].trade
    option = next(o for o in trade.options if o.item == action.item)
    gain = words.steps(option.gain)
    if action.card is not None:
        card = next(c for c in view.hand if c.id == action.card)
        return _(
            "Trade {trade}: exhaust {card} from your hand for {gain}",
            trade=trade.number,
            card=Name(card.name),
            gain=gain,
        )
    give = words.cost(option.cost)
    if action.payment:
        return _(
            "Trade {trade}: give {cost}, get {gain} (Workers: {workers})",
            trade=trade.number,
            cost=give,
            gain=gain,
            workers=_workers(action.payment),
        )
    return _("Trade {trade}: give {cost}, get {gain}", trade=trade.number, cost=give, gain=gain)
