"""The strong bot, and the hint it gives a player.

The strong bot is the heuristic bot with a look ahead (determinized Monte
Carlo). Where the heuristic bot's choice is not clear, it takes the heuristic
bot's few best-scored moves (one per target, with the heuristic bot's way of
paying) and plays each on the same few copies of the game, whose face-down
cards are dealt anew (:func:`engine.yu.rules.hidden.redeal`), to the end with the
heuristic bot: the move that wins most often is played, the heuristic bot's
own choice on a tie. The budget is counted in games played ahead, never in
time, so a seed replays exactly.

:func:`hint` runs the same search for a player, seeded only from what the
player can see (:func:`engine.yu.rules.hidden.visible_seed`); :func:`no_hint` says
why there is nothing to weigh, :func:`hopeless` what loses a game whose best
move rarely wins.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.rng import Rng
from engine.text import Msg, _
from engine.yu.bots.bots import WINNING, HeuristicBot
from engine.yu.bots.value import model
from engine.yu.content.loader import BuildingKind
from engine.yu.rules.actions import Action, Kind
from engine.yu.rules.game import Game
from engine.yu.rules.hidden import redeal, seed_of, visible_seed
from engine.yu.rules.state import Outcome
from engine.yu.rules.threats import lost_because

ROLLOUT_LIMIT = 5_000
"""Most actions a game played ahead may take (the heuristic bot ends games far sooner)."""
MIN_TRIALS = 2
"""Fewest copies a move is played out on, however long the games."""


WEIGHTY = frozenset(
    {Kind.END, Kind.ATTACK, Kind.BRIBE, Kind.SUFFER, Kind.CHOOSE, Kind.BUILD, Kind.CANAL, Kind.LEVEE}
    | {Kind.FEED, Kind.FORTUNE, Kind.RECRUIT, Kind.DISMISS}
)
"""Moves whose choice weighs on the game (a pick, a trade, playing a card rarely do)."""


@dataclass(frozen=True)
class Budget:
    """How hard the strong bot looks."""

    moves: int = 3
    """Moves tried at a decision: the heuristic bot's best-scored targets."""
    trials: int = 10
    """Copies of the game each move is played out on."""
    clear: float = 0.5
    """A difference in the heuristic bot's score that makes its choice clear."""
    kinds: frozenset[Kind] = WEIGHTY
    """The kinds of move set against the heuristic bot's choice."""
    steps: int = 700
    """Actions a search may play ahead, about: early in a game, when a game
    played out is long, each move is played out on fewer copies."""
    horizon: int = 2
    """Rounds a copy is played ahead before :mod:`engine.yu.bots.value` judges its
    chance of winning (0: to the end of the game)."""


HINT = Budget(moves=3, trials=12, clear=float("inf"), kinds=frozenset(Kind), steps=1000)
"""The hint's budget: more moves, more trials, and a search every time."""


@dataclass(frozen=True)
class Hint:
    """A move suggested to the player, with its estimated chance of winning."""

    action: Action
    win: float
    """Games won when played out after this move, as a fraction (0..1)."""
    trials: int
    """Games played out after this move."""

    @property
    def percent(self) -> int:
        """The chance of winning as the player is shown it: a whole percentage."""
        return round(100 * self.win)


@dataclass(frozen=True)
class _Tally:
    action: Action
    wins: float
    """Games won, each counted by its chance when it was judged before its end."""
    score: float
    """Wins, plus less than one for all the Canal sections built in the games lost."""
    played: int
    """Games played out after the move."""


class StrongBot:
    """Plays the heuristic bot's choice, unless a look ahead finds a better one."""

    name = "strong"

    def __init__(
        self, seed: int, budget: Budget | None = None, never_build: frozenset[BuildingKind] = frozenset()
    ) -> None:
        self.rng = Rng(seed)
        self.heuristic = HeuristicBot(seed, weights=WINNING, never_build=never_build)
        self.budget = budget or Budget()
        self.searches = 0
        """Decisions looked ahead at so far."""
        self.rollouts = 0
        """Games played ahead so far."""

    def choose(self, game: Game) -> Action:
        actions = self.heuristic.allowed(game)
        if len(actions) == 1:
            return actions[0]
        pick = self.heuristic.choose(game)
        moves = candidates(game, self.heuristic, pick, self.budget)
        if len(moves) == 1:
            return pick
        tallies = search(
            game, moves, self.budget, self.rng.next64(), prune=True, never_build=self.heuristic.never_build
        )
        self.searches += 1
        self.rollouts += sum(t.played for t in tallies)
        return tallies[0].action


def candidates(game: Game, heuristic: HeuristicBot, pick: Action, budget: Budget) -> list[Action]:
    """The moves worth looking ahead at, the heuristic bot's ``pick`` first,
    then the best-scored move of each other kind that weighs (ending Take
    Actions first), or of each other target when all moves are of one kind;
    only those whose score is within ``budget.clear`` of the pick's."""
    ranked = heuristic.ranked(game)
    one_kind = all(a.kind is pick.kind for _, a in ranked)
    best: dict[object, tuple[float, Action]] = {}
    for score, action in ranked:
        if one_kind or action.kind in budget.kinds:
            best.setdefault(action.target if one_kind else action.kind, (score, action))
    mine = pick.target if one_kind else pick.kind
    picked = next(s for s, a in ranked if a == pick)
    best.pop(mine, None)
    others = [(s, a) for s, a in best.values() if abs(picked - s) < budget.clear]
    others.sort(key=lambda sa: (sa[1].kind is not Kind.END, -sa[0]))
    return [pick, *(a for _, a in others[: budget.moves - 1])]


def search(
    game: Game,
    moves: list[Action],
    budget: Budget,
    seed: int,
    prune: bool = False,
    never_build: frozenset[BuildingKind] = frozenset(),
) -> list[_Tally]:
    """Each move played out on the same redealt copies of ``game``, best
    first (ties keep the order of ``moves``): ``budget.trials`` copies, fewer
    when the first game played out says they would take more than
    ``budget.steps`` actions in all. ``prune``: stop playing a move out once
    it cannot beat the best so far (the best is the same; the others'
    tallies are left short). ``never_build``: buildings the games played out never build."""
    tallies: list[_Tally] = []
    trials, best = budget.trials, -1.0
    for action in moves:
        wins, score, played = 0.0, 0.0, 0
        for k in range(budget.trials):
            if k >= trials or (prune and score + (trials - k) < best - 1e-9):
                break
            won, built, steps = rollout(game, action, seed_of((seed, k)), never_build, budget.horizon)
            if not tallies and k == 0:
                trials = max(MIN_TRIALS, min(trials, budget.steps // (len(moves) * steps)))
            wins += won
            played += 1
            score += won + (0.0 if won else built / (7 * budget.trials))
        tallies.append(_Tally(action, wins, score, played))
        best = max(best, score)
    order = sorted(range(len(tallies)), key=lambda i: (-tallies[i].score, i))
    return [tallies[i] for i in order]


def rollout(
    game: Game,
    action: Action,
    seed: int,
    never_build: frozenset[BuildingKind] = frozenset(),
    horizon: int = 0,
) -> tuple[float, int, int]:
    """Play ``action`` on a copy of ``game`` with its face-down cards dealt
    anew from ``seed``, then the game with the heuristic bot for ``horizon``
    more Rounds (0: to its end): the chance it was won (1 or 0 once over,
    else :mod:`engine.yu.bots.value`'s), the Canal sections built, and the actions taken."""
    rng = Rng(seed)
    trial = game.copy()
    redeal(trial, rng)
    trial.apply(action)
    bot = HeuristicBot(rng.next64(), weights=WINNING, never_build=never_build)
    steps = 1
    ends = len(trial.pressure) + horizon
    while not trial.over and steps < ROLLOUT_LIMIT and not (horizon and len(trial.pressure) >= ends):
        trial.apply(bot.choose(trial))
        steps += 1
    if trial.over:
        return float(trial.outcome is Outcome.WON), trial.built, steps
    return model().chance(trial), trial.built, steps


def hint(game: Game, top: int = 3) -> list[Hint]:
    """The ``top`` moves the strong bot would consider now, each with its
    estimated chance of winning, by the chance the player is shown, best first
    (on a tie, the bot's order). Worked out on a copy of the game whose
    face-down cards are dealt from what the player can see, so the same
    visible position always gives the same hint."""
    if game.over:
        return []
    seed = visible_seed(game)
    base = game.copy()
    redeal(base, Rng(seed))
    heuristic = HeuristicBot(seed, weights=WINNING)
    pick = heuristic.choose(base)
    moves = candidates(base, heuristic, pick, HINT)
    tallies = search(base, moves, HINT, seed)
    return best_first([Hint(t.action, t.wins / t.played, t.played) for t in tallies])[:top]


def best_first(hints: list[Hint]) -> list[Hint]:
    """``hints`` (in the bot's order) by the chance the player is shown, highest
    first; those that show the same chance stay in the bot's order."""
    return sorted(hints, key=lambda h: -h.percent)


ONE_MOVE = _("Only one move is open now: there is nothing to weigh.")
GAME_OVER = _("This game is over: there is nothing to hint at.")


def no_hint(game: Game) -> Msg | None:
    """Why a hint has nothing to weigh now: the game is over, or it leaves one
    move or none; None when it has."""
    if game.over:
        return GAME_OVER
    if len(game.legal_actions()) < 2:
        return ONE_MOVE
    return None


HOPELESS = 5
"""The best chance shown (a percentage) under which the hint says what loses the game."""
NOTHING_CERTAIN = _(
    "No danger is certain yet as things stand, but nearly every game the bot played on from here was lost."
)


def hopeless(game: Game, hints: list[Hint]) -> tuple[Msg, ...]:
    """Why the game is as good as lost when the best of ``hints`` (best first)
    shows under :data:`HOPELESS` percent: what the threat meters say loses it,
    or that the games played ahead were lost; () when the best is not that low."""
    if not hints or hints[0].percent >= HOPELESS:
        return ()
    return lost_because(game) or (NOTHING_CERTAIN,)
