"""What one mayor, or a watcher, may see of a game: everything on the table, and of the town
square choices only who has chosen, until every mayor has and they are revealed together.
The dice to come (the generator's state) are in no view."""

from __future__ import annotations

from dataclasses import dataclass

from engine.machi.cards import catalogue
from engine.machi.game import Game, Phase


@dataclass(frozen=True)
class TownView:
    seat: int
    name: str
    """The town's name ("": not named)."""
    coins: int
    establishments: tuple[tuple[str, int], ...]
    """Each establishment held and its copies, in activation order."""
    built: tuple[str, ...]
    flag: bool
    chose: bool
    """Has chosen their town square cards (while mayors choose)."""
    choice: tuple[str, ...] | None
    """The cards chosen: for the mayor's own view only until the reveal, then for all."""


@dataclass(frozen=True)
class View:
    seat: int | None
    phase: Phase
    turn: int
    first: int
    opening: tuple[tuple[int | None, ...], ...]
    dice: tuple[int, ...]
    towns: tuple[TownView, ...]
    bank: int
    supply: tuple[tuple[str, int], ...]
    landmarks: tuple[str, ...]
    community: str
    town_square: tuple[str, ...]
    picks: int
    winner: int | None
    turns: int
    naming: bool
    """The mayors may still name their towns."""

    @property
    def flags(self) -> int:
        """How many mayors have contributed to the community landmark."""
        return sum(t.flag for t in self.towns)


def view(game: Game, seat: int | None = None) -> View:
    if seat is not None and seat not in range(game.seats):
        raise ValueError(f"there is no seat {seat + 1}")
    order = {key: card.numbers for key, card in catalogue().establishments.items()}
    choosing = game.phase is Phase.CHOOSE
    towns = tuple(
        TownView(
            s,
            town.name,
            game.coins[s],
            tuple(sorted(town.establishments.items(), key=lambda item: (order[item[0]], item[0]))),
            tuple(town.built),
            town.flag,
            choosing and game.chosen[s] is not None,
            game.chosen[s] if s == seat or not choosing else None,
        )
        for s, town in enumerate(game.towns)
    )
    setup = game.setup
    return View(
        seat,
        game.phase,
        game.turn,
        game.first,
        tuple(tuple(r) for r in game.opening),
        game.dice,
        towns,
        game.bank,
        tuple(sorted(game.supply.items(), key=lambda item: (order[item[0]], item[0]))),
        setup.landmarks,
        setup.community,
        setup.town_square,
        setup.picks,
        game.winner,
        game.turns,
        game.naming,
    )
