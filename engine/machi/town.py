"""A mayor's town: establishments (copies counted), landmarks built, a flag on the community landmark."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.machi.cards import Power, catalogue


@dataclass
class Town:
    establishments: dict[str, int] = field(default_factory=dict)
    built: list[str] = field(default_factory=list)
    """Landmarks built, in the order they were."""
    flag: bool = False
    """Contributed to this game's community landmark."""

    def add(self, key: str, copies: int = 1) -> None:
        self.establishments[key] = self.establishments.get(key, 0) + copies

    def tagged(self, tag: str) -> int:
        """The establishments with ``tag``, each copy counted."""
        cards = catalogue().establishments
        return sum(n for key, n in self.establishments.items() if cards[key].tag == tag)

    def has(self, power: Power) -> bool:
        """Whether a built landmark gives ``power``."""
        return any(catalogue().landmarks[key].power is power for key in self.built)

    def to_dict(self) -> dict[str, Any]:
        return {
            "establishments": dict(sorted(self.establishments.items())),
            "built": list(self.built),
            "flag": self.flag,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Town:
        return cls(dict(data["establishments"]), list(data["built"]), bool(data["flag"]))
