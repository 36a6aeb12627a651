"""A campaign's chronicle: its games one by one, as the player lived them.

Built from what the player knows (:class:`~engine.yu.campaign.campaign.CampaignView`):
each game's outcome, length, Canal sections, what ended it, how close the
Flood and the Barbarians came, the entries read in it, the choices made and
the Story cards found or sent into History after it.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.text import Name
from engine.yu.campaign.campaign import CampaignView, Change
from engine.yu.content.loader import Content
from engine.yu.rules.state import Outcome
from engine.yu.rules.summary import SECTIONS, GameSummary
from engine.yu.rules.view import Page


@dataclass(frozen=True, slots=True)
class Played:
    """One game of the campaign."""

    number: int
    outcome: Outcome | None
    """None while the game is played."""
    summary: GameSummary | None
    read: tuple[Page, ...]
    """The entries read in this game and after it."""
    chosen: tuple[Name, ...]
    """The options chosen after it."""
    found: tuple[Name, ...]
    """The Story cards found after it, by name."""
    retired: tuple[Name, ...]
    """The cards gone into History after it, by name."""
    wins: int
    losses: int
    """The campaign's record once this game was over."""

    @property
    def won(self) -> bool:
        return self.outcome is Outcome.WON


@dataclass(frozen=True, slots=True)
class Chronicle:
    games: tuple[Played, ...]
    over: bool
    won: bool
    decisive: int
    """Wins, or losses, that end the campaign: the cards of a deck."""
    sections: int = SECTIONS

    @property
    def finished(self) -> tuple[Played, ...]:
        """The games played to the end."""
        return tuple(g for g in self.games if g.summary is not None)


def chronicle(story: CampaignView, content: Content) -> Chronicle:
    games: list[Played] = []
    wins = losses = 0
    for result in story.results:
        wins += result.outcome is Outcome.WON
        losses += result.outcome is not None and result.outcome is not Outcome.WON
        readings = [r for r in story.journal if r.game == result.game]
        games.append(
            Played(
                number=result.game,
                outcome=result.outcome,
                summary=result.summary,
                read=tuple(r.page for r in readings),
                chosen=tuple(label for r in readings for label in r.chosen),
                found=_named(content, result.story, "found"),
                retired=_named(content, result.story, "retired"),
                wins=wins,
                losses=losses,
            )
        )
    return Chronicle(tuple(games), story.over, story.won, len(content.victory))


def _named(content: Content, story: tuple[Change, ...], kind: str) -> tuple[Name, ...]:
    return tuple(Name(content.name(str(subject))) for k, subject in story if k == kind)
