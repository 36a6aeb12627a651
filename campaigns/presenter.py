"""The board as the templates show it: the engine's view, with every legal
action placed next to the thing it acts on.

The engine lists its options (:meth:`engine.yu.game.Game.options`): each
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

from engine.yu import Action, Game, Kind, words
from engine.yu.campaign import CampaignView
from engine.yu.content import Barbarian, BuildingKind, Content
from engine.yu.items import ITEMS, WORKERS
from engine.yu.moves import Option
from engine.yu.rules import LEVEE_SPACES
from engine.yu.state import Phase
from engine.yu.threats import Risk
from engine.yu.view import BribeView, ChoiceView, PickView, UseHandView, View, prompt

PHASES = {
    Phase.SETUP: "Setup",
    Phase.HARVEST: "Harvest",
    Phase.ACTIONS: "Take Actions",
    Phase.BARGE: "Return Barge",
    Phase.ATTACKS: "Suffer Attacks",
    Phase.REFRESH: "Refresh Card Row",
    Phase.OVER: "Game over",
}
ROUND_STEPS = (Phase.HARVEST, Phase.ACTIONS, Phase.BARGE, Phase.ATTACKS, Phase.REFRESH)
OUTCOMES = {
    "won": "Victory",
    "flood": "Lost to the Flood",
    "barbarians": "Lost to the Barbarians",
    "damage": "Lost to Damage",
}
KINDS = {
    BuildingKind.FARM: "Farms",
    BuildingKind.OUTPOST: "Outposts",
    BuildingKind.HUT: "Huts",
    BuildingKind.FORTRESS: "Fortresses",
}


@dataclass(frozen=True)
class Choice:
    """One legal action, with what tells it apart from its siblings."""

    action: Action
    label: str = ""
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

    verb: str
    choices: list[Choice] = field(default_factory=list)
    reason: str = ""
    style: str = ""

    @property
    def available(self) -> bool:
        return bool(self.choices)

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
        verb: str,
        style: str = "",
        label: Callable[[Action], str] | None = None,
        keep: Callable[[Action], bool] | None = None,
    ) -> Move:
        """The move for ``target``: its legal actions (those ``keep`` keeps), or why none."""
        option = self.options.get(target)
        if option is None:
            return Move(verb, style=style)
        actions = [a for a in option.actions if keep is None or keep(a)]
        self.placed.update(actions)
        risk = self.risk
        choices = [Choice(a, label(a) if label else "", risk(a) if risk else None) for a in actions]
        return Move(verb, choices, option.refusal if self.reasons else "", style)

    def rest(self) -> list[Move]:
        """Every legal action no place on the board took."""
        left = [a for option in self.options.values() for a in option.actions if a not in self.placed]
        return [Move(action.key, [Choice(action)]) for action in left]


def present(
    game: Game,
    options: list[Option],
    story: CampaignView,
    last_events: list[dict[str, Any]] | None = None,
    risk: Callable[[Action], Risk | None] | None = None,
    cause: str = "",
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
        "end": placer.move(Action(Kind.END), "End actions", "primary"),
        "status": _status(view),
        "outcome_text": words.OUTCOMES[view.outcome] if view.outcome else "",
        "supply": _supply(view),
        "acting": acting,
        "reading": reading(game, last_events or []),
        "story": story,
        "whats_new": story.whats_new if story.whats_new and not story.game_over else None,
    }
    board["other"] = placer.rest()
    board["prompt"] = _prompt(view, between, decision, board["hand"], cause)
    drawer = [o["move"] for t in board["trades"] for o in t["options"]]
    drawer += [m["move"] for k in board["settlement"]["kinds"] for m in k["buildings"]]
    drawer += [h["move"] for h in board["settlement"]["huts"]] + board["rules"]["moves"] + board["other"]
    board["drawer_moves"] = sum(1 for m in drawer if m.available)
    return board


def _prompt(
    view: View,
    between: dict[str, Any] | None,
    decision: dict[str, Any] | None,
    hand: list[dict[str, Any]],
    cause: str,
) -> dict[str, Any]:
    """What the prompt bar asks now, with the moves that answer it (every
    option of a decision, those the player cannot take with the reason)."""
    if between is not None:
        moves = between["moves"] if between["prompt"] else [between["next"]]
        text = between["prompt"] or (
            "The campaign is over." if between["over"] else "Read what the story says, then go on."
        )
        return {"text": text, "source": "", "moves": moves, "deciding": True}
    if decision is not None:
        source = "The Harvest:" if view.phase is Phase.HARVEST else cause
        source = source if decision["kind"] in ("pick", "usehand") else ""
        return {"text": decision["prompt"], "source": source, "moves": decision["moves"], "deciding": True}
    if view.outcome:
        return {"text": words.OUTCOMES[view.outcome], "source": "", "moves": [], "deciding": False}
    if view.phase is Phase.ACTIONS:
        if hand:
            cards = f"{len(hand)} card{'s' if len(hand) != 1 else ''}"
            text = f"Take your actions: use the {cards} in your hand, then end your actions."
        else:
            text = "Take more actions if you can afford them, or end your actions."
        return {"text": text, "source": "", "moves": [], "deciding": False}
    return {"text": "The Round goes on.", "source": "", "moves": [], "deciding": False}


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


def reading(game: Game, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """What the story said in the last action: entries with their text, and
    the changes it made, in order."""
    read = []
    for event in events:
        if event["kind"] not in STORY_EVENTS:
            continue
        entry = game.content.entries.get(event["data"]) if event["kind"] == "entry" else None
        if entry is not None:
            read.append({"kind": "entry", "number": entry.number, "title": entry.title, "text": entry.text})
        else:
            read.append({"kind": event["kind"], "text": event["text"]})
    return read


def _between(story: CampaignView, placer: Placer) -> dict[str, Any] | None:
    """Between games: the story's choice, and the next game's start."""
    if not (story.game_over or story.decision):
        return None
    labels = story.decision.labels if story.decision else ()
    moves = [
        placer.move(Action(Kind.CHOOSE, option=n), label, "primary") for n, label in enumerate(labels, 1)
    ]
    return {
        "prompt": "The story asks you to choose." if story.decision else "",
        "moves": [m for m in moves if m.available],
        "next": placer.move(Action(Kind.NEXT), f"Start game {story.game + 1}", "primary"),
        "over": story.over,
        "ending": story.revealed[-1] if story.revealed and story.game_over else None,
        "summary": story.summary,
    }


def _decision(view: View, placer: Placer) -> dict[str, Any] | None:
    decision = view.decision
    if decision is None:
        return None
    moves: list[Move] = []
    barbarian: Barbarian | None = None
    if isinstance(decision, PickView):
        for item in decision.items:
            moves.append(placer.move(Action(Kind.PICK, item=item), f"Take {ITEMS[item]}"))
        moves.append(placer.move(Action(Kind.PICK), "Take nothing"))
    elif isinstance(decision, ChoiceView):
        for n, label in enumerate(decision.labels, 1):
            moves.append(placer.move(Action(Kind.CHOOSE, option=n), label))
    elif isinstance(decision, BribeView):
        barbarian = decision.barbarian
        moves.append(placer.move(Action(Kind.BRIBE), "Pay the bribe", "primary"))
        suffer = f"Lose {decision.damage} from the Ready Pile"
        moves.append(placer.move(Action(Kind.SUFFER), suffer, "danger"))
    return {
        "kind": type(decision).__name__.removesuffix("View").lower(),
        "prompt": prompt(decision),
        "moves": [m for m in moves if m.available or m.reason],
        "barbarian": barbarian,
        "hand": isinstance(decision, UseHandView),
    }


def _hand(view: View, placer: Placer, content: Content) -> list[dict[str, Any]]:
    cards = []
    for card in view.hand:
        trades = [
            placer.move(
                Action(Kind.TRADE, trade=t.trade.number),
                f"Trade away (trade {t.trade.number})",
                keep=_of(card.id),
            )
            for t in view.trades
            if any(o.cost.exhaust for o in t.trade.options)
        ]
        moves = [
            placer.move(Action(Kind.PLAY, card=card.id), "Play", "primary"),
            placer.move(Action(Kind.DISCARD, card=card.id), "Discard"),
            placer.move(Action(Kind.TUCK, card=card.id), "Tuck"),
            placer.move(Action(Kind.FEED, card=card.id), "Feed the settlement"),
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
            moves.append(placer.move(Action(Kind.ATTACK, space=n), "Attack"))
        elif space.card is not None:
            moves.append(placer.move(Action(Kind.RECRUIT, space=n), "Recruit"))
            dismiss = placer.move(Action(Kind.DISMISS, space=n), "Dismiss")
            dismiss.reason = ""  # the same as recruiting's
            moves.append(dismiss)
        spaces.append({"space": n, "cost": space.cost, "card": space.card, "moves": moves})
    return spaces


def _river(view: View, placer: Placer) -> dict[str, Any]:
    canal = placer.move(Action(Kind.CANAL), "Build this section", "primary")
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
    }


def _trades(view: View, placer: Placer) -> list[dict[str, Any]]:
    trades = []
    for place in view.trades:
        trade = place.trade
        options = []
        for option in trade.options:
            if option.cost.exhaust:  # offered on each card in hand
                move = Move("Trade a card from your hand")
            else:
                move = placer.move(Action(Kind.TRADE, trade=trade.number, item=option.item), "Trade")
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
            "Build",
            label=lambda a: f"Site {a.site}: {words.steps(covers[a.site or 0])}" if len(free) > 1 else "",
        )
        entry = {"construction": construction, "building": building, "move": move}
        by_kind.setdefault(building.kind, []).append(entry)
    kinds = []
    for kind, members in by_kind.items():
        # One reason per kind: every building of a kind costs the same.
        reasons = [m["move"].reason for m in members if m["move"].reason]
        for m in members:
            m["move"].reason = ""
        buildable = any(m["move"].available for m in members)
        kinds.append(
            {
                "kind": kind,
                "title": KINDS[kind],
                "cost": view.building_costs[kind],
                "buildings": members,
                "reason": reasons[0] if reasons and not buildable else "",
            }
        )
    huts = [
        {"space": space, "move": placer.move(Action(Kind.HUT, space=space.number), "Place")}
        for space in view.hut_spaces
    ]
    tucks = view.tuck_spaces
    slots = [
        {"number": i + 1, "card": view.tucked[i] if i < len(view.tucked) else None, "open": i < tucks}
        for i in range(max(tucks, len(view.tucked), 5))
    ]
    return {
        "sites": view.sites,
        "kinds": kinds,
        "huts": huts,
        "tucks": slots,
        "hut_cards_seen": view.hut_cards_seen,
        "hut_cards_face_down": view.hut_cards_face_down,
    }


def _rules(view: View, placer: Placer, story: CampaignView) -> dict[str, Any]:
    """The rules the story added, with their actions: feeding, the levee, Fortuity cards."""
    moves = [
        placer.move(Action(Kind.FEED), "Feed the settlement from the stores"),
        placer.move(Action(Kind.LEVEE), f"Raise the levee (the Flood goes back up to {LEVEE_SPACES} spaces)"),
        *(
            placer.move(Action(Kind.FORTUNE, card=c.id), f"Play the Fortuity card {c.name}")
            for c in view.fortunes
        ),
    ]
    return {
        "moves": [m for m in moves if m.available],
        "surge": view.rules.surge,
        "ongoing": story.ongoing,
        "modules": story.modules,
    }


def _status(view: View) -> dict[str, Any]:
    ready = view.piles.ready
    current = ROUND_STEPS.index(view.phase) if view.phase in ROUND_STEPS else -1
    return {
        "phase": PHASES[view.phase],
        "steps": [
            {"name": PHASES[step], "current": i == current, "done": i < current}
            for i, step in enumerate(ROUND_STEPS)
        ],
        "outcome": OUTCOMES.get(view.outcome or "", ""),
        "flood_track": [{"space": i, "flood": view.flood == i, "built": i <= view.built} for i in range(7)],
        "flood_in": ready // 4 + 1,
        "ready": ready,
    }


def _supply(view: View) -> dict[str, Any]:
    """The player's supply and the Main Supply, item by item."""
    return {
        "workers": [(WORKERS[c], view.have[c]) for c in range(5)],
        "resources": [(ITEMS[i], view.have[i]) for i in range(5, 9)],
        "main": [(ITEMS[i], n) for i, n in enumerate(view.supply)],
    }
