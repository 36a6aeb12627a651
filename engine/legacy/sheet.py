"""One player's legacy: an opus, a garden and an empire, and what it scores."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from engine.legacy import empire, garden, opus
from engine.legacy.actions import Action, Element
from engine.text import Msg


class Score(NamedTuple):
    opus: int
    garden: int
    empire: int

    @property
    def total(self) -> int:
        return self.opus + self.garden + self.empire


@dataclass
class Sheet:
    opus: list[int] = field(default_factory=list)
    garden: dict[int, int | None] = field(default_factory=dict)
    empire: dict[empire.Square, int] = field(default_factory=dict)

    def refusal(self, number: int, action: Action) -> Msg | None:
        """Why ``number`` cannot be placed as ``action`` says; ``None`` if it can."""
        if action.element is Element.GARDEN:
            return garden.refusal(self.garden, number, action.above)
        if action.element is Element.EMPIRE:
            assert action.square is not None
            return empire.refusal(self.empire, number, action.square)
        return None

    def placements(self, number: int) -> list[Action]:
        """Every legal place for ``number``: the same checks :meth:`refusal` makes."""
        candidates = [
            Action(Element.OPUS),
            *(Action(Element.GARDEN, above=a) for a in garden.spots(self.garden)),
            *(Action(Element.EMPIRE, square=s) for s in empire.spots(self.empire)),
        ]
        return [a for a in candidates if self.refusal(number, a) is None]

    def place(self, number: int, action: Action) -> None:
        """Write ``number`` in; the caller has checked :meth:`refusal`."""
        if action.element is Element.OPUS:
            self.opus.append(number)
        elif action.element is Element.GARDEN:
            self.garden[number] = action.above
        else:
            assert action.square is not None
            self.empire[action.square] = number

    def score(self) -> Score:
        return Score(opus.score(self.opus), garden.score(self.garden), empire.score(self.empire))

    def numbers(self) -> list[int]:
        return [*self.opus, *self.garden, *self.empire.values()]

    def to_dict(self) -> dict[str, Any]:
        return {
            "opus": list(self.opus),
            "garden": [[n, above] for n, above in self.garden.items()],
            "empire": [[row, col, n] for (row, col), n in self.empire.items()],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Sheet:
        return cls(
            list(data["opus"]),
            {n: above for n, above in data["garden"]},
            {(row, col): n for row, col, n in data["empire"]},
        )
