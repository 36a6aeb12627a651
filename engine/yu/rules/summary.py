"""What a finished game comes to: how far the player got, and what ended it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.text import Msg
from engine.yu.content.loader import BuildingKind
from engine.yu.rules.state import Outcome, State, cause_of

SECTIONS = 6
"""Canal sections on the river: all of them built wins the game."""


@dataclass(frozen=True, slots=True)
class GameSummary:
    """A finished game, as the player sees it between games."""

    outcome: Outcome
    cause: Msg
    """What ended the game, in words: the exact cause of a loss, or the win."""
    rounds: int
    """Rounds played, the last one included even if it ended early."""
    canals: int
    """Canal sections built, of :data:`SECTIONS`."""
    defeated: int
    """Barbarians defeated."""
    tucked: int
    """Townsfolk cards tucked."""
    huts: int
    buildings: int
    """The other buildings: Farms, Outposts and the Fortress."""
    pressure: tuple[tuple[int, int], ...] = ()
    """(Flood margin, Barbarians in the Card Row) as each Round ended and as the
    game ended (see ``State.pressure``)."""
    sections: int = SECTIONS

    @property
    def closest_flood(self) -> int:
        """The least Flood margin of the game: 0, its next move would have lost;
        below 0, it reached an unbuilt section."""
        return min((margin for margin, _bands in self.pressure), default=self.sections)

    @property
    def most_barbarians(self) -> int:
        """The most Barbarians the Card Row held at the end of a Round."""
        return max((bands for _margin, bands in self.pressure), default=0)

    @property
    def won(self) -> bool:
        return self.outcome is Outcome.WON

    def to_json(self) -> dict[str, Any]:
        return {
            "outcome": self.outcome.value,
            "cause": self.cause.to_json(),
            "rounds": self.rounds,
            "canals": self.canals,
            "defeated": self.defeated,
            "tucked": self.tucked,
            "huts": self.huts,
            "buildings": self.buildings,
            "pressure": [list(p) for p in self.pressure],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameSummary:
        pressure = tuple((margin, bands) for margin, bands in data.get("pressure", ()))
        return cls(
            **{
                **data,
                "outcome": Outcome(data["outcome"]),
                "cause": cause_of(data["cause"]),
                "pressure": pressure,
            }
        )


def summarize(g: State) -> GameSummary:
    """The summary of a game that is over."""
    assert g.outcome is not None, "the game is not over"
    kinds = [g.content.building(site).kind for site in g.sites if site]
    return GameSummary(
        outcome=g.outcome,
        cause=g.cause,
        rounds=g.round,
        canals=g.built,
        defeated=g.defeated,
        tucked=len(g.tucked),
        huts=kinds.count(BuildingKind.HUT),
        buildings=sum(k is not BuildingKind.HUT for k in kinds),
        pressure=tuple(g.pressure),
    )
