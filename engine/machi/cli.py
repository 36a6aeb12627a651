"""``python -m engine.machi``: the content checked, and bots playing whole campaigns.

python -m engine.machi content check
python -m engine.machi balance --mayors 2 3 4 --campaigns 40
python -m engine.machi bots --seats planner,random --campaigns 20
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.machi.actions import Verb
from engine.machi.bots import BOTS
from engine.machi.campaign import GAMES, Campaign, deck
from engine.machi.cards import BadContent
from engine.machi.check import check_content
from engine.machi.table import RULES
from engine.seated import NEXT_GAME


@dataclass
class Played:
    """What bots did over whole campaigns."""

    turns: list[int] = field(default_factory=list)
    """Each game's rounds: turns taken over mayors."""
    first_won: int = 0
    wins: Counter[int] = field(default_factory=Counter)
    offered: Counter[str] = field(default_factory=Counter)
    """Towns (a mayor in one game) that could build each establishment: it was in the supply."""
    bought: Counter[str] = field(default_factory=Counter)
    """Towns whose bot built each establishment at least once."""
    sides: set[str] = field(default_factory=set)
    """Legacy card sides read."""

    @property
    def games(self) -> int:
        return len(self.turns)


def campaign(seed: int, seats: Sequence[str], played: Played) -> Campaign:
    """One campaign of ten games, each seat played by the bot it names, as a table plays it."""
    state = RULES.new(seed, len(seats))
    for number in range(1, GAMES + 1):
        if number > 1:
            RULES.apply(state, 0, NEXT_GAME)
        game = state.game
        built: set[tuple[int, str]] = set()
        while not game.over:
            seat = game.waiting()[0]
            action = BOTS[seats[seat]](game, seat)
            if action.verb is Verb.BUILD and action.card:
                built.add((seat, action.card))
            RULES.apply(state, seat, RULES.parse(action.key))
        played.turns.append(round(game.turns / len(seats)))
        played.first_won += game.winner == game.first
        played.wins[game.winner or 0] += 1
        played.offered.update({k: len(seats) for k, n in game.setup.supply if n})
        played.bought.update(card for _, card in built)
    done = Campaign.from_dict(state.series.carried)
    played.sides.update(side.name for side in deck().sides[: done.place])
    return done


def balance(mayors: Sequence[int], campaigns: int, seed: int) -> None:
    every: Played = Played()
    print(f"{'mayors':>6} {'games':>6} {'rounds median (p10-p90)':>24} {'first player wins':>18} {'fair':>5}")
    for n in mayors:
        played = Played()
        for c in range(campaigns):
            campaign(seed * 100_000 + n * 1000 + c, ["planner"] * n, played)
        deciles = statistics.quantiles(played.turns, n=10)
        share = 100 * played.first_won / played.games
        print(
            f"{n:>6} {played.games:>6} {statistics.median(played.turns):>10.0f} "
            f"({deciles[0]:.0f}-{deciles[-1]:.0f}){'':>6} {share:>17.1f}% {100 / n:>4.0f}%"
        )
        every.offered.update(played.offered)
        every.bought.update(played.bought)
        every.sides |= played.sides
    print("\nestablishment        towns offered  towns whose planner built it")
    for key, offered in sorted(every.offered.items(), key=lambda kv: -every.bought[kv[0]] / kv[1]):
        print(f"{key:<20} {offered:>13}  {100 * every.bought[key] / offered:>19.1f}%")
    unread = [s.name for s in deck().sides if s.name not in every.sides]
    print(f"\nlegacy card sides read: {len(every.sides)} of {len(deck().sides)}; unread: {unread or 'none'}")


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="python -m engine.machi", description="Machi Koro Legacy.")
    commands = top.add_subparsers(dest="command", required=True)
    content = commands.add_parser("content", help="check the cards and the legacy deck")
    content.add_argument("check", choices=["check"])
    tune = commands.add_parser("balance", help="planners play whole campaigns; lengths, fairness, purchases")
    tune.add_argument("--mayors", type=int, nargs="+", default=[2, 3, 4])
    tune.add_argument("--campaigns", type=int, default=40)
    tune.add_argument("--seed", type=int, default=1)
    bots = commands.add_parser("bots", help="named bots play whole campaigns; each seat's wins")
    bots.add_argument("--seats", default="planner,random", help="one bot name per seat: " + ", ".join(BOTS))
    bots.add_argument("--campaigns", type=int, default=10)
    bots.add_argument("--seed", type=int, default=1)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.command == "content":
        try:
            print("\n".join(check_content()))
        except BadContent as exc:
            print(f"content check failed: {exc}")
            return 1
        return 0
    if args.command == "balance":
        balance(args.mayors, args.campaigns, args.seed)
        return 0
    seats = args.seats.split(",")
    unknown = [s for s in seats if s not in BOTS]
    if unknown or len(seats) not in RULES.seats:
        parser().error(f"give 2 to 4 seats, each one of: {', '.join(BOTS)}")
    played = Played()
    for c in range(args.campaigns):
        campaign(args.seed * 100_000 + c, seats, played)
    for seat, name in enumerate(seats):
        print(f"seat {seat + 1} {name:<8} won {played.wins[seat]}/{played.games} games")
    return 0
