"""What a game is set up from: the cards in play and the campaign's changes.

The base game uses :meth:`Setup.base`; the campaign builds one from its own
state before each game.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.yu.content.loader import Content
from engine.yu.content.steps import Steps
from engine.yu.rules.interpreter import Facts


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
    harvest: Steps = ()
    """Added to the printed Harvest."""
    start: Steps = ()
    """Resolved once, before the first Harvest."""
    campaign: Facts | None = None
    """Facts about the campaign for conditions; None for a game outside a
    campaign, where entries are not read."""

    @classmethod
    def base(cls, content: Content) -> Setup:
        """The base game: the starting cards (grey stone 0) and nothing else."""
        return cls(
            townsfolk=tuple(content.starting(content.townsfolk)),
            barbarians=tuple(content.starting(content.barbarians)),
            canals=tuple(content.starting(content.canals)),
            huts=tuple(content.starting(content.huts)),
        )
