"""Campaigns with a history, made in-process for the bench before its timed phases: the engine's
heuristic bot plays them to the point wanted, and ``store.create_replayed`` stores each with its
whole log at once. Run with the app's environment:

    python -m tools.bench.history OWNER COUNT SEED

It prints, as JSON, for each point (the first action of game 1, the 150th of game 1, the first of
game 10) ``COUNT`` campaigns of OWNER's: their code and the key the bot would press next.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator

from engine.rng import Rng
from engine.yu.bots.roster import make_bot
from engine.yu.campaign.campaign import Campaign
from engine.yu.rules.actions import Action
from engine.yu.simulation.simulate import bot_seed, game_seed

POINTS = ("game 1, action 1", "game 1, action 150", "game 10, action 1")
"""Where the timed action falls: which game of the campaign, and which action of that game."""
ATTEMPTS = 400
"""Seeds tried for a point before giving up (few first games last 150 actions)."""


class Bot:
    """A campaign played as ``engine.yu campaigns`` plays it: the heuristic bot in the games, the
    story's choices at random."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.campaign = Campaign.new(seed)
        self.chooser = Rng(bot_seed(seed, 0))
        self.game_bot = make_bot("heuristic", bot_seed(seed, 1))
        self.keys: list[str] = []
        self.in_game = 0
        """Actions taken so far in the current game (between-games choices and next included)."""

    def next_action(self) -> Action:
        campaign = self.campaign
        if campaign.playing and campaign.game is not None:
            return self.game_bot.choose(campaign.game)
        options = campaign.legal_actions()
        return options[self.chooser.below(len(options))]

    def take(self) -> None:
        number = self.campaign.number
        action = self.next_action()
        self.campaign.apply(action)
        self.keys.append(action.key)
        self.in_game += 1
        if self.campaign.number != number:
            self.in_game = 0
            self.game_bot = make_bot("heuristic", bot_seed(self.seed, self.campaign.number))


def reach(seed: int, game: int, action: int) -> Bot | None:
    """The campaign of ``seed`` played to just before action ``action`` of game ``game``, or None
    when it never gets there."""
    bot = Bot(seed)
    while not bot.campaign.over:
        if bot.campaign.number == game and bot.in_game == action - 1:
            return bot
        if bot.campaign.number > game:
            return None
        bot.take()
    return None


def points(count: int, seed: int) -> Iterator[tuple[str, Bot]]:
    for point in POINTS:
        game, action = (int(word.strip(",")) for word in point.split()[1::2])
        found = 0
        for n in range(ATTEMPTS):
            bot = reach(game_seed(seed, n) % 2**31, game, action)  # a seed as campaigns get them
            if bot is not None:
                yield point, bot
                found += 1
                if found == count:
                    break
        else:
            raise SystemExit(f"no {count} campaigns reach {point} within {ATTEMPTS} seeds")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("owner")
    parser.add_argument("count", type=int)
    parser.add_argument("seed", type=int)
    args = parser.parse_args()

    import django

    django.setup()
    from django.contrib.auth.models import User

    from campaigns import store

    owner = User.objects.get(username=args.owner)
    made: dict[str, list[tuple[str, str]]] = {point: [] for point in POINTS}
    for point, bot in points(args.count, args.seed):
        name = f"{point} (seed {bot.seed})"
        campaign = store.create_replayed(owner, "yu", name, bot.seed, [(0, key) for key in bot.keys])
        made[point].append((str(campaign.code), bot.next_action().key))
    print(json.dumps(made))


if __name__ == "__main__":
    main()
