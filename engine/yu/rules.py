"""The rules of Legacy of Yu: setup, the five phases, every action and effect.

The game advances by resolving *steps* from a stack (``game.stack``, top at
the end). A step that needs the player to choose sets ``game.decision`` and
waits; the answer is an action. Listing the legal actions also prepares what
each one does, so applying an action only carries out its prepared payload.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from engine.yu.actions import Action, IllegalAction, MalformedAction
from engine.yu.content import FOODS, JADE_GROUPS, Barbarian, Content, Trade, base
from engine.yu.effects import holds
from engine.yu.events import Event
from engine.yu.items import (
    BLACK,
    BLUE,
    CLAY,
    COWRIE,
    ITEMS,
    LETTERS,
    PROVISION,
    RED,
    RESOURCES,
    WHITE,
    WOOD,
    WORKERS,
    YELLOW,
    Cost,
    Step,
    describe_steps,
)
from engine.yu.payments import (
    NO_WORKERS,
    Payment,
    colour_groups,
    letters,
    payments,
    widen,
)
from engine.yu.setup import Setup

if TYPE_CHECKING:
    from engine.yu.state import Game

__all__ = ["BLACK", "BLUE", "CLAY", "RED", "WHITE", "WOOD", "YELLOW"]

Payload = tuple[Any, ...]
NUMBERS = tuple(str(n) for n in range(1, 10))
RECRUIT = tuple(Action("recruit", (n,)) for n in NUMBERS)
DISMISS = tuple(Action("dismiss", (n,)) for n in NUMBERS)
"""Spaces, sites and trades are numbered from 1 in action keys."""


# -- setup ------------------------------------------------------------------


def new_game(seed: int, content: Content | None = None, setup: Setup | None = None) -> Game:
    """Set up a game as the rulebook's seven setup steps describe, then play
    up to the first decision of Round 1."""
    from engine.yu.state import Game

    content = content or base()
    setup = setup or Setup.base(content)
    g = Game(content, seed)
    board = content.board
    g.in_play = sorted(
        [*setup.townsfolk, *setup.barbarians, *setup.canals, *setup.huts, *setup.ongoing, *setup.fortunes]
    )
    townsfolk = sorted(setup.townsfolk)
    g.rng.shuffle(townsfolk)
    ready = min(setup.ready_pile or board.ready_pile, len(townsfolk) - 6)
    g.ready = townsfolk[:ready]
    g.deck = townsfolk[ready:]
    for slot in range(6):
        g.row[slot] = g.deck.pop()
    g.barbarian_deck = sorted(setup.barbarians)
    g.rng.shuffle(g.barbarian_deck)
    g.row[6] = g.barbarian_deck.pop()
    for jade in JADE_GROUPS:
        group = sorted(c for c in setup.canals if content.canals[c].jade == jade)
        g.rng.shuffle(group)
        g.river += group[:2]
        g.canal_box += group[2:]
    huts = sorted(setup.huts)
    g.rng.shuffle(huts)
    g.hut_cards = huts[:4]
    g.hut_box = huts[4:]
    g.ongoing = sorted(setup.ongoing)
    g.fortunes = sorted(setup.fortunes)
    g.modules = sorted(setup.modules)
    g.row_costs = list(setup.row_costs or board.card_row_costs)
    g.harvest_extra = list(setup.harvest)
    g.barbarians_extra = setup.barbarians_extra
    if setup.campaign is not None:
        g.campaign = {**setup.campaign, "pending": []}
    start = list(setup.start)
    if "skills" in g.modules:
        for card in g.ongoing:
            start += content.ongoing[card].start
    g.stack = [("actions",), ("harvest",)]
    _push(g, start)
    g.round = 1
    _run(g)
    return g


def replay(seed: int, keys: list[str], content: Content | None = None) -> Game:
    """Rebuild a game from its seed and action log."""
    g = new_game(seed, content)
    for key in keys:
        apply(g, key)
    return g


# -- the public entry points ------------------------------------------------------


def legal(g: Game) -> dict[Action, Payload]:
    """The legal actions, each with the payload that carries it out (cached
    until the state changes)."""
    if g._legal is None:
        g._legal = _list_actions(g)
    return g._legal


def apply(g: Game, action: Action | str) -> list[Event]:
    if isinstance(action, str):
        action = Action.parse(action)
    elif not isinstance(action, Action):
        raise MalformedAction(f"{action!r} is not an action")
    payload = legal(g).get(action)
    if payload is None:
        raise IllegalAction(explain(g, action) or f"{action.key} is not allowed now")
    g.events = []
    g._legal = None
    DO[payload[0]](g, payload)
    _run(g)
    g._legal = None
    events, g.events = g.events, []
    return events


def outcome_text(outcome: str | None) -> str:
    return {
        None: "The game goes on.",
        "won": "All six Canal sections stand: the game is won.",
        "flood": "The Flood broke through: the game is lost to the Flood.",
        "barbarians": "Seven Barbarian bands gathered: the game is lost to the Barbarians.",
        "damage": "No Townsfolk were left to lose: the game is lost to Damage.",
    }[outcome]


# -- small helpers ----------------------------------------------------------------


def _event(g: Game, kind: str, text: str, reveal: bool = False, data: Any = None) -> None:
    g.events.append(Event(kind, text, reveal, data))


def _name(g: Game, card_id: str) -> str:
    return g.content.name(card_id)


def _groups(g: Game) -> tuple[int, ...]:
    if g._groups is None:
        joins = [g.content.building(b).joins for b in g.sites if b and b.startswith("outpost")]
        g._groups = colour_groups(joins)
    return g._groups


def _can_afford_resources(g: Game, cost: Cost) -> bool:
    have = g.have
    r = cost.resources
    return have[COWRIE] >= r[0] and have[CLAY] >= r[1] and have[WOOD] >= r[2] and have[PROVISION] >= r[3]


def _payments(g: Game, cost: Cost, extra_provisions: int = 0) -> tuple[Payment, ...]:
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
    return payments(widen(cost.workers, _groups(g)), tuple(have[:5]))


def _spend(g: Game, cost: Cost, payment: Payment, extra_provisions: int = 0) -> None:
    have, supply = g.have, g.supply
    for c in range(5):
        if payment[c]:
            have[c] -= payment[c]
            supply[c] += payment[c]
    for i, n in enumerate(cost.resources):
        if i == 3:
            n += extra_provisions
        if n:
            have[5 + i] -= n
            supply[5 + i] += n
    spent = [f"{n} {WORKERS[c]}" for c, n in enumerate(payment) if n]
    spent += [f"{n} {RESOURCES[i]}" for i, n in enumerate(cost.resources) if n]
    if extra_provisions and not cost.resources[3]:
        spent.append(f"{extra_provisions} provision")
    elif extra_provisions:
        spent[-1] = f"{cost.resources[3] + extra_provisions} provision"
    if spent:
        _event(g, "spend", "Spent " + ", ".join(spent) + ".")


def _gain(g: Game, item: int, n: int) -> None:
    take = min(n, g.supply[item])
    if take:
        g.supply[item] -= take
        g.have[item] += take
        _event(g, "gain", f"Gained {take} {ITEMS[item]}.")
    if take < n:
        _event(g, "short", f"The Main Supply had no more {ITEMS[item]}: {n - take} not collected.")


def _push(g: Game, steps: tuple[Step, ...] | list[Step]) -> None:
    g.stack.extend(reversed(steps))


def _lose(g: Game, reason: str) -> None:
    g.outcome = reason
    g.phase = "over"
    g.stack.clear()
    g.decision = None
    _event(g, "outcome", outcome_text(reason), data=reason)


def _run(g: Game) -> None:
    """Resolve steps until the player must act or the game ends."""
    stack = g.stack
    while stack and g.outcome is None and g.decision is None:
        step = stack.pop()
        STEPS[step[0]](g, step)


# -- piles, the Flood and the Card Row ---------------------------------------------


def _advance_flood(g: Game) -> None:
    g.flood += 1
    if g.flood > 6:
        _event(g, "flood", "The Flood ran off the end of the river.")
        _lose(g, "flood")
    elif g.flood > g.built:
        _event(g, "flood", f"The Flood reached unbuilt Canal section {g.flood}.")
        _lose(g, "flood")
    else:
        _event(g, "flood", f"The Flood moved onto built Canal section {g.flood}, harmlessly.")


def _ready_top(g: Game) -> str | None:
    """The top card of the Ready Pile, reshuffling the Exhausted Pile and
    advancing the Flood when it is empty (ruling 5); None if the game ended."""
    if not g.ready:
        if not g.exhausted:
            _event(g, "damage", "The Ready and Exhausted Piles are both empty.")
            _lose(g, "damage")
            return None
        g.ready, g.exhausted = g.exhausted, []
        g.rng.shuffle(g.ready)
        _event(
            g, "shuffle", f"The Exhausted Pile was shuffled into a new Ready Pile of {len(g.ready)}.", True
        )
        _advance_flood(g)
        if g.outcome:
            return None
    return g.ready.pop()


def _draw_ready(g: Game, step: Step) -> None:
    for _ in range(step[1]):
        card = _ready_top(g)
        if card is None:
            return
        g.hand.append(card)
        _event(g, "draw", f"Drew {_name(g, card)} into your hand.", True, card)


def _destroy(g: Game, step: Step) -> None:
    for _ in range(step[1]):
        card = _ready_top(g)
        if card is None:
            return
        g.discard.append(card)
        _event(g, "destroy", f"{_name(g, card)} was lost from the Ready Pile.", True, card)


def _deck_top(g: Game, deck: list[str], discard: list[str], what: str) -> str | None:
    if not deck:
        if not discard:
            return None
        deck.extend(discard)
        discard.clear()
        g.rng.shuffle(deck)
        _event(g, "shuffle", f"The {what} discards were shuffled into a new draw pile.", True)
    return deck.pop()


def _draw_townsfolk(g: Game, step: Step) -> None:
    for _ in range(step[1]):
        card = _deck_top(g, g.deck, g.discard, "Townsfolk")
        if card is None:
            _event(g, "short", "No Townsfolk card was left to draw.")
            return
        g.hand.append(card)
        _event(g, "draw", f"Drew {_name(g, card)} from the Townsfolk Draw Pile.", True, card)


def _flood_step(g: Game, step: Step) -> None:
    for _ in range(step[1]):
        _advance_flood(g)
        if g.outcome:
            return


def _barbarian_count(g: Game) -> int:
    return sum(1 for c in g.row if c is not None and c[0] == "b")


def _slide_townsfolk_left(g: Game) -> None:
    """Refresh step 1."""
    folk = [c for c in g.row if c is not None and c[0] == "t"]
    bands = [(i, c) for i, c in enumerate(g.row) if c is not None and c[0] == "b"]
    g.row = [None] * 7
    g.row[: len(folk)] = folk
    for i, c in bands:
        g.row[i] = c


def _make_room(g: Game, new: int) -> None:
    """Refresh step 3: chase off the left-most Townsfolk while they stand where
    the Barbarians must slide to, then slide the Barbarians left."""
    while True:
        bands = [c for c in g.row if c is not None and c[0] == "b"]
        folk_end = max((i + 1 for i, c in enumerate(g.row) if c is not None and c[0] == "t"), default=0)
        if folk_end + len(bands) + new <= 7 or folk_end == 0:
            break
        chased = next(i for i, c in enumerate(g.row) if c is not None and c[0] == "t")
        card = g.row[chased]
        assert card is not None
        g.row[chased] = None
        g.discard.append(card)
        _event(g, "chase", f"The Barbarians chased {_name(g, card)} off the Card Row.")
        _slide_townsfolk_left(g)
    start = max(folk_end, 7 - len(bands) - new)
    for i in range(folk_end, 7):
        if g.row[i] is not None and g.row[i][0] == "b":  # type: ignore[index]
            g.row[i] = None
    for k, card in enumerate(bands):
        g.row[start + k] = card


def _reveal_barbarians(g: Game, n: int) -> None:
    """Refresh step 4: reveal ``n`` Barbarians into the free spaces right to
    left, close the gaps between Barbarians, and lose at seven (ruling 3)."""
    for _ in range(n):
        free = [i for i in range(7) if g.row[i] is None]
        if not free:
            return
        card = _deck_top(g, g.barbarian_deck, g.barbarian_discard, "Barbarian")
        if card is None:
            return
        g.row[free[-1]] = card
        _event(g, "reveal", f"{_name(g, card)} joined the Card Row.", True, card)
        if _barbarian_count(g) >= 7:
            _lose(g, "barbarians")
            return
    bands = [c for c in g.row if c is not None and c[0] == "b"]
    for i in range(7):
        if g.row[i] is not None and g.row[i][0] == "b":  # type: ignore[index]
            g.row[i] = None
    for k, card in enumerate(bands):
        g.row[7 - len(bands) + k] = card


def _add_barbarians(g: Game, n: int) -> None:
    """Refresh steps 3 and 4; also how an effect reveals one (ruling 4)."""
    if n <= 0:
        return
    room = 7 - _barbarian_count(g)
    _make_room(g, min(n, room))
    _reveal_barbarians(g, n)


def _reveal_barbarian_step(g: Game, step: Step) -> None:
    _add_barbarians(g, step[1])


def shore_barbarians(g: Game) -> int:
    printed = sum(s.barbarians for s in g.content.board.shore if s.uncovered_by <= g.built)
    return max(0, printed + g.barbarians_extra)


def _refresh(g: Game, step: Step) -> None:
    g.phase = "refresh"
    _slide_townsfolk_left(g)
    _add_barbarians(g, shore_barbarians(g))
    if g.outcome:
        return
    for i in range(7):
        if g.row[i] is None:
            card = _deck_top(g, g.deck, g.discard, "Townsfolk")
            if card is None:
                break
            g.row[i] = card
            _event(g, "reveal", f"{_name(g, card)} joined the Card Row.", True, card)


# -- phases ---------------------------------------------------------------------


def _harvest(g: Game, step: Step) -> None:
    g.phase = "harvest"
    _event(g, "phase", f"Round {g.round}: Harvest.")
    for space, colour in enumerate(g.hut_spaces):
        if colour is not None:
            g.hut_spaces[space] = None
            g.have[colour] += 1
            _event(g, "return", f"A {WORKERS[colour]} Worker came back from Hut space {space + 1}.")
    board = g.content.board
    steps: list[Step] = list(board.harvest)
    for site in g.sites:
        if site:
            building = g.content.building(site)
            steps += building.harvest
            if building.kind == "outpost":
                steps += board.per_outpost
    for card in g.tucked:
        steps += g.content.townsfolk[card].tuck
    steps += g.harvest_extra
    if "skills" in g.modules:
        for card in g.ongoing:
            steps += g.content.ongoing[card].harvest
    g.fed = False
    _push(g, steps)


def _actions(g: Game, step: Step) -> None:
    g.phase = "actions"
    _event(g, "phase", f"Round {g.round}: Take Actions.")


def _return_barge(g: Game, step: Step) -> None:
    if not g.barge and g.built < 6:
        g.barge = True
        _event(g, "barge", f"The Barge went back to Canal section {g.built + 1}.")


def _attacks(g: Game, step: Step) -> None:
    g.phase = "attacks"
    slots = [i for i, c in enumerate(g.row) if c is not None and c[0] == "b"]
    if slots and "fortress" in g.modules and "fortress" in g.sites:
        _event(g, "fortress", f"The Fortress turned back {_name(g, g.row[slots[0]])}.")  # type: ignore[arg-type]
        slots = slots[1:]
    _push(g, [("attack", i) for i in slots])


def damage(g: Game, slot: int) -> int:
    """How many Townsfolk the Barbarian on ``slot`` destroys if not bribed:
    one more while another war leader stands in the row (``warlords``)."""
    card = g.row[slot]
    assert card is not None
    hit = g.content.barbarians[card].damage
    if "warlords" in g.modules:
        barbarians = g.content.barbarians
        if any(c and c != card and c[0] == "b" and barbarians[c].leader for c in g.row):
            hit += 1
    return hit


def _attack_by(g: Game, step: Step) -> None:
    card = g.row[step[1]]
    if card is None:
        return
    band = g.content.barbarians[card]
    if band.bribe is None:
        hit = damage(g, step[1])
        _event(g, "attack", f"{band.name} attack: {hit} damage.")
        _push(g, [("destroy", hit)])
    else:
        g.decision = ("bribe", step[1])


def _end_round(g: Game, step: Step) -> None:
    if g.built >= 6:
        g.outcome = "won"
        g.phase = "over"
        _event(g, "outcome", outcome_text("won"), data="won")
        return
    g.round += 1
    _push(g, [("harvest",), ("actions",)])


def _pick(g: Game, step: Step) -> None:
    g.decision = ("pick", step[1], step[2])


def _gain_step(g: Game, step: Step) -> None:
    _gain(g, step[1], step[2])


def _pay_step(g: Game, step: Step) -> None:
    """Spend items back to the Main Supply; what the player lacks is let go."""
    item, n = step[1], step[2]
    paid = min(n, g.have[item])
    if paid:
        g.have[item] -= paid
        g.supply[item] += paid
        _event(g, "spend", f"Paid {paid} {ITEMS[item]}.")
    if paid < n:
        _event(g, "short", f"No more {ITEMS[item]} to pay: {n - paid} let go.")


def _entry(g: Game, step: Step) -> None:
    number = step[1]
    entry = g.content.entries.get(number)
    if g.campaign is None or entry is None:
        _event(g, "entry", f"Story Book entry {number} would be read in a campaign.", False, number)
        return
    g.campaign["read"].append(number)
    g.campaign["pending"].append(("read", number))
    _event(g, "entry", f"Story Book entry {number}: {entry.title}.", True, number)
    _push(g, entry.effects)


def _choice(g: Game, step: Step) -> None:
    g.decision = ("choice", step[1])


def _condition(g: Game, step: Step) -> None:
    facts = g.campaign or {"game": 0, "wins": 0, "losses": 0, "read": [], "found": [], "modules": g.modules}
    _push(g, step[2] if holds(step[1], facts) else step[3])


def _campaign_step(g: Game, step: Step) -> None:
    """Find, retire, adjust, module: they change the campaign from the next game on."""
    if g.campaign is None:
        _event(g, "campaign", "Outside a campaign, the story changes nothing.")
        return
    g.campaign["pending"].append(step)
    if step[0] == "find":
        g.campaign["found"].extend(step[1])
    elif step[0] == "module":
        g.campaign["modules"].append(step[1])
    _event(g, "campaign", "The story changes the campaign from the next game on.", True, step[0])


STEPS: dict[str, Callable[[Game, Step], None]] = {
    "gain": _gain_step,
    "pay": _pay_step,
    "pick": _pick,
    "draw": _draw_ready,
    "destroy": _destroy,
    "draw_townsfolk": _draw_townsfolk,
    "flood": _flood_step,
    "reveal_barbarian": _reveal_barbarian_step,
    "entry": _entry,
    "choice": _choice,
    "if": _condition,
    "find": _campaign_step,
    "retire": _campaign_step,
    "adjust": _campaign_step,
    "module": _campaign_step,
    "harvest": _harvest,
    "actions": _actions,
    "return_barge": _return_barge,
    "attacks": _attacks,
    "attack": _attack_by,
    "refresh": _refresh,
    "end_round": _end_round,
}
"""Handlers for every step word. The campaign layer registers more."""


# -- listing the legal actions ---------------------------------------------------


def open_sites(g: Game) -> list[int]:
    return [
        i for i, site in enumerate(g.content.board.sites) if site.opened_by <= g.built and g.sites[i] is None
    ]


_OPEN_TRADES: dict[tuple[str, int], tuple[Trade, ...]] = {}


def open_trades(g: Game) -> tuple[Trade, ...]:
    key = (g.content.version, g.built)
    found = _OPEN_TRADES.get(key)
    if found is None:
        found = _OPEN_TRADES[key] = tuple(t for t in g.content.board.trades if t.opened_by <= g.built)
    return found


def _next_hut(g: Game) -> str | None:
    order = g.content.hut_order
    return order[g.huts_built] if g.huts_built < len(order) else None


def tuck_spaces(g: Game) -> int:
    return 1 + g.huts_built


def _collectable(g: Game, gain: tuple[Step, ...]) -> bool:
    for step in gain:
        if step[0] == "gain" and g.supply[step[1]] == 0:
            return False
        if step[0] == "draw_townsfolk" and not (g.deck or g.discard):
            return False
    return True


def _trade_actions(g: Game, out: dict[Action, Payload]) -> None:
    have = g.have
    for trade in open_trades(g):
        number = NUMBERS[trade.number - 1]
        for option in trade.options:
            cost = option.cost
            if cost.exhaust:
                for card in g.hand:
                    out[Action("trade", (number, card))] = ("exhaust", card, option)
                continue
            r = cost.resources
            if have[COWRIE] < r[0] or have[CLAY] < r[1] or have[WOOD] < r[2] or have[PROVISION] < r[3]:
                continue
            if not _collectable(g, option.gain):
                continue
            if not cost.workers:
                out[_trade_action(number, option.label, "")] = ("trade", option, NO_WORKERS)
                continue
            for pay in _payments(g, cost):
                out[_trade_action(number, option.label, letters(pay))] = ("trade", option, pay)
    if "fortuity" in g.modules:
        for card in g.fortunes:
            out[Action("fortune", (card,))] = ("fortune", card)


@lru_cache(maxsize=1024)
def _trade_action(number: str, label: str, pay: str) -> Action:
    return Action("trade", tuple(a for a in (number, label, pay) if a))


_HAND_USES: dict[str, tuple[tuple[Action, Payload], ...]] = {}


def _hand_uses(card: str) -> tuple[tuple[Action, Payload], ...]:
    uses = tuple((Action(kind, (card,)), (kind, card)) for kind in ("play", "discard", "tuck"))
    _HAND_USES[card] = uses
    return uses


def _list_actions(g: Game) -> dict[Action, Payload]:
    out: dict[Action, Payload] = {}
    if g.outcome is not None:
        return out
    decision = g.decision
    if decision is not None:
        if decision[0] == "pick":
            options = [i for i in decision[1] if g.supply[i]]
            for i in options:
                out[Action("pick", (ITEMS[i],))] = ("pick", i)
            if not options:
                out[Action("pick", ("none",))] = ("pick", None)
        elif decision[0] == "choice":
            for n, (_, steps) in enumerate(decision[1]):
                out[Action("choose", (NUMBERS[n],))] = ("choose", steps)
        else:
            band = g.content.barbarians[g.row[decision[1]]]
            assert band.bribe is not None
            for pay in _payments(g, band.bribe):
                args = (letters(pay),) if band.bribe.workers else ()
                out[Action("bribe", args)] = ("bribe", band, pay)
            out[Action("suffer")] = ("suffer", decision[1])
        _trade_actions(g, out)
        return out

    content = g.content
    tucks = len(g.tucked) < tuck_spaces(g)
    for in_hand in g.hand:
        uses = _HAND_USES.get(in_hand) or _hand_uses(in_hand)
        for action, payload in uses if tucks else uses[:2]:
            out[action] = payload

    if g.barge and g.built < 6:
        canal = content.canals[g.river[g.built]]
        for pay in _payments(g, canal.cost):
            out[Action("canal", (letters(pay),))] = ("canal", canal.cost, pay)

    costs = g.row_costs
    provisions = g.have[PROVISION]
    for slot, card in enumerate(g.row):
        if card is None:
            continue
        price = costs[slot]
        if card[0] == "t":
            if provisions >= price:
                out[RECRUIT[slot]] = ("recruit", slot)
                out[DISMISS[slot]] = ("dismiss", slot)
        else:
            band = content.barbarians[card]
            for pay in _payments(g, band.defeat, price):
                out[Action("attack", (NUMBERS[slot], letters(pay)))] = ("attack", slot, pay)

    sites = open_sites(g)
    if sites:
        built = set(g.sites)
        priced = {
            kind: [(letters(pay), pay) for pay in _payments(g, cost)]
            for kind, cost in content.board.building_costs.items()
        }
        next_hut = _next_hut(g)
        for building in content.board.buildings:
            kind = building.kind
            if (
                not priced[kind]
                or building.id in built
                or (kind == "hut" and building.id != next_hut)
                or (kind == "fortress" and "fortress" not in g.modules)
            ):
                continue
            cost = content.board.building_costs[kind]
            for pay_letters, pay in priced[kind]:
                for site in sites:
                    key = (building.id, NUMBERS[site], pay_letters)
                    out[Action("build", key)] = ("build", building.id, site, cost, pay)

    have = g.have
    colours = [c for c in range(5) if have[c]]
    if colours:
        for space, colour in enumerate(g.hut_spaces[: 1 + g.huts_built]):
            if colour is None:
                for c in colours:
                    out[Action("hut", (NUMBERS[space], LETTERS[c]))] = ("hut", space, c)

    if "food" in g.modules and not g.fed:
        want = food_wanted(g)
        for card in g.hand:
            if content.townsfolk[card].food == want:
                out[Action("feed", (card,))] = ("feed", card)
        if content.board.feed and _payments(g, content.board.feed):
            out[Action("feed", ("provision",))] = ("feed", None)
    if "levee" in g.modules and not g.levee_used and g.flood > 0 and content.board.levee:
        for pay in _payments(g, content.board.levee):
            out[Action("levee", (letters(pay),))] = ("levee", pay)

    _trade_actions(g, out)
    if not g.hand:
        out[Action("end")] = ("end",)
    return out


def food_wanted(g: Game) -> str:
    """The Food the settlement asks for this Round (``food`` module)."""
    return FOODS[(g.round - 1) % len(FOODS)]


# -- carrying out actions ---------------------------------------------------------


def _do_play(g: Game, p: Payload) -> None:
    card = g.content.townsfolk[p[1]]
    g.hand.remove(card.id)
    g.exhausted.append(card.id)
    _event(g, "play", f"Played {card.name}.")
    _push(g, card.play)


def _do_discard(g: Game, p: Payload) -> None:
    card = g.content.townsfolk[p[1]]
    g.hand.remove(card.id)
    g.discard.append(card.id)
    _event(g, "discard", f"Discarded {card.name} for all its items.")
    _push(g, card.play + card.discard)


def _do_tuck(g: Game, p: Payload) -> None:
    card = g.content.townsfolk[p[1]]
    g.hand.remove(card.id)
    g.tucked.append(card.id)
    _event(g, "tuck", f"Tucked {card.name} under the board: {describe_steps(card.tuck)} every Harvest.")


def _do_exhaust(g: Game, p: Payload) -> None:
    card = p[1]
    g.hand.remove(card)
    g.exhausted.append(card)
    _event(g, "trade", f"Traded {_name(g, card)} away to the Exhausted Pile.")
    _trade_gain(g, p[2].gain)


def _do_trade(g: Game, p: Payload) -> None:
    option = p[1]
    _event(g, "trade", f"Traded {option.cost.describe()} for {describe_steps(option.gain)}.")
    _spend(g, option.cost, p[2])
    _trade_gain(g, option.gain)


def _trade_gain(g: Game, gain: tuple[Step, ...]) -> None:
    """A trade gives its items at once, even in the middle of an open decision:
    that is how a trade frees items to pay a bribe (ruling 9). Trade gains hold
    no choice (the loader makes each choice a trade option of its own)."""
    for step in gain:
        STEPS[step[0]](g, step)


def _do_canal(g: Game, p: Payload) -> None:
    _spend(g, p[1], p[2])
    g.barge = False
    card = g.content.canals[g.river[g.built]]
    g.built += 1
    _event(g, "canal", f"Built Canal section {g.built}: {card.name}.", data=g.built)
    board = g.content.board
    for trade in board.trades:
        if trade.opened_by == g.built:
            _event(g, "unlock", f"Trade {trade.number} ({trade.name}) is open.")
    for site in board.sites:
        if site.opened_by == g.built:
            _event(g, "unlock", f"Build site {site.number} is open.")
    for icon in board.shore:
        if icon.uncovered_by == g.built:
            _event(g, "unlock", f"A Barbarian icon ({icon.barbarians}) is uncovered on the shore.")
    _push(g, card.effects)


def _do_recruit(g: Game, p: Payload) -> None:
    slot = p[1]
    card = g.row[slot]
    assert card is not None
    _spend(g, Cost(), NO_WORKERS, g.row_costs[slot])
    g.row[slot] = None
    g.exhausted.append(card)
    _event(g, "recruit", f"Recruited {_name(g, card)} to the Exhausted Pile.")


def _do_dismiss(g: Game, p: Payload) -> None:
    slot = p[1]
    card = g.row[slot]
    assert card is not None
    _spend(g, Cost(), NO_WORKERS, g.row_costs[slot])
    g.row[slot] = None
    g.discard.append(card)
    _event(g, "dismiss", f"Dismissed {_name(g, card)}.")
    _push(g, g.content.townsfolk[card].play)


def _do_attack(g: Game, p: Payload) -> None:
    slot = p[1]
    card = g.row[slot]
    assert card is not None
    band = g.content.barbarians[card]
    _spend(g, band.defeat, p[2], g.row_costs[slot])
    g.row[slot] = None
    g.barbarian_discard.append(card)
    _event(g, "defeat", f"Defeated {band.name}.")
    steps: list[Step] = list(band.reward)
    if band.turtle:
        steps.append(("entry", band.turtle))
    _push(g, steps)


def _do_build(g: Game, p: Payload) -> None:
    _, building_id, site, cost, pay = p
    _spend(g, cost, pay)
    g.sites[site] = building_id
    building = g.content.building(building_id)
    _event(g, "build", f"Built {building.name} on site {site + 1}.")
    steps: list[Step] = list(g.content.board.sites[site].covers)
    if building.kind == "outpost":
        g._groups = None
    elif building.kind == "hut":
        hut_card = g.content.huts[g.hut_cards[g.huts_built]]
        g.huts_built += 1
        _event(g, "hut", f"The Hut card turned over: {hut_card.name}.", True, hut_card.id)
        steps += hut_card.effects
    _push(g, steps)


def _do_hut(g: Game, p: Payload) -> None:
    _, space, colour = p
    g.have[colour] -= 1
    g.hut_spaces[space] = colour
    _event(g, "hut", f"Placed a {WORKERS[colour]} Worker on Hut space {space + 1}.")
    _push(g, g.content.board.hut_spaces[space].reward)


def _do_end(g: Game, p: Payload) -> None:
    _event(g, "phase", f"Round {g.round}: actions done.")
    _push(g, [("return_barge",), ("attacks",), ("refresh",), ("end_round",)])
    if "food" in g.modules and not g.fed:
        _event(g, "hunger", f"Food Shortage: nobody brought {food_wanted(g)}, and a Townsfolk card is lost.")
        g.stack.append(("destroy", 1))


def _do_feed(g: Game, p: Payload) -> None:
    g.fed = True
    if p[1] is None:
        cost = g.content.board.feed
        assert cost is not None
        _spend(g, cost, NO_WORKERS)
        _event(g, "feed", "Fed the settlement from the stores.")
        return
    g.hand.remove(p[1])
    g.exhausted.append(p[1])
    _event(g, "feed", f"{_name(g, p[1])} fed the settlement with {food_wanted(g)}.")


def _do_levee(g: Game, p: Payload) -> None:
    cost = g.content.board.levee
    assert cost is not None
    _spend(g, cost, p[1])
    g.levee_used = True
    g.flood -= 1
    _event(g, "levee", f"The levee held: the Flood went back to space {g.flood}.")


def _do_fortune(g: Game, p: Payload) -> None:
    card = g.content.ongoing[p[1]]
    g.fortunes.remove(card.id)
    g.in_play.remove(card.id)
    if g.campaign is not None:
        g.campaign["pending"].append(("retire", (card.id,)))
    _event(g, "fortune", f"Played the Fortuity card {card.name}; it goes into History.")
    _push(g, card.effects)


def _do_choose(g: Game, p: Payload) -> None:
    g.decision = None
    _push(g, p[1])


def _do_pick(g: Game, p: Payload) -> None:
    decision = g.decision
    assert decision is not None
    g.decision = None
    if p[1] is None:
        _event(g, "short", "Nothing was left to take.")
    else:
        _gain(g, p[1], 1)
    if decision[2] > 1:
        g.stack.append(("pick", decision[1], decision[2] - 1))


def _do_bribe(g: Game, p: Payload) -> None:
    band: Barbarian = p[1]
    g.decision = None
    assert band.bribe is not None
    _event(g, "bribe", f"Bribed {band.name}.")
    _spend(g, band.bribe, p[2])


def _do_suffer(g: Game, p: Payload) -> None:
    g.decision = None
    hit = damage(g, p[1])
    _event(g, "attack", f"{_name(g, g.row[p[1]])} attack: {hit} damage.")  # type: ignore[arg-type]
    g.stack.append(("destroy", hit))


DO: dict[str, Callable[[Game, Payload], None]] = {
    "play": _do_play,
    "discard": _do_discard,
    "tuck": _do_tuck,
    "exhaust": _do_exhaust,
    "trade": _do_trade,
    "canal": _do_canal,
    "recruit": _do_recruit,
    "dismiss": _do_dismiss,
    "attack": _do_attack,
    "build": _do_build,
    "hut": _do_hut,
    "end": _do_end,
    "pick": _do_pick,
    "bribe": _do_bribe,
    "suffer": _do_suffer,
    "choose": _do_choose,
    "feed": _do_feed,
    "levee": _do_levee,
    "fortune": _do_fortune,
}


# -- explaining refusals ------------------------------------------------------------


def _shortfall(g: Game, cost: Cost, provisions: int = 0) -> str:
    have = g.have
    need = list(cost.resources)
    need[3] += provisions
    for i, n in enumerate(need):
        if have[5 + i] < n:
            return f"you need {n} {RESOURCES[i]} and have {have[5 + i]}"
    if cost.workers and not _payments(g, cost, provisions):
        return f"your Workers cannot pay {Cost(cost.workers).describe()}"
    return ""


def _slot(g: Game, text: str) -> int | None:
    if text.isdigit() and 1 <= int(text) <= 7:
        return int(text) - 1
    return None


def explain(g: Game, action: Action | str) -> str | None:
    """Why an action is refused now, in words for the player (None if legal)."""
    try:
        if isinstance(action, str):
            action = Action.parse(action)
    except MalformedAction as exc:
        return str(exc)
    if action in legal(g):
        return None
    kind, args = action.kind, action.args
    if g.outcome is not None:
        return "The game is over."
    if kind in ("pick", "bribe", "suffer", "choose"):
        if g.decision is None:
            return "There is no decision to answer."
        if kind == "pick" and g.decision[0] != "pick":
            return "The open decision is not a choice of items."
        if kind == "choose" and g.decision[0] != "choice":
            return "The open decision is not a choice between the story's options."
        if kind in ("bribe", "suffer") and g.decision[0] != "bribe":
            return "No Barbarian is attacking now."
        if kind == "bribe":
            band = g.content.barbarians[g.row[g.decision[1]]]
            assert band.bribe is not None
            why = _shortfall(g, band.bribe)
            return f"You cannot pay the bribe: {why}." if why else "That payment does not match the bribe."
        return "That is not one of the options."
    if kind == "fortune":
        if "fortuity" not in g.modules:
            return "Fortuity cards are not in play in this game."
        return "You hold no such Fortuity card."
    if g.decision is not None and kind != "trade":
        return "First answer the open decision (trades are still allowed)."
    if kind in ("play", "discard", "tuck"):
        if len(args) != 1 or args[0] not in g.hand:
            return "That card is not in your hand."
        if kind == "tuck":
            return f"All {tuck_spaces(g)} tuck spaces are full; each Hut built opens one more."
    if kind == "end":
        return f"Use every Townsfolk card in your hand first ({len(g.hand)} left)."
    if kind == "canal":
        if g.built >= 6:
            return "All six Canal sections are built."
        if not g.barge:
            return "The Barge has already built a section this Round; it returns at the end of the Round."
        cost = g.content.canals[g.river[g.built]].cost
        why = _shortfall(g, cost)
        return f"Cannot build the Canal: {why}." if why else "That payment does not match the Canal's cost."
    if kind in ("recruit", "dismiss", "attack"):
        slot = _slot(g, args[0]) if args else None
        if slot is None:
            return "Card Row spaces are numbered 1 to 7."
        card = g.row[slot]
        price = g.row_costs[slot]
        if card is None:
            return f"Card Row space {slot + 1} is empty."
        if kind == "attack":
            if card[0] != "b":
                return f"Space {slot + 1} holds a Townsfolk card, not a Barbarian."
            why = _shortfall(g, g.content.barbarians[card].defeat, price)
            return f"Cannot attack: {why}." if why else "That payment does not match the Barbarian's cost."
        if card[0] != "t":
            return f"Space {slot + 1} holds a Barbarian; attack it instead."
        return f"Space {slot + 1} costs {price} provision and you have {g.have[PROVISION]}."
    if kind == "feed":
        return _explain_feed(g, args)
    if kind == "levee":
        return _explain_levee(g)
    if kind == "build":
        return _explain_build(g, args)
    if kind == "hut":
        return _explain_hut(g, args)
    if kind == "trade":
        return _explain_trade(g, args)
    return f"{action.key} is not allowed now."


def _explain_feed(g: Game, args: tuple[str, ...]) -> str:
    if "food" not in g.modules:
        return "The settlement needs no feeding in this game."
    if g.fed:
        return "The settlement is already fed this Round."
    if args == ("provision",):
        assert g.content.board.feed is not None
        return f"Feeding from the stores costs {g.content.board.feed.describe()}."
    if not args or args[0] not in g.hand:
        return "That card is not in your hand."
    return f"This Round the settlement asks for {food_wanted(g)}, not {g.content.townsfolk[args[0]].food}."


def _explain_levee(g: Game) -> str:
    levee = g.content.board.levee
    if "levee" not in g.modules or levee is None:
        return "The levee rule is not in play in this game."
    if g.levee_used:
        return "The levee can be raised once a game, and it already was."
    if g.flood == 0:
        return "The Flood has not moved yet."
    why = _shortfall(g, levee)
    return f"Cannot raise the levee: {why}." if why else "That payment does not match the levee's cost."


def _explain_build(g: Game, args: tuple[str, ...]) -> str:
    if len(args) != 3:
        return "A build names a building, a site and the Workers that pay."
    try:
        building = g.content.building(args[0])
    except KeyError:
        return f"There is no building called {args[0]}."
    if building.id in g.sites:
        return f"{building.name} is already built."
    if building.kind == "hut" and building.id != _next_hut(g):
        return "Huts are built in order, left to right."
    sites = open_sites(g)
    if not sites:
        return "No build site is open and free; building the Canal opens more."
    site = int(args[1]) - 1 if args[1].isdigit() else -1
    if site not in sites:
        return f"Build site {args[1]} is not open and free (open: {', '.join(str(s + 1) for s in sites)})."
    why = _shortfall(g, g.content.board.building_costs[building.kind])
    return f"Cannot build: {why}." if why else "That payment does not match the building's cost."


def _explain_hut(g: Game, args: tuple[str, ...]) -> str:
    if len(args) != 2 or not args[0].isdigit():
        return "A Hut placement names a Hut space and a Worker colour."
    space = int(args[0]) - 1
    if not 0 <= space < 1 + g.huts_built:
        return f"Hut space {args[0]} is not open; each Hut built opens one more."
    if g.hut_spaces[space] is not None:
        return f"Hut space {args[0]} already holds a Worker until the next Harvest."
    return "You have no Worker of that colour."


def _explain_trade(g: Game, args: tuple[str, ...]) -> str:
    number = int(args[0]) if args and args[0].isdigit() else 0
    trades = g.content.board.trades
    if not 1 <= number <= len(trades):
        return f"Trades are numbered 1 to {len(trades)}."
    trade = trades[number - 1]
    if trade.opened_by > g.built:
        return f"Trade {number} opens when Canal section {trade.opened_by} is built."
    for option in trade.options:
        if option.cost.exhaust:
            return "That card is not in your hand."
        if option.label and option.label not in args:
            continue
        if not _collectable(g, option.gain):
            return f"The Main Supply has none of what trade {number} gives."
        why = _shortfall(g, option.cost)
        if why:
            return f"Cannot trade: {why}."
    return f"That is not a way to use trade {number}."
