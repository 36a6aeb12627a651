"""A mayor's town: its name, establishments (copies counted), landmarks built, a flag on the community
landmark."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from engine.machi.cards import Power, catalogue


@dataclass
class Town:
    establishments: dict[str, int] = field(default_factory=dict)
    built: list[str] = field(default_factory=list)
    """Landmarks built, in the order they were."""
    flag: bool = False
    """Contributed to this game's community landmark."""
    name: str = ""
    """What its mayor named it ("": not named)."""

    def add(self, key: str, copies: int = 1) -> None:
        """Add ``copies`` of an establishment (or take them away, when negative)."""
        held = self.establishments.get(key, 0) + copies
        if held:
            self.establishments[key] = held
        else:
            self.establishments.pop(key, None)

    def tagged(self, tag: str) -> int:
        """The establishments with ``tag``, each copy counted."""
        cards = catalogue().establishments
        return sum(n for key, n in self.establishments.items() if cards[key].tag == tag)

    def has(self, power: Power, before: int | None = None) -> bool:
        """Whether a built landmark gives ``power`` (of the first ``before`` built, when given)."""
        return power in _powers(tuple(self.built[:before]))

    def bonus(self, tag: str) -> int:
        """The coins each of the town's ``tag`` establishments gives more, from built landmarks."""
        return _bonuses(tuple(self.built)).get(tag, 0)

    def to_dict(self) -> dict[str, Any]:
        return {
            "establishments": dict(sorted(self.establishments.items())),
            "built": list(self.built),
            "flag": self.flag,
            "name": self.name,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Town:
        return cls(dict(data["establishments"]), list(data["built"]), bool(data["flag"]), str(data["name"]))


@cache
def _powers(built: tuple[str, ...]) -> frozenset[Power]:
    """The powers the landmarks ``built`` give (asked again and again by the bots' models)."""
    landmarks = catalogue().landmarks
    return frozenset(landmarks[key].power for key in built)


@cache
def _bonuses(built: tuple[str, ...]) -> dict[str | None, int]:
    """By tag, the coins each establishment of it gives more, from the landmarks ``built``."""
    landmarks = catalogue().landmarks
    tags = [landmarks[key].tag for key in built if landmarks[key].power is Power.TAG_BONUS]
    return {tag: tags.count(tag) for tag in tags}
