"""A series: games played in a row at one table, with each game's scores and the running total, and
what the game hands from one game to the next (its rules' ``carried`` data)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.rng import Rng


@dataclass
class Series:
    seed: int
    seats: int
    results: list[list[int]] = field(default_factory=list)
    """Each finished game's scores, by seat."""
    carried: dict[str, Any] = field(default_factory=dict)

    def game_seed(self, number: int) -> int:
        """The seed of game ``number`` (from 1): the series seed decides every deck."""
        rng = Rng(self.seed)
        for _ in range(number):
            value = rng.next64()
        return value % 2**31

    def redeal(self, seed: int) -> None:
        """Deal the games to come from ``seed`` (:mod:`engine.redeals`)."""
        self.seed = seed

    @property
    def next_number(self) -> int:
        return len(self.results) + 1

    def record(self, scores: list[int]) -> None:
        if len(scores) != self.seats:
            raise ValueError(f"a result has {self.seats} scores, not {len(scores)}")
        self.results.append(list(scores))

    def totals(self) -> list[int]:
        return [sum(game[seat] for game in self.results) for seat in range(self.seats)]

    def leaders(self) -> list[int]:
        totals = self.totals()
        return [s for s, t in enumerate(totals) if self.results and t == max(totals)]

    def to_dict(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "seats": self.seats,
            "results": [list(r) for r in self.results],
            "carried": self.carried,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Series:
        return cls(data["seed"], data["seats"], [list(r) for r in data["results"]], data["carried"])
