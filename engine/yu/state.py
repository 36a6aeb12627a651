"""The state of one game of Legacy of Yu and its public API.

``legal_actions()`` / ``apply()`` / ``outcome`` / ``view()`` / ``to_dict()`` /
``from_dict()``: the rules themselves live in :mod:`engine.yu.rules`.
"""

from __future__ import annotations

from typing import Any

from engine.rng import Rng
from engine.yu import rules
from engine.yu.actions import Action
from engine.yu.content import Content, base
from engine.yu.events import Event
from engine.yu.items import Step

FORMAT = 1
"""Version of the JSON form of a game; bump it when the form changes."""

LOSSES = ("flood", "barbarians", "damage")


class Game:
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

    def __init__(self, content: Content, seed: int) -> None:
        self.content = content
        self.seed = seed
        self.rng = Rng(seed)
        self.round = 0
        self.phase = "setup"
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
        self.decision: tuple[Any, ...] | None = None
        self.outcome: str | None = None
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
        self.campaign: dict[str, Any] | None = None
        self.events: list[Event] = []
        self._legal: dict[Action, tuple[Any, ...]] | None = None
        self._groups: tuple[int, ...] | None = None

    # -- public API ---------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every action the player may take now (empty once the game is over)."""
        return list(rules.legal(self))

    def apply(self, action: Action | str) -> list[Event]:
        """Apply one action and return what happened. An illegal or malformed
        action raises :class:`IllegalAction` and changes nothing."""
        return rules.apply(self, action)

    def explain(self, action: Action | str) -> str | None:
        """Why ``action`` is not allowed now, or None when it is."""
        return rules.explain(self, action)

    def view(self) -> dict[str, Any]:
        """What the player may see: no hidden order, no face-down cards."""
        from engine.yu.view import view

        return view(self)

    @property
    def over(self) -> bool:
        return self.outcome is not None

    @property
    def won(self) -> bool:
        return self.outcome == "won"

    # -- serialization --------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON-ready data (format :data:`FORMAT`)."""
        data: dict[str, Any] = {
            "format": FORMAT,
            "game": "yu",
            "content": self.content.version,
            "seed": self.seed,
            "rng": self.rng.state,
            "round": self.round,
            "phase": self.phase,
            "supply": list(self.supply),
            "have": list(self.have),
            "row": list(self.row),
            "built": self.built,
            "barge": self.barge,
            "flood": self.flood,
            "sites": list(self.sites),
            "huts_built": self.huts_built,
            "hut_spaces": list(self.hut_spaces),
            "stack": [_jsonable(step) for step in self.stack],
            "decision": _jsonable(self.decision),
            "outcome": self.outcome,
            "row_costs": list(self.row_costs),
            "harvest_extra": [_jsonable(step) for step in self.harvest_extra],
            "barbarians_extra": self.barbarians_extra,
            "modules": list(self.modules),
            "fed": self.fed,
            "levee_used": self.levee_used,
            "campaign": _jsonable(self.campaign),
        }
        for name in self.LISTS:
            data[name] = list(getattr(self, name))
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any], content: Content | None = None) -> Game:
        """Rebuild a game from :meth:`to_dict` output."""
        content = content or base()
        if data.get("format") != FORMAT or data.get("game") != "yu":
            raise ValueError(f"not a Legacy of Yu game in format {FORMAT}")
        if data["content"] != content.version:
            raise ValueError(f"game was saved with content {data['content']}, not {content.version}")
        game = cls(content, data["seed"])
        game.rng.state = data["rng"]
        for name in (
            "round",
            "phase",
            "built",
            "barge",
            "flood",
            "huts_built",
            "outcome",
            "barbarians_extra",
            "fed",
            "levee_used",
        ):
            setattr(game, name, data[name])
        for name in ("supply", "have", "row", "sites", "hut_spaces", "row_costs", "modules", *cls.LISTS):
            setattr(game, name, list(data[name]))
        game.harvest_extra = [_tupled(step) for step in data["harvest_extra"]]
        game.campaign = _campaign_facts(data["campaign"])
        game.stack = [_tupled(step) for step in data["stack"]]
        game.decision = _tupled(data["decision"]) if data["decision"] is not None else None
        return game


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    return value


def _campaign_facts(data: dict[str, Any] | None) -> dict[str, Any] | None:
    if data is None:
        return None
    facts = dict(data)
    facts["pending"] = [_tupled(step) for step in data["pending"]]
    return facts


def _tupled(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tupled(v) for v in value)
    return value
