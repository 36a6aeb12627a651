"""Play many games with a bot and count how they end.

    from engine.yu.simulation.simulate import simulate
    report = simulate(games=1000, bot="heuristic", seed=1)

Game ``i`` of a run with seed ``S`` is set up with seed ``game_seed(S, i)``
and its bot is seeded with ``bot_seed(S, i)``, so a run replays exactly.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from engine.rng import Rng
from engine.yu.bots.roster import make_bot
from engine.yu.content.loader import Content, base
from engine.yu.rules.game import Game, new_game
from engine.yu.rules.state import LOSSES, Outcome

MAX_ACTIONS = 20_000
"""A game that runs longer than this is a bot bug; the run stops with an error."""


def game_seed(seed: int, i: int) -> int:
    """The setup seed of game ``i`` in a run seeded ``seed``."""
    return Rng(seed * 1_000_003 + 2 * i).next64() >> 1


def bot_seed(seed: int, i: int) -> int:
    """The bot's seed for game ``i`` in a run seeded ``seed``."""
    return Rng(seed * 1_000_003 + 2 * i + 1).next64() >> 1


@dataclass
class GameResult:
    index: int
    seed: int
    outcome: Outcome
    rounds: int
    built: int
    actions: int


def play_one(
    bot_name: str, seed: int, bot_seed: int, content: Content | None = None, clock: Clock | None = None
) -> tuple[Game, int]:
    """Play one game to its end; returns the final game and the number of
    actions. ``clock`` times the bot's choices."""
    game = new_game(seed, content)
    bot = make_bot(bot_name, bot_seed)
    actions = 0
    while not game.over:
        start = time.perf_counter()
        action = bot.choose(game)
        if clock is not None:
            clock.add(time.perf_counter() - start)
        game.apply(action)
        actions += 1
        if actions > MAX_ACTIONS:
            raise RuntimeError(f"game {seed} with the {bot_name} bot did not end in {MAX_ACTIONS} actions")
    return game, actions


@dataclass
class Clock:
    """How long the bot took over its choices."""

    choices: int = 0
    seconds: float = 0.0
    longest: float = 0.0

    def add(self, seconds: float) -> None:
        self.choices += 1
        self.seconds += seconds
        self.longest = max(self.longest, seconds)

    @property
    def mean(self) -> float:
        return self.seconds / self.choices if self.choices else 0.0


@dataclass
class Report:
    bot: str
    seed: int
    games: int = 0
    wins: int = 0
    loss_reasons: dict[Outcome, int] = field(default_factory=lambda: dict.fromkeys(LOSSES, 0))
    rounds: int = 0
    won_rounds: int = 0
    built: list[int] = field(default_factory=lambda: [0] * 7)
    actions: int = 0
    seconds: float = 0.0
    clock: Clock = field(default_factory=Clock)
    results: list[GameResult] = field(default_factory=list)

    def add(self, result: GameResult) -> None:
        self.games += 1
        self.rounds += result.rounds
        self.actions += result.actions
        self.built[result.built] += 1
        if result.outcome is Outcome.WON:
            self.wins += 1
            self.won_rounds += result.rounds
        else:
            self.loss_reasons[result.outcome] += 1
        self.results.append(result)

    def to_json(self) -> dict[str, object]:
        seconds = self.seconds or 1e-9
        return {
            "bot": self.bot,
            "seed": self.seed,
            "games": self.games,
            "wins": self.wins,
            "win_rate": round(self.wins / self.games, 4) if self.games else 0.0,
            "loss_reasons": {reason.value: n for reason, n in self.loss_reasons.items()},
            "mean_rounds": round(self.rounds / self.games, 2) if self.games else 0.0,
            "mean_rounds_won": round(self.won_rounds / self.wins, 2) if self.wins else None,
            "canals_built": {str(n): k for n, k in enumerate(self.built)},
            "actions": self.actions,
            "seconds": round(self.seconds, 3),
            "actions_per_second": round(self.actions / seconds, 1),
            "games_per_second": round(self.games / seconds, 2),
            "choice_ms": {
                "mean": round(1000 * self.clock.mean, 2),
                "max": round(1000 * self.clock.longest, 1),
            },
        }

    def table(self) -> str:
        games = max(self.games, 1)
        seconds = self.seconds or 1e-9
        rows = [
            ("bot", f"{self.bot} (seed {self.seed})"),
            ("games", str(self.games)),
            ("wins", f"{self.wins} ({100 * self.wins / games:.1f}%)"),
            *(
                (f"lost: {reason}", f"{n} ({100 * n / games:.1f}%)")
                for reason, n in self.loss_reasons.items()
            ),
            ("mean rounds", f"{round(self.rounds / games, 2)}"),
            ("mean rounds (won)", str(round(self.won_rounds / self.wins, 2) if self.wins else "-")),
            ("canals built", " ".join(f"{n}:{k}" for n, k in enumerate(self.built))),
            ("actions", str(self.actions)),
            ("actions / second", f"{self.actions / seconds:.0f}"),
            ("games / second", f"{self.games / seconds:.1f}"),
            ("ms / choice", f"mean {1000 * self.clock.mean:.2f}  max {1000 * self.clock.longest:.1f}"),
        ]
        width = max(len(name) for name, _ in rows)
        return "\n".join(f"{name:<{width}}  {value}" for name, value in rows)


def simulate(
    games: int,
    bot: str = "heuristic",
    seed: int = 1,
    content: Content | None = None,
    progress: Callable[[int], None] | None = None,
) -> Report:
    """Play ``games`` games with the named bot; the timing covers the whole
    loop (the bot's choice, listing legal actions, applying them)."""
    content = content or base()
    make_bot(bot, 0)  # fail early on an unknown name
    report = Report(bot=bot, seed=seed)
    start = time.perf_counter()
    for i in range(games):
        gs = game_seed(seed, i)
        game, actions = play_one(bot, gs, bot_seed(seed, i), content, report.clock)
        assert game.outcome is not None
        report.add(GameResult(i, gs, game.outcome, game.round, game.built, actions))
        if progress:
            progress(i + 1)
    report.seconds = time.perf_counter() - start
    return report
