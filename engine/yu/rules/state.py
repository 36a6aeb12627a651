"""The state of one game of Legacy of Yu, and its JSON form.

The state is data only: the rules (:mod:`engine.yu.rules.rules`,
:mod:`engine.yu.rules.moves`) are functions on it, the view
(:mod:`engine.yu.rules.view`) reads it, and :class:`engine.yu.rules.game.Game` puts the
public API on top.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Self

from engine.rng import Rng
from engine.text import Msg
from engine.yu.content.loader import Content, base
from engine.yu.content.steps import CampaignStep, Decision, Step, decode, encode
from engine.yu.rules.actions import Action
from engine.yu.rules.events import Event
from engine.yu.rules.interpreter import Facts

FORMAT = 4
"""Version of the JSON form of a game; bump it when the form changes."""


class Phase(StrEnum):
    SETUP = "setup"
    HARVEST = "harvest"
    ACTIONS = "actions"
    BARGE = "barge"
    """Take Actions has ended: the Barge returns (and a hungry settlement loses a card)."""
    ATTACKS = "attacks"
    REFRESH = "refresh"
    OVER = "over"


class Outcome(StrEnum):
    WON = "won"
    FLOOD = "flood"
    BARBARIANS = "barbarians"
    DAMAGE = "damage"


LOSSES = (Outcome.FLOOD, Outcome.BARBARIANS, Outcome.DAMAGE)
NO_CAUSE = Msg("")
"""The cause of a game not over."""


def cause_of(data: str | dict[str, Any]) -> Msg:
    """A cause as :meth:`Msg.to_json` wrote it, or in English as it was stored before messages."""
    return Msg.from_json(data) if isinstance(data, dict) else Msg(data)


@dataclass
class Chapter:
    """A game played as part of a campaign: what the story may ask about the
    campaign, the entries read in this game, and the changes to the campaign
    that take effect when the game ends."""

    facts: Facts
    read: list[int] = field(default_factory=list)
    pending: list[CampaignStep] = field(default_factory=list)


class State:
    """All there is to know about one game in progress."""

    LISTS = (
        "hand",
        "ready",
        "exhausted",
        "deck",
        "discard",
        "barbarian_deck",
        "barbarian_discard",
        "river",
        "canal_box",
        "hut_cards",
        "hut_box",
        "tucked",
        "ongoing",
        "fortunes",
        "in_play",
    )
    """The card zones held as lists of card ids (the last item is the top)."""
    MUTABLE = (
        *LISTS,
        "supply",
        "have",
        "row",
        "sites",
        "hut_spaces",
        "row_costs",
        "harvest_extra",
        "modules",
        "stack",
        "pressure",
    )
    """Every list a game changes in place: :meth:`copy` copies them."""

    def __init__(self, content: Content, seed: int) -> None:
        self.content = content
        self.seed = seed
        self.rng = Rng(seed)
        self.round = 0
        self.phase = Phase.SETUP
        self.supply = list(content.board.supply)
        self.have = [0] * 9
        self.hand: list[str] = []
        self.ready: list[str] = []
        self.exhausted: list[str] = []
        self.deck: list[str] = []
        self.discard: list[str] = []
        self.barbarian_deck: list[str] = []
        self.barbarian_discard: list[str] = []
        self.row: list[str | None] = [None] * 7
        self.river: list[str] = []
        self.canal_box: list[str] = []
        self.built = 0
        self.barge = True
        self.flood = 0
        self.sites: list[str | None] = [None] * len(content.board.sites)
        self.hut_cards: list[str] = []
        self.hut_box: list[str] = []
        self.huts_built = 0
        self.hut_spaces: list[int | None] = [None] * len(content.board.hut_spaces)
        self.tucked: list[str] = []
        self.stack: list[Step] = []
        """Steps still to resolve, the next on top (the end); a decision waits on top."""
        self.outcome: Outcome | None = None
        self.cause = NO_CAUSE
        """What ended the game, in words (set with :attr:`outcome`)."""
        self.defeated = 0
        """Barbarians defeated this game."""
        self.row_costs = list(content.board.card_row_costs)
        self.harvest_extra: list[Step] = []
        self.barbarians_extra = 0
        self.modules: list[str] = []
        self.ongoing: list[str] = []
        self.fortunes: list[str] = []
        self.in_play: list[str] = []
        """Every card dealt into this game, sorted: each is in exactly one zone."""
        self.fed = False
        self.levee_used = False
        self.pressure: list[tuple[int, int]] = []
        """(Flood margin, Barbarians in the Card Row) as each Round ended, and as
        the game ended: the margin is the Canal sections built minus the Flood's
        space (0: its next move loses; below 0: it has)."""
        self.chapter: Chapter | None = None
        self.events: list[Event] = []
        self.legal: dict[Action, None] | None = None
        """The legal actions, once listed (cleared whenever the state changes)."""
        self.groups: tuple[int, ...] | None = None
        """The Worker colours each colour counts as, once worked out from the
        Outposts (cleared when a building goes up)."""

    @property
    def decision(self) -> Decision | None:
        """The decision waiting for the player, if any."""
        top = self.stack[-1] if self.stack else None
        return top if isinstance(top, Decision) else None

    @property
    def over(self) -> bool:
        return self.outcome is not None

    @property
    def won(self) -> bool:
        return self.outcome is Outcome.WON

    def changed(self) -> None:
        """Forget the legal actions worked out before the state changed."""
        self.legal = None

    def copy(self) -> Self:
        """An independent copy, fast: the lists are copied, the content and
        the steps (frozen) are shared, the random generator is copied."""
        new = object.__new__(type(self))
        fields = new.__dict__
        fields.update(self.__dict__)
        for name in self.MUTABLE:
            fields[name] = list(fields[name])
        new.rng = Rng(self.rng.state)
        new.events = []
        new.legal = None
        chapter = self.chapter
        if chapter is not None:
            facts = chapter.facts
            new.chapter = Chapter(
                Facts(
                    facts.game,
                    facts.wins,
                    facts.losses,
                    list(facts.read),
                    list(facts.found),
                    list(facts.modules),
                ),
                list(chapter.read),
                list(chapter.pending),
            )
        return new

    # -- the interpreter's machine ------------------------------------------------

    def facts(self) -> Facts:
        return self.chapter.facts if self.chapter is not None else Facts(modules=list(self.modules))

    # -- JSON ----------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON-ready data (format :data:`FORMAT`)."""
        chapter = self.chapter
        data: dict[str, Any] = {
            "format": FORMAT,
            "game": "yu",
            "content": self.content.version,
            "seed": self.seed,
            "rng": self.rng.state,
            "round": self.round,
            "phase": self.phase.value,
            "supply": list(self.supply),
            "have": list(self.have),
            "row": list(self.row),
            "built": self.built,
            "barge": self.barge,
            "flood": self.flood,
            "sites": list(self.sites),
            "huts_built": self.huts_built,
            "hut_spaces": list(self.hut_spaces),
            "stack": encode(self.stack),
            "outcome": self.outcome.value if self.outcome else None,
            "cause": self.cause.to_json(),
            "defeated": self.defeated,
            "row_costs": list(self.row_costs),
            "harvest_extra": encode(self.harvest_extra),
            "barbarians_extra": self.barbarians_extra,
            "modules": list(self.modules),
            "fed": self.fed,
            "levee_used": self.levee_used,
            "pressure": [list(p) for p in self.pressure],
            "chapter": None
            if chapter is None
            else {
                "facts": chapter.facts.to_json(),
                "read": list(chapter.read),
                "pending": encode(chapter.pending),
            },
        }
        for name in self.LISTS:
            data[name] = list(getattr(self, name))
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any], content: Content | None = None) -> Self:
        """Rebuild a state from :meth:`to_dict` output."""
        content = content or base()
        if data.get("format") != FORMAT or data.get("game") != "yu":
            raise ValueError(f"not a Legacy of Yu game in format {FORMAT}")
        if data["content"] != content.version:
            raise ValueError(f"game was saved with content {data['content']}, not {content.version}")
        g = cls(content, data["seed"])
        g.rng.state = data["rng"]
        for name in (
            "round",
            "built",
            "barge",
            "flood",
            "huts_built",
            "barbarians_extra",
            "fed",
            "levee_used",
            "defeated",
        ):
            setattr(g, name, data[name])
        g.cause = cause_of(data["cause"])
        g.phase = Phase(data["phase"])
        g.outcome = Outcome(data["outcome"]) if data["outcome"] else None
        for name in ("supply", "have", "row", "sites", "hut_spaces", "row_costs", "modules", *cls.LISTS):
            setattr(g, name, list(data[name]))
        g.stack = list(decode(data["stack"]))
        g.harvest_extra = list(decode(data["harvest_extra"]))
        g.pressure = [(margin, bands) for margin, bands in data["pressure"]]
        chapter = data["chapter"]
        if chapter is not None:
            g.chapter = Chapter(
                Facts.from_json(chapter["facts"]), list(chapter["read"]), list(decode(chapter["pending"]))
            )
        return g
