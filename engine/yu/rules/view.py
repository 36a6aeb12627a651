"""What the player may see of a game: the one place hidden information is
stripped. Face-down piles show only their size; face-down Hut cards and the
cards left in the box show nothing.

A view is typed data (cards, costs and effects as the content holds them);
the words for people are made from it elsewhere (:mod:`engine.yu.content.words`,
the web app's templates).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.text import Msg, Name, _, ngettext
from engine.yu.content import words
from engine.yu.content.items import Cost, Item, colours
from engine.yu.content.loader import (
    Barbarian,
    Building,
    BuildingKind,
    CanalCard,
    Entry,
    HutCard,
    Ongoing,
    Townsfolk,
    Trade,
)
from engine.yu.content.steps import Bribe, Choice, Pick, Steps, UseHand
from engine.yu.rules.rules import damage, food_wanted, open_sites, shore_barbarians, tuck_spaces
from engine.yu.rules.state import Outcome, Phase, State
from engine.yu.rules.threats import Threats, threats


@dataclass(frozen=True, slots=True)
class Page:
    """A Story Book entry as the player reads it."""

    number: int
    title: str
    text: str

    @classmethod
    def of(cls, entry: Entry) -> Page:
        return cls(entry.number, entry.title, entry.text)


@dataclass(frozen=True, slots=True)
class RowSpace:
    space: int
    cost: int
    """Provisions to recruit, dismiss or attack the card here."""
    card: Townsfolk | Barbarian | None
    damage: int | None
    """For Barbarians: the Townsfolk their attack destroys, as things stand."""


@dataclass(frozen=True, slots=True)
class Section:
    space: int
    card: CanalCard
    built: bool
    barge: bool
    """The Barge waits here: this section is built next."""
    flooded: bool


@dataclass(frozen=True, slots=True)
class ShoreIcon:
    barbarians: int
    uncovered_by: int
    showing: bool


@dataclass(frozen=True, slots=True)
class TradeSpace:
    trade: Trade
    open: bool


@dataclass(frozen=True, slots=True)
class SiteSpace:
    number: int
    opened_by: int
    open: bool
    free: bool
    building: Building | None
    covers: Steps


@dataclass(frozen=True, slots=True)
class Construction:
    """A building of the board, built or not."""

    building: Building
    site: int | None
    joins: tuple[Item, ...]
    """For Outposts: the Worker colours that count as one."""


@dataclass(frozen=True, slots=True)
class HutSpace:
    number: int
    open: bool
    worker: Item | None
    reward: Steps


@dataclass(frozen=True, slots=True)
class Piles:
    ready: int
    exhausted: int
    exhausted_top: Townsfolk | None
    """The card on top of the Exhausted Pile, face up."""
    deck: int
    discard: tuple[Townsfolk, ...]
    barbarian_deck: int
    barbarian_discard: tuple[Barbarian, ...]


@dataclass(frozen=True, slots=True)
class StoryRules:
    """The rule modules in play and what they ask this Round."""

    modules: tuple[str, ...]
    food_wanted: str | None
    fed: bool
    feed_cost: Cost | None
    levee_used: bool
    levee_cost: Cost | None
    surge: int | None
    """The Round whose Harvest begins with the river surging (``levee`` module)."""


@dataclass(frozen=True, slots=True)
class PickView:
    items: tuple[Item, ...]
    count: int


@dataclass(frozen=True, slots=True)
class ChoiceView:
    labels: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class BribeView:
    space: int
    barbarian: Barbarian
    bribe: Cost
    damage: int


@dataclass(frozen=True, slots=True)
class UseHandView:
    cards: int


DecisionView = PickView | ChoiceView | BribeView | UseHandView


@dataclass(frozen=True, slots=True)
class View:
    round: int
    phase: Phase
    outcome: Outcome | None
    decision: DecisionView | None
    flood: int
    built: int
    barge: bool
    row: tuple[RowSpace, ...]
    river: tuple[Section, ...]
    barbarians_per_refresh: int
    shore: tuple[ShoreIcon, ...]
    trades: tuple[TradeSpace, ...]
    sites: tuple[SiteSpace, ...]
    buildings: tuple[Construction, ...]
    building_costs: dict[BuildingKind, Cost]
    rules: StoryRules
    ongoing: tuple[Ongoing, ...]
    fortunes: tuple[Ongoing, ...]
    story: tuple[Page, ...]
    """The Story Book entries read in this game."""
    huts_built: int
    hut_cards_seen: tuple[HutCard, ...]
    hut_cards_face_down: int
    hut_spaces: tuple[HutSpace, ...]
    tuck_spaces: int
    tucked: tuple[Townsfolk, ...]
    hand: tuple[Townsfolk, ...]
    piles: Piles
    have: tuple[int, ...]
    """The player's supply, by item."""
    supply: tuple[int, ...]
    """The Main Supply, by item."""
    threats: Threats
    """How close the Flood, the Barbarians and Damage are to ending the game."""


def prompt(decision: DecisionView) -> Msg:
    """What the decision asks, in words."""
    if isinstance(decision, PickView):
        return _("Choose what to take ({n} to go).", n=decision.count)
    if isinstance(decision, ChoiceView):
        return _("The story asks you to choose.")
    if isinstance(decision, BribeView):
        return ngettext(
            "{band} attack: pay {cost}, or lose {n} Townsfolk.",
            "{band} attack: pay {cost}, or lose {n} Townsfolk.",
            decision.damage,
            band=Name(decision.barbarian.name),
            cost=words.cost(decision.bribe),
        )
    return _("A card came into your hand after Take Actions: play, discard or tuck it now.")


def _decision(g: State) -> DecisionView | None:
    decision = g.decision
    if isinstance(decision, Pick):
        return PickView(decision.items, decision.count)
    if isinstance(decision, Choice):
        return ChoiceView(tuple(o.label for o in decision.options))
    if isinstance(decision, Bribe):
        band = g.content.barbarians[g.row[decision.slot] or ""]
        assert band.bribe is not None
        return BribeView(decision.slot + 1, band, band.bribe, damage(g, decision.slot))
    if isinstance(decision, UseHand):
        return UseHandView(len(g.hand))
    return None


def view(g: State) -> View:
    content = g.content
    board = content.board
    townsfolk, barbarians = content.townsfolk, content.barbarians
    built_on = {b: i + 1 for i, b in enumerate(g.sites) if b}
    free = set(open_sites(g))
    modules = g.modules
    return View(
        round=g.round,
        phase=g.phase,
        outcome=g.outcome,
        decision=_decision(g),
        flood=g.flood,
        built=g.built,
        barge=g.barge,
        row=tuple(
            RowSpace(
                i + 1,
                g.row_costs[i],
                barbarians[c] if c and c in barbarians else townsfolk[c] if c else None,
                damage(g, i) if c and c in barbarians else None,
            )
            for i, c in enumerate(g.row)
        ),
        river=tuple(
            Section(i + 1, content.canals[c], i < g.built, g.barge and i == g.built, g.flood >= i + 1)
            for i, c in enumerate(g.river)
        ),
        barbarians_per_refresh=shore_barbarians(g),
        shore=tuple(ShoreIcon(s.barbarians, s.uncovered_by, s.uncovered_by <= g.built) for s in board.shore),
        trades=tuple(TradeSpace(t, t.opened_by <= g.built) for t in board.trades),
        sites=tuple(
            SiteSpace(
                s.number,
                s.opened_by,
                s.opened_by <= g.built,
                i in free,
                content.building(b) if (b := g.sites[i]) else None,
                s.covers,
            )
            for i, s in enumerate(board.sites)
        ),
        buildings=tuple(
            Construction(b, built_on.get(b.id), colours(b.joins))
            for b in board.buildings
            if b.kind is not BuildingKind.FORTRESS or "fortress" in modules
        ),
        building_costs=dict(board.building_costs),
        rules=StoryRules(
            tuple(modules),
            food_wanted(g) if "food" in modules else None,
            g.fed,
            board.feed if "food" in modules else None,
            g.levee_used,
            board.levee if "levee" in modules else None,
            board.surge if "levee" in modules else None,
        ),
        ongoing=tuple(content.ongoing[c] for c in g.ongoing),
        fortunes=tuple(content.ongoing[c] for c in g.fortunes),
        story=tuple(Page.of(content.entries[n]) for n in g.chapter.read) if g.chapter else (),
        huts_built=g.huts_built,
        hut_cards_seen=tuple(content.huts[h] for h in g.hut_cards[: g.huts_built]),
        hut_cards_face_down=len(g.hut_cards) - g.huts_built,
        hut_spaces=tuple(
            HutSpace(
                s.number, i <= g.huts_built, Item(w) if (w := g.hut_spaces[i]) is not None else None, s.reward
            )
            for i, s in enumerate(board.hut_spaces)
        ),
        tuck_spaces=tuck_spaces(g),
        tucked=tuple(townsfolk[c] for c in g.tucked),
        hand=tuple(townsfolk[c] for c in g.hand),
        piles=Piles(
            ready=len(g.ready),
            exhausted=len(g.exhausted),
            exhausted_top=townsfolk[g.exhausted[-1]] if g.exhausted else None,
            deck=len(g.deck),
            discard=tuple(townsfolk[c] for c in g.discard),
            barbarian_deck=len(g.barbarian_deck),
            barbarian_discard=tuple(barbarians[c] for c in g.barbarian_discard),
        ),
        have=tuple(g.have),
        supply=tuple(g.supply),
        threats=threats(g),
    )
