"""A campaign: 7 to 13 games tied together by the Victory and Defeat decks,
the Story Deck and the Story Book.

One API, like a game's: ``legal_actions()`` / ``apply()`` / ``explain()`` /
``view()`` / ``to_dict()`` / ``from_dict()``. While a game is in progress
its actions go to the game; when it ends, the top Victory or Defeat card is
revealed and its entry read; then ``next`` starts the next game. Between
games the story's steps run through the same interpreter as a game's, with
the campaign's own words. A campaign replays from its seed and its log of
action keys.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.redeals import Redeal, play
from engine.rng import Rng
from engine.text import Msg, Name, _
from engine.yu.campaign.difficulty import Difficulty, extend, streak_handicap, streak_words
from engine.yu.content import words
from engine.yu.content.loader import Card, Content, Ending, Ongoing, base
from engine.yu.content.steps import (
    GAME_EFFECTS,
    AddHarvest,
    AddStart,
    Choice,
    Find,
    If,
    Module,
    MoreBarbarians,
    Read,
    ReadyPile,
    Retire,
    RowCost,
    Step,
    decode,
    encode,
)
from engine.yu.rules import hidden
from engine.yu.rules.actions import Action, IllegalAction, Kind
from engine.yu.rules.events import Event
from engine.yu.rules.game import Game
from engine.yu.rules.interpreter import Facts, Words, branch, push, run
from engine.yu.rules.moves import Menu, Option
from engine.yu.rules.setup import Setup
from engine.yu.rules.state import Outcome
from engine.yu.rules.summary import GameSummary, summarize
from engine.yu.rules.threats import Dealt, Risk
from engine.yu.rules.view import ChoiceView, Page

FORMAT = 4
GAME_ZONES = ("townsfolk", "barbarians", "canals", "huts", "ongoing")
MINIMUM = {"barbarians": 8, "huts": 4}
"""Fewest cards a zone may keep when the story retires some."""
NEXT = Action(Kind.NEXT)


Change = tuple[str, "str | Msg"]
"""One change the story made, as (kind, subject): a card id, a rule, an option's label, or
for an adjustment, a start or a streak, its message."""


@dataclass
class Result:
    game: int
    seed: int
    outcome: Outcome | None = None
    summary: GameSummary | None = None
    """Once the game is over: how far it went and what ended it."""
    story: tuple[Change, ...] = ()
    """What the story changed after this game, as (kind, subject): the options
    chosen, the Story cards found, the cards gone into History..."""


@dataclass(frozen=True, slots=True)
class Reading:
    """A Story Book entry, and the game in which it was read."""

    page: Page
    game: int
    chosen: tuple[Name, ...] = ()
    """The options the player chose when the entry asked."""


@dataclass(frozen=True, slots=True)
class Beside:
    """A Story card beside the board, and the games it has left (Skill cards)."""

    card: Ongoing
    games_left: int | None


ZONES = {
    "townsfolk": _("the Townsfolk cards"),
    "barbarians": _("the Barbarian cards"),
    "canals": _("the Canal cards"),
    "huts": _("the Hut cards"),
    "ongoing": _("the cards beside the board"),
    "history": _("History"),
}
"""Where a found card goes, in words."""
BESIDE = {
    "rule": _("a new rule, now beside the board"),
    "skill": _("a Skill card, now beside the board"),
    "fortuity": _("a Fortuity card you hold until you play it"),
}
"""What a Story card found beside the board is, in words, by its kind."""


@dataclass(frozen=True, slots=True)
class WhatsNew:
    """What the story changed since the previous game began, shown as a game
    opens: rules turned on or off, Story cards found, cards gone into History,
    changes to the board, what the game starts with, and the choices made.
    Empty in game 1."""

    game: int
    choices: tuple[Name, ...] = ()
    """The options chosen, in order."""
    modules_added: tuple[str, ...] = ()
    """The rules turned on, by the name of their rule card."""
    modules_removed: tuple[str, ...] = ()
    ongoing: tuple[Ongoing, ...] = ()
    """Rule, Skill and Fortuity cards found, now beside the board."""
    found: tuple[Card, ...] = ()
    """The other Story cards found: Townsfolk, Barbarians, Canals, Huts."""
    retired: tuple[Card, ...] = ()
    """Cards gone into History."""
    adjustments: tuple[Msg, ...] = ()
    """Lasting changes to the board and the rules, in words."""
    start: tuple[Msg, ...] = ()
    """What this game started with, once, in words."""
    streak: Msg | None = None
    """What the run of wins or losses before this game changed in it, in words."""
    lines: tuple[Msg, ...] = ()
    """All of the above in words, one sentence each."""

    def __bool__(self) -> bool:
        return bool(self.lines)


@dataclass(frozen=True, slots=True)
class CampaignView:
    """The campaign as the player knows it: only entries already read and
    Story cards already found; the decks show only their size."""

    game: int
    wins: int
    losses: int
    over: bool
    won: bool
    victory_left: int
    defeat_left: int
    revealed: tuple[Ending, ...]
    journal: tuple[Reading, ...]
    this_game: tuple[Page, ...]
    """The entries read since the current game began (its ending's included)."""
    found: tuple[Card, ...]
    history: tuple[Card, ...]
    ongoing: tuple[Beside, ...]
    modules: tuple[str, ...]
    results: tuple[Result, ...]
    decision: ChoiceView | None
    game_over: bool
    summary: GameSummary | None
    """The game just finished, between games (None while a game is played)."""
    whats_new: WhatsNew
    """What the story changed since the previous game began (empty in game 1)."""
    difficulty: Difficulty
    streak: int
    """Games won in a row (positive) or lost in a row (negative), up to the last one played."""


class Campaign:
    """The whole campaign: decks, story, lasting changes and the current game."""

    def __init__(self, content: Content, seed: int, difficulty: Difficulty = Difficulty.STANDARD) -> None:
        self.content = content
        self.seed = seed
        self.difficulty = difficulty
        self.streak = 0
        """Games won in a row (positive) or lost in a row (negative): the next
        game is harder or easier (:mod:`engine.yu.campaign.difficulty`)."""
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
        self.read: list[tuple[int, int]] = []
        """Entries read, in order, as (entry, game number)."""
        self.found: list[int] = []
        self.modules: list[str] = []
        self.row_costs = list(content.board.card_row_costs)
        self.barbarians_extra = 0
        self.ready_pile = content.board.ready_pile
        self.harvest: list[Step] = []
        self.start: list[Step] = []
        self.next_start: list[Step] = []
        self.results: list[Result] = []
        self.chosen: list[tuple[int, str]] = []
        """The options chosen, as (index in ``read`` of the entry that asked, label)."""
        self.changes: list[Change] = []
        """The story's changes since the current game began, as (kind, subject):
        the next game's :class:`WhatsNew`."""
        self.news: list[Change] = []
        """The changes made since the previous game began: this game's :class:`WhatsNew`."""
        self.revealed: list[str] = []
        self.stack: list[Step] = []
        self.over = False
        self.game: Game | None = None
        self.events: list[Event] = []
        self._risks: dict[Action, Risk] = {}
        """Each action's risk as things stand: worked out once between two changes."""
        self._dealt: Dealt = {}
        """The game's copies its actions' risks are tried on, as things stand."""

    # -- starting ----------------------------------------------------------------

    @classmethod
    def new(
        cls, seed: int, content: Content | None = None, difficulty: Difficulty = Difficulty.STANDARD
    ) -> Campaign:
        """Campaign setup: 6 shuffled Blue cards over the Gold Victory card, the
        same for Defeat; then the first game is set up at ``difficulty``."""
        c = cls(content or base(), seed, difficulty)
        for deck, cards in ((c.victory, c.content.victory), (c.defeat, c.content.defeat)):
            others = sorted(e.id for e in cards if not e.gold)
            c.rng.shuffle(others)
            deck[:] = [e.id for e in cards if e.gold] + others
        c._start_game()
        return c

    @classmethod
    def replay(
        cls,
        seed: int,
        log: list[str],
        content: Content | None = None,
        difficulty: Difficulty = Difficulty.STANDARD,
        redeals: Sequence[Redeal] = (),
    ) -> Campaign:
        """The campaign ``log`` (the actions' keys) made from ``seed``, dealt anew at each of
        ``redeals``' places."""
        c = cls.new(seed, content, difficulty)
        play(log, lambda key: c.apply(Action.parse(key)), c.redeal, redeals)
        return c

    def redeal(self, seed: int) -> None:
        """Deal anew from ``seed`` what is still face down (:mod:`engine.redeals`): the Blue cards
        of the Victory and Defeat decks, the current game's face-down cards and the seeds of the
        games to come."""
        rng = Rng(seed)
        for deck, cards in ((self.victory, self.content.victory), (self.defeat, self.content.defeat)):
            gold = {e.id for e in cards if e.gold}
            blue = sorted(c for c in deck if c not in gold)
            rng.shuffle(blue)
            deck[:] = [c if c in gold else blue.pop() for c in deck]
        if self.game is not None and not self.game.over:
            hidden.redeal(self.game, rng)
        self._forget_risks()
        self.rng = Rng(rng.next64())

    def _forget_risks(self) -> None:
        """Things changed: the risks worked out, and the copies they were tried on, no longer hold."""
        self._risks.clear()
        self._dealt.clear()

    # -- the public API -------------------------------------------------------------

    @property
    def won(self) -> bool:
        return self.over and self.results[-1].outcome is Outcome.WON

    @property
    def decision(self) -> Choice | None:
        """The story's choice waiting between games, if any."""
        top = self.stack[-1] if self.stack else None
        return top if isinstance(top, Choice) else None

    @property
    def playing(self) -> bool:
        """Whether a game is in progress (its actions are the campaign's)."""
        return self.decision is None and self.game is not None and not self.game.over

    @property
    def modules_on(self) -> list[str]:
        rules = [self.content.ongoing[c].module for c in self.zones["ongoing"]]
        return sorted({*self.modules, *(m for m in rules if m)})

    def facts(self) -> Facts:
        """What conditions on the campaign may ask."""
        return Facts(
            self.number,
            self.wins,
            self.losses,
            [n for n, _game in self.read],
            list(self.found),
            self.modules_on,
        )

    def _between(self, why: bool = False) -> Menu:
        """Between games: the story's choice, else starting the next game."""
        menu = Menu(why)
        decision = self.decision
        if self.over:
            if why:
                menu.refuse(NEXT, OVER)
        elif decision is not None:
            for n in range(1, len(decision.options) + 1):
                choose = Action(Kind.CHOOSE, option=n)
                menu.offer(choose, (choose,))
            if why:
                menu.refuse(NEXT, CHOOSE_FIRST)
        else:
            menu.offer(NEXT, (NEXT,))
        return menu

    def legal_actions(self) -> list[Action]:
        if self.playing:
            assert self.game is not None
            return self.game.legal_actions()
        return list(self._between().legal)

    def options(self) -> list[Option]:
        """What the player might do now, with the reasons for what they cannot."""
        if self.playing:
            assert self.game is not None
            return self.game.options()
        return self._between(why=True).options

    def explain(self, action: Action) -> Msg | None:
        if self.playing:
            assert self.game is not None
            return self.game.explain(action)
        if action in self._between().legal:
            return None
        if self.over:
            return OVER
        if self.decision is not None:
            return CHOOSE_FIRST
        return _("The game is over: start the next game.")

    def risk(self, action: Action) -> Risk:
        """What ``action`` risks (see :meth:`Game.risk`); the end of a game
        turns over an ending card. Between games nothing can be lost, and
        every step of the story shows what was hidden: it cannot be undone.
        An illegal action raises :class:`IllegalAction`."""
        if self.playing:
            assert self.game is not None
            if action not in self._risks:
                self._risks[action] = self.game.risk(action, ending_reveals=True, dealt=self._dealt)
            return self._risks[action]
        why = self.explain(action)
        if why is not None:
            raise IllegalAction(why)
        return Risk(reveals=True)

    def apply(self, action: Action) -> list[Event]:
        self.events = []
        self._forget_risks()
        if self.playing:
            game = self.game
            assert game is not None
            asking = game.decision
            asked = len(self.read) + len(game.chapter.read if game.chapter else ()) - 1
            events = game.apply(action)
            if isinstance(asking, Choice) and action.kind is Kind.CHOOSE:
                self._chose(asking.options[(action.option or 0) - 1].label, asked)
            if game.over:
                self._finish_game()
            return events + self.events
        why = self.explain(action)
        if why is not None:
            raise IllegalAction(why)
        if action.kind is Kind.NEXT:
            self._start_game()
            assert self.game is not None
            return list(self.game.events) + self.events
        decision = self.stack.pop()
        assert isinstance(decision, Choice)
        option = decision.options[(action.option or 0) - 1]
        self._event("choice", _("Chose: {option}.", option=Name(option.label)))
        self._chose(option.label, len(self.read) - 1)
        push(self, option.steps)
        self._run()
        return self.events

    # -- between games --------------------------------------------------------------

    def setup(self) -> Setup:
        """The setup of game ``number``, as it starts: the cards in play and
        every lasting change, then the level's changes and the streak's."""
        ongoing = self.zones["ongoing"]
        kinds = {c: self.content.ongoing[c].kind for c in ongoing}
        story = Setup(
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
        for handicap in (self.difficulty.handicap, streak_handicap(self.streak)):
            story = handicap.apply(story)
        return story

    def _start_game(self) -> None:
        self.number += 1
        seed = self.rng.next64() >> 11
        setup, before = self.setup(), self.game
        self.news = self.changes
        if before is not None:  # the rules the last game was played with, and this one
            self.news = [
                *(("module", m) for m in setup.modules if m not in before.modules),
                *(("module_off", m) for m in before.modules if m not in setup.modules),
                *self.news,
            ]
        if self.results:
            self.results[-1].story = tuple(self.changes)
        streak = streak_words(self.streak)
        if streak is not None:
            self.news.append(("streak", streak))
        self.changes = []
        self.game = Game.new(seed, self.content, setup)
        self.results.append(Result(self.number, seed))
        self.next_start = []
        if self.game.over:  # the story's start effects ended it before the first turn
            self._finish_game()

    def _finish_game(self) -> None:
        game = self.game
        assert game is not None and game.outcome is not None and game.chapter is not None
        for card in [c for c in game.ongoing if c in self.skills]:  # the skills this game was played with
            if self.skills[card] > 1:
                self.skills[card] -= 1
            else:
                self._retire(card, _("its last game is played"))
        self.read += [(n, self.number) for n in game.chapter.read]
        for step in game.chapter.pending:
            WORDS[type(step)](self, step)
        self.results[-1].outcome = game.outcome
        self.results[-1].summary = summarize(game)
        won = game.outcome is Outcome.WON
        if won:
            self.wins += 1
        else:
            self.losses += 1
        self.streak = extend(self.streak, won)
        card_id = (self.victory if won else self.defeat).pop()
        self.revealed.append(card_id)
        ending = self.content.endings[card_id]
        entry = ending.entries[0] if won or game.outcome is Outcome.FLOOD else ending.entries[-1]
        turned = _("Turned over {card}: read entry {entry}.", card=Name(ending.name), entry=entry)
        self._event("ending", turned, card_id)
        push(self, [Read(entry)])
        self._run()

    def _run(self) -> None:
        """Resolve the story between games; a Gold card ends the campaign once
        its entry is fully resolved."""
        run(self, WORDS)
        if not self.stack and self.revealed and self.content.endings[self.revealed[-1]].gold:
            self.over = True
            self.results[-1].story = tuple(self.changes)
            self._event("over", OVER)

    def _read(self, step: Read) -> None:
        entry = self.content.entries[step.entry]
        self.read.append((entry.number, self.number))
        read = _("Story Book entry {number}: {title}.", number=entry.number, title=Name(entry.title))
        self._event("entry", read, entry.number)
        push(self, entry.effects)

    def _chose(self, label: str, asked: int) -> None:
        """Keep the option chosen, for the journal (under the entry that
        asked, by its index in ``read``) and for the next game's news."""
        self.chosen.append((asked, label))
        self.changes.append(("choice", label))

    def _for_next_game(self, step: Step) -> None:
        self.next_start.append(step)
        what = words.steps((step,))
        self.changes.append(("start", what))
        self._event("start", _("The next game starts with: {what}.", what=what))

    def _find(self, step: Find) -> None:
        for card in [c for c in self.story if self.content.stone(c) in step.stones]:
            self.story.remove(card)
            where = step.zone or self._zone_of(card)
            self.zones[where].append(card)
            if where == "ongoing" and self.content.ongoing[card].kind == "skill":
                self.skills[card] = self.content.ongoing[card].games
            self.changes.append(("found", card))
            self._event("find", _("Found Story card {card}.", card=Name(self.content.name(card))), card)
        self.found.extend(s for s in step.stones if s not in self.found)

    def _zone_of(self, card: str) -> str:
        for zone in GAME_ZONES:
            if card in getattr(self.content, zone):
                return zone
        raise KeyError(card)

    def _retire_step(self, step: Retire) -> None:
        for card in step.cards:
            self._retire(card, _("the story says so"))

    def _retire(self, card: str, why: Msg) -> None:
        for zone in GAME_ZONES:
            cards = self.zones[zone]
            if card in cards:
                if len(cards) <= self._minimum(zone, card):
                    self._event(
                        "retire", _("{card} stays: the game needs it.", card=Name(self.content.name(card)))
                    )
                    return
                cards.remove(card)
                self.zones["history"].append(card)
                self.skills.pop(card, None)
                self.changes.append(("retired", card))
                gone = _("{card} went into History: {why}.", card=Name(self.content.name(card)), why=why)
                self._event("retire", gone, card)
                return

    def _minimum(self, zone: str, card: str) -> int:
        if zone == "townsfolk":
            return self.ready_pile + 7
        if zone == "canals":
            jade = self.content.canals[card].jade
            same = sum(self.content.canals[c].jade == jade for c in self.zones["canals"])
            return len(self.zones["canals"]) - same + 2
        return MINIMUM.get(zone, 0)

    def _module(self, step: Module) -> None:
        if step.name not in self.modules:
            self.modules.append(step.name)
            self._event("module", _("A new rule is in play: {rule}.", rule=self._rule(step.name)), step.name)

    def _row_cost(self, step: RowCost) -> None:
        self.row_costs[step.slot] = max(0, self.row_costs[step.slot] + step.by)
        costs = _(
            "Card Row space {space} now costs {cost}.", space=step.slot + 1, cost=self.row_costs[step.slot]
        )
        self._adjusted(costs, "row_cost")

    def _more_barbarians(self, step: MoreBarbarians) -> None:
        self.barbarians_extra += step.by
        by = f"{step.by:+d}"
        if step.by > 0:
            self._adjusted(_("Each Refresh now adds more Barbarians ({by}).", by=by), "barbarians")
        else:
            self._adjusted(_("Each Refresh now adds fewer Barbarians ({by}).", by=by), "barbarians")

    def _ready_pile(self, step: ReadyPile) -> None:
        self.ready_pile = max(4, self.ready_pile + step.by)
        ready = _("Games now start with {n} cards in the Ready Pile.", n=self.ready_pile)
        self._adjusted(ready, "ready_pile")

    def _add_harvest(self, step: AddHarvest) -> None:
        self.harvest += step.steps
        self._adjusted(_("Every Harvest now also gives {what}.", what=words.steps(step.steps)), "harvest")

    def _add_start(self, step: AddStart) -> None:
        self.start += step.steps
        self._adjusted(_("Every game now starts with {what}.", what=words.steps(step.steps)), "start")

    def _adjusted(self, msg: Msg, what: str) -> None:
        self.changes.append(("adjust", msg))
        self._event("adjust", msg, what)

    def _event(self, kind: str, msg: Msg, data: str | int | None = None) -> None:
        self.events.append(Event(kind, msg, True, data))

    def _rule(self, module: str) -> Name | str:
        """A rule by the name of its rule card (its key when no card names it)."""
        names = {c.module: c.name for c in self.content.ongoing.values() if c.module}
        return Name(names[module]) if module in names else module

    # -- what the player may see ------------------------------------------------------

    def whats_new(self) -> WhatsNew:
        """What the story changed since the previous game began, in this game's news."""
        content = self.content
        rules = {c.module: c.name for c in content.ongoing.values() if c.module}
        by_kind: dict[str, list[str | Msg]] = {}
        for kind, subject in self.news:
            by_kind.setdefault(kind, []).append(subject)

        def of(kind: str) -> tuple[str, ...]:
            return tuple(str(s) for s in by_kind.get(kind, ()))

        def said(kind: str) -> tuple[Msg, ...]:
            """Messages; a change stored before messages holds its English."""
            return tuple(s if isinstance(s, Msg) else Msg(s) for s in by_kind.get(kind, ()))

        found = [content.cards[c] for c in of("found")]
        ongoing = tuple(c for c in found if isinstance(c, Ongoing))
        others = tuple(c for c in found if not isinstance(c, Ongoing))
        retired = tuple(content.cards[c] for c in of("retired"))
        added = tuple(rules.get(m, m) for m in of("module"))
        removed = tuple(rules.get(m, m) for m in of("module_off"))
        beside = {c.name for c in ongoing}
        choices = tuple(Name(label) for label in of("choice"))
        lines = [
            *(_("You chose: {option}.", option=label) for label in choices),
            *(_("A new rule is in play: {rule}.", rule=Name(name)) for name in added if name not in beside),
            *(
                _("Found {card}: {where}.", card=Name(c.name), where=BESIDE.get(c.kind, NOW_BESIDE))
                for c in ongoing
            ),
            *(
                _("Found {card}: it joins {zone}.", card=Name(c.name), zone=ZONES[self._where(c.id)])
                for c in others
            ),
            *(_("{card} went into History.", card=Name(c.name)) for c in retired),
            *(_("No longer in play: {rule}.", rule=Name(name)) for name in removed),
            *said("adjust"),
            *(_("This game started with: {what}.", what=what) for what in said("start")),
            *said("streak"),
        ]
        return WhatsNew(
            self.number,
            choices,
            added,
            removed,
            ongoing,
            others,
            retired,
            said("adjust"),
            said("start"),
            next(iter(said("streak")), None),
            tuple(lines),
        )

    def _where(self, card: str) -> str:
        """The campaign zone a card is in now (History once retired)."""
        return next((zone for zone, cards in self.zones.items() if card in cards), "history")

    def view(self) -> CampaignView:
        content = self.content
        found = [content.cards[c] for zone in self.zones.values() for c in zone if content.stone(c)]
        decision = self.decision
        chosen: dict[int, tuple[Name, ...]] = {}
        for asked, label in self.chosen:
            chosen[asked] = (*chosen.get(asked, ()), Name(label))
        game_over = self.game is not None and self.game.over
        return CampaignView(
            game=self.number,
            wins=self.wins,
            losses=self.losses,
            over=self.over,
            won=self.won,
            victory_left=len(self.victory),
            defeat_left=len(self.defeat),
            revealed=tuple(content.endings[c] for c in self.revealed),
            journal=tuple(
                Reading(Page.of(content.entries[n]), g, chosen.get(i, ()))
                for i, (n, g) in enumerate(self.read)
            ),
            this_game=tuple(Page.of(content.entries[n]) for n, g in self.read if g == self.number),
            found=tuple(found),
            history=tuple(content.cards[c] for c in self.zones["history"]),
            ongoing=tuple(Beside(content.ongoing[c], self.skills.get(c)) for c in self.zones["ongoing"]),
            modules=tuple(self.modules_on),
            results=tuple(Result(r.game, r.seed, r.outcome, r.summary, r.story) for r in self.results),
            decision=ChoiceView(tuple(o.label for o in decision.options)) if decision else None,
            game_over=game_over,
            summary=self.results[-1].summary if game_over and self.results else None,
            whats_new=self.whats_new(),
            difficulty=self.difficulty,
            streak=self.streak,
        )

    # -- serialization -------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": "yu-campaign",
            "content": self.content.version,
            "seed": self.seed,
            "difficulty": self.difficulty.value,
            "streak": self.streak,
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
            "harvest": encode(self.harvest),
            "start": encode(self.start),
            "next_start": encode(self.next_start),
            "results": [
                [
                    r.game,
                    r.seed,
                    r.outcome.value if r.outcome else None,
                    r.summary.to_json() if r.summary else None,
                    _changes_json(r.story),
                ]
                for r in self.results
            ],
            "chosen": [list(c) for c in self.chosen],
            "changes": _changes_json(self.changes),
            "news": _changes_json(self.news),
            "revealed": list(self.revealed),
            "stack": encode(self.stack),
            "over": self.over,
            "current": self.game.to_dict() if self.game is not None else None,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], content: Content | None = None) -> Campaign:
        content = content or base()
        if data.get("format") != FORMAT or data.get("game") != "yu-campaign":
            raise ValueError(f"not a Legacy of Yu campaign in format {FORMAT}")
        if data["content"] != content.version:
            raise ValueError(f"campaign was saved with content {data['content']}, not {content.version}")
        c = cls(content, data["seed"], Difficulty(data["difficulty"]))
        c.streak = data["streak"]
        c.rng.state = data["rng"]
        for name in ("number", "wins", "losses", "barbarians_extra", "ready_pile", "over"):
            setattr(c, name, data[name])
        for name in ("victory", "defeat", "story", "found", "modules", "row_costs", "revealed"):
            setattr(c, name, list(data[name]))
        c.zones = {k: list(v) for k, v in data["zones"].items()}
        c.skills = dict(data["skills"])
        c.read = [(n, g) for n, g in data["read"]]
        for name in ("harvest", "start", "next_start", "stack"):
            setattr(c, name, list(decode(data[name])))
        c.results = [
            Result(
                g,
                s,
                Outcome(o) if o else None,
                GameSummary.from_json(m) if m else None,
                tuple(_changes(story)),
            )
            for g, s, o, m, story in data["results"]
        ]
        c.chosen = [(i, label) for i, label in data["chosen"]]
        c.changes = _changes(data["changes"])
        c.news = _changes(data["news"])
        c.game = Game.from_dict(data["current"], content) if data["current"] is not None else None
        return c


OVER = _("The campaign is over.")
CHOOSE_FIRST = _("First choose one of the story's options.")
NOW_BESIDE = _("now beside the board")


def _changes_json(changes: list[Change] | tuple[Change, ...]) -> list[list[Any]]:
    return [[kind, subject.to_json() if isinstance(subject, Msg) else subject] for kind, subject in changes]


def _changes(data: list[list[Any]]) -> list[Change]:
    return [(kind, Msg.from_json(s) if isinstance(s, dict) else s) for kind, s in data]


WORDS: Words[Campaign] = {
    Read: Campaign._read,
    If: branch,
    Find: Campaign._find,
    Retire: Campaign._retire_step,
    Module: Campaign._module,
    RowCost: Campaign._row_cost,
    MoreBarbarians: Campaign._more_barbarians,
    ReadyPile: Campaign._ready_pile,
    AddHarvest: Campaign._add_harvest,
    AddStart: Campaign._add_start,
    **dict.fromkeys(GAME_EFFECTS, Campaign._for_next_game),
}
"""What each step does between games: the story's words, and the effects on
a game, kept for the next game's start (a choice waits for the player)."""
