"""The careful chooser: at every story choice it takes the easier option.

An option's ease is the worth of its steps for the campaign as it stands
(:func:`worth`), in rough Worker-sized units: what it gives, minus what it
costs, plus the worth of each card it finds (help is worth more than zero,
a threat less; a Canal card against the starting ones of its Jade group)
and of each lasting change. An entry it reads counts with
its own effects, a later choice with its best option, a condition with the
side the campaign's facts take now. Cards already found or gone into History
count for nothing, so the same option may weigh differently in two campaigns.
Ties go to the first option.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.yu.content.loader import Barbarian, CanalCard, Card, Content, HutCard, Ongoing, Townsfolk
from engine.yu.content.steps import (
    AddHarvest,
    AddStart,
    Choice,
    Counted,
    Destroy,
    Draw,
    DrawTownsfolk,
    Find,
    Flood,
    Gain,
    If,
    Module,
    MoreBarbarians,
    Pay,
    Pick,
    Read,
    ReadyPile,
    Retire,
    RevealBarbarian,
    RowCost,
    Step,
    Steps,
)
from engine.yu.rules.interpreter import Facts

MODULES = {"food": -8.0, "warlords": -5.0, "skills": 2.0, "fortuity": 2.0, "levee": -3.0, "fortress": 2.0}
"""What a rule module is worth while it is on."""
COUNTED = {Draw: 1.0, DrawTownsfolk: 1.0, Destroy: -1.0, Flood: -3.0, RevealBarbarian: -3.0}
"""What one of each counted effect is worth."""
PICK = 1.25
"""An item of the player's choosing."""
LEADER = 4.0
"""What a rival leader costs beyond its Damage and its Worker cost."""
PER_GAME = {"harvest": 3.0, "start": 1.5}
"""How many times an item added to every Harvest, or to every start, counts."""
ROW_COST, BARBARIANS, READY_PILE = -2.0, -8.0, 3.0
"""One more Cowrie on a Card Row space; one more Barbarian each Refresh; one more card in the Ready Pile."""


class Careful:
    """Weighs options against one campaign's zones and facts."""

    def __init__(self, content: Content, story: list[str], zones: dict[str, list[str]], facts: Facts) -> None:
        self.content = content
        self.story = set(story)
        """Story cards not found yet."""
        self.in_play = {card for zone, cards in zones.items() if zone != "history" for card in cards}
        self.facts = facts
        self.reading: set[int] = set()

    def choose(self, choice: Choice) -> int:
        """The easier option, numbered from 1."""
        worths = [self.worth(option.steps) for option in choice.options]
        return worths.index(max(worths)) + 1

    def worth(self, steps: Steps) -> float:
        return sum(self._step(step) for step in steps)

    def _step(self, step: Step) -> float:
        kind = type(step)
        if kind in COUNTED:
            assert isinstance(step, Counted)
            return COUNTED[kind] * step.count
        handler: Callable[[Careful, Step], float] | None = _HANDLERS.get(kind)  # type: ignore[assignment]
        return handler(self, step) if handler is not None else 0.0

    def _gain(self, step: Gain | Pay | Pick) -> float:
        if isinstance(step, Pay):
            return -1.0 * step.count
        return (PICK if isinstance(step, Pick) else 1.0) * step.count

    def _read(self, step: Read) -> float:
        if step.entry in self.reading or step.entry not in self.content.entries:
            return 0.0
        self.reading.add(step.entry)
        try:
            return self.worth(self.content.entries[step.entry].effects)
        finally:
            self.reading.discard(step.entry)

    def _choice(self, step: Choice) -> float:
        return max(self.worth(option.steps) for option in step.options)

    def _if(self, step: If) -> float:
        return self.worth(step.then if self.facts.holds(step.condition) else step.otherwise)

    def _find(self, step: Find) -> float:
        content = self.content
        return sum(self.card(content.cards[c]) for c in self.story if content.stone(c) in step.stones)

    def _retire(self, step: Retire) -> float:
        return -sum(self.card(self.content.cards[c]) for c in step.cards if c in self.in_play)

    def card(self, card: Card) -> float:
        """What a card in the campaign is worth to the player."""
        if isinstance(card, Townsfolk):
            return (self.worth(card.play) + self.worth(card.discard) + self.worth(card.tuck)) / 3 - 0.5
        if isinstance(card, Barbarian):
            cost = card.defeat.worker_count + sum(card.defeat.resources)
            return self.worth(card.reward) - cost - card.damage - (LEADER if card.leader else 0.0)
        if isinstance(card, CanalCard):
            effects, cost = self._canal(card)
            same = [
                self._canal(c) for c in self.content.canals.values() if c.jade == card.jade and not c.stone
            ]
            return effects - cost - (sum(e - c for e, c in same) / len(same) if same else 0.0)
        if isinstance(card, HutCard):
            return self.worth(card.effects)
        assert isinstance(card, Ongoing)
        if card.module:
            return MODULES.get(card.module, 0.0)
        if card.kind == "skill":
            return card.games * (self.worth(card.harvest) * PER_GAME["harvest"] + self.worth(card.start))
        return self.worth(card.effects)

    def _canal(self, card: CanalCard) -> tuple[float, int]:
        return self.worth(card.effects), card.cost.worker_count + sum(card.cost.resources)

    def _module(self, step: Module) -> float:
        return 0.0 if step.name in self.facts.modules else MODULES.get(step.name, 0.0)

    def _adjust(self, step: RowCost | MoreBarbarians | ReadyPile) -> float:
        if isinstance(step, RowCost):
            return ROW_COST * step.by
        if isinstance(step, MoreBarbarians):
            return BARBARIANS * step.by
        return READY_PILE * step.by

    def _add(self, step: AddHarvest | AddStart) -> float:
        times = PER_GAME["harvest" if isinstance(step, AddHarvest) else "start"]
        return times * self.worth(step.steps)


_HANDLERS = {
    Gain: Careful._gain,
    Pay: Careful._gain,
    Pick: Careful._gain,
    Read: Careful._read,
    Choice: Careful._choice,
    If: Careful._if,
    Find: Careful._find,
    Retire: Careful._retire,
    Module: Careful._module,
    RowCost: Careful._adjust,
    MoreBarbarians: Careful._adjust,
    ReadyPile: Careful._adjust,
    AddHarvest: Careful._add,
    AddStart: Careful._add,
}
