"""The rules of Legacy of Yu: setting a game up, the five phases, and every
effect, as functions on the game's state.

The game advances by resolving steps from its stack (see
:mod:`engine.yu.rules.interpreter`): :data:`WORDS` names what each step does. The
player's actions are in :mod:`engine.yu.rules.moves`.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.text import Msg, Name, _
from engine.yu.content import words
from engine.yu.content.items import Cost, Item
from engine.yu.content.loader import FOODS, JADE_GROUPS, BuildingKind
from engine.yu.content.steps import (
    AddHarvest,
    AddStart,
    Attack,
    Bribe,
    CampaignStep,
    Destroy,
    Draw,
    DrawTownsfolk,
    EndRound,
    Find,
    Flood,
    Gain,
    Harvest,
    If,
    Module,
    MoreBarbarians,
    Pay,
    Read,
    ReadyPile,
    Refresh,
    Retire,
    ReturnBarge,
    RevealBarbarian,
    RowCost,
    Step,
    SufferAttacks,
    TakeActions,
    UseHand,
)
from engine.yu.rules import card_row
from engine.yu.rules.events import Event
from engine.yu.rules.interpreter import Words, branch, push, run
from engine.yu.rules.payments import colour_groups
from engine.yu.rules.setup import Setup
from engine.yu.rules.state import Chapter, Outcome, Phase, State

# -- setup ------------------------------------------------------------------


def deal(g: State, setup: Setup) -> None:
    """Set up a game as the rulebook's seven setup steps describe, then play
    up to the first decision of Round 1."""
    content = g.content
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
    if "warlords" in setup.modules:
        _leader_on_top(g)
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
        g.chapter = Chapter(setup.campaign)
    start = list(setup.start)
    if "skills" in g.modules:
        for card in g.ongoing:
            start += content.ongoing[card].start
    g.stack = [TakeActions(), Harvest()]
    push(g, start)
    g.round = 1
    resolve(g)


def _leader_on_top(g: State) -> None:
    """With the ``warlords`` rule a war leader is the first Barbarian revealed:
    the top-most leader of the shuffled deck goes on top."""
    barbarians = g.content.barbarians
    deck = g.barbarian_deck
    leaders = [i for i, c in enumerate(deck) if barbarians[c].leader]
    if leaders:
        deck.append(deck.pop(leaders[-1]))


def resolve(g: State) -> None:
    """Resolve steps until the player must act or the game ends."""
    run(g, WORDS, _hand_to_use)


AFTER_ACTIONS = (Phase.BARGE, Phase.ATTACKS, Phase.REFRESH)
USE_HAND = UseHand()


def _hand_to_use(g: State) -> None:
    """Once Take Actions has ended, a card that comes into the hand is used at
    once, before the Round goes on (ruling 19): no card is carried in hand
    into the next Round. The call waits on top while the hand holds a card
    (trades made meanwhile resolve above it) and is gone once it is empty."""
    stack = g.stack
    if not g.hand:
        if type(stack[-1]) is UseHand:
            stack.pop()
    elif g.phase in AFTER_ACTIONS and USE_HAND not in stack:
        stack.append(USE_HAND)


# -- what the state tells ------------------------------------------------------


def outpost_joins(g: State) -> list[int]:
    """For each Outpost built, the mask of Worker colours it joins."""
    return [g.content.building(b).joins for b in g.sites if b and g.content.building(b).joins]


def groups(g: State) -> tuple[int, ...]:
    """For each Worker colour, the mask of colours it counts as (joined by Outposts)."""
    if g.groups is None:
        g.groups = colour_groups(outpost_joins(g))
    return g.groups


def shore_barbarians(g: State) -> int:
    """How many Barbarians the next Refresh adds."""
    printed = sum(s.barbarians for s in g.content.board.shore if s.uncovered_by <= g.built)
    return max(0, printed + g.barbarians_extra)


def damage(g: State, slot: int) -> int:
    """How many Townsfolk the Barbarian on ``slot`` destroys if not bribed."""
    card = g.row[slot]
    assert card is not None
    return g.content.barbarians[card].damage + (1 if war_leader(g, slot) else 0)


def war_leader(g: State, slot: int) -> str | None:
    """The war leader that drives the Barbarian on ``slot`` to hit harder
    (``warlords``): another leader standing in the Card Row, if any."""
    if "warlords" not in g.modules:
        return None
    card = g.row[slot]
    barbarians = g.content.barbarians
    return next((c for c in g.row if c and c != card and c[0] == "b" and barbarians[c].leader), None)


def suffer(g: State, slot: int) -> None:
    """The Barbarian on ``slot`` attacks and is not bribed: it destroys its Damage."""
    card = g.row[slot]
    assert card is not None
    hit = damage(g, slot)
    event(g, "attack", _("{band} attack: {damage} damage.", band=name(g, card), damage=hit), data=card)
    leader = war_leader(g, slot)
    if leader is not None:
        drove = _("{leader} drove {band} on: 1 more damage.", leader=name(g, leader), band=name(g, card))
        event(g, "warlord", drove, data=leader)
    g.stack.append(Destroy(hit))


def open_sites(g: State) -> list[int]:
    """The indexes of the build sites uncovered and free."""
    sites = g.sites
    return [i for i in g.content.sites_uncovered[g.built] if sites[i] is None]


def next_hut(g: State) -> str | None:
    order = g.content.hut_order
    return order[g.huts_built] if g.huts_built < len(order) else None


def tuck_spaces(g: State) -> int:
    return 1 + g.huts_built


def food_wanted(g: State) -> str:
    """The Food the settlement asks for this Round (``food`` module)."""
    return FOODS[(g.round - 1) % len(FOODS)]


def food_name(food: str) -> Msg:
    return words.FOODS[food]


def outcome_text(outcome: Outcome | None) -> Msg:
    return words.OUTCOMES[outcome.value if outcome else None]


# -- small helpers ------------------------------------------------------------


def event(g: State, kind: str, msg: Msg, reveal: bool = False, data: str | int | None = None) -> None:
    g.events.append(Event(kind, msg, reveal, data))


def name(g: State, card_id: str) -> Name:
    """A card's name, as its content says it."""
    return Name(g.content.name(card_id))


def spend(g: State, cost: Cost, payment: Sequence[int], extra_provisions: int = 0) -> None:
    """Pay Workers and Resources back to the Main Supply."""
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
    resources = list(cost.resources)
    resources[3] += extra_provisions
    workers = tuple((1 << c, n) for c, n in enumerate(payment) if n)
    if workers or any(resources):
        paid = Cost(workers, (resources[0], resources[1], resources[2], resources[3]))
        event(g, "spend", _("Spent {what}.", what=words.cost(paid)))


def gain(g: State, item: Item, n: int) -> None:
    take = min(n, g.supply[item])
    if take:
        g.supply[item] -= take
        g.have[item] += take
        event(g, "gain", _("Gained {what}.", what=words.step(Gain(item, take))))
    if take < n:
        missed = words.step(Gain(item, n - take))
        event(g, "short", _("The Main Supply ran short: {what} not collected.", what=missed))


def when(g: State) -> Msg:
    """``"in the Harvest of Round 3"``: the moment the game is at, for what says what ended a game."""
    n = g.round
    return {
        Phase.SETUP: _("as the game began"),
        Phase.HARVEST: _("in the Harvest of Round {round}", round=n),
        Phase.ACTIONS: _("during the actions of Round {round}", round=n),
        Phase.BARGE: _("as the actions of Round {round} ended", round=n),
        Phase.ATTACKS: _("in the Barbarian attacks of Round {round}", round=n),
        Phase.REFRESH: _("in the Refresh of Round {round}", round=n),
        Phase.OVER: _("after the game ended"),
    }[g.phase]


def end_game(g: State, reason: Outcome, cause: Msg) -> None:
    """The game ends, won or lost: nothing left on the stack is resolved.
    ``cause`` says exactly what ended it, in words."""
    g.outcome = reason
    g.cause = cause
    record_pressure(g)
    g.phase = Phase.OVER
    g.stack.clear()
    event(g, "outcome", outcome_text(reason), data=reason.value)


# -- piles and the Flood ------------------------------------------------------


def _advance_flood(g: State, why: Msg) -> None:
    """Move the Flood on one space; ``why`` is what moved it, in words
    ("in the Harvest of Round 3, when a draw found the Ready Pile empty")."""
    g.flood += 1
    if g.flood > 6:
        event(g, "flood", _("The Flood ran off the end of the river."))
        end_game(g, Outcome.FLOOD, _("The Flood ran off the end of the river {why}.", why=why))
    elif g.flood > g.built:
        event(g, "flood", _("The Flood reached unbuilt Canal section {section}.", section=g.flood))
        cause = _("The Flood moved onto unbuilt Canal section {section} {why}.", section=g.flood, why=why)
        end_game(g, Outcome.FLOOD, cause)
    else:
        event(
            g, "flood", _("The Flood moved onto built Canal section {section}, harmlessly.", section=g.flood)
        )


def _ready_top(g: State, draw: bool) -> str | None:
    """The top card of the Ready Pile, reshuffling the Exhausted Pile and
    advancing the Flood when it is empty (ruling 5); None if the game ended.
    ``draw``: a draw takes the card, else a destroy (for the cause)."""
    if not g.ready:
        if not g.exhausted:
            event(g, "damage", _("The Ready and Exhausted Piles are both empty."))
            if draw:
                cause = _("A draw {when} found the Ready and Exhausted Piles both empty.", when=when(g))
            else:
                cause = _("A destroy {when} found the Ready and Exhausted Piles both empty.", when=when(g))
            end_game(g, Outcome.DAMAGE, cause)
            return None
        g.ready, g.exhausted = g.exhausted, []
        g.rng.shuffle(g.ready)
        shuffled = _("The Exhausted Pile was shuffled into a new Ready Pile of {n}.", n=len(g.ready))
        event(g, "shuffle", shuffled, True)
        if draw:
            why = _("{when}, when a draw found the Ready Pile empty", when=when(g))
        else:
            why = _("{when}, when a destroy found the Ready Pile empty", when=when(g))
        _advance_flood(g, why)
        if g.outcome:
            return None
    return g.ready.pop()


def _draw(g: State, step: Draw) -> None:
    for _n in range(step.count):
        card = _ready_top(g, True)
        if card is None:
            return
        g.hand.append(card)
        event(g, "draw", _("Drew {card} into your hand.", card=name(g, card)), True, card)


def _destroy(g: State, step: Destroy) -> None:
    for _n in range(step.count):
        card = _ready_top(g, False)
        if card is None:
            return
        g.discard.append(card)
        event(g, "destroy", _("{card} was lost from the Ready Pile.", card=name(g, card)), True, card)


def _deck_top(g: State, deck: list[str], discard: list[str], shuffled: Msg) -> str | None:
    """The top card of a draw pile, its discards shuffled into it when empty (``shuffled`` says so)."""
    if not deck:
        if not discard:
            return None
        deck.extend(discard)
        discard.clear()
        g.rng.shuffle(deck)
        event(g, "shuffle", shuffled, True)
    return deck.pop()


TOWNSFOLK_SHUFFLED = _("The Townsfolk discards were shuffled into a new draw pile.")
BARBARIANS_SHUFFLED = _("The Barbarian discards were shuffled into a new draw pile.")


def _draw_townsfolk(g: State, step: DrawTownsfolk) -> None:
    for _n in range(step.count):
        card = _deck_top(g, g.deck, g.discard, TOWNSFOLK_SHUFFLED)
        if card is None:
            event(g, "short", _("No Townsfolk card was left to draw."))
            return
        g.hand.append(card)
        event(g, "draw", _("Drew {card} from the Townsfolk Draw Pile.", card=name(g, card)), True, card)


def _flood(g: State, step: Flood) -> None:
    for _n in range(step.count):
        _advance_flood(g, _("{when}, when an effect moved it on", when=when(g)))
        if g.outcome:
            return


# -- the Card Row ---------------------------------------------------------------


def _add_barbarians(g: State, n: int, by: Msg) -> None:
    """Refresh steps 1, 3 and 4, which are also how an effect reveals a
    Barbarian during the Round (ruling 4): the Townsfolk slide left, the
    left-most is chased off only while there is still no room, the Barbarians
    slide left to leave room on their right, the new ones are revealed right
    to left, and the Barbarians close their gaps towards the right (even when
    none is added). Seven Barbarians lose the game at once (ruling 3);
    ``by`` says what added them, for the cause ("after the Refresh of Round 8")."""
    room = min(n, card_row.SPACES - len(card_row.barbarians(g.row)))
    while g.row.count(None) < room:
        chased = next(i for i, c in enumerate(g.row) if card_row.is_townsfolk(c))
        card = g.row[chased]
        assert card is not None
        g.row[chased] = None
        g.discard.append(card)
        event(g, "chase", _("The Barbarians chased {card} off the Card Row.", card=name(g, card)))
    g.row = card_row.settle(g.row, room)
    for _n in range(n):
        free = card_row.free_spaces(g.row)
        if not free:
            break
        card = _deck_top(g, g.barbarian_deck, g.barbarian_discard, BARBARIANS_SHUFFLED)
        if card is None:
            break
        g.row[free[-1]] = card
        event(g, "reveal", _("{card} joined the Card Row.", card=name(g, card)), True, card)
        if len(card_row.barbarians(g.row)) >= card_row.SPACES:
            end_game(g, Outcome.BARBARIANS, _("Seven Barbarians stood in the Card Row {by}.", by=by))
            return
    g.row = card_row.close_gaps(g.row)


def _reveal_barbarian(g: State, step: RevealBarbarian) -> None:
    _add_barbarians(g, step.count, _("{when}, when an effect revealed one more", when=when(g)))


def _refresh(g: State, step: Refresh) -> None:
    g.phase = Phase.REFRESH
    _add_barbarians(g, shore_barbarians(g), _("after the Refresh of Round {round}", round=g.round))
    if g.outcome:
        return
    for i in range(7):
        if g.row[i] is None:
            card = _deck_top(g, g.deck, g.discard, TOWNSFOLK_SHUFFLED)
            if card is None:
                break
            g.row[i] = card
            event(g, "reveal", _("{card} joined the Card Row.", card=name(g, card)), True, card)


# -- the phases -----------------------------------------------------------------


def harvest_steps(g: State) -> list[Step]:
    """What a Harvest does now, in order: the printed Harvest, the buildings,
    the tucked cards, the story's additions and the Skill cards."""
    content = g.content
    board = content.board
    steps: list[Step] = list(board.harvest)
    for site in g.sites:
        if site:
            building = content.building(site)
            steps += building.harvest
            if building.kind is BuildingKind.OUTPOST:
                steps += board.per_outpost
    for card in g.tucked:
        steps += content.townsfolk[card].tuck
    steps += g.harvest_extra
    if "skills" in g.modules:
        for card in g.ongoing:
            steps += content.ongoing[card].harvest
    return steps


LEVEE_SPACES = 2
"""How far raising the levee moves the Flood back (never past its start)."""


def surges(g: State, round_: int) -> bool:
    """Whether the Harvest of ``round_`` begins with the river surging, the
    Flood moving on one space (``levee`` module)."""
    return "levee" in g.modules and g.content.board.surge == round_


def surge_in(g: State) -> int | None:
    """How many Harvests until the river surges, the next one counted as 1;
    None when no surge is to come in this game."""
    surge = g.content.board.surge
    if "levee" not in g.modules or surge is None:
        return None
    next_harvest = g.round if g.phase is Phase.SETUP else g.round + 1
    return surge - next_harvest + 1 if surge >= next_harvest else None


def _harvest(g: State, step: Harvest) -> None:
    g.phase = Phase.HARVEST
    event(g, "phase", _("Round {round}: Harvest.", round=g.round))
    for space, colour in enumerate(g.hut_spaces):
        if colour is not None:
            g.hut_spaces[space] = None
            g.have[colour] += 1
            back = _(
                "A {colour} Worker came back from Hut space {space}.",
                colour=words.mask(1 << colour),
                space=space + 1,
            )
            event(g, "return", back)
    g.fed = False
    if surges(g, g.round):
        event(g, "surge", _("The river surged."))
        _advance_flood(g, _("{when}, when the river surged", when=when(g)))
        if g.outcome:
            return
    push(g, harvest_steps(g))


def _take_actions(g: State, step: TakeActions) -> None:
    g.phase = Phase.ACTIONS
    event(g, "phase", _("Round {round}: Take Actions.", round=g.round))


def _return_barge(g: State, step: ReturnBarge) -> None:
    if not g.barge and g.built < 6:
        g.barge = True
        event(g, "barge", _("The Barge went back to Canal section {section}.", section=g.built + 1))


def fortress_stands(g: State) -> bool:
    """Whether the Fortress is built under its rule: it drives off the first
    Barbarian to attack each Round."""
    return "fortress" in g.modules and "fortress" in g.sites


def _suffer_attacks(g: State, step: SufferAttacks) -> None:
    g.phase = Phase.ATTACKS
    slots = [i for i, c in enumerate(g.row) if card_row.is_barbarian(c)]
    if slots and fortress_stands(g):
        first = slots.pop(0)
        card = g.row[first] or ""
        g.row[first] = None
        g.barbarian_discard.append(card)
        drove = _("The Fortress drove off {band}: it went to the Barbarian discards.", band=name(g, card))
        event(g, "fortress", drove)
    push(g, [Attack(i) for i in slots])


def _attack(g: State, step: Attack) -> None:
    card = g.row[step.slot]
    if card is None:
        return
    if g.content.barbarians[card].bribe is None:
        suffer(g, step.slot)
    else:
        g.stack.append(Bribe(step.slot))


NEXT_ROUND = (Harvest(), TakeActions())


def record_pressure(g: State) -> None:
    """Note how close the Flood and the Barbarians are now (see ``State.pressure``)."""
    g.pressure.append((g.built - g.flood, len(card_row.barbarians(g.row))))


def _end_round(g: State, step: EndRound) -> None:
    if g.built >= 6:
        end_game(
            g,
            Outcome.WON,
            _("All six Canal sections stood when Round {round} was played out.", round=g.round),
        )
        return
    record_pressure(g)
    g.round += 1
    push(g, NEXT_ROUND)


# -- effects --------------------------------------------------------------------


def _gain(g: State, step: Gain) -> None:
    gain(g, step.item, step.count)


def _pay(g: State, step: Pay) -> None:
    """Spend items back to the Main Supply; what the player lacks is let go."""
    item, n = step.item, step.count
    paid = min(n, g.have[item])
    if paid:
        g.have[item] -= paid
        g.supply[item] += paid
        event(g, "spend", _("Paid {what}.", what=words.step(Gain(item, paid))))
    if paid < n:
        event(g, "short", _("Nothing more to pay: {what} let go.", what=words.step(Gain(item, n - paid))))


def _read(g: State, step: Read) -> None:
    number = step.entry
    entry = g.content.entries.get(number)
    chapter = g.chapter
    if chapter is None or entry is None:
        event(
            g,
            "entry",
            _("Story Book entry {number} would be read in a campaign.", number=number),
            False,
            number,
        )
        return
    chapter.facts.read.append(number)
    chapter.read.append(number)
    event(
        g,
        "entry",
        _("Story Book entry {number}: {title}.", number=number, title=Name(entry.title)),
        True,
        number,
    )
    push(g, entry.effects)


def _campaign(g: State, step: CampaignStep) -> None:
    """Find, retire, adjust, module: they change the campaign from the next game on."""
    chapter = g.chapter
    if chapter is None:
        event(g, "campaign", _("Outside a campaign, the story changes nothing."))
        return
    chapter.pending.append(step)
    if isinstance(step, Find):
        chapter.facts.found.extend(step.stones)
    elif isinstance(step, Module):
        chapter.facts.modules.append(step.name)
    changes = _("The story changes the campaign from the next game on.")
    event(g, "campaign", changes, True, type(step).__name__)


WORDS: Words[State] = {
    Gain: _gain,
    Pay: _pay,
    Draw: _draw,
    Destroy: _destroy,
    DrawTownsfolk: _draw_townsfolk,
    Flood: _flood,
    RevealBarbarian: _reveal_barbarian,
    Read: _read,
    If: branch,
    Find: _campaign,
    Retire: _campaign,
    Module: _campaign,
    RowCost: _campaign,
    MoreBarbarians: _campaign,
    ReadyPile: _campaign,
    AddHarvest: _campaign,
    AddStart: _campaign,
    Harvest: _harvest,
    TakeActions: _take_actions,
    ReturnBarge: _return_barge,
    SufferAttacks: _suffer_attacks,
    Attack: _attack,
    Refresh: _refresh,
    EndRound: _end_round,
}
"""What each step does in a game (a decision waits for the player instead)."""
