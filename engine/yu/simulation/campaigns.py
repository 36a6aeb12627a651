"""``campaigns``: play whole campaigns with a bot and measure them.

The bot plays the games; the story's choices are made at random, except
with ``careful``: the heuristic bot plays and the careful chooser
(:mod:`engine.yu.bots.careful`) takes the easier option of every choice.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import NamedTuple

from engine.rng import Rng
from engine.yu.bots.careful import Careful
from engine.yu.bots.roster import BOTS, make_bot
from engine.yu.campaign.campaign import Campaign
from engine.yu.campaign.difficulty import STREAK, Difficulty, extend
from engine.yu.content.loader import Content, base
from engine.yu.content.steps import Choice
from engine.yu.rules.actions import Action, Kind
from engine.yu.rules.game import Game
from engine.yu.rules.state import Outcome
from engine.yu.simulation.modules import Pair, pair_dealt
from engine.yu.simulation.simulate import bot_seed, game_seed

CAREFUL = "careful"
"""The heuristic bot playing, the careful chooser choosing."""
CAMPAIGN_BOTS = (*sorted(BOTS), CAREFUL)


def player(bot_name: str) -> str:
    """The bot that plays the games: the careful chooser plays as the heuristic bot."""
    return "heuristic" if bot_name == CAREFUL else bot_name


class Spread(NamedTuple):
    min: float
    mean: float
    max: float

    @classmethod
    def of(cls, values: list[float]) -> Spread:
        if not values:
            return cls(0.0, 0.0, 0.0)
        return cls(round(min(values), 3), round(sum(values) / len(values), 3), round(max(values), 3))


STREAKS = ("harder", "easier")
"""Games after a run of wins, and after a run of losses."""


@dataclass
class CampaignReport:
    difficulty: Difficulty = Difficulty.STANDARD
    campaigns: int = 0
    games: list[int] = field(default_factory=list)
    won: int = 0
    seen: list[float] = field(default_factory=list)
    entries_seen: list[float] = field(default_factory=list)
    cards_seen: list[float] = field(default_factory=list)
    game_wins: int = 0
    never_read: set[int] = field(default_factory=set)
    never_found: set[str] = field(default_factory=set)
    records: Counter[tuple[int, int]] = field(default_factory=Counter)
    """Final records (wins, losses) and how many campaigns ended so."""
    gold_defeats: Counter[str] = field(default_factory=Counter)
    """Campaigns ended by the Gold Defeat, by the loss that turned it over."""
    playing: Counter[int] = field(default_factory=Counter)
    won_game: Counter[int] = field(default_factory=Counter)
    """By game number: how many campaigns played it, and won it."""
    leaders: Counter[int] = field(default_factory=Counter)
    """Campaigns by how many rival leaders stood in a Card Row."""
    food: list[tuple[int, int]] = field(default_factory=list)
    """For each campaign that turned the food rule on: (games it was in force, games)."""
    contents: list[frozenset[str]] = field(default_factory=list)
    """What each campaign saw: entries read and Story cards found."""
    endings: Counter[int] = field(default_factory=Counter)
    """Campaigns by the last entry they read."""
    streak_playing: Counter[str] = field(default_factory=Counter)
    streak_won: Counter[str] = field(default_factory=Counter)
    """Games set up "harder" after a run of wins, or "easier" after a run of
    losses: how many were played, and won."""
    in_play: dict[str, Pair] = field(default_factory=dict)
    """The campaigns' games played again with a module's rule on and off."""
    seconds: float = 0.0

    @property
    def leaders_met(self) -> float:
        """The share of campaigns that met at least two rival leaders."""
        return sum(n for met, n in self.leaders.items() if met >= 2) / (self.campaigns or 1)

    @property
    def food_games(self) -> float:
        """The share of games with the food rule in force, in campaigns that turned it on."""
        return sum(f for f, _ in self.food) / (sum(g for _, g in self.food) or 1)

    @property
    def jaccard(self) -> float:
        """The mean overlap (Jaccard) of what two campaigns saw, over every pair."""
        pairs = [len(a & b) / (len(a | b) or 1) for a, b in combinations(self.contents, 2)]
        return sum(pairs) / len(pairs) if pairs else 0.0

    @property
    def final_records(self) -> list[tuple[str, int]]:
        """``("7-5", n)``: the records, most wins first, then fewest losses."""
        ordered = sorted(self.records.items(), key=lambda r: (-r[0][0], r[0][1]))
        return [(f"{wins}-{losses}", n) for (wins, losses), n in ordered]

    def to_dict(self) -> dict[str, object]:
        return {
            "difficulty": self.difficulty.value,
            "campaigns": self.campaigns,
            "games_per_campaign": Spread.of([float(g) for g in self.games])._asdict(),
            "campaign_win_rate": round(self.won / self.campaigns, 3) if self.campaigns else 0.0,
            "game_win_rate": round(self.game_wins / sum(self.games), 3) if self.games else 0.0,
            "hidden_content_seen": Spread.of(self.seen)._asdict(),
            "entries_seen": Spread.of(self.entries_seen)._asdict(),
            "cards_seen": Spread.of(self.cards_seen)._asdict(),
            "never_seen": {
                "entries": sorted(self.never_read),
                "cards": sorted(self.never_found),
            },
            "records": dict(self.final_records),
            "gold_defeats": dict(sorted(self.gold_defeats.items())),
            "by_game": {
                str(n): {"playing": self.playing[n], "won": self.won_game[n]} for n in sorted(self.playing)
            },
            "leaders_met": {
                "share": round(self.leaders_met, 3),
                "by_count": {str(n): self.leaders[n] for n in sorted(self.leaders)},
            },
            "food_games": {"share": round(self.food_games, 3), "campaigns": len(self.food)},
            "jaccard": round(self.jaccard, 3),
            "endings": {str(n): self.endings[n] for n in sorted(self.endings)},
            "streak_games": {
                way: {"playing": self.streak_playing[way], "won": self.streak_won[way]} for way in STREAKS
            },
            "modules_in_campaigns": {m: p.to_dict() for m, p in self.in_play.items()},
            "seconds": round(self.seconds, 2),
        }

    def table(self) -> str:
        def spread(name: str, values: list[float], percent: bool = False) -> str:
            low, mean, high = (f"{x:.0%}" if percent else f"{x:g}" for x in Spread.of(values))
            return f"{name:<24} min {low}  mean {mean}  max {high}"

        campaigns = self.campaigns or 1
        won_by_game = "  ".join(
            f"{g}: {self.won_game[g] / n:.0%} of {n}" for g, n in sorted(self.playing.items())
        )
        won, played = self.streak_won, self.streak_playing
        after_streaks = "  ".join(f"{w}: won {won[w]} of {played[w]}" for w in STREAKS)
        defeats = ", ".join(f"{why}: {n}" for why, n in sorted(self.gold_defeats.items())) or "none"
        return "\n".join(
            [
                f"{'difficulty':<24} {self.difficulty}",
                f"{'campaigns':<24} {self.campaigns}",
                spread("games per campaign", [float(g) for g in self.games]),
                f"{'campaigns won':<24} {self.won / campaigns:.0%}",
                f"{'games won':<24} {self.game_wins / (sum(self.games) or 1):.0%}",
                spread("hidden content seen", self.seen, True),
                spread("entries read", self.entries_seen, True),
                spread("Story cards found", self.cards_seen, True),
                f"{'never seen':<24} entries {sorted(self.never_read) or 'none'}, "
                f"cards {sorted(self.never_found) or 'none'}",
                f"{'final records':<24} " + ", ".join(f"{r}: {n}" for r, n in self.final_records),
                f"{'Gold Defeat after':<24} {defeats}",
                f"{'won by game':<24} {won_by_game}",
                f"{'met 2+ leaders':<24} {self.leaders_met:.0%}  (campaigns by leaders met: "
                + ", ".join(f"{n}: {c}" for n, c in sorted(self.leaders.items()))
                + ")",
                f"{'food in force':<24} {self.food_games:.0%} of the games of {len(self.food)} campaigns",
                f"{'content overlap':<24} {self.jaccard:.2f} (mean Jaccard of two campaigns)",
                f"{'endings':<24} " + ", ".join(f"{n}: {c}" for n, c in sorted(self.endings.items())),
                f"{'after a streak':<24} " + after_streaks,
                *(
                    f"{m + ' on/off':<24} won {p.on} / {p.off} of {p.games} games, used in {p.used}"
                    for m, p in self.in_play.items()
                ),
                f"{'seconds':<24} {round(self.seconds, 2)}",
            ]
        )


@dataclass
class Met:
    """What a campaign met on the way that it does not keep."""

    leaders: set[str] = field(default_factory=set)
    """The rival leaders that stood in a Card Row."""
    food: int = 0
    """Games played with the food rule in force."""
    dealt: list[Game] = field(default_factory=list)
    """Each game as dealt, before its first action."""


def play_campaign(
    bot_name: str,
    seed: int,
    content: Content | None = None,
    log: list[str] | None = None,
    difficulty: Difficulty = Difficulty.STANDARD,
    met: Met | None = None,
) -> Campaign:
    """One whole campaign: the bot plays the games, the story's choices are
    made at random (by the careful chooser for ``careful``). The keys of the
    actions taken go to ``log`` when given, what it met to ``met``."""
    campaign = Campaign.new(game_seed(seed, 0), content, difficulty)
    leaders = {b.id for b in campaign.content.barbarians.values() if b.leader}
    careful = bot_name == CAREFUL
    chooser = Rng(bot_seed(seed, 0))
    keys = log if log is not None else []
    met = met if met is not None else Met()
    while not campaign.over:
        game = campaign.game
        if campaign.playing and game is not None:
            bot = make_bot(player(bot_name), bot_seed(seed, campaign.number))
            met.food += "food" in game.modules
            met.dealt.append(game.copy())
            while not game.over:
                met.leaders |= leaders.intersection(game.row)
                decision = game.decision
                if careful and isinstance(decision, Choice):
                    action = Action(Kind.CHOOSE, option=_careful(campaign).choose(decision))
                else:
                    action = bot.choose(game)
                campaign.apply(action)
                keys.append(action.key)
        else:
            decision = campaign.decision
            if careful and decision is not None:
                action = Action(Kind.CHOOSE, option=_careful(campaign).choose(decision))
            else:
                options = campaign.legal_actions()
                action = options[chooser.below(len(options))]
            campaign.apply(action)
            keys.append(action.key)
    return campaign


def _careful(campaign: Campaign) -> Careful:
    game = campaign.game
    facts = game.facts() if campaign.playing and game is not None else campaign.facts()
    return Careful(campaign.content, campaign.story, campaign.zones, facts)


def run(
    campaigns: int,
    bot_name: str = "heuristic",
    seed: int = 0,
    content: Content | None = None,
    difficulty: Difficulty = Difficulty.STANDARD,
    in_play: Sequence[str] = (),
) -> CampaignReport:
    """Play ``campaigns`` campaigns; with ``in_play``, play each of their games
    again with each of these modules' rule on and off (by the bot that plays)."""
    content = content or base()
    report = CampaignReport(
        never_read=set(content.entries), never_found=set(content.story_deck), difficulty=difficulty
    )
    entries = len(content.entries) or 1
    cards = len(content.story_deck) or 1
    start = time.perf_counter()
    for i in range(campaigns):
        met = Met()
        c = play_campaign(bot_name, seed * 1_000_003 + i, content, difficulty=difficulty, met=met)
        if in_play:
            pair_dealt(met.dealt, in_play, player(bot_name), seed * 1_000_003 + i, report.in_play)
        read = {n for n, _ in c.read}
        found = {card for zone in c.zones.values() for card in zone if content.stone(card)}
        report.leaders[len(met.leaders)] += 1
        if met.food or "food" in c.modules_on:
            report.food.append((met.food, c.number))
        report.contents.append(frozenset({*(f"entry {n}" for n in read), *found}))
        report.endings[c.read[-1][0]] += 1
        report.campaigns += 1
        report.games.append(c.number)
        report.won += c.won
        report.game_wins += c.wins
        report.entries_seen.append(len(read) / entries)
        report.cards_seen.append(len(found) / cards)
        report.seen.append((len(read) + len(found)) / (entries + cards))
        report.never_read -= read
        report.never_found -= found
        report.records[(c.wins, c.losses)] += 1
        if not c.won:
            report.gold_defeats[str(c.results[-1].outcome)] += 1
        streak = 0
        for result in c.results:
            won = result.outcome is Outcome.WON
            report.playing[result.game] += 1
            report.won_game[result.game] += won
            if abs(streak) >= STREAK:
                way = "harder" if streak > 0 else "easier"
                report.streak_playing[way] += 1
                report.streak_won[way] += won
            streak = extend(streak, won)
    report.seconds = time.perf_counter() - start
    return report
