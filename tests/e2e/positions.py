"""Dangerous positions for the browser tests, reached by real actions.

A game must always replay from its seed and action log, so no position is made
by editing state. Each function here searches, on a copy of the campaign's
engine, for a run of legal actions that ends in the position (a seeded policy,
tried seed after seed: the same campaign seed always gives the same run), then
plays that run through :func:`campaigns.store.act`, as the board's buttons do::

    campaign = play.create_campaign(user, "High Water", seed=7)
    positions.flood_danger(campaign)
    page.goto(live_server.url + campaign.get_absolute_url())

The predicates (``is_flood_danger`` and so on) take the engine's game and are
public, so a test can check what it was given.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from campaigns import store
from campaigns.models import Campaign
from engine.rng import Rng
from engine.yu.bots.bots import HeuristicBot
from engine.yu.bots.strong import HOPELESS, hint
from engine.yu.campaign.campaign import Campaign as YuCampaign
from engine.yu.content.steps import Bribe
from engine.yu.rules import card_row
from engine.yu.rules.actions import Action, Kind
from engine.yu.rules.game import Game
from engine.yu.rules.rules import shore_barbarians
from engine.yu.rules.state import LOSSES, Phase
from engine.yu.rules.threats import harvest_draws, lost_because
from tests import play

SUFFER = Action(Kind.SUFFER)

# -- what a position is ------------------------------------------------------------------


def cycle(game: Game) -> int:
    """Cards in the Ready and Exhausted Piles together."""
    return len(game.ready) + len(game.exhausted)


def taking_actions(game: Game) -> bool:
    """Take Actions, with no decision waiting."""
    return not game.over and game.phase is Phase.ACTIONS and game.decision is None


def flood_comes(game: Game) -> bool:
    """The next Harvest reshuffles the Exhausted Pile and the Flood moves onto an unbuilt section."""
    return len(game.ready) < harvest_draws(game) and game.flood + 1 > game.built


def is_townsfolk_danger(game: Game) -> bool:
    """Take Actions, and the piles, with the cards in hand played onto them, hold
    fewer cards than the next Harvest draws, which would lose the game to Damage
    (and only that: the Flood does not come, nothing being there to reshuffle)."""
    return (
        taking_actions(game)
        and cycle(game) + len(game.hand) < harvest_draws(game)
        and not ((game.exhausted or game.hand) and flood_comes(game))
    )


def is_flood_danger(game: Game) -> bool:
    """Take Actions, and the Flood comes at the next Harvest (and only that: the
    piles hold enough cards)."""
    return (
        taking_actions(game)
        and flood_comes(game)
        and bool(game.exhausted)
        and cycle(game) >= harvest_draws(game)
    )


def is_barbarian_danger(game: Game) -> bool:
    """Six Barbarians on the Card Row and the next Refresh adds more (and no other danger)."""
    return (
        taking_actions(game)
        and len(card_row.barbarians(game.row)) == card_row.SPACES - 1
        and min(shore_barbarians(game), len(game.barbarian_deck) + len(game.barbarian_discard)) >= 1
        and not flood_comes(game)
        and cycle(game) >= harvest_draws(game)
    )


def answered(game: Game, action: Action) -> Game:
    """A copy of the game with ``action`` taken."""
    trial = Game.from_dict(game.to_dict(), game.content)
    trial.apply(action)
    return trial


def is_losing_bribe(game: Game) -> bool:
    """A Bribe waits; suffering it loses the game (the Round then runs on by
    itself to the loss), while paying a bribe the player can afford neither
    loses nor dooms it, as the board works it out.

    A suffer that only leaves the piles short of the next Harvest is not taken:
    cards may still come in before it (the board cannot call that a sure loss).
    """
    if game.over or not isinstance(game.decision, Bribe):
        return False
    if answered(game, SUFFER).outcome not in LOSSES:
        return False
    return any(not game.risk(a).danger for a in game.legal_actions() if a.kind is Kind.BRIBE)


def is_lost(game: Game) -> bool:
    return game.outcome in LOSSES


def is_one_move(game: Game) -> bool:
    """A game in progress that leaves a single legal move."""
    return not game.over and len(game.legal_actions()) == 1


RESCUES = frozenset({Kind.CANAL, Kind.ATTACK, Kind.LEVEE})
"""Moves that may take a danger away this Round: a position that offers one is
rarely hopeless, and not worth the hint's look ahead."""


def is_hopeless(game: Game) -> bool:
    """Take Actions; a threat meter warns, no move that could take a danger away
    is open, and the hint's best move shows under
    :data:`~engine.yu.bots.strong.HOPELESS` percent (then the hint says what loses)."""
    return (
        taking_actions(game)
        and bool(lost_because(game))
        and not any(a.kind in RESCUES for a in game.legal_actions())
        and hint(game)[0].percent < HOPELESS
    )


# -- how to get there --------------------------------------------------------------------


@dataclass
class Policy:
    """Plays a game: the heuristic bot's choice ``heuristic`` of the time, else a
    random legal action; never a ``banned`` kind when there is anything else."""

    seed: int
    heuristic: float = 0.0
    banned: frozenset[Kind] = frozenset()
    rng: Rng = field(init=False)
    bot: HeuristicBot = field(init=False)

    def __post_init__(self) -> None:
        self.rng = Rng(self.seed)
        self.bot = HeuristicBot(self.seed)

    def choose(self, game: Game) -> Action:
        if self.heuristic and self.rng.below(1000) < self.heuristic * 1000:
            action = self.bot.choose(game)
            if action.kind not in self.banned:
                return action
        legal = game.legal_actions()
        allowed = [a for a in legal if a.kind not in self.banned] or legal
        return allowed[self.rng.below(len(allowed))]


Goal = Callable[[YuCampaign], bool]


def in_game(predicate: Callable[[Game], bool]) -> Goal:
    """A goal on the game in progress."""
    return lambda engine: engine.playing and engine.game is not None and predicate(engine.game)


def find_run(
    engine: YuCampaign, goal: Goal, policy: Callable[[int], Policy], tries: int = 300, limit: int = 600
) -> list[Action]:
    """Actions that take ``engine`` (left unchanged) to ``goal`` within its current game.

    Try after try, the policy (seeded with the try's number) plays on from a
    start: the first try from ``engine``, each later one from a Round reached by
    an earlier try, picked by a seeded generator, so a good opening is not
    thrown away with a bad ending. Story choices between games are answered
    with the first option; the next game is never started.
    """
    pick = Rng(0)
    starts: list[tuple[dict[str, Any], list[Action]]] = [(engine.to_dict(), [])]
    for attempt in range(tries):
        state, before = starts[pick.below(len(starts))] if attempt else starts[0]
        trial = YuCampaign.from_dict(state, engine.content)
        run = list(before)
        player = policy(attempt)
        round_number = trial.game.round if trial.game else 0
        while not goal(trial):
            if len(run) >= limit:
                break
            if trial.playing:
                assert trial.game is not None
                action = player.choose(trial.game)
            elif trial.decision is not None:
                action = Action(Kind.CHOOSE, option=1)
            else:
                break  # the game is over: only the next one is left
            trial.apply(action)
            run.append(action)
            if trial.playing and trial.game is not None and trial.game.round != round_number:
                round_number = trial.game.round
                starts.append((trial.to_dict(), list(run)))
        else:
            return run
    raise LookupError(f"{tries} tries found no way to the position")


def reach(campaign: Campaign, goal: Goal, policy: Callable[[int], Policy]) -> Campaign:
    """Play the campaign's current game through the store until ``goal`` holds."""
    board = store.load(campaign)
    for action in find_run(board.state, goal, policy):
        play.act(board, action, board.version)
    assert goal(board.state)
    campaign.refresh_from_db()
    return campaign


def randomly(seed: int) -> Policy:
    return Policy(seed)


def never_attacking(seed: int) -> Policy:
    """The heuristic bot, but a random other action where it would attack a Barbarian."""
    return Policy(seed, heuristic=1.0, banned=frozenset({Kind.ATTACK}))


# -- the positions -----------------------------------------------------------------------


def flood_danger(campaign: Campaign) -> Campaign:
    """Take Actions; the next Harvest reshuffles the Exhausted Pile and the Flood
    moves onto an unbuilt Canal section."""
    return reach(campaign, in_game(is_flood_danger), randomly)


def barbarian_danger(campaign: Campaign) -> Campaign:
    """Take Actions with six Barbarians on the Card Row: the next Refresh brings the seventh."""
    return reach(campaign, in_game(is_barbarian_danger), never_attacking)


def townsfolk_danger(campaign: Campaign) -> Campaign:
    """Take Actions; the Ready and Exhausted Piles hold fewer cards than the next Harvest draws."""
    return reach(campaign, in_game(is_townsfolk_danger), randomly)


def losing_bribe(campaign: Campaign) -> Campaign:
    """A Bribe waits: suffering the attack loses the game, paying the bribe does not."""
    return reach(campaign, in_game(is_losing_bribe), randomly)


def one_move(campaign: Campaign) -> Campaign:
    """A single legal move, such as an attack that can only be suffered."""
    return reach(campaign, in_game(is_one_move), randomly)


def hopeless(campaign: Campaign) -> Campaign:
    """Take Actions, a meter warns, and the hint's best move wins under 5% of the games."""
    return reach(campaign, in_game(is_hopeless), randomly)


def game_over_lost(campaign: Campaign) -> Campaign:
    """The game has just been lost (the story's choice, if any, still waits)."""
    return reach(campaign, lambda engine: engine.game is not None and is_lost(engine.game), randomly)


def between_games(campaign: Campaign) -> Campaign:
    """A lost game with the story read and answered: only starting the next game is left."""

    def waiting_for_next(engine: YuCampaign) -> bool:
        return (
            engine.game is not None
            and is_lost(engine.game)
            and not engine.over
            and engine.decision is None
            and engine.legal_actions() == [Action(Kind.NEXT)]
        )

    return reach(campaign, waiting_for_next, randomly)


POSITIONS: dict[str, Callable[[Campaign], Campaign]] = {
    "flood_danger": flood_danger,
    "barbarian_danger": barbarian_danger,
    "townsfolk_danger": townsfolk_danger,
    "losing_bribe": losing_bribe,
    "one_move": one_move,
    "hopeless": hopeless,
    "game_over_lost": game_over_lost,
    "between_games": between_games,
}
"""Every position by name, for parametrized tests."""
