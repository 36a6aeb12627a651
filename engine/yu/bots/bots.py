"""Bots that play Legacy of Yu: a uniform random player and a heuristic one
(the strong one, which looks ahead with it, is in :mod:`engine.yu.bots.strong`).

A bot exposes ``choose(game) -> Action`` and only ever returns one of
``game.legal_actions()``. Bots read what the player may know (counts of the
face-down piles, never their order) and draw their own randomness from a
seeded :class:`engine.rng.Rng`, so a seed replays the same game.

The heuristic bot scores every legal action and takes the best one (see
:class:`HeuristicBot`). A score is the change in the worth of what the player
holds plus the worth of what the action does to the board. Holdings are worth
a fixed value per item, minus a penalty per item still missing towards the
targets of the Round, most pressing first: the next Canal, the Barbarian most
worth defeating, the bribes worth paying (:meth:`_Position.worth`). The board
counts a built Canal, a Barbarian gone, a building's or tucked card's future
Harvests, and the time left before the Flood: a card that leaves or joins the
Townsfolk cycle moves the Flood nearer or further (:meth:`_Position.slack`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from engine.rng import Rng
from engine.yu.content.items import COWRIE, Cost
from engine.yu.content.loader import Barbarian, BuildingKind, Content
from engine.yu.content.steps import (
    Bribe,
    Choice,
    Destroy,
    Draw,
    DrawTownsfolk,
    Flood,
    Gain,
    Pay,
    Pick,
    RevealBarbarian,
    Step,
)
from engine.yu.rules.actions import NO_WORKERS, Action, Kind, Payment
from engine.yu.rules.game import Game
from engine.yu.rules.payments import colour_groups, widen
from engine.yu.rules.rules import (
    damage,
    groups,
    outpost_joins,
    shore_barbarians,
    surge_in,
    tuck_spaces,
)

Have = list[int]


class Bot(Protocol):
    def choose(self, game: Game) -> Action: ...


class RandomBot:
    """Picks uniformly among the legal actions."""

    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def choose(self, game: Game) -> Action:
        actions = game.legal_actions()
        return actions[self.rng.below(len(actions))]


@dataclass(frozen=True)
class Weights:
    """The heuristic bot's knobs, in units of about one Cowrie. The defaults
    were tuned by simulation (see docs/balance.md)."""

    item: tuple[float, ...] = (2.2, 1.6, 1.6, 1.6, 1.6, 1.0, 1.0, 1.0, 1.3)
    """Worth of one of each item held (White, Red, Blue, Black, Yellow, Cowrie,
    Clay, Wood, Provision) up to ``plenty`` of it; more is worth ``glut`` as much."""
    plenty: int = 4
    glut: float = 0.3

    canal: float = 60.0
    """Worth of building a Canal section."""
    canal_gap: float = 1.0
    """Penalty per Worker missing towards this Round's Canal (a Resource counts half)."""
    canal_gap_later: float = 0.5
    """The same once this Round's Canal is built (the target is next Round's)."""
    canal_gap_tight: float = 5.0
    tight: float = 0.5
    """The penalty when the bot is less than ``tight`` rounds ahead of the Flood..."""
    canal_gap_urgent: float = 12.0
    """...and when the Flood reaches this Canal at the next Harvest."""

    card: float = 2.0
    """Worth of a Townsfolk card staying in the Ready/Exhausted cycle, beside
    the time it buys against the Flood."""
    hand_card: float = 1.5
    """Worth of a Townsfolk card drawn into hand."""
    clock: float = 8.0
    """Worth of a round of spare time before the Flood catches up, when there is none..."""
    clock_scale: float = 1.5
    """...falling off by e for every this many spare rounds."""
    pace: float = 1.3
    """Rounds the bot expects to need per Canal."""
    damage_per_round: float = 0.5
    """Cards the bot expects to lose to Barbarians each round."""
    flood_step: float = 5.0
    """Cost of bringing the next Flood move forward to before the next Take Actions."""

    barbarian: float = 2.0
    """Worth of defeating a Barbarian, beyond what its attacks cost."""
    threat_rounds: float = 3.0
    """How many rounds of a Barbarian's attacks defeating it is counted to save."""
    crowd: float = 20.0
    """Worth of a free Card Row space when the next Refresh would bring the
    sixth Barbarian (halved for each fewer, ten times more for the seventh)."""
    attack_gap: float = 2.0
    """Penalty per item missing towards the Barbarian most worth defeating..."""
    attack_gap_urgent: float = 4.0
    """...and towards those to defeat or lose at the next Refresh."""
    bribe_gap: float = 30.0
    """Most penalty per item missing towards a bribe worth paying this Round
    (otherwise what the bribe saves, shared among its items)."""

    harvest_rounds: float = 6.0
    """Most Harvests a new building or tucked card is counted for."""
    hut_card: float = 5.0
    """Expected worth of a face-down Hut card's effects."""
    hut_space: float = 0.8
    """Worth per round of one more Hut space."""
    tuck_space: float = 0.5
    """Worth of a new tuck space with a card in hand to tuck."""
    join_rounds: float = 2.0
    """How many rounds the help of an Outpost's joined colours is counted for."""
    site: float = 2.0
    """Worth of an open build site kept free."""
    fortune_kept: float = 4.0
    """Worth of keeping a Fortuity card for later."""


WINNING = Weights(plenty=2, canal_gap=0.6, hand_card=2.25, attack_gap=1.2, harvest_rounds=3.6)
"""The weights that win the most base games (``python -m engine.yu tune``):
the strong bot plays with them. The defaults play like an average player,
whom the campaign is balanced for."""


class HeuristicBot:
    """Scores every legal action by what it gains towards the next Canal and
    against the Barbarians, and takes the best (ties broken at random).

    Decisions (a pick, a bribe) are answered at once. Otherwise the bot takes
    the best action while one is worth taking; then it leaves spare Workers
    on the Hut spaces and ends the Round, using any card left in hand the
    least bad way first. A cheap scoring function, no lookahead: a thousand
    games take about a minute and a half.
    """

    name = "heuristic"

    def __init__(
        self, seed: int, weights: Weights | None = None, never_build: frozenset[BuildingKind] = frozenset()
    ) -> None:
        self.rng = Rng(seed)
        self.w = weights or Weights()
        self.never_build = never_build
        """Kinds of building the bot is forbidden to build (to measure what they are worth)."""
        self._round = -1
        self._steps = 0

    # -- choosing -------------------------------------------------------------

    def allowed(self, game: Game) -> list[Action]:
        """The legal actions, less the buildings the bot is forbidden to build."""
        actions = game.legal_actions()
        if self.never_build:
            actions = [a for a in actions if not _builds(game, a, self.never_build)]
        return actions

    def choose(self, game: Game) -> Action:
        actions = self.allowed(game)
        if len(actions) == 1:
            return actions[0]
        if game.round != self._round:
            self._round, self._steps = game.round, 0
        self._steps += 1
        ctx = _Position(game, self.w)
        if game.decision is not None:
            # Answer the decision itself; trades stay for the Take Actions phase.
            answers = [a for a in actions if a.kind is not Kind.TRADE] or actions
            return self._best([(self.score(ctx, a), a) for a in answers])
        scored = [
            (self.score(ctx, a), a) for a in actions if a.kind is not Kind.END and a.kind is not Kind.HUT
        ]
        fresh = self._steps < MAX_STEPS
        if fresh and scored and max(s for s, _ in scored) > 0.05:
            return self._best(scored)
        # Nothing is worth doing: leave spare Workers on the Hut spaces, then end.
        huts = [(self.score(ctx, a), a) for a in actions if a.kind is Kind.HUT]
        if fresh and huts and max(s for s, _ in huts) > 0:
            return self._best(huts)
        end = Action(Kind.END)
        if end in actions:
            return end
        # The hand must be emptied first: use each card the least bad way.
        cards = [(s, a) for s, a in scored if a.kind in _HAND_USES or _exhausts(ctx, a)]
        return self._best(cards or scored or [(0.0, a) for a in actions])

    def ranked(self, game: Game) -> list[tuple[float, Action]]:
        """Every legal action with its score, best first (ending Take Actions
        scores 0), without drawing on the bot's random generator."""
        ctx = _Position(game, self.w)
        scored = [(self.score(ctx, a), a) for a in self.allowed(game)]
        scored.sort(key=lambda sa: -sa[0])
        return scored

    def _best(self, scored: Sequence[tuple[float, Action]]) -> Action:
        """The best-scored action, ties broken at random."""
        best = max(s for s, _ in scored)
        top = [a for s, a in scored if s >= best - 1e-9]
        return top[self.rng.below(len(top))] if len(top) > 1 else top[0]

    # -- scoring actions --------------------------------------------------------

    def score(self, ctx: _Position, action: Action) -> float:
        handler = _SCORES.get(action.kind)
        return 0.0 if handler is None else handler(self, ctx, action)

    def _after(self, ctx: _Position, pay: Payment, resources: Sequence[int], steps: Sequence[Step]) -> float:
        """Worth gained by paying ``pay`` and ``resources`` then resolving ``steps``."""
        have = list(ctx.game.have)
        for c in range(5):
            have[c] -= pay[c]
        for i, n in enumerate(resources):
            have[5 + i] -= n
        after, extra = ctx.gain(have, steps)
        return ctx.worth(after) - ctx.now + extra

    def _score_play(self, ctx: _Position, action: Action) -> float:
        card = ctx.content.townsfolk[action.card or ""]
        return self._after(ctx, _NONE, _NO_RES, card.play)

    def _score_discard(self, ctx: _Position, action: Action) -> float:
        card = ctx.content.townsfolk[action.card or ""]
        return self._after(ctx, _NONE, _NO_RES, card.discarded) + ctx.card_worth(-1)

    def _score_tuck(self, ctx: _Position, action: Action) -> float:
        card = ctx.content.townsfolk[action.card or ""]
        return self._harvest_worth(ctx, card.tuck) + ctx.card_worth(-1)

    def _harvest_worth(self, ctx: _Position, steps: Sequence[Step]) -> float:
        """Worth of gaining ``steps`` at every remaining Harvest."""
        _, extra = ctx.gain(ctx.game.have, steps)
        flat = extra
        for step in steps:
            if isinstance(step, Gain):
                flat += self.w.item[step.item] * step.count
            elif isinstance(step, Pick):
                flat += max(self.w.item[i] for i in step.items) * step.count
        return flat * ctx.rounds_left

    def _score_canal(self, ctx: _Position, action: Action) -> float:
        g = ctx.game
        canal = ctx.content.canals[g.river[g.built]]
        pay = action.payment or NO_WORKERS
        # Once built, the target moves on: judge what is left by the next Canal.
        after = _Position(g, self.w, built=g.built + 1)
        have = list(g.have)
        for c in range(5):
            have[c] -= pay[c]
        have[COWRIE] -= canal.cost.resources[0]
        have, extra = after.gain(have, canal.effects)
        return self.w.canal + after.worth(have) - after.now + extra

    def _score_attack(self, ctx: _Position, action: Action) -> float:
        g = ctx.game
        slot = (action.space or 0) - 1
        band = ctx.content.barbarians[g.row[slot] or ""]
        price = ctx.game.row_costs[slot]
        gained = self._after(ctx, action.payment or NO_WORKERS, (0, 0, 0, price), band.reward)
        if band.turtle:
            gained += 0.5
        return gained + ctx.threat(slot) + ctx.crowd_relief()

    def _score_recruit(self, ctx: _Position, action: Action) -> float:
        slot = (action.space or 0) - 1
        price = ctx.game.row_costs[slot]
        return self._after(ctx, _NONE, (0, 0, 0, price), ()) + ctx.card_worth(1)

    def _score_dismiss(self, ctx: _Position, action: Action) -> float:
        g = ctx.game
        slot = (action.space or 0) - 1
        card = ctx.content.townsfolk[g.row[slot] or ""]
        price = ctx.game.row_costs[slot]
        return self._after(ctx, _NONE, (0, 0, 0, price), card.play)

    def _score_build(self, ctx: _Position, action: Action) -> float:
        content = ctx.content
        building = content.building(action.building or "")
        cost = content.board.building_costs[building.kind]
        covers = content.board.sites[(action.site or 0) - 1].covers
        gained = self._after(ctx, action.payment or NO_WORKERS, cost.resources, covers)
        value = self._harvest_worth(ctx, building.harvest)
        if building.kind is BuildingKind.OUTPOST:
            value += self._harvest_worth(ctx, content.board.per_outpost)
            # Joined colours make the targets easier to pay, now and later.
            layers = ctx.widened(colour_groups([*outpost_joins(ctx.game), building.joins]))
            have = ctx.game.have
            value += self.w.join_rounds * (ctx.worth(have, layers) - ctx.now)
        elif building.kind is BuildingKind.FORTRESS:
            # It drives off the first Barbarian to attack every Round.
            bands = [slot for slot, c in enumerate(ctx.game.row) if c and c[0] == "b"]
            per_round = ctx.threat(bands[0]) / self.w.threat_rounds if bands else self.w.barbarian
            value += per_round * ctx.rounds_left
        elif building.kind is BuildingKind.HUT:
            value += self.w.hut_card + self.w.hut_space * ctx.rounds_left
            if ctx.game.hand and len(ctx.game.tucked) >= tuck_spaces(ctx.game):
                value += self.w.tuck_space
        # A site is scarce: a building should beat the Harvest it forgoes.
        return gained + value - self.w.site

    def _score_hut(self, ctx: _Position, action: Action) -> float:
        colour = next(c for c, n in enumerate(action.payment or NO_WORKERS) if n)
        if ctx.keep_for_bribes(colour):
            return -1.0
        reward = ctx.content.board.hut_spaces[(action.space or 0) - 1].reward
        have = list(ctx.game.have)
        have[colour] -= 1
        after, extra = ctx.gain(have, reward)
        # The Worker comes back next Harvest: only its use this Round is lost.
        after[colour] += 1
        return ctx.worth(after) - ctx.now + extra - 0.2 * self.w.item[colour]

    def _score_trade(self, ctx: _Position, action: Action) -> float:
        option = ctx.content.trade_options[(action.trade or 0, action.item)]
        if option.cost.exhaust:
            return self._after(ctx, _NONE, _NO_RES, option.gain)
        return self._after(ctx, action.payment or NO_WORKERS, option.cost.resources, option.gain) - 0.05

    def _score_pick(self, ctx: _Position, action: Action) -> float:
        if action.item is None:
            return 0.0
        return ctx.worth(_plus(ctx.game.have, action.item)) - ctx.now

    def _score_bribe(self, ctx: _Position, action: Action) -> float:
        band = ctx.attacker()
        assert band is not None and band.bribe is not None
        return self._after(ctx, action.payment or NO_WORKERS, band.bribe.resources, ())

    def _score_choose(self, ctx: _Position, action: Action) -> float:
        decision = ctx.game.decision
        assert isinstance(decision, Choice)
        steps = decision.options[(action.option or 0) - 1].steps
        return self._after(ctx, _NONE, _NO_RES, steps)

    def _score_fortune(self, ctx: _Position, action: Action) -> float:
        card = ctx.content.ongoing[action.card or ""]
        # A Fortuity card is played once: keep it until it is worth a good deal.
        return self._after(ctx, _NONE, _NO_RES, card.effects) - self.w.fortune_kept

    def _score_feed(self, ctx: _Position, action: Action) -> float:
        saved = ctx.destroy_cost(1)  # the Food Shortage's lost card
        if action.card is None:
            cost = ctx.content.board.feed
            assert cost is not None
            return saved + self._after(ctx, _NONE, cost.resources, ())
        return saved - max(0.0, self._score_play(ctx, Action(Kind.PLAY, card=action.card)))

    def _score_levee(self, ctx: _Position, action: Action) -> float:
        g = ctx.game
        cost = ctx.content.board.levee
        assert cost is not None
        paid = self._after(ctx, action.payment or NO_WORKERS, cost.resources, ())
        # One Flood space back is about one more pass through the Townsfolk.
        value = ctx.clock_delta(ctx.cycle, 0)
        moves = ctx.flood_moves(0)
        if moves is not None and g.flood + moves > ctx.built >= g.flood - 1 + moves:
            value += 500.0  # the next Harvest would bring the Flood onto an unbuilt section
        return paid + value

    def _score_suffer(self, ctx: _Position, action: Action) -> float:
        decision = ctx.game.decision
        assert isinstance(decision, Bribe)
        return -ctx.destroy_cost(damage(ctx.game, decision.slot))


class _Position:
    """What the bot works out once per choice: the targets of the Round and
    the time left before the Flood. ``built`` looks at the position as if
    that many Canal sections stood (to judge what is left after building one)."""

    def __init__(self, g: Game, w: Weights, built: int | None = None) -> None:
        self.game = g
        self.content: Content = g.content
        self.w = w
        built = g.built if built is None else built
        self.built = built
        self.groups = groups(g)
        canal_cost = g.content.canals[g.river[built]].cost if built < 6 else Cost()
        self.harvest_draw = sum(s.count for s in g.content.board.harvest if isinstance(s, Draw))
        self.surge_ahead = surge_in(g) is not None
        building_now = built == g.built and g.barge
        self.gap_weight = w.canal_gap if building_now else w.canal_gap_later
        moves = self.flood_moves(0)
        if building_now and moves is not None and g.flood + moves > built:
            # The next Harvest moves the Flood onto this Canal: build it now or lose.
            self.gap_weight = w.canal_gap_urgent
        self.ready = len(g.ready)
        self.cycle = len(g.ready) + len(g.exhausted) + len(g.hand)
        self.rounds_left = max(1.0, min(w.harvest_rounds, (6 - built) * 1.6))
        self.clock_now = self.clock(self.ready, self.cycle)
        if self.slack(self.ready, self.cycle) < w.tight:
            # Behind the Flood: the next Canal comes before everything else.
            self.gap_weight = max(self.gap_weight, w.canal_gap_tight)
        # The Barbarians to defeat: enough to survive the next Refresh, else the worst one.
        bands = [(slot, g.content.barbarians[c]) for slot, c in enumerate(g.row) if c and c[0] == "b"]
        self.bands = len(bands)
        self.pressure = self.bands + shore_barbarians(g)
        self.must_defeat = self.pressure - 6
        bands.sort(key=lambda sb: -self.threat(sb[0]) / (sb[1].defeat.worker_count + self._price(sb[0])))
        targets = bands[: max(1, self.must_defeat)] if g.phase == "actions" else []
        # What to pay for, most pressing first, each with a penalty per item missing.
        layers: list[tuple[float, Cost]] = []
        if building_now:
            layers.append((self.gap_weight, canal_cost))
        attack = w.attack_gap_urgent if self.must_defeat > 0 else w.attack_gap
        for slot, band in targets:
            layers.append((attack, band.defeat + Cost(resources=(0, 0, 0, self._price(slot)))))
        first = g.decision.slot if isinstance(g.decision, Bribe) else 0
        for slot, band in sorted(bands):
            if slot >= first and (slot, band) not in targets and band.bribe is not None:
                saved = self.destroy_cost(damage(g, slot)) - self.bribe_worth(band)
                if saved > 0:
                    units = band.bribe.worker_count + sum(band.bribe.resources)
                    layers.append((min(w.bribe_gap, saved / max(units, 1)), band.bribe))
        if not building_now and built < 6:
            layers.append((self.gap_weight, canal_cost))
        self.costs: list[tuple[float, Cost]] = []
        total = Cost()
        for weight, cost in layers:
            total = total + cost
            self.costs.append((weight, total))
        self.layers = self.widened(self.groups)
        self._worth: dict[tuple[int, ...], float] = {}
        self._held = _HELD.setdefault(w, {})
        """The worth of holdings before the targets, by holding (kept per weights)."""
        self.now = self.worth(g.have)

    def widened(self, groups: tuple[int, ...]) -> list[tuple[float, Needs]]:
        """The layered targets, with Worker colours joined as ``groups`` says."""
        return [(weight, Needs.of(cost, groups)) for weight, cost in self.costs]

    def _price(self, slot: int) -> int:
        """The Provisions printed under a Card Row space."""
        return self.game.row_costs[slot]

    def worth(self, have: Have, layers: list[tuple[float, Needs]] | None = None) -> float:
        """What the items held are worth, given the Canal and the Barbarians
        still to pay for."""
        key = tuple(have)
        if layers is None and key in self._worth:
            return self._worth[key]
        total = self._held.get(key)
        if total is None:
            w = self.w
            total = 0.0
            for i in range(9):
                n = have[i]
                total += w.item[i] * (min(n, w.plenty) + w.glut * max(0, n - w.plenty))
            if len(self._held) >= _KEPT:
                self._held.clear()
            self._held[key] = total
        gap = 0.0
        for weight, needs in self.layers if layers is None else layers:
            more = needs.gap(have)
            total -= weight * max(0.0, more - gap)
            gap = max(gap, more)
        if layers is None:
            self._worth[key] = total
        return total

    def gain(self, have: Have, steps: Sequence[Step]) -> tuple[Have, float]:
        """Holdings after the steps are resolved (choosing the best of every
        pick) and the worth of any steps that are not items."""
        have = list(have)
        extra = 0.0
        supply = self.game.supply
        for step in steps:
            if isinstance(step, Gain):
                have[step.item] += min(step.count, supply[step.item])
            elif isinstance(step, Pay):
                have[step.item] -= min(step.count, have[step.item])
            elif isinstance(step, Pick):
                for _ in range(step.count):
                    options = [i for i in step.items if supply[i] > have[i] - self.game.have[i]]
                    if not options:
                        break
                    best = max(options, key=lambda i: self.worth(_plus(have, i)))
                    have[best] += 1
            elif isinstance(step, Draw | DrawTownsfolk):
                extra += self.w.hand_card * step.count
            elif isinstance(step, Destroy):
                extra -= self.destroy_cost(step.count)
            elif isinstance(step, RevealBarbarian):
                extra -= self.w.barbarian * 2 * step.count + self.crowd_risk(step.count)
            elif isinstance(step, Flood):
                extra -= 100.0 * step.count
        return have, extra

    def attacker(self) -> Barbarian | None:
        """The Barbarian whose bribe is the open decision, if any."""
        d = self.game.decision
        if not isinstance(d, Bribe):
            return None
        card = self.game.row[d.slot]
        return self.content.barbarians[card] if card else None

    def slack(self, ready: int, cycle: int) -> float:
        """Spare rounds before the Flood catches the Canal, at the bot's pace,
        if the Ready Pile held ``ready`` cards out of ``cycle`` in play. A
        surge still to come counts as the Flood standing one space further on."""
        g, w = self.game, self.w
        ahead = int(self.surge_ahead)
        per_round = self.harvest_draw + w.damage_per_round
        building = g.phase == "actions" and g.barge and self.built == g.built
        rounds = 0
        left = float(ready)
        cycle_left = float(cycle)
        spare = 10.0
        for position in range(g.flood + 1, 8):
            boundaries = int(left // per_round) + 1
            rounds += boundaries
            need = min(position + ahead, 6) - self.built
            cycle_left -= w.damage_per_round * boundaries
            left = cycle_left - (boundaries * per_round - left)
            if left <= 0:
                # The piles run dry about then: the game must be won before.
                rounds += int(left // per_round)
                need = 6 - self.built
            if need > 0:
                have_rounds = rounds if building else rounds - 1
                spare = min(spare, have_rounds - need * w.pace)
            if left <= 0:
                break
        return spare

    def clock(self, ready: int, cycle: int) -> float:
        """Worth of the time left before the Flood: falls steeply as it runs out."""
        spare = max(-5.0, min(10.0, self.slack(ready, cycle)))
        scale = self.w.clock_scale
        return -self.w.clock * scale * math.exp(-spare / scale)

    def clock_delta(self, ready: int, cycle: int) -> float:
        """Change in :meth:`clock` when the Ready Pile and the cycle change by so many cards."""
        return self.clock(self.ready + ready, self.cycle + cycle) - self.clock_now

    def card_worth(self, change: int) -> float:
        """Worth of adding (or, negative, taking away) cards from the cycle."""
        return change * self.w.card + self.clock_delta(0, change)

    def flood_moves(self, destroys: int) -> int | None:
        """How often the Flood moves between now and the next Take Actions
        phase if ``destroys`` cards are lost now (None: both piles run dry)."""
        g = self.game
        ready, exhausted = len(g.ready), len(g.exhausted) + len(g.hand)
        moves = int(surge_in(g) == 1)
        for _ in range(destroys + self.harvest_draw):
            if ready == 0:
                if exhausted == 0:
                    return None
                ready, exhausted, moves = exhausted, 0, moves + 1
            ready -= 1
        return moves

    def destroy_cost(self, n: int) -> float:
        """What losing ``n`` cards off the Ready Pile costs, counting the
        reshuffles and Flood moves it brings on."""
        cost = n * self.w.card - self.clock_delta(-n, -n)
        before, after = self.flood_moves(0), self.flood_moves(n)
        if after is None:
            return cost + 500.0
        if before is None or after <= before:
            return cost
        if self.game.flood + after > self.built:
            return cost + 500.0
        return cost + self.w.flood_step

    def bribe_worth(self, band: Barbarian) -> float:
        """Rough worth of paying this Barbarian's bribe once."""
        if band.bribe is None:
            return 1e9
        w = self.w.item
        workers = sum(n * (w[0] if mask == 1 else w[1]) for mask, n in band.bribe.workers)
        return workers + sum(n * w[5 + i] for i, n in enumerate(band.bribe.resources))

    def threat(self, slot: int) -> float:
        """What leaving this Barbarian on the Card Row costs in the rounds to come."""
        band = self.content.barbarians[self.game.row[slot] or ""]
        per_round = min(self.bribe_worth(band), self.destroy_cost(damage(self.game, slot)))
        return self.w.barbarian + per_round * min(self.w.threat_rounds, self.rounds_left)

    def crowd_value(self, bands: int) -> float:
        """Worth of one Card Row space more when ``bands`` Barbarians stand
        there after the next Refresh: beyond six the game is lost."""
        if bands >= 7:
            return self.w.crowd * 10
        return self.w.crowd * 2.0 ** (bands - 6)

    def crowd_risk(self, extra: int) -> float:
        """What ``extra`` more Barbarians on the Card Row cost."""
        return sum(self.crowd_value(self.pressure + k) for k in range(1, extra + 1))

    def crowd_relief(self) -> float:
        """Defeating one more Barbarian, judged by the crowd after the next Refresh."""
        return self.crowd_value(self.pressure)

    def keep_for_bribes(self, colour: int) -> bool:
        """Whether every Worker of this colour may be wanted for the bribes
        that ask for exactly this colour this Round."""
        g = self.game
        needed = 0
        for card in g.row:
            bribe = self.content.barbarians[card].bribe if card and card[0] == "b" else None
            if bribe is not None:
                needed += sum(n for mask, n in bribe.workers if mask == 1 << colour)
        return needed >= g.have[colour]


def spare_rounds(game: Game) -> float:
    """The heuristic bot's count of spare Rounds before the Flood catches the
    Canal (-5 to 10)."""
    position = _Position(game, _DEFAULT)
    return max(-5.0, min(10.0, position.slack(position.ready, position.cycle)))


class Needs:
    """A cost to aim for, prepared for :meth:`gap`: Worker requirements
    widened by the joined colours, the most constrained first."""

    __slots__ = ("_gaps", "demand", "reqs", "resources")

    def __init__(self, cost: Cost, groups: tuple[int, ...]) -> None:
        reqs = [(tuple(c for c in range(5) if mask >> c & 1), n) for mask, n in widen(cost.workers, groups)]
        reqs.sort(key=lambda r: len(r[0]))
        self.reqs = reqs
        self.resources = cost.resources
        self.demand = [sum(n for colours, n in reqs if c in colours) for c in range(5)]
        self._gaps: dict[tuple[int, ...], float] = {}

    @classmethod
    def of(cls, cost: Cost, groups: tuple[int, ...]) -> Needs:
        """The needs of ``cost`` with ``groups``, made once and kept."""
        key = (cost, groups)
        needs = _NEEDS.get(key)
        if needs is None:
            if len(_NEEDS) >= _KEPT:
                _NEEDS.clear()
            needs = _NEEDS[key] = cls(cost, groups)
        return needs

    def gap(self, have: Sequence[int]) -> float:
        """How far ``have`` is from paying: a point per missing Worker, half a
        point per missing Resource (worked out once per holding)."""
        key = tuple(have)
        missing = self._gaps.get(key)
        if missing is None:
            if len(self._gaps) >= _KEPT:
                self._gaps.clear()
            missing = self._gaps[key] = self._gap(key)
        return missing

    def _gap(self, have: Sequence[int]) -> float:
        """:meth:`gap`, worked out: each Worker is taken from the colour the
        later requirements want least."""
        left = list(have[:5])
        demand = list(self.demand)
        missing = 0.0
        for colours, n in self.reqs:
            for c in colours:
                demand[c] -= n
            if len(colours) == 1:
                c = colours[0]
                take = min(n, left[c])
                left[c] -= take
                missing += n - take
                continue
            for still in range(n, 0, -1):
                best = -1
                for c in colours:
                    if left[c] > 0 and (best < 0 or demand[c] - left[c] < demand[best] - left[best]):
                        best = c
                if best < 0:
                    missing += still
                    break
                left[best] -= 1
        for i, n in enumerate(self.resources):
            if n > have[5 + i]:
                missing += 0.5 * (n - have[5 + i])
        return missing


def _plus(have: Sequence[int], item: int) -> Have:
    out = list(have)
    out[item] += 1
    return out


def _builds(game: Game, action: Action, kinds: frozenset[BuildingKind]) -> bool:
    """Whether the action builds a building of one of ``kinds``."""
    return action.kind is Kind.BUILD and game.content.building(action.building or "").kind in kinds


def _exhausts(ctx: _Position, action: Action) -> bool:
    """Whether the action trades a card from hand away (the ``exhaust`` trade)."""
    return action.kind is Kind.TRADE and action.card is not None


_DEFAULT = Weights()
_NEEDS: dict[tuple[Cost, tuple[int, ...]], Needs] = {}
_HELD: dict[Weights, dict[tuple[int, ...], float]] = {}
_KEPT = 50_000
"""Most values a cache of the bot's keeps before it starts afresh."""

MAX_STEPS = 80
"""Actions in one Round after which the bot stops looking for more to do."""
_HAND_USES = (Kind.PLAY, Kind.DISCARD, Kind.TUCK, Kind.FEED)
_NONE: Payment = (0, 0, 0, 0, 0)
_NO_RES = (0, 0, 0, 0)

_SCORES: dict[Kind, Callable[[HeuristicBot, _Position, Action], float]] = {
    Kind.PLAY: HeuristicBot._score_play,
    Kind.DISCARD: HeuristicBot._score_discard,
    Kind.TUCK: HeuristicBot._score_tuck,
    Kind.CANAL: HeuristicBot._score_canal,
    Kind.ATTACK: HeuristicBot._score_attack,
    Kind.RECRUIT: HeuristicBot._score_recruit,
    Kind.DISMISS: HeuristicBot._score_dismiss,
    Kind.BUILD: HeuristicBot._score_build,
    Kind.HUT: HeuristicBot._score_hut,
    Kind.TRADE: HeuristicBot._score_trade,
    Kind.PICK: HeuristicBot._score_pick,
    Kind.BRIBE: HeuristicBot._score_bribe,
    Kind.CHOOSE: HeuristicBot._score_choose,
    Kind.FORTUNE: HeuristicBot._score_fortune,
    Kind.FEED: HeuristicBot._score_feed,
    Kind.LEVEE: HeuristicBot._score_levee,
    Kind.SUFFER: HeuristicBot._score_suffer,
}

__all__ = ["WINNING", "Bot", "HeuristicBot", "RandomBot", "Weights", "spare_rounds"]
