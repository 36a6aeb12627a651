"""The player's actions, family by family: using the hand, the Canal, the
Card Row, building, the Hut spaces, the story's rules, trades, ending the
actions, and answering decisions.

Each family is written once. The same function lists the legal actions and,
when asked why, says of every thing on the board it acts on why nothing can
be done to it now (an :class:`Option` with a refusal). :func:`explain` reads
its answer from those options, so a legal action and a refused one always
come from the same code; :func:`carry_out` then does what a legal action says.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from engine.text import Msg, Name, _, ngettext
from engine.yu.content import words
from engine.yu.content.items import CLAY, COWRIE, INDEX, PROVISION, WOOD, Cost, Item
from engine.yu.content.loader import BuildingKind, TradeOption
from engine.yu.content.steps import (
    Bribe,
    Choice,
    Destroy,
    DrawTownsfolk,
    EndRound,
    Gain,
    Pick,
    Refresh,
    Retire,
    ReturnBarge,
    Steps,
    SufferAttacks,
    UseHand,
)
from engine.yu.rules.actions import NO_WORKERS, Action, Kind, Payment
from engine.yu.rules.events import Event
from engine.yu.rules.interpreter import push
from engine.yu.rules.payments import payments
from engine.yu.rules.rules import (
    LEVEE_SPACES,
    event,
    food_name,
    food_wanted,
    gain,
    groups,
    name,
    next_hut,
    open_sites,
    resolve,
    spend,
    suffer,
    tuck_spaces,
)
from engine.yu.rules.state import Phase, State


@dataclass(frozen=True, slots=True)
class Option:
    """One thing the player might do to one thing on the board: the legal
    actions that do it (one per variant: the Workers that pay, the build
    site), or why it cannot be done now."""

    target: Action
    actions: tuple[Action, ...] = ()
    refusal: Msg | None = None
    mismatch: Msg | None = None
    """Why an action aimed at this target but not among ``actions`` is refused."""


class Menu:
    """What the families offer now: the legal actions, and when ``why`` is
    asked, every option with its actions or its refusal."""

    __slots__ = ("allow", "legal", "options", "why")

    def __init__(self, why: bool) -> None:
        self.why = why
        self.legal: dict[Action, None] = {}
        self.options: list[Option] = []
        self.allow: Callable[[Action], object] = self._allow if why else self.legal.setdefault
        """Offer an action with no variants (its own target)."""

    def offer(self, target: Action, actions: Sequence[Action], mismatch: Msg | None = None) -> None:
        legal = self.legal
        for action in actions:
            legal[action] = None
        if self.why:
            self.options.append(Option(target, tuple(actions), mismatch=mismatch))

    def _allow(self, action: Action) -> None:
        self.legal[action] = None
        self.options.append(Option(action, (action,)))

    def refuse(self, target: Action, reason: Msg) -> None:
        """Only called when ``why`` was asked."""
        self.options.append(Option(target, refusal=reason))


# -- costs ----------------------------------------------------------------------


def _payments(g: State, cost: Cost, extra_provisions: int = 0) -> tuple[Payment, ...]:
    """Every way to pay ``cost`` (plus Provisions), or () when unaffordable."""
    r = cost.resources
    have = g.have
    if (
        have[COWRIE] < r[0]
        or have[CLAY] < r[1]
        or have[WOOD] < r[2]
        or have[PROVISION] < r[3] + extra_provisions
    ):
        return ()
    if not cost.workers:
        return (NO_WORKERS,)
    return payments(cost.workers, groups(g), (have[0], have[1], have[2], have[3], have[4]))


def _shortfall(g: State, cost: Cost, extra_provisions: int = 0) -> Msg:
    """What the player lacks to pay ``cost`` (plus Provisions), in words."""
    have = g.have
    need = list(cost.resources)
    need[3] += extra_provisions
    for i, n in enumerate(need):
        if have[5 + i] < n:
            return _(
                "you need {need} and have {have}", need=words.step(Gain(Item(5 + i), n)), have=have[5 + i]
            )
    if cost.workers and not _payments(g, cost, extra_provisions):
        return _("your Workers cannot pay {cost}", cost=words.cost(Cost(cost.workers)))
    return _("you cannot pay it")


def _collectable(g: State, gains: Steps) -> bool:
    """Whether a trade gives something: the Main Supply (or the draw pile) is not out of it."""
    for step in gains:
        if isinstance(step, Gain) and g.supply[step.item] == 0:
            return False
        if isinstance(step, DrawTownsfolk) and not (g.deck or g.discard):
            return False
    return True


# -- the families ----------------------------------------------------------------
#
# Listing the legal actions is the engine's hottest path: actions are made once
# and cached, and Enum members are not looked up on their class inside loops
# (in Python 3.11 that goes through ``EnumType.__getattr__``).

HUT, FORTRESS = BuildingKind.HUT, BuildingKind.FORTRESS


@lru_cache(maxsize=1 << 14)
def _paid(target: Action, payment: Payment) -> Action:
    """``target`` paid with these Workers."""
    return target._replace(payment=payment)


@lru_cache(maxsize=1 << 14)
def _build_action(building: str, site: int, payment: Payment) -> Action:
    return Action(Kind.BUILD, building=building, site=site, payment=payment)


@lru_cache(maxsize=1 << 12)
def _trade_action(trade: int, item: Item | None, payment: Payment) -> Action:
    return Action(Kind.TRADE, trade=trade, item=item, payment=payment)


@lru_cache(maxsize=4096)
def _hand_actions(card: str) -> tuple[Action, Action, Action]:
    return (Action(Kind.PLAY, card=card), Action(Kind.DISCARD, card=card), Action(Kind.TUCK, card=card))


def _hand(g: State, menu: Menu) -> None:
    """Play, discard or tuck each card in hand."""
    tucks = len(g.tucked) < tuck_spaces(g)
    for card in g.hand:
        play, discard, tuck = _hand_actions(card)
        menu.allow(play)
        menu.allow(discard)
        if tucks:
            menu.allow(tuck)
        elif menu.why:
            full = ngettext(
                "The {n} tuck space is full; each Hut built opens one more.",
                "All {n} tuck spaces are full; each Hut built opens one more.",
                tuck_spaces(g),
            )
            menu.refuse(tuck, full)


CANAL = Action(Kind.CANAL)


def _canal(g: State, menu: Menu) -> None:
    """Build the next Canal section with the Barge."""
    if g.barge and g.built < 6:
        cost = g.content.canals[g.river[g.built]].cost
        pays = _payments(g, cost)
        if pays:
            found = [_paid(CANAL, pay) for pay in pays]
            menu.offer(CANAL, found, _("That payment does not match the Canal's cost."))
        elif menu.why:
            menu.refuse(CANAL, _("Cannot build the Canal: {why}.", why=_shortfall(g, cost)))
    elif menu.why:
        if g.built >= 6:
            menu.refuse(CANAL, _("All six Canal sections are built."))
        else:
            menu.refuse(
                CANAL,
                _("The Barge has already built a section this Round; it returns at the end of the Round."),
            )


RECRUIT = tuple(Action(Kind.RECRUIT, space=n) for n in range(1, 8))
DISMISS = tuple(Action(Kind.DISMISS, space=n) for n in range(1, 8))
ATTACK = tuple(Action(Kind.ATTACK, space=n) for n in range(1, 8))


def _card_row(g: State, menu: Menu) -> None:
    """Recruit or dismiss the Townsfolk on a Card Row space, or attack the Barbarians there."""
    costs = g.row_costs
    provisions_held = g.have[PROVISION]
    why = menu.why
    allow = menu.allow
    for slot, card in enumerate(g.row):
        if card is None:
            if why:
                for target in (RECRUIT[slot], DISMISS[slot], ATTACK[slot]):
                    menu.refuse(target, _("Card Row space {space} is empty.", space=slot + 1))
        elif card[0] == "t":
            if provisions_held >= costs[slot]:
                allow(RECRUIT[slot])
                allow(DISMISS[slot])
            elif why:
                reason = ngettext(
                    "Space {space} costs {n} provision and you have {have}.",
                    "Space {space} costs {n} provision and you have {have}.",
                    costs[slot],
                    space=slot + 1,
                    have=provisions_held,
                )
                menu.refuse(RECRUIT[slot], reason)
                menu.refuse(DISMISS[slot], reason)
            if why:
                menu.refuse(
                    ATTACK[slot], _("Space {space} holds a Townsfolk card, not a Barbarian.", space=slot + 1)
                )
        else:
            defeat = g.content.barbarians[card].defeat
            pays = _payments(g, defeat, costs[slot])
            if pays:
                found = [_paid(ATTACK[slot], pay) for pay in pays]
                menu.offer(ATTACK[slot], found, _("That payment does not match the Barbarian's cost."))
            elif why:
                menu.refuse(ATTACK[slot], _("Cannot attack: {why}.", why=_shortfall(g, defeat, costs[slot])))
            if why:
                for target in (RECRUIT[slot], DISMISS[slot]):
                    menu.refuse(
                        target, _("Space {space} holds a Barbarian; attack it instead.", space=slot + 1)
                    )


@lru_cache(maxsize=256)
def _build_target(building: str) -> Action:
    return Action(Kind.BUILD, building=building)


def _build(g: State, menu: Menu) -> None:
    """Build a Farm, an Outpost, the next Hut (or the Fortress) on an open, free site."""
    content = g.content
    sites = open_sites(g)
    why = menu.why
    if not sites and not why:
        return
    built = set(g.sites)
    costs = content.board.building_costs
    priced: dict[BuildingKind, tuple[Payment, ...]] = {}
    upcoming = next_hut(g)
    for building in content.board.buildings:
        kind = building.kind
        if kind is FORTRESS and "fortress" not in g.modules:
            continue
        hut = kind is HUT
        free = building.id not in built and (not hut or building.id == upcoming)
        if free and sites and kind not in priced:
            priced[kind] = _payments(g, costs[kind])
        if free and priced.get(kind):
            found = [_build_action(building.id, site + 1, pay) for pay in priced[kind] for site in sites]
            menu.offer(
                _build_target(building.id),
                found,
                _("Choose an open, free build site and Workers that pay."),
            )
        elif why:
            target = _build_target(building.id)
            if building.id in built:
                menu.refuse(target, _("{building} is already built.", building=Name(building.name)))
            elif hut and building.id != upcoming:
                menu.refuse(target, _("Huts are built in order, left to right."))
            elif not sites:
                menu.refuse(target, _("No build site is open and free; building the Canal opens more."))
            else:
                menu.refuse(target, _("Cannot build: {why}.", why=_shortfall(g, costs[kind])))


@lru_cache(maxsize=64)
def _hut_action(space: int, colour: int | None) -> Action:
    """Placing a Worker of ``colour`` on a Hut space (no colour: the space itself)."""
    if colour is None:
        return Action(Kind.HUT, space=space)
    pay = [0, 0, 0, 0, 0]
    pay[colour] = 1
    return Action(Kind.HUT, space=space, payment=(pay[0], pay[1], pay[2], pay[3], pay[4]))


def _huts(g: State, menu: Menu) -> None:
    """Place a Worker on a free, open Hut space."""
    have = g.have
    colours = [c for c in range(5) if have[c]]
    why = menu.why
    if not colours and not why:
        return
    for slot, colour in enumerate(g.hut_spaces):
        space = slot + 1
        if slot <= g.huts_built and colour is None and colours:
            found = [_hut_action(space, c) for c in colours]
            menu.offer(_hut_action(space, None), found, _("You have no Worker of that colour."))
        elif why:
            target = _hut_action(space, None)
            if slot > g.huts_built:
                menu.refuse(
                    target, _("Hut space {space} is not open; each Hut built opens one more.", space=space)
                )
            elif colour is not None:
                menu.refuse(
                    target, _("Hut space {space} already holds a Worker until the next Harvest.", space=space)
                )
            else:
                menu.refuse(target, _("You have no Worker to place."))


LEVEE = Action(Kind.LEVEE)
FED = _("The settlement is already fed this Round.")


def _story_rules(g: State, menu: Menu) -> None:
    """Feeding the settlement (``food``) and raising the levee (``levee``)."""
    content = g.content
    why = menu.why
    if "food" in g.modules:
        want = food_wanted(g)
        for card in g.hand:
            target = Action(Kind.FEED, card=card)
            if g.fed:
                if why:
                    menu.refuse(target, FED)
            elif content.townsfolk[card].food == want:
                menu.allow(target)
            elif why:
                food = content.townsfolk[card].food
                asks = _(
                    "This Round the settlement asks for {want}, not {food}.",
                    want=food_name(want),
                    food=food_name(food),
                )
                menu.refuse(target, asks)
        stores = Action(Kind.FEED)
        feed = content.board.feed
        if feed is not None and not g.fed and _payments(g, feed):
            menu.allow(stores)
        elif why:
            reason = (
                FED if g.fed else _("Feeding from the stores costs {cost}.", cost=words.cost(feed or Cost()))
            )
            menu.refuse(stores, reason)
    levee = content.board.levee
    if "levee" in g.modules and levee is not None:
        target = LEVEE
        if g.levee_used:
            if why:
                menu.refuse(target, _("The levee can be raised once a game, and it already was."))
        elif g.flood == 0:
            if why:
                menu.refuse(target, _("The Flood has not moved yet."))
        else:
            found = [_paid(LEVEE, pay) if levee.workers else LEVEE for pay in _payments(g, levee)]
            if found or not why:
                menu.offer(target, found, _("That payment does not match the levee's cost."))
            else:
                menu.refuse(target, _("Cannot raise the levee: {why}.", why=_shortfall(g, levee)))


@lru_cache(maxsize=256)
def _trade_target(trade: int, item: Item | None) -> Action:
    return Action(Kind.TRADE, trade=trade, item=item)


def _trades(g: State, menu: Menu) -> None:
    """The river trades (at any time, as often as wanted), and playing Fortuity cards."""
    have = g.have
    why = menu.why
    content = g.content
    for trade in content.board.trades if why else content.trades_open[g.built]:
        number = trade.number
        if trade.opened_by > g.built:
            if why:
                reason = _(
                    "Trade {trade} opens when Canal section {section} is built.",
                    trade=number,
                    section=trade.opened_by,
                )
                for option in trade.options:
                    menu.refuse(_trade_target(number, option.item), reason)
            continue
        for option in trade.options:
            cost = option.cost
            if cost.exhaust:
                target = _trade_target(number, option.item)
                if g.hand:
                    found = [Action(Kind.TRADE, trade=number, card=card) for card in g.hand]
                    menu.offer(target, found, NOT_IN_HAND)
                elif why:
                    menu.refuse(target, _("You have no card in hand to trade away."))
                continue
            r = cost.resources
            if have[COWRIE] < r[0] or have[CLAY] < r[1] or have[WOOD] < r[2] or have[PROVISION] < r[3]:
                if why:
                    menu.refuse(
                        _trade_target(number, option.item), _("Cannot trade: {why}.", why=_shortfall(g, cost))
                    )
            elif not _collectable(g, option.gain):
                if why:
                    menu.refuse(
                        _trade_target(number, option.item),
                        _("The Main Supply has none of what trade {trade} gives.", trade=number),
                    )
            elif not cost.workers:
                menu.allow(_trade_target(number, option.item))
            elif pays := _payments(g, cost):
                found = [_trade_action(number, option.item, pay) for pay in pays]
                menu.offer(
                    _trade_target(number, option.item), found, _("Those Workers cannot pay for this trade.")
                )
            elif why:
                menu.refuse(
                    _trade_target(number, option.item), _("Cannot trade: {why}.", why=_shortfall(g, cost))
                )
    if "fortuity" in g.modules:
        for card in g.fortunes:
            menu.allow(Action(Kind.FORTUNE, card=card))


END = Action(Kind.END)


def _end(g: State, menu: Menu) -> None:
    """End the Take Actions phase, once the hand is empty."""
    if not g.hand:
        menu.allow(END)
    elif menu.why:
        left = ngettext(
            "Use every Townsfolk card in your hand first ({n} left).",
            "Use every Townsfolk card in your hand first ({n} left).",
            len(g.hand),
        )
        menu.refuse(END, left)


NONE_LEFT = Action(Kind.PICK)
PICKS = tuple(Action(Kind.PICK, item=i) for i in INDEX.values())
SUFFER = Action(Kind.SUFFER)
BRIBE = Action(Kind.BRIBE)


def _answers(g: State, menu: Menu) -> None:
    """Answer the decision waiting on top of the stack."""
    decision = g.decision
    if isinstance(decision, Pick):
        found = [PICKS[i] for i in decision.items if g.supply[i]]
        for action in found:
            menu.allow(action)
        if not found:
            menu.allow(NONE_LEFT)
        if menu.why:
            for i in decision.items:
                if not g.supply[i]:
                    menu.refuse(PICKS[i], _("The Main Supply has none of it left."))
    elif isinstance(decision, Choice):
        for n in range(1, len(decision.options) + 1):
            menu.allow(Action(Kind.CHOOSE, option=n))
    elif isinstance(decision, Bribe):
        card = g.row[decision.slot]
        assert card is not None
        bribe = g.content.barbarians[card].bribe
        assert bribe is not None
        found = [_paid(BRIBE, pay) if bribe.workers else BRIBE for pay in _payments(g, bribe)]
        if found or not menu.why:
            menu.offer(BRIBE, found, _("That payment does not match the bribe."))
        else:
            menu.refuse(BRIBE, _("You cannot pay the bribe: {why}.", why=_shortfall(g, bribe)))
        menu.allow(SUFFER)


FAMILIES: tuple[Callable[[State, Menu], None], ...] = (_hand, _canal, _card_row, _build, _huts, _story_rules)
"""The Take Actions families, before the trades and the end."""


def menu(g: State, why: bool = False) -> Menu:
    """Everything the player may do now; with ``why``, also every option refused and why."""
    found = Menu(why)
    if g.outcome is not None:
        return found
    decision = g.decision
    if decision is not None:
        if isinstance(decision, UseHand):
            _hand(g, found)
        _answers(g, found)
        _trades(g, found)
        return found
    for family in FAMILIES:
        family(g, found)
    _trades(g, found)
    _end(g, found)
    return found


def legal(g: State) -> dict[Action, None]:
    """The legal actions (worked out once per state)."""
    if g.legal is None:
        g.legal = menu(g).legal
    return g.legal


NOT_IN_HAND = _("That card is not in your hand.")
NOT_AN_OPTION = _("That is not one of the options.")


def explain(g: State, action: Action) -> Msg | None:
    """Why ``action`` is refused now, in words for the player (None if it is legal)."""
    if action in legal(g):
        return None
    if g.outcome is not None:
        return _("The game is over.")
    target = action.target
    for option in menu(g, why=True).options:
        if option.target == target:
            return option.refusal or option.mismatch or NOT_AN_OPTION
    return _unplaced(g, action)


def _unplaced(g: State, action: Action) -> Msg:
    """Why an action that nothing on the board offers now is refused."""
    kind = action.kind
    decision = g.decision
    if isinstance(decision, UseHand) and kind not in (Kind.PLAY, Kind.DISCARD, Kind.TUCK, Kind.TRADE):
        return _("First use the card that came into your hand: play, discard or tuck it.")
    if kind in (Kind.PICK, Kind.CHOOSE, Kind.BRIBE, Kind.SUFFER):
        if decision is None:
            return _("There is no decision to answer.")
        if kind is Kind.PICK and not isinstance(decision, Pick):
            return _("The open decision is not a choice of items.")
        if kind is Kind.CHOOSE and not isinstance(decision, Choice):
            return _("The open decision is not a choice between the story's options.")
        if not isinstance(decision, Bribe) and kind in (Kind.BRIBE, Kind.SUFFER):
            return _("No Barbarian is attacking now.")
        return NOT_AN_OPTION
    if kind is Kind.FORTUNE:
        if "fortuity" not in g.modules:
            return _("Fortuity cards are not in play in this game.")
        return _("You hold no such Fortuity card.")
    if kind is Kind.TRADE:
        count = len(g.content.board.trades)
        if action.trade is None or not 1 <= action.trade <= count:
            return _("Trades are numbered 1 to {count}.", count=count)
        trade = g.content.board.trades[action.trade - 1]
        if action.card is not None and any(o.cost.exhaust for o in trade.options):
            return NOT_IN_HAND
        return _("That is not a way to use trade {trade}.", trade=action.trade)
    if decision is not None:
        return _("First answer the open decision (trades are still allowed).")
    if kind in (Kind.PLAY, Kind.DISCARD, Kind.TUCK):
        return NOT_IN_HAND
    if kind is Kind.FEED:
        if "food" not in g.modules:
            return _("The settlement needs no feeding in this game.")
        return NOT_IN_HAND
    if kind is Kind.LEVEE:
        return _("The levee rule is not in play in this game.")
    if kind in (Kind.RECRUIT, Kind.DISMISS, Kind.ATTACK):
        return _("Card Row spaces are numbered 1 to 7.")
    if kind is Kind.BUILD:
        return _("There is no building called {building}.", building=action.building or "")
    if kind is Kind.HUT:
        return _("Hut space {space} is not open; each Hut built opens one more.", space=action.space or 0)
    return _("{key} is not allowed now.", key=action.key)


# -- carrying out a legal action ---------------------------------------------------


def _play(g: State, a: Action) -> None:
    card = g.content.townsfolk[a.card or ""]
    g.hand.remove(card.id)
    g.exhausted.append(card.id)
    event(g, "play", _("Played {card}.", card=Name(card.name)))
    push(g, card.play)


def _discard(g: State, a: Action) -> None:
    card = g.content.townsfolk[a.card or ""]
    g.hand.remove(card.id)
    g.discard.append(card.id)
    event(g, "discard", _("Discarded {card} for all its items.", card=Name(card.name)))
    push(g, card.discarded)


def _tuck(g: State, a: Action) -> None:
    card = g.content.townsfolk[a.card or ""]
    g.hand.remove(card.id)
    g.tucked.append(card.id)
    tucked = _(
        "Tucked {card} under the board: {gain} every Harvest.",
        card=Name(card.name),
        gain=words.steps(card.tuck),
    )
    event(g, "tuck", tucked)


def trade_option(g: State, a: Action) -> TradeOption:
    """The trade option a ``trade`` action uses."""
    return g.content.trade_options[(a.trade or 0, a.item)]


def _trade(g: State, a: Action) -> None:
    option = trade_option(g, a)
    if a.card is not None:
        g.hand.remove(a.card)
        g.exhausted.append(a.card)
        event(g, "trade", _("Traded {card} away to the Exhausted Pile.", card=name(g, a.card)))
    else:
        traded = _("Traded {cost} for {gain}.", cost=words.cost(option.cost), gain=words.steps(option.gain))
        event(g, "trade", traded)
        spend(g, option.cost, a.payment or NO_WORKERS)
    # A trade gives at once, even with a decision open: that is how it frees
    # items to pay a bribe (ruling 9). Trade gains hold no choice.
    push(g, option.gain)


def _canal_do(g: State, a: Action) -> None:
    card = g.content.canals[g.river[g.built]]
    spend(g, card.cost, a.payment or NO_WORKERS)
    g.barge = False
    g.built += 1
    built = _("Built Canal section {section}: {card}.", section=g.built, card=Name(card.name))
    event(g, "canal", built, data=g.built)
    board = g.content.board
    for trade in board.trades:
        if trade.opened_by == g.built:
            event(
                g, "unlock", _("Trade {trade} ({name}) is open.", trade=trade.number, name=Name(trade.name))
            )
    for site in board.sites:
        if site.opened_by == g.built:
            event(g, "unlock", _("Build site {site} is open.", site=site.number))
    for icon in board.shore:
        if icon.uncovered_by == g.built:
            uncovered = _("A Barbarian icon ({n}) is uncovered on the shore.", n=icon.barbarians)
            event(g, "unlock", uncovered)
    push(g, card.effects)


FREE = Cost()


def _take_from_row(g: State, a: Action) -> str:
    slot = (a.space or 0) - 1
    card = g.row[slot]
    assert card is not None
    spend(g, FREE, NO_WORKERS, g.row_costs[slot])
    g.row[slot] = None
    return card


def _recruit(g: State, a: Action) -> None:
    card = _take_from_row(g, a)
    g.exhausted.append(card)
    event(g, "recruit", _("Recruited {card} to the Exhausted Pile.", card=name(g, card)))


def _dismiss(g: State, a: Action) -> None:
    card = _take_from_row(g, a)
    g.discard.append(card)
    event(g, "dismiss", _("Dismissed {card}.", card=name(g, card)))
    push(g, g.content.townsfolk[card].play)


def _attack(g: State, a: Action) -> None:
    slot = (a.space or 0) - 1
    card = g.row[slot]
    assert card is not None
    band = g.content.barbarians[card]
    spend(g, band.defeat, a.payment or NO_WORKERS, g.row_costs[slot])
    g.row[slot] = None
    g.barbarian_discard.append(card)
    g.defeated += 1
    event(g, "defeat", _("Defeated {band}.", band=Name(band.name)), data=card)
    push(g, band.defeated)


def _build_do(g: State, a: Action) -> None:
    building = g.content.building(a.building or "")
    site = (a.site or 0) - 1
    spend(g, g.content.board.building_costs[building.kind], a.payment or NO_WORKERS)
    g.sites[site] = building.id
    event(g, "build", _("Built {building} on site {site}.", building=Name(building.name), site=site + 1))
    steps = list(g.content.board.sites[site].covers)
    if building.kind is BuildingKind.HUT:
        hut_card = g.content.huts[g.hut_cards[g.huts_built]]
        g.huts_built += 1
        event(g, "hut", _("The Hut card turned over: {card}.", card=Name(hut_card.name)), True, hut_card.id)
        steps += hut_card.effects
    g.groups = None
    push(g, steps)


def _hut(g: State, a: Action) -> None:
    slot = (a.space or 0) - 1
    colour = next(c for c, n in enumerate(a.payment or NO_WORKERS) if n)
    g.have[colour] -= 1
    g.hut_spaces[slot] = colour
    placed = _(
        "Placed a {colour} Worker on Hut space {space}.", colour=words.mask(1 << colour), space=slot + 1
    )
    event(g, "hut", placed)
    push(g, g.content.board.hut_spaces[slot].reward)


AFTER_ACTIONS_STEPS = (ReturnBarge(), SufferAttacks(), Refresh(), EndRound())
"""The Round after Take Actions (steps hold no state: made once)."""


def _end_do(g: State, a: Action) -> None:
    event(g, "phase", _("Round {round}: actions done.", round=g.round))
    g.phase = Phase.BARGE
    push(g, AFTER_ACTIONS_STEPS)
    if "food" in g.modules and not g.fed:
        hunger = _(
            "Food Shortage: nobody brought {food}, and a Townsfolk card is lost.",
            food=food_name(food_wanted(g)),
        )
        event(g, "hunger", hunger)
        g.stack.append(Destroy(1))


def _feed(g: State, a: Action) -> None:
    g.fed = True
    if a.card is None:
        cost = g.content.board.feed
        assert cost is not None
        spend(g, cost, NO_WORKERS)
        event(g, "feed", _("Fed the settlement from the stores."))
        return
    g.hand.remove(a.card)
    g.exhausted.append(a.card)
    fed = _("{card} fed the settlement with {food}.", card=name(g, a.card), food=food_name(food_wanted(g)))
    event(g, "feed", fed)


def _levee(g: State, a: Action) -> None:
    cost = g.content.board.levee
    assert cost is not None
    spend(g, cost, a.payment or NO_WORKERS)
    g.levee_used = True
    g.flood = max(0, g.flood - LEVEE_SPACES)
    event(g, "levee", _("The levee held: the Flood went back to space {space}.", space=g.flood))


def _fortune(g: State, a: Action) -> None:
    card = g.content.ongoing[a.card or ""]
    g.fortunes.remove(card.id)
    g.in_play.remove(card.id)
    if g.chapter is not None:
        g.chapter.pending.append(Retire((card.id,)))
    event(g, "fortune", _("Played the Fortuity card {card}; it goes into History.", card=Name(card.name)))
    push(g, card.effects)


def _pick(g: State, a: Action) -> None:
    decision = g.stack.pop()
    assert isinstance(decision, Pick)
    if a.item is None:
        event(g, "short", _("Nothing was left to take."))
    else:
        gain(g, a.item, 1)
    if decision.count > 1:
        g.stack.append(Pick(decision.items, decision.count - 1))


def _choose(g: State, a: Action) -> None:
    decision = g.stack.pop()
    assert isinstance(decision, Choice)
    push(g, decision.options[(a.option or 0) - 1].steps)


def _bribe(g: State, a: Action) -> None:
    decision = g.stack.pop()
    assert isinstance(decision, Bribe)
    band = g.content.barbarians[g.row[decision.slot] or ""]
    assert band.bribe is not None
    event(g, "bribe", _("Bribed {band}.", band=Name(band.name)))
    spend(g, band.bribe, a.payment or NO_WORKERS)


def _suffer(g: State, a: Action) -> None:
    decision = g.stack.pop()
    assert isinstance(decision, Bribe)
    suffer(g, decision.slot)


CARRY_OUT: dict[Kind, Callable[[State, Action], None]] = {
    Kind.PLAY: _play,
    Kind.DISCARD: _discard,
    Kind.TUCK: _tuck,
    Kind.TRADE: _trade,
    Kind.CANAL: _canal_do,
    Kind.RECRUIT: _recruit,
    Kind.DISMISS: _dismiss,
    Kind.ATTACK: _attack,
    Kind.BUILD: _build_do,
    Kind.HUT: _hut,
    Kind.END: _end_do,
    Kind.FEED: _feed,
    Kind.LEVEE: _levee,
    Kind.FORTUNE: _fortune,
    Kind.PICK: _pick,
    Kind.CHOOSE: _choose,
    Kind.BRIBE: _bribe,
    Kind.SUFFER: _suffer,
}
"""What each legal action does, before the stack is resolved."""


def carry_out(g: State, action: Action) -> None:
    CARRY_OUT[action.kind](g, action)


def play(g: State, action: Action) -> list[Event]:
    """Carry out a legal action and resolve the stack up to the next
    decision; return what happened."""
    g.events = []
    g.changed()
    carry_out(g, action)
    resolve(g)
    g.changed()
    events, g.events = g.events, []
    return events
