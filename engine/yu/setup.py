"""What a game is set up from: the cards in play and the campaign's changes.

The base game uses :meth:`Setup.base`; the campaign builds one from its own
state before each game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.yu.content import Content
from engine.yu.items import Step


@dataclass(frozen=True)
class Setup:
    townsfolk: tuple[str, ...]
    barbarians: tuple[str, ...]
    canals: tuple[str, ...]
    huts: tuple[str, ...]
    ongoing: tuple[str, ...] = ()
    """Rule and Skill cards beside the board."""
    fortunes: tuple[str, ...] = ()
    """Fortuity cards the player holds."""
    modules: tuple[str, ...] = ()
    row_costs: tuple[int, ...] | None = None
    barbarians_extra: int = 0
    ready_pile: int | None = None
    harvest: tuple[Step, ...] = ()
    """Added to the printed Harvest."""
    start: tuple[Step, ...] = ()
    """Resolved once, before the first Harvest."""
    campaign: dict[str, Any] | None = field(default=None)
    """Facts about the campaign for conditions (game, wins, losses, read,
    found); None for a game outside a campaign, where entries are not read."""

    @classmethod
    def base(cls, content: Content) -> Setup:
        """The base game: the starting cards (grey stone 0) and nothing else."""
        return cls(
            townsfolk=tuple(content.starting(content.townsfolk)),
            barbarians=tuple(content.starting(content.barbarians)),
            canals=tuple(content.starting(content.canals)),
            huts=tuple(content.starting(content.huts)),
        )
