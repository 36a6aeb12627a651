"""The board as the templates show it: the engine's view, with every legal
action placed next to the thing it acts on.

The engine lists its options (:meth:`engine.yu.rules.game.Game.options`): each
thing on the board the player might act on, with the legal actions for it or
the reason there are none. Each legal action lands in exactly one
:class:`Move` (a verb with its variants, such as the different Workers that
can pay an attack); an action that fits no place on the board lands in
``other`` so that nothing legal is ever hidden. During Take Actions a move
with no legal variant carries the engine's reason.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from engine.text import Msg, Name, _, ngettext
from engine.yu import Action, Event, Game, IllegalAction, Kind
from engine.yu.bots.strong import no_hint
from engine.yu.campaign.campaign import CampaignView
from engine.yu.content import words
from engine.yu.content.items import ITEMS, WORKERS, Cost, Item
from engine.yu.content.loader import Barbarian, BuildingKind, Content, Ending
from engine.yu.content.steps import Gain
from engine.yu.content.words import OUTCOMES
from engine.yu.rules.moves import Option
from engine.yu.rules.rules import LEVEE_SPACES
from engine.yu.rules.state import Phase
from engine.yu.rules.threats import Risk
from engine.yu.rules.view import BribeView, ChoiceView, PickView, UseHandView, View, prompt

PHASES = {
    Phase.SETUP: _("Setup"),
    Phase.HARVEST: _("Harvest"),
    Phase.ACTIONS: _("Take Actions"),
    Phase.BARGE: _("Return Barge"),
    Phase.ATTACKS: _("Suffer Attacks"),
    Phase.REFRESH: _("Refresh Card Row"),
    Phase.OVER: _("Game over"),
}
ROUND_STEPS = (Phase.HARVEST, Phase.ACTIONS, Phase.BARGE, Phase.ATTACKS, Phase.REFRESH)
BADGES = {
    "won": _("Victory"),
    "flood": _("Lost to the Flood"),
    "barbarians": _("Lost to the Barbarians"),
    "damage": _("Lost to Damage"),
}
KINDS = {
    BuildingKind.FARM: _("Farms"),
    BuildingKind.OUTPOST: _("Outposts"),
    BuildingKind.HUT: _("Huts"),
    BuildingKind.FORTRESS: _("Fortresses"),
}
LEVELS = {"gentle": _("Gentle"), "standard": _("Standard"), "hard": _("Hard")}
"""Each difficulty level's name, by its key."""
KINDS_ONE = {
    BuildingKind.FARM: _("Farm"),
    BuildingKind.OUTPOST: _("Outpost"),
    BuildingKind.HUT: _("Hut"),
    BuildingKind.FORTRESS: _("Fortress"),
}
"""Each kind of building, as one building's kind."""
Words = Msg | Name | str
"""What the board shows: a message, a content text, or words that need no saying (an action key)."""


@dataclass(frozen=True)
class Choice:
    """One legal action, with what tells it apart from its siblings."""

    action: Action
    label: Words = ""
    risk: Risk | None = None
    """What taking it risks: no undo, or the game."""

    @property
    def key(self) -> str:
        return self.action.key

    @property
    def pay(self) -> tuple[tuple[str, int], ...]:
        """The Workers it pays, by colour: ``(("white", 1), ("red", 2))``."""
        return tuple((WORKERS[c], n) for c, n in enumerate(self.action.payment or ()) if n)


@dataclass
class Move:
    """Something the player may do to one thing on the board."""

    verb: Words
    choices: list[Choice] = field(default_factory=list)
    reason: Msg | None = None
    style: str = ""
    cost: Cost | None = None
    """What each choice pays besides the Workers it names (a bribe's Resources)."""

    @property
    def available(self) -> bool:
        return bool(self.choices)

    @property
    def ways(self) -> Msg:
        """How many variants it has, in words."""
        return ngettext("{n} way", "{n} ways", len(self.choices))

    @property
    def single(self) -> Choice | None:
        return self.choices[0] if len(self.choices) == 1 else None

    @property
    def risk(self) -> Risk | None:
        """The worst risk among its variants."""
        risks = [c.risk for c in self.choices if c.risk is not None]
        return max(risks, key=lambda r: (r.danger, r.reveals), default=None)


class Placer:
    """The engine's options, handed out one thing on the board at a time."""

    def __init__(
        self, options: Iterable[Option], reasons: bool, risk: Callable[[Action], Risk | None] | None = None
    ) -> None:
        self.options = {option.target: option for option in options}
        self.reasons = reasons
        self.risk = risk
        self.placed: set[Action] = set()

    def move(
        self,
        target: Action,
        verb: Words,
        style: str = "",
        label: Callable[[Action], Words] | None = None,
        keep: Callable[[Action], bool] | None = None,
    ) -> Move:
        """The move for ``target``: its legal actions (those ``keep`` keeps), or why none."""
        option = self.options.get(target)
        if option is None:
            return Move(verb, style=style)
        actions = [a for a in option.actions if keep is None or keep(a)]
        self.placed.update(actions)
        risk = self.risk
        choices = [Choice(a, label(a) if label else "", _risked(risk, a) if risk else None) for a in actions]
        return Move(verb, choices, option.refusal if self.reasons else None, style)

    def rest(self) -> list[Move]:
        """Every legal action no place on the board took."""
        left = [a for option in self.options.values() for a in option.actions if a not in self.placed]
        return [Move(action.key, [Choice(action)]) for action in left]


def _risked(risk: Callable[[Action], Risk | None], action: Action) -> Risk | None:
    """What taking ``action`` risks; None when it is not legal now."""
    try:
        return risk(action)
    except IllegalAction:
        return None


def present(
    game: Game,
    options: list[Option],
    story: CampaignView,
    last_events: list[Event] | None = None,
    risk: Callable[[Action], Risk | None] | None = None,
    cause: Words = "",
) -> dict[str, Any]:
    """Everything the board templates show, from the engine's views and options
    (none for a watcher). ``last_events`` are the events of the last action,
    for the reading panel; ``risk`` tells what an action risks; ``cause`` is
    what the player did that opened the decision now waiting."""
    view = game.view()
    acting = view.phase is Phase.ACTIONS and view.decision is None and not view.outcome
    placer = Placer(options, reasons=acting or view.decision is not None, risk=risk)
    content = game.content
    between = _between(story, placer)
    decision = _decision(view, placer)
    board: dict[str, Any] = {
        "view": view,
        "between": between,
        "decision": decision,
        "hand": _hand(view, placer, content),
        "row": _row(view, placer),
        "river": _river(view, placer),
        "trades": _trades(view, placer),
        "settlement": _settlement(view, placer, content),
        "rules": _rules(view, placer, story),
        "end": placer.move(Action(Kind.END), _("End actions"), "primary"),
        "status": _status(view),
        "meters": meters(view),
        "no_hint": no_hint(game),
        "outcome_text": OUTCOMES[view.outcome] if view.outcome else "",
        "supply": _supply(view),
        "acting": acting,
        "reading": reading(game, last_events or []),
        "story": story,
        "whats_new": story.whats_new if story.whats_new and not story.game_over else None,
        "difficulty": LEVELS[story.difficulty.value],
        "this_game": [page(p.number, p.title, p.text) for p in story.this_game],
    }
    board["other"] = placer.rest()
    board["prompt"] = _prompt(view, between, decision, board["hand"], cause)
    drawer = [o["move"] for t in board["trades"] for o in t["options"]]
    drawer += [m["move"] for k in board["settlement"]["kinds"] for m in k["buildings"]]
    drawer += [h["move"] for h in board["settlement"]["huts"]] + board["rules"]["moves"] + board["other"]
    board["drawer_moves"] = sum(1 for m in drawer if m.available)
    board["drawer_moves_said"] = ngettext(
        "moves you can make there now", "moves you can make there now", board["drawer_moves"]
    )
    return board


def _prompt(
    view: View,
    between: dict[str, Any] | None,
    decision: dict[str, Any] | None,
    hand: list[dict[str, Any]],
    cause: Words,
) -> dict[str, Any]:
    """What the prompt bar asks now, with the moves that answer it (every
    option of a decision, those the player cannot take with the reason)."""
    if between is not None:
        moves = between["moves"] if between["prompt"] else [between["next"]]
        text = between["prompt"] or (
            _("The campaign is over.") if between["over"] else _("Read what the story says, then go on.")
        )
        return {"text": text, "source": "", "moves": moves, "deciding": True}
    if decision is not None:
        source = _("The Harvest:") if view.phase is Phase.HARVEST else cause
        source = source if decision["kind"] in ("pick", "usehand") else ""
        return {"text": decision["prompt"], "source": source, "moves": decision["moves"], "deciding": True}
    if view.outcome:
        return {"text": OUTCOMES[view.outcome], "source": "", "moves": [], "deciding": False}
    if view.phase is Phase.ACTIONS:
        if hand:
            text = ngettext(
                "Take your actions: use the {n} card in your hand, then end your actions.",
                "Take your actions: use the {n} cards in your hand, then end your actions.",
                len(hand),
            )
        else:
            text = _("Take more actions if you can afford them, or end your actions.")
        return {"text": text, "source": "", "moves": [], "deciding": False}
    return {"text": _("The Round goes on."), "source": "", "moves": [], "deciding": False}


STORY_EVENTS = (
    "entry",
    "ending",
    "choice",
    "find",
    "retire",
    "adjust",
    "module",
    "start",
    "campaign",
    "over",
)


def reading(game: Game, events: list[Event]) -> list[dict[str, Any]]:
    """What the story said in the last action: entries with their text, and
    the changes it made, in order."""
    read: list[dict[str, Any]] = []
    for event in events:
        if event.kind not in STORY_EVENTS:
            continue
        number = event.data if event.kind == "entry" and isinstance(event.data, int) else None
        entry = game.content.entries.get(number) if number is not None else None
        if entry is not None:
            read.append(page(entry.number, entry.title, entry.text, "entry"))
        else:
            read.append({"kind": event.kind, "text": event.msg})
    return read


def page(number: int, title: Name | str, text: Name | str, kind: str = "") -> dict[str, Any]:
    """A Story Book entry as the templates show it: its title and text are the content's."""
    return {"kind": kind, "number": number, "title": _named(title), "text": _named(text)}


def _between(story: CampaignView, placer: Placer) -> dict[str, Any] | None:
    """Between games: the story's choice, and the next game's start."""
    if not (story.game_over or story.decision):
        return None
    labels = story.decision.labels if story.decision else ()
    ending = story.revealed[-1] if story.revealed and story.game_over else None
    moves = [
        placer.move(Action(Kind.CHOOSE, option=n), _named(label), "primary")
        for n, label in enumerate(labels, 1)
    ]
    return {
        "prompt": _("The story asks you to choose.") if story.decision else "",
        "moves": [m for m in moves if m.available],
        "next": placer.move(Action(Kind.NEXT), _("Start game {n}", n=story.game + 1), "primary"),
        "over": story.over,
        "turned": _turned(ending) if ending else None,
        "summary": story.summary,
        "final": _(
            "The campaign ends with {wins} and {losses}.",
            wins=ngettext("{n} win", "{n} wins", story.wins),
            losses=ngettext("{n} loss", "{n} losses", story.losses),
        ),
    }


def _turned(ending: Ending) -> Msg:
    """The Victory or Defeat card the game ended on, in words."""
    if ending.gold:
        return _("You turned over {card}, a gold card: the last of its deck.", card=Name(ending.name))
    return _("You turned over {card}.", card=Name(ending.name))


def _decision(view: View, placer: Placer) -> dict[str, Any] | None:
    decision = view.decision
    if decision is None:
        return None
    moves: list[Move] = []
    barbarian: Barbarian | None = None
    if isinstance(decision, PickView):
        for item in decision.items:
            moves.append(placer.move(Action(Kind.PICK, item=item), _("Take {what}", what=_one(item))))
        moves.append(placer.move(Action(Kind.PICK), _("Take nothing")))
    elif isinstance(decision, ChoiceView):
        for n, label in enumerate(decision.labels, 1):
            moves.append(placer.move(Action(Kind.CHOOSE, option=n), _named(label)))
    elif isinstance(decision, BribeView):
        barbarian = decision.barbarian
        bribe = placer.move(Action(Kind.BRIBE), _("Pay the bribe"), "primary")
        if any(decision.bribe.resources):
            bribe.cost = Cost(resources=decision.bribe.resources)
        moves.append(bribe)
        suffer = ngettext("Lose {n} from the Ready Pile", "Lose {n} from the Ready Pile", decision.damage)
        moves.append(placer.move(Action(Kind.SUFFER), suffer, "danger"))
    return {
        "kind": type(decision).__name__.removesuffix("View").lower(),
        "prompt": prompt(decision),
        "moves": [m for m in moves if m.available or m.reason],
        "barbarian": barbarian,
        "hand": isinstance(decision, UseHandView),
    }


def _named(label: Name | str) -> Name:
    """A story option's label: a text of the content."""
    return label if isinstance(label, Name) else Name(label)


def _one(item: Item) -> Msg | str:
    """One of an item, in words ("1 wood")."""
    return words.step(Gain(item, 1))


def _hand(view: View, placer: Placer, content: Content) -> list[dict[str, Any]]:
    cards = []
    for card in view.hand:
        trades = [
            placer.move(
                Action(Kind.TRADE, trade=t.trade.number),
                _("Trade away (trade {trade})", trade=t.trade.number),
                keep=_of(card.id),
            )
            for t in view.trades
            if any(o.cost.exhaust for o in t.trade.options)
        ]
        moves = [
            placer.move(Action(Kind.PLAY, card=card.id), _("Play"), "primary"),
            placer.move(Action(Kind.DISCARD, card=card.id), _("Discard")),
            placer.move(Action(Kind.TUCK, card=card.id), _("Tuck")),
            placer.move(Action(Kind.FEED, card=card.id), _("Feed the settlement")),
            *trades,
        ]
        cards.append({"card": card, "moves": [m for m in moves if m.available]})
    return cards


def _of(card: str) -> Callable[[Action], bool]:
    """Keeps the actions that use this card."""
    return lambda action: action.card == card


def _row(view: View, placer: Placer) -> list[dict[str, Any]]:
    spaces = []
    for space in view.row:
        n = space.space
        moves: list[Move] = []
        if isinstance(space.card, Barbarian):
            moves.append(placer.move(Action(Kind.ATTACK, space=n), _("Attack")))
        elif space.card is not None:
            moves.append(placer.move(Action(Kind.RECRUIT, space=n), _("Recruit")))
            dismiss = placer.move(Action(Kind.DISMISS, space=n), _("Dismiss"))
            dismiss.reason = None  # the same as recruiting's
            moves.append(dismiss)
        costs = ngettext(
            "Space {space} costs {n} Provision", "Space {space} costs {n} Provisions", space.cost, space=n
        )
        spaces.append({"space": n, "cost": space.cost, "costs": costs, "card": space.card, "moves": moves})
    return spaces


def _river(view: View, placer: Placer) -> dict[str, Any]:
    canal = placer.move(Action(Kind.CANAL), _("Build this section"), "primary")
    sections = [
        {
            "space": s.space,
            "card": s.card,
            "built": s.built,
            "barge": s.barge,
            "next": s.space == view.built + 1,
            "move": canal if s.space == view.built + 1 else None,
        }
        for s in view.river
    ]
    return {
        "sections": sections,
        "flood": view.flood,
        "built": view.built,
        "shore": view.shore,
        "per_refresh": view.barbarians_per_refresh,
        "brings": ngettext(
            "each Refresh brings {n} Barbarian",
            "each Refresh brings {n} Barbarians",
            view.barbarians_per_refresh,
        ),
    }


def _trades(view: View, placer: Placer) -> list[dict[str, Any]]:
    trades = []
    for place in view.trades:
        trade = place.trade
        options = []
        for option in trade.options:
            if option.cost.exhaust:  # offered on each card in hand
                move = Move(_("Trade a card from your hand"))
            else:
                move = placer.move(Action(Kind.TRADE, trade=trade.number, item=option.item), _("Trade"))
            options.append({"option": option, "move": move})
        trades.append({"trade": trade, "open": place.open, "options": options})
    return trades


def _settlement(view: View, placer: Placer, content: Content) -> dict[str, Any]:
    free = [s.number for s in view.sites if s.free]
    covers = {s.number: s.covers for s in view.sites}
    by_kind: dict[BuildingKind, list[dict[str, Any]]] = {}
    for construction in view.buildings:
        building = construction.building
        move = placer.move(
            Action(Kind.BUILD, building=building.id),
            _("Build"),
            label=lambda a: (
                _("Site {site}: {covers}", site=a.site or 0, covers=words.steps(covers[a.site or 0]))
                if len(free) > 1
                else ""
            ),
        )
        entry = {"construction": construction, "building": building, "move": move}
        by_kind.setdefault(building.kind, []).append(entry)
    kinds = []
    for kind, members in by_kind.items():
        # One reason per kind: every building of a kind costs the same.
        reasons = [m["move"].reason for m in members if m["move"].reason]
        for m in members:
            m["move"].reason = None
        buildable = any(m["move"].available for m in members)
        kinds.append(
            {
                "kind": kind,
                "title": KINDS[kind],
                "cost": view.building_costs[kind],
                "buildings": members,
                "reason": reasons[0] if reasons and not buildable else None,
            }
        )
    huts = [
        {"space": space, "move": placer.move(Action(Kind.HUT, space=space.number), _("Place"), label=_placed)}
        for space in view.hut_spaces
    ]
    tucks = view.tuck_spaces
    slots = [
        {"number": i + 1, "card": view.tucked[i] if i < len(view.tucked) else None, "open": i < tucks}
        for i in range(max(tucks, len(view.tucked), 5))
    ]
    down = view.hut_cards_face_down
    return {
        "kind_names": KINDS_ONE,
        "sites": view.sites,
        "kinds": kinds,
        "huts": huts,
        "tucks": slots,
        "hut_cards_seen": view.hut_cards_seen,
        "hut_cards_face_down": down,
        "face_down": ngettext("{n} Hut card still face down.", "{n} Hut cards still face down.", down),
    }


def _placed(action: Action) -> Msg:
    """A Hut space's answer: the Worker placed on it."""
    colour = next(c for c, n in enumerate(action.payment or ()) if n)
    return _(
        "Place a {colour} Worker on Hut space {space}",
        colour=words.mask(1 << colour),
        space=action.space or 0,
    )


def _rules(view: View, placer: Placer, story: CampaignView) -> dict[str, Any]:
    """The rules the story added, with their actions: feeding, the levee, Fortuity cards."""
    moves = [
        placer.move(Action(Kind.FEED), _("Feed the settlement from the stores")),
        placer.move(
            Action(Kind.LEVEE), _("Raise the levee (the Flood goes back up to {n} spaces)", n=LEVEE_SPACES)
        ),
        *(
            placer.move(
                Action(Kind.FORTUNE, card=c.id), _("Play the Fortuity card {card}", card=Name(c.name))
            )
            for c in view.fortunes
        ),
    ]
    return {
        "moves": [m for m in moves if m.available],
        "surge": view.rules.surge,
        "ongoing": [
            {
                "card": beside.card,
                "games_left": beside.games_left,
                "left": ngettext("{n} game left", "{n} games left", beside.games_left or 0),
            }
            for beside in story.ongoing
        ],
        "modules": story.modules,
    }


def _status(view: View) -> dict[str, Any]:
    current = ROUND_STEPS.index(view.phase) if view.phase in ROUND_STEPS else -1
    return {
        "phase": PHASES[view.phase],
        "steps": [
            {"name": PHASES[step], "current": i == current, "done": i < current}
            for i, step in enumerate(ROUND_STEPS)
        ],
        "outcome": BADGES.get(view.outcome or "", ""),
    }


def meters(view: View) -> dict[str, Any]:
    """The threat meters' words that count: the Townsfolk left, the Flood's clock (one short
    line), and why a warning Flood meter warns."""
    flood, folk = view.threats.flood, view.threats.townsfolk
    if flood.harvest_moves:
        clock = _("moves at the next Harvest")
    elif flood.cards_before:
        clock = ngettext("moves after {n} more card", "moves after {n} more cards", flood.cards_before)
    elif folk.exhausted or folk.in_hand:
        clock = _("moves at the next draw")
    else:
        clock = _("no card left to reshuffle")
    if flood.canal_saves:
        alarm = _("Build section {n} this Round, or the next Harvest loses the game", n=view.built + 1)
    elif flood.from_hand:
        alarm = _("The next Harvest loses the game, however your hand is used")
    else:
        alarm = _("The next Harvest moves it: that loses the game")
    why = None
    if flood.from_hand:
        why = _(
            "the cards your hand sends to the Exhausted Pile are reshuffled and move it; "
            "with none there, no card is left to draw"
        )
    return {
        "townsfolk_left": ngettext("remaining", "remaining", folk.ready + folk.exhausted),
        "flood_clock": clock,
        "flood_draws": _("a Harvest draws {draws}", draws=flood.harvest_draws),
        "flood_alarm": alarm,
        "flood_why": why,
    }


def _supply(view: View) -> dict[str, Any]:
    """The player's supply and the Main Supply, item by item."""
    return {
        "workers": [(WORKERS[c], view.have[c], words.mask(1 << c)) for c in range(5)],
        "resources": [(ITEMS[i], view.have[i]) for i in range(5, 9)],
        "main": [(ITEMS[i], n) for i, n in enumerate(view.supply)],
    }
