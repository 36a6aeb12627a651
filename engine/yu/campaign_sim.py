"""``campaigns``: play whole campaigns with a bot and measure them."""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from typing import NamedTuple

from engine.rng import Rng
from engine.yu.bots import make_bot
from engine.yu.campaign import Campaign
from engine.yu.content import Content, base
from engine.yu.difficulty import STREAK, Difficulty, extend
from engine.yu.simulate import bot_seed, game_seed
from engine.yu.state import Outcome


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
    streak_playing: Counter[str] = field(default_factory=Counter)
    streak_won: Counter[str] = field(default_factory=Counter)
    """Games set up "harder" after a run of wins, or "easier" after a run of
    losses: how many were played, and won."""
    seconds: float = 0.0

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
            "streak_games": {
                way: {"playing": self.streak_playing[way], "won": self.streak_won[way]} for way in STREAKS
            },
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
                f"{'after a streak':<24} " + after_streaks,
                f"{'seconds':<24} {round(self.seconds, 2)}",
            ]
        )


def play_campaign(
    bot_name: str,
    seed: int,
    content: Content | None = None,
    log: list[str] | None = None,
    difficulty: Difficulty = Difficulty.STANDARD,
) -> Campaign:
    """One whole campaign: the bot plays the games, the story's choices are
    made at random. The keys of the actions taken go to ``log`` when given."""
    campaign = Campaign.new(game_seed(seed, 0), content, difficulty)
    chooser = Rng(bot_seed(seed, 0))
    keys = log if log is not None else []
    while not campaign.over:
        game = campaign.game
        if campaign.playing and game is not None:
            bot = make_bot(bot_name, bot_seed(seed, campaign.number))
            while not game.over:
                action = bot.choose(game)
                campaign.apply(action)
                keys.append(action.key)
        else:
            options = campaign.legal_actions()
            action = options[chooser.below(len(options))]
            campaign.apply(action)
            keys.append(action.key)
    return campaign


def run(
    campaigns: int,
    bot_name: str = "heuristic",
    seed: int = 0,
    content: Content | None = None,
    difficulty: Difficulty = Difficulty.STANDARD,
) -> CampaignReport:
    content = content or base()
    report = CampaignReport(
        never_read=set(content.entries), never_found=set(content.story_deck), difficulty=difficulty
    )
    entries = len(content.entries) or 1
    cards = len(content.story_deck) or 1
    start = time.perf_counter()
    for i in range(campaigns):
        c = play_campaign(bot_name, seed * 1_000_003 + i, content, difficulty=difficulty)
        read = {n for n, _ in c.read}
        found = {card for zone in c.zones.values() for card in zone if content.stone(card)}
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
