"""A campaign: 7 to 13 games tied together by the Victory and Defeat decks,
the Story Deck and the Story Book.

One API, like a game's: ``legal_actions()`` / ``apply()`` / ``view()`` /
``to_dict()`` / ``from_dict()``. While a game is in progress its actions go
to the game; when it ends, the top Victory or Defeat card is revealed and its
entry read; then ``next`` starts the next game. A campaign replays from its
seed and its log of action keys.
"""

from __future__ import annotations

from typing import Any

from engine.rng import Rng
from engine.yu.actions import Action, IllegalAction, MalformedAction
from engine.yu.content import Content, base
from engine.yu.effects import CAMPAIGN_WORDS, holds
from engine.yu.events import Event
from engine.yu.items import Step, describe_steps
from engine.yu.rules import NUMBERS, new_game
from engine.yu.setup import Setup
from engine.yu.state import Game, _jsonable, _tupled

FORMAT = 1
GAME_ZONES = ("townsfolk", "barbarians", "canals", "huts", "ongoing")
MINIMUM = {"barbarians": 8, "huts": 4}
"""Fewest cards a zone may keep when the story retires some."""


class Campaign:
    """The whole campaign: decks, story, lasting changes and the current game."""

    def __init__(self, content: Content, seed: int) -> None:
        self.content = content
        self.seed = seed
        self.rng = Rng(seed)
        self.number = 0
        self.wins = 0
        self.losses = 0
        self.victory: list[str] = []
        self.defeat: list[str] = []
        self.story: list[str] = list(content.story_deck)
        self.zones: dict[str, list[str]] = {
            "townsfolk": content.starting(content.townsfolk),
            "barbarians": content.starting(content.barbarians),
            "canals": content.starting(content.canals),
            "huts": content.starting(content.huts),
            "ongoing": [],
            "history": [],
        }
        self.skills: dict[str, int] = {}
        self.read: list[list[int]] = []
        """Entries read, in order, as [entry, game number]."""
        self.found: list[int] = []
        self.modules: list[str] = []
        self.row_costs = list(content.board.card_row_costs)
        self.barbarians_extra = 0
        self.ready_pile = content.board.ready_pile
        self.harvest: list[Step] = []
        self.start: list[Step] = []
        self.next_start: list[Step] = []
        self.results: list[dict[str, Any]] = []
        self.revealed: list[str] = []
        self.stack: list[Step] = []
        self.decision: tuple[Any, ...] | None = None
        self.over = False
        self.game: Game | None = None
        self.log: list[str] = []
        self.events: list[Event] = []

    # -- starting ----------------------------------------------------------------

    @classmethod
    def new(cls, seed: int, content: Content | None = None) -> Campaign:
        """Campaign setup: 6 shuffled Blue cards over the Gold Victory card, the
        same for Defeat; then the first game is set up."""
        c = cls(content or base(), seed)
        for deck, cards in (("victory", c.content.victory), ("defeat", c.content.defeat)):
            gold = [e.id for e in cards if e.gold]
            others = sorted(e.id for e in cards if not e.gold)
            c.rng.shuffle(others)
            setattr(c, deck, gold + others)
        c._start_game()
        return c

    def reset(self) -> Campaign:
        """A fresh campaign from the original content, with new shuffles."""
        return Campaign.new(self.rng.next64() >> 11, self.content)

    @classmethod
    def replay(cls, seed: int, log: list[str], content: Content | None = None) -> Campaign:
        c = cls.new(seed, content)
        for key in log:
            c.apply(key)
        return c

    # -- the public API -------------------------------------------------------------

    @property
    def won(self) -> bool:
        return self.over and self.results[-1]["outcome"] == "won"

    @property
    def modules_on(self) -> list[str]:
        rules = [self.content.ongoing[c].module for c in self.zones["ongoing"]]
        return sorted({*self.modules, *(m for m in rules if m)})

    def facts(self) -> dict[str, Any]:
        """What conditions on the campaign may ask."""
        return {
            "game": self.number,
            "wins": self.wins,
            "losses": self.losses,
            "read": [n for n, _ in self.read],
            "found": list(self.found),
            "modules": self.modules_on,
        }

    def legal_actions(self) -> list[Action]:
        if self.over:
            return []
        if self.decision is not None:
            return [Action("choose", (NUMBERS[i],)) for i in range(len(self.decision[1]))]
        if self.game is not None and not self.game.over:
            return self.game.legal_actions()
        return [Action("next")]

    def explain(self, action: Action | str) -> str | None:
        key = action.key if isinstance(action, Action) else action
        if self.over:
            return "The campaign is over."
        if self.decision is None and self.game is not None and not self.game.over:
            return self.game.explain(key)
        try:
            parsed = Action.parse(key)
        except MalformedAction as exc:
            return str(exc)
        if parsed in self.legal_actions():
            return None
        if self.decision is not None:
            return "First choose one of the story's options."
        return "The game is over: start the next game."

    def apply(self, action: Action | str) -> list[Event]:
        key = action.key if isinstance(action, Action) else action
        self.events = []
        if self.decision is None and self.game is not None and not self.game.over:
            events = self.game.apply(key)
            self.log.append(key)
            if self.game.over:
                self._finish_game()
            return events + self.events
        why = self.explain(key)
        if why is not None:
            raise IllegalAction(why)
        self.log.append(key)
        if key == "next":
            self._start_game()
            assert self.game is not None
            return list(self.game.events) + self.events
        assert self.decision is not None
        options = self.decision[1]
        self.decision = None
        label, steps = options[int(key.split(":")[1]) - 1]
        self._event("choice", f"Chose: {label}.")
        self._push(steps)
        self._run()
        return self.events

    # -- between games --------------------------------------------------------------

    def setup(self) -> Setup:
        """The next game's setup: the cards in play and every lasting change."""
        ongoing = self.zones["ongoing"]
        kinds = {c: self.content.ongoing[c].kind for c in ongoing}
        return Setup(
            townsfolk=tuple(self.zones["townsfolk"]),
            barbarians=tuple(self.zones["barbarians"]),
            canals=tuple(self.zones["canals"]),
            huts=tuple(self.zones["huts"]),
            ongoing=tuple(c for c in ongoing if kinds[c] != "fortuity"),
            fortunes=tuple(c for c in ongoing if kinds[c] == "fortuity"),
            modules=tuple(self.modules_on),
            row_costs=tuple(self.row_costs),
            barbarians_extra=self.barbarians_extra,
            ready_pile=self.ready_pile,
            harvest=tuple(self.harvest),
            start=tuple(self.start + self.next_start),
            campaign=self.facts(),
        )

    def _start_game(self) -> None:
        self.number += 1
        seed = self.rng.next64() >> 11
        self.game = new_game(seed, self.content, self.setup())
        self.results.append({"game": self.number, "seed": seed, "outcome": None})
        self.next_start = []
        if self.game.over:  # the story's start effects ended it before the first turn
            self._finish_game()

    def _finish_game(self) -> None:
        game = self.game
        assert game is not None and game.outcome is not None and game.campaign is not None
        for card in [c for c in game.ongoing if c in self.skills]:  # the skills this game was played with
            if self.skills[card] > 1:
                self.skills[card] -= 1
            else:
                self._retire(card, "its last game is played")
        for step in game.campaign["pending"]:
            if step[0] == "read":
                self.read.append([step[1], self.number])
            else:
                self._campaign_step(step)
        self.results[-1]["outcome"] = game.outcome
        won = game.outcome == "won"
        if won:
            self.wins += 1
        else:
            self.losses += 1
        deck = self.victory if won else self.defeat
        card_id = deck.pop()
        self.revealed.append(card_id)
        ending = next(e for e in (*self.content.victory, *self.content.defeat) if e.id == card_id)
        entry = ending.entries[0] if won or game.outcome == "flood" else ending.entries[-1]
        self._event("ending", f"Turned over {ending.name}: read entry {entry}.", card_id)
        self._push([("entry", entry)])
        self._run()

    def _run(self) -> None:
        """Resolve the story between games; a Gold card ends the campaign once
        its entry is fully resolved."""
        self._resolve()
        endings = {e.id: e for e in (*self.content.victory, *self.content.defeat)}
        if not self.stack and self.decision is None and self.revealed and endings[self.revealed[-1]].gold:
            self.over = True
            self._event("over", "The campaign is over.")

    def _resolve(self) -> None:
        while self.stack and self.decision is None:
            step = self.stack.pop()
            word = step[0]
            if word == "entry":
                entry = self.content.entries[step[1]]
                self.read.append([entry.number, self.number])
                self._event("entry", f"Story Book entry {entry.number}: {entry.title}.", entry.number)
                self._push(entry.effects)
            elif word == "choice":
                self.decision = step
            elif word == "if":
                self._push(step[2] if holds(step[1], self.facts()) else step[3])
            elif word in CAMPAIGN_WORDS:
                self._campaign_step(step)
            else:
                self.next_start.append(step)
                self._event("start", f"The next game starts with: {describe_steps((step,))}.")

    def _campaign_step(self, step: Step) -> None:
        word = step[0]
        if word == "find":
            self._find(step[1], step[2])
        elif word == "retire":
            for card in step[1]:
                self._retire(card, "the story says so")
        elif word == "module":
            if step[1] not in self.modules:
                self.modules.append(step[1])
                self._event("module", f"A new rule is in play: {step[1]}.", step[1])
        else:
            self._adjust(step)

    def _find(self, stones: tuple[int, ...], zone: str) -> None:
        for card in [c for c in self.story if self.content.stone(c) in stones]:
            self.story.remove(card)
            where = zone or self._zone_of(card)
            self.zones[where].append(card)
            if where == "ongoing" and self.content.ongoing[card].kind == "skill":
                self.skills[card] = self.content.ongoing[card].games
            self._event("find", f"Found Story card {self.content.name(card)}.", card)
        self.found.extend(s for s in stones if s not in self.found)

    def _zone_of(self, card: str) -> str:
        for zone in GAME_ZONES:
            if card in getattr(self.content, zone):
                return zone
        raise KeyError(card)

    def _retire(self, card: str, why: str) -> None:
        for zone in GAME_ZONES:
            cards = self.zones[zone]
            if card in cards:
                if len(cards) <= self._minimum(zone, card):
                    self._event("retire", f"{self.content.name(card)} stays: the game needs it.")
                    return
                cards.remove(card)
                self.zones["history"].append(card)
                self.skills.pop(card, None)
                self._event("retire", f"{self.content.name(card)} went into History: {why}.", card)
                return

    def _minimum(self, zone: str, card: str) -> int:
        if zone == "townsfolk":
            return self.ready_pile + 7
        if zone == "canals":
            jade = self.content.canals[card].jade
            same = sum(self.content.canals[c].jade == jade for c in self.zones["canals"])
            return len(self.zones["canals"]) - same + 2
        return MINIMUM.get(zone, 0)

    def _adjust(self, step: Step) -> None:
        _, what, arg, by = step
        if what == "row_cost":
            self.row_costs[arg] = max(0, self.row_costs[arg] + by)
            text = f"Card Row space {arg + 1} now costs {self.row_costs[arg]}."
        elif what == "barbarians":
            self.barbarians_extra += by
            text = f"Each Refresh now adds {'more' if by > 0 else 'fewer'} Barbarians ({by:+d})."
        elif what == "ready_pile":
            self.ready_pile = max(4, self.ready_pile + by)
            text = f"Games now start with {self.ready_pile} cards in the Ready Pile."
        elif what == "harvest":
            self.harvest += arg
            text = f"Every Harvest now also gives {describe_steps(arg)}."
        else:
            self.start += arg
            text = f"Every game now starts with {describe_steps(arg)}."
        self._event("adjust", text, what)

    def _push(self, steps: tuple[Step, ...] | list[Step]) -> None:
        self.stack.extend(reversed(steps))

    def _event(self, kind: str, text: str, data: Any = None) -> None:
        self.events.append(Event(kind, text, True, data))

    # -- what the player may see ------------------------------------------------------

    def view(self) -> dict[str, Any]:
        """The campaign as the player knows it: only entries already read and
        Story cards already found; the decks show only their size."""
        content = self.content
        found = [c for zone in (*GAME_ZONES, "history") for c in self.zones[zone] if content.stone(c)]
        last_game = [
            {"entry": n, "title": content.entries[n].title, "text": content.entries[n].text}
            for n, g in self.read
            if g == self.number
        ]
        decision = None
        if self.decision is not None:
            decision = {
                "prompt": "The story asks you to choose.",
                "options": [o[0] for o in self.decision[1]],
            }
        endings = {e.id: e for e in (*content.victory, *content.defeat)}
        return {
            "game": self.number,
            "wins": self.wins,
            "losses": self.losses,
            "over": self.over,
            "won": self.won,
            "victory_left": len(self.victory),
            "defeat_left": len(self.defeat),
            "revealed": [{"id": c, "name": endings[c].name, "gold": endings[c].gold} for c in self.revealed],
            "journal": [
                {"entry": n, "game": g, "title": content.entries[n].title, "text": content.entries[n].text}
                for n, g in self.read
            ],
            "this_game": last_game,
            "found": [{"id": c, "name": content.name(c), "stone": content.stone(c)} for c in found],
            "history": [{"id": c, "name": content.name(c)} for c in self.zones["history"]],
            "ongoing": [
                {
                    "id": c,
                    "name": content.ongoing[c].name,
                    "text": content.ongoing[c].text,
                    "games_left": self.skills.get(c),
                }
                for c in self.zones["ongoing"]
            ],
            "modules": self.modules_on,
            "results": list(self.results),
            "decision": decision,
            "game_over": self.game is not None and self.game.over,
        }

    # -- serialization -------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": "yu-campaign",
            "content": self.content.version,
            "seed": self.seed,
            "rng": self.rng.state,
            "number": self.number,
            "wins": self.wins,
            "losses": self.losses,
            "victory": list(self.victory),
            "defeat": list(self.defeat),
            "story": list(self.story),
            "zones": {k: list(v) for k, v in self.zones.items()},
            "skills": dict(self.skills),
            "read": [list(r) for r in self.read],
            "found": list(self.found),
            "modules": list(self.modules),
            "row_costs": list(self.row_costs),
            "barbarians_extra": self.barbarians_extra,
            "ready_pile": self.ready_pile,
            "harvest": _jsonable(self.harvest),
            "start": _jsonable(self.start),
            "next_start": _jsonable(self.next_start),
            "results": [dict(r) for r in self.results],
            "revealed": list(self.revealed),
            "stack": _jsonable(self.stack),
            "decision": _jsonable(self.decision),
            "over": self.over,
            "current": self.game.to_dict() if self.game is not None else None,
            "log": list(self.log),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], content: Content | None = None) -> Campaign:
        content = content or base()
        if data.get("format") != FORMAT or data.get("game") != "yu-campaign":
            raise ValueError(f"not a Legacy of Yu campaign in format {FORMAT}")
        if data["content"] != content.version:
            raise ValueError(f"campaign was saved with content {data['content']}, not {content.version}")
        c = cls(content, data["seed"])
        c.rng.state = data["rng"]
        for name in ("number", "wins", "losses", "barbarians_extra", "ready_pile", "over"):
            setattr(c, name, data[name])
        for name in ("victory", "defeat", "story", "found", "modules", "row_costs", "revealed", "log"):
            setattr(c, name, list(data[name]))
        c.zones = {k: list(v) for k, v in data["zones"].items()}
        c.skills = dict(data["skills"])
        c.read = [list(r) for r in data["read"]]
        for name in ("harvest", "start", "next_start", "stack"):
            setattr(c, name, [_tupled(s) for s in data[name]])
        c.decision = _tupled(data["decision"]) if data["decision"] is not None else None
        c.results = [dict(r) for r in data["results"]]
        c.game = Game.from_dict(data["current"], content) if data["current"] is not None else None
        return c
