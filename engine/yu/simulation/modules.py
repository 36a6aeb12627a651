"""``modules``: what each rule module and the Huts change, measured on base games.

    from engine.yu.simulation.modules import measure
    report = measure(games=300, bot="heuristic", seed=1)

Each module is played on the same seeds with its rule card on and off, with
the Story cards the campaign finds beside it (a Skill card, Fortuity cards,
the war leaders' bands), dealt in turn: game ``i`` takes the ``i``-th find in
:data:`TRIALS`. The Huts are measured by the same bot allowed and forbidden
to build them. :func:`used` says, in one place, when a game used a module.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from engine.yu.bots.roster import make_bot
from engine.yu.content.loader import BuildingKind, Content, base
from engine.yu.rules.events import Event
from engine.yu.rules.game import Game, new_game
from engine.yu.rules.setup import Setup
from engine.yu.simulation.simulate import MAX_ACTIONS, bot_seed, game_seed

MODULES = ("skills", "fortuity", "levee", "fortress", "food", "warlords")

FINDS: dict[str, tuple[tuple[int, ...], ...]] = {
    "skills": ((7,), (8,), (9,), (10,), (11,), (12,), (13,)),
    "fortuity": ((14,), (15,), (16,), (17,)),
    "levee": ((),),
    "fortress": ((),),
    "food": ((),),
    "warlords": ((32,), (33, 34), (35,), (37,)),
}
"""For each module, the grey stones the story finds with its rule card, one
set per game in turn (the Skill, Fortuity and war-leader cards it needs)."""

HUTS = frozenset({BuildingKind.HUT})


def used(module: str, game: Game, events: Sequence[Event]) -> bool:
    """Whether a game played with ``module`` on used it: a Skill card paid out,
    a Fortuity card was played, the levee raised, the Fortress built, the
    settlement fed, a war leader defeated or driving a band on. ``hut``: a Hut built."""
    kinds = {e.kind for e in events}
    content = game.content
    if module == "skills":
        return any(content.ongoing[c].kind == "skill" for c in game.ongoing)
    if module == "fortuity":
        return "fortune" in kinds
    if module == "levee":
        return "levee" in kinds
    if module == "fortress":
        return "fortress" in game.sites
    if module == "food":
        return "feed" in kinds
    if module == "warlords":
        barbarians = content.barbarians
        return "warlord" in kinds or any(
            e.kind == "defeat" and isinstance(e.data, str) and barbarians[e.data].leader for e in events
        )
    if module == "hut":
        return game.huts_built > 0
    raise ValueError(f"unknown module {module!r}")


def setup_for(content: Content, module: str, i: int, on: bool) -> Setup:
    """Game ``i``'s setup: the base game, the cards found with ``module``, and
    (``on``) its rule card. Off, the Skill and Fortuity cards are left out:
    without their rules they do nothing."""
    stones = set(FINDS[module][i % len(FINDS[module])])
    if on:
        stones |= {c.stone for c in content.ongoing.values() if c.kind == "rule" and c.module == module}
    found = [c for c in content.story_deck if content.stone(c) in stones]
    s = Setup.base(content)
    kinds = {c: content.ongoing[c].kind for c in found if c in content.ongoing and on}
    return replace(
        s,
        townsfolk=s.townsfolk + tuple(c for c in found if c in content.townsfolk),
        barbarians=s.barbarians + tuple(c for c in found if c in content.barbarians),
        canals=s.canals + tuple(c for c in found if c in content.canals),
        huts=s.huts + tuple(c for c in found if c in content.huts),
        ongoing=tuple(c for c, k in kinds.items() if k != "fortuity"),
        fortunes=tuple(c for c, k in kinds.items() if k == "fortuity"),
        modules=(module,) if on else (),
    )


def play(
    setup: Setup, bot: str, seed: int, bot_seed: int, content: Content, never_build: frozenset[BuildingKind]
) -> tuple[Game, list[Event]]:
    """Play one game to its end; returns it and everything that happened."""
    return play_out(new_game(seed, content, setup), bot, bot_seed, never_build)


def play_out(
    game: Game, bot: str, bot_seed: int, never_build: frozenset[BuildingKind] = frozenset()
) -> tuple[Game, list[Event]]:
    """Play ``game`` on to its end; returns it and everything that happened."""
    player = make_bot(bot, bot_seed, never_build)
    events = list(game.events)
    for _ in range(MAX_ACTIONS):
        if game.over:
            return game, events
        events += game.apply(player.choose(game))
    raise RuntimeError(f"game {game.seed} with the {bot} bot did not end in {MAX_ACTIONS} actions")


IN_PLAY = ("levee", "fortress")
"""The modules whose rule acts only once play has begun: a game as dealt can
be played again with the rule turned on or off."""


def with_rule(dealt: Game, module: str, on: bool) -> Game:
    """A copy of a game as dealt, with ``module``'s rule turned on or off."""
    if module not in IN_PLAY:
        raise ValueError(f"{module!r} acts when a game is dealt; choose from {', '.join(IN_PLAY)}")
    game = dealt.copy()
    game.modules = sorted({*game.modules, module} if on else set(game.modules) - {module})
    game.changed()
    return game


def pair_dealt(
    dealt: Sequence[Game], modules: Sequence[str], bot: str, seed: int, pairs: dict[str, Pair]
) -> None:
    """Play each game as dealt with each module's rule on and off (the same
    bot seed, ``bot_seed(seed, k)`` for the ``k``-th game), adding to ``pairs``."""
    for k, game in enumerate(dealt):
        if not game.over:
            _pair_one(game, modules, bot, bot_seed(seed, k), pairs)


def _pair_one(game: Game, modules: Sequence[str], bot: str, seed: int, pairs: dict[str, Pair]) -> None:
    """One game as dealt, played with each module on and off; the same rules are played once."""
    played: dict[tuple[str, ...], tuple[Game, list[Event]]] = {}
    for module in modules:
        results = []
        for trial in (with_rule(game, module, True), with_rule(game, module, False)):
            key = tuple(trial.modules)
            if key not in played:
                played[key] = play_out(trial, bot, seed)
            results.append(played[key])
        (on, on_events), (off, _) = results
        pairs.setdefault(module, Pair()).add(module, on, on_events, off)


@dataclass
class Pair:
    """Win counts with and without a module (or the Huts), and the games that used it."""

    on: int = 0
    off: int = 0
    used: int = 0
    games: int = 0

    def add(self, module: str, on: Game, on_events: Sequence[Event], off: Game) -> None:
        """Count one game played with ``module`` on and off."""
        self.games += 1
        self.on += on.won
        self.off += off.won
        self.used += used(module, on, on_events)

    def to_dict(self, on: str = "on", off: str = "off") -> dict[str, object]:
        n = max(self.games, 1)
        return {
            on: round(self.on / n, 4),
            off: round(self.off / n, 4),
            "difference": round((self.on - self.off) / n, 4),
            "used": round(self.used / n, 4),
        }


@dataclass
class ModuleReport:
    bot: str
    seed: int
    games: int
    modules: dict[str, Pair] = field(default_factory=lambda: {m: Pair() for m in MODULES})
    huts: Pair = field(default_factory=Pair)
    seconds: float = 0.0

    def to_dict(self) -> dict[str, object]:
        return {
            "bot": self.bot,
            "seed": self.seed,
            "games": self.games,
            "modules": {m: p.to_dict() for m, p in self.modules.items()},
            "huts": self.huts.to_dict("allowed", "banned"),
            "seconds": round(self.seconds, 1),
        }

    def table(self) -> str:
        rows = [("", "on", "off", "difference", "used")]
        for m, p in [*self.modules.items(), ("huts (allowed/banned)", self.huts)]:
            n = max(p.games, 1)
            rows.append(
                (
                    m,
                    f"{100 * p.on / n:.1f}%",
                    f"{100 * p.off / n:.1f}%",
                    f"{100 * (p.on - p.off) / n:+.1f}",
                    f"{100 * p.used / n:.0f}%",
                )
            )
        widths = [max(len(r[k]) for r in rows) for k in range(5)]
        lines = [f"{self.bot} bot, {self.games} games per row (seed {self.seed}), {self.seconds:.0f} s"]
        lines += ["  ".join(cell.ljust(w) for cell, w in zip(r, widths, strict=True)).rstrip() for r in rows]
        return "\n".join(lines)


def measure(
    games: int,
    bot: str = "heuristic",
    seed: int = 1,
    content: Content | None = None,
    modules: Sequence[str] = MODULES,
    progress: Callable[[str, int], None] | None = None,
) -> ModuleReport:
    """Play ``games`` games per module on and off, and with the Huts allowed
    and banned; games with the same setup and seed are played once."""
    content = content or base()
    report = ModuleReport(bot, seed, games)
    report.modules = {m: Pair() for m in modules}
    start = time.perf_counter()
    plain = Setup.base(content)
    base_games: dict[int, tuple[Game, list[Event]]] = {}

    def result(
        setup: Setup, i: int, never: frozenset[BuildingKind] = frozenset()
    ) -> tuple[Game, list[Event]]:
        """Game ``i`` played on ``setup``; the base game is played once and kept."""
        if setup != plain or never:
            return play(setup, bot, game_seed(seed, i), bot_seed(seed, i), content, never)
        if i not in base_games:
            base_games[i] = play(setup, bot, game_seed(seed, i), bot_seed(seed, i), content, never)
        return base_games[i]

    for name, pair in [*report.modules.items(), ("hut", report.huts)]:
        for i in range(games):
            if name == "hut":
                on, on_events = result(plain, i)
                off, _ = result(plain, i, HUTS)
            else:
                on, on_events = result(setup_for(content, name, i, True), i)
                off, _ = result(setup_for(content, name, i, False), i)
            pair.add(name, on, on_events, off)
        if progress:
            progress(name, games)
    report.seconds = time.perf_counter() - start
    return report
