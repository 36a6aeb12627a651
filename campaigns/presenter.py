"""The board as the templates show it: the engine's view, with every legal
action placed next to the thing it acts on.

Each legal action key lands in exactly one :class:`Move` (a verb with its
variants, such as the different Workers that can pay an attack); a key that
fits no place on the board lands in ``other`` so that nothing legal is ever
hidden. A main action with no legal variant carries the engine's reason.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from engine.yu import Game

LETTERS = {"W": "white", "R": "red", "B": "blue", "K": "black", "Y": "yellow"}
WORKER_ROLE = {
    "white": "Labourer",
    "red": "Fighter",
    "blue": "Spearman",
    "black": "Rider",
    "yellow": "Archer",
}
PHASES = {
    "setup": "Setup",
    "harvest": "Harvest",
    "actions": "Take Actions",
    "attacks": "Suffer Attacks",
    "refresh": "Refresh Card Row",
    "over": "Game over",
}
ROUND_STEPS = ("Harvest", "Take Actions", "Return Barge", "Suffer Attacks", "Refresh Card Row")
STEP_OF_PHASE = {"harvest": 0, "actions": 1, "attacks": 3, "refresh": 4}
OUTCOMES = {
    "won": "Victory",
    "flood": "Lost to the Flood",
    "barbarians": "Lost to the Barbarians",
    "damage": "Lost to Damage",
}


@dataclass(frozen=True)
class Choice:
    """One legal action key, with what tells it apart from its siblings."""

    key: str
    label: str = ""
    pay: tuple[tuple[str, int], ...] = ()

    @property
    def text(self) -> str:
        """The choice in words, for a <select> option."""
        paid = " + ".join(f"{n} {colour.title()}" for colour, n in self.pay)
        parts = [p for p in (self.label, f"pay {paid}" if paid else "") if p]
        return " · ".join(parts) or self.key


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
    def same_pay(self) -> bool:
        """All variants pay alike (they differ only by label), so buttons read well."""
        return len(self.choices) <= 6 and len({c.label for c in self.choices}) == len(self.choices)


def payment(letters: str) -> tuple[tuple[str, int], ...]:
    """``"WRR"`` -> ``(("white", 1), ("red", 2))``, in the order of the colours."""
    counts = {colour: letters.count(letter) for letter, colour in LETTERS.items()}
    return tuple((colour, n) for colour, n in counts.items() if n)


def _is_letters(text: str) -> bool:
    return bool(text) and all(ch in LETTERS for ch in text)


class Keys:
    """The legal action keys, taken out one place at a time."""

    def __init__(self, keys: list[str]) -> None:
        self.by_kind: dict[str, list[list[str]]] = defaultdict(list)
        for key in keys:
            kind, *args = key.split(":")
            self.by_kind[kind].append(args)
        self.taken: set[str] = set()

    def take(self, kind: str, *prefix: str) -> list[list[str]]:
        """The args of every key of ``kind`` starting with ``prefix``, marked as placed."""
        found = []
        for args in self.by_kind.get(kind, []):
            if tuple(args[: len(prefix)]) == prefix:
                key = ":".join((kind, *args))
                if key not in self.taken:
                    self.taken.add(key)
                    found.append(args)
        return found

    def rest(self) -> list[str]:
        every = [":".join((kind, *args)) for kind, all_args in self.by_kind.items() for args in all_args]
        return [key for key in every if key not in self.taken]


def _key(kind: str, args: list[str]) -> str:
    return ":".join((kind, *args))


def present(
    game: Game,
    legal: list[str],
    story: dict[str, Any] | None = None,
    last_events: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """Everything the board templates show, from the engine's views and legal keys.

    ``story`` is the campaign's view (None for a lone game); ``last_events`` are
    the events of the last action, for the reading panel.
    """
    view = game.view()
    keys = Keys(legal)
    acting = view["phase"] == "actions" and view["decision"] is None and not view["outcome"]

    def why(key: str) -> str:
        if not acting:
            return ""
        try:
            return game.explain(key) or ""
        except Exception:
            return ""

    hand_names = {c["id"]: c["name"] for c in view["hand"]}
    between = _between(story, keys)  # takes the campaign's own choose/next keys first
    board = {
        "view": view,
        "decision": _decision(view, keys),
        "row": _row(view, keys, why),
        "river": _river(view, keys, why),
        "trades": _trades(view, keys, why, hand_names),
        "settlement": _settlement(view, keys, why, view["building_costs"]),
        "hand": _hand(view, keys),
        "end": Move("End actions", [Choice("end")] if keys.take("end") else [], why("end"), "primary"),
        "status": _status(view),
        "acting": acting,
        "rules": _rules(game, keys, story),
        "between": between,
        "reading": reading(game, last_events or []),
        "story": story,
    }
    board["other"] = [Move(key, [Choice(key)]) for key in keys.rest()]
    return board


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


def _between(story: dict[str, Any] | None, keys: Keys) -> dict[str, Any] | None:
    """Between games: the story's choice, and the next game's start."""
    if story is None or not (story["game_over"] or story["decision"]):
        return None
    moves = []
    options = (story["decision"] or {}).get("options", [])
    if story["decision"]:
        for args in keys.take("choose"):
            number = int(args[0]) if args and args[0].isdigit() else 0
            label = options[number - 1] if 0 < number <= len(options) else f"Option {number}"
            moves.append(Move(str(label), [Choice(_key("choose", args))], style="primary"))
    start = Move(
        f"Start game {story['game'] + 1}", [Choice("next")] if keys.take("next") else [], style="primary"
    )
    ending = story["revealed"][-1] if story["revealed"] and story["game_over"] else None
    return {
        "prompt": (story["decision"] or {}).get("prompt", ""),
        "moves": moves,
        "next": start,
        "ending": ending,
    }


def _rules(game: Game, keys: Keys, story: dict[str, Any] | None) -> dict[str, Any]:
    """The rules the story added, with their actions: feeding, the levee, Fortuity cards."""
    moves = []
    feed = keys.take("feed", "provision")
    if feed:
        moves.append(Move("Feed the settlement from the stores", [Choice("feed:provision")]))
    levee = [Choice(_key("levee", a), "", payment(a[0]) if a else ()) for a in keys.take("levee")]
    if levee:
        moves.append(Move("Raise the levee (the Flood goes back one space)", levee))
    for args in keys.take("fortune"):
        name = _name(game, args[0]) if args else ""
        moves.append(Move(f"Play the Fortuity card {name}", [Choice(_key("fortune", args))]))
    ongoing = story["ongoing"] if story else []
    return {"moves": moves, "ongoing": ongoing, "modules": story["modules"] if story else game.modules}


def _name(game: Game, card_id: str) -> str:
    try:
        return game.content.name(card_id)
    except KeyError:
        return card_id


def _status(view: dict[str, Any]) -> dict[str, Any]:
    ready = view["forecast"]["ready"]
    current = STEP_OF_PHASE.get(view["phase"], -1)
    return {
        "phase": PHASES.get(view["phase"], view["phase"].title()),
        "steps": [
            {"name": name, "current": i == current, "done": i < current} for i, name in enumerate(ROUND_STEPS)
        ],
        "outcome": OUTCOMES.get(view["outcome"] or "", ""),
        "flood_track": [
            {"space": i, "flood": view["flood"] == i, "built": i <= view["built"]} for i in range(7)
        ],
        "flood_in": ready // 4 + 1,
        "ready": ready,
    }


def _decision(view: dict[str, Any], keys: Keys) -> dict[str, Any] | None:
    moves: list[Move] = []
    for args in keys.take("pick"):
        item = args[0] if args else ""
        moves.append(Move("Take" if item != "none" else "Take nothing", [Choice(_key("pick", args), item)]))
    bribes = [Choice(_key("bribe", a), "", payment(a[0]) if a else ()) for a in keys.take("bribe")]
    if bribes:
        moves.append(Move("Pay the bribe", bribes, style="primary"))
    if keys.take("suffer"):
        moves.append(Move("Suffer the damage", [Choice("suffer")], style="danger"))
    decision = view["decision"] or {}
    options = decision.get("options") or []
    for args in keys.take("choose"):
        label = ""
        if args and args[0].isdigit() and 0 < int(args[0]) <= len(options):
            option = options[int(args[0]) - 1]
            label = option.get("label", "") if isinstance(option, dict) else str(option)
        moves.append(Move(label or f"Option {args[0] if args else ''}", [Choice(_key("choose", args))]))
    if not decision and not moves:
        return None
    return {
        "prompt": decision.get("prompt", "Choose."),
        "kind": decision.get("kind", ""),
        "moves": moves,
        **decision,
    }


def _row(view: dict[str, Any], keys: Keys, why: Any) -> list[dict[str, Any]]:
    spaces = []
    for space in view["row"]:
        n = str(space["space"])
        card = space["card"]
        moves: list[Move] = []
        if card and card["kind"] == "barbarian":
            choices = [
                Choice(_key("attack", a), "", payment(a[1]) if len(a) > 1 else ())
                for a in keys.take("attack", n)
            ]
            moves.append(Move("Attack", choices, "" if choices else why(f"attack:{n}"), "danger"))
        elif card:
            recruit = keys.take("recruit", n)
            dismiss = keys.take("dismiss", n)
            reason = "" if recruit or dismiss else why(f"recruit:{n}")
            moves.append(Move("Recruit", [Choice(f"recruit:{n}")] if recruit else [], reason))
            moves.append(Move("Dismiss", [Choice(f"dismiss:{n}")] if dismiss else []))
        spaces.append({**space, "moves": moves})
    return spaces


def _river(view: dict[str, Any], keys: Keys, why: Any) -> dict[str, Any]:
    choices = [Choice(_key("canal", a), "", payment(a[0]) if a else ()) for a in keys.take("canal")]
    canal = Move("Build this section", choices, "" if choices else why("canal"), "primary")
    sections = []
    for section in view["river"]:
        here = section["space"] == view["built"] + 1
        sections.append({**section, "next": here, "move": canal if here else None})
    return {
        "sections": sections,
        "flood": view["flood"],
        "built": view["built"],
        "shore": view["shore"],
        "per_refresh": view["barbarians_per_refresh"],
    }


def _trades(view: dict[str, Any], keys: Keys, why: Any, hand_names: dict[str, str]) -> list[dict[str, Any]]:
    trades = []
    for trade in view["trades"]:
        n = str(trade["number"])
        options = []
        for option in trade["options"]:
            label = option["label"]
            if "exhaust" in option["give"]:
                # Exhausting a card from hand: the hand offers it on each card; shown here too.
                found = [
                    a for a in keys.by_kind.get("trade", []) if a[:1] == [n] and a[1:] and a[1] in hand_names
                ]
                choices = [Choice(_key("trade", a), hand_names[a[1]]) for a in found]
            else:
                found = [a for a in keys.by_kind.get("trade", []) if a[:1] == [n] and _label(a) == label]
                keys.taken.update(_key("trade", a) for a in found)
                choices = [Choice(_key("trade", a), "", payment(a[-1]) if _pays(a) else ()) for a in found]
            reason = ""
            if not choices and trade["open"]:
                reason = why(_key("trade", [n, label] if label else [n]))
            options.append({**option, "move": Move("Trade", choices, reason)})
        trades.append({**trade, "options": options})
    return trades


def _pays(args: list[str]) -> bool:
    """Whether a trade key ends with the Workers that pay (``trade:4:red:W``)."""
    return len(args) > 1 and _is_letters(args[-1])


def _label(args: list[str]) -> str:
    """The option label of a trade key (``trade:1:clay``), or "" when it has none."""
    rest = args[1:-1] if _pays(args) else args[1:]
    return rest[0] if rest else ""


def _settlement(view: dict[str, Any], keys: Keys, why: Any, costs: dict[str, str]) -> dict[str, Any]:
    open_sites = [s["number"] for s in view["sites"] if s["free"]]
    some_site = str(open_sites[0]) if open_sites else "1"
    by_id = {}
    for building in view["buildings"]:
        bid = building["id"]
        found = keys.take("build", bid)
        choices = [
            Choice(
                _key("build", a),
                f"Site {a[1]}" if len(open_sites) > 1 else "",
                payment(a[2]) if len(a) > 2 else (),
            )
            for a in found
        ]
        reason = ""
        if not choices and building["site"] is None:
            reason = why(f"build:{bid}:{some_site}:W")
        by_id[bid] = {**building, "move": Move("Build", choices, reason)}
    sites = []
    for site in view["sites"]:
        built = by_id.get(site["building"] or "")
        sites.append({**site, "built": built})
    kinds = []
    titles = {"farm": "Farms", "outpost": "Outposts", "hut": "Huts"}
    for building in by_id.values():  # kinds the story adds, after the printed ones
        name = building["kind"].replace("_", " ").title()
        titles.setdefault(building["kind"], name + ("es" if name.endswith("s") else "s"))
    for kind, title in titles.items():
        members = [b for b in by_id.values() if b["kind"] == kind]
        # One reason per kind: every building of a kind costs the same.
        reasons = [b["move"].reason for b in members if b["move"].reason]
        for b in members:
            b["move"].reason = ""
        buildable = any(b["move"].available for b in members)
        reason = reasons[0] if reasons and not buildable else ""
        kinds.append(
            {
                "kind": kind,
                "title": title,
                "cost": costs.get(kind, ""),
                "buildings": members,
                "reason": reason,
            }
        )
    huts = []
    for space in view["hut_spaces"]:
        n = str(space["number"])
        found = keys.take("hut", n)
        choices = [
            Choice(_key("hut", a), "", ((LETTERS.get(a[1], a[1]), 1),) if len(a) > 1 else ()) for a in found
        ]
        reason = "" if choices or not space["open"] or space["worker"] else why(f"hut:{n}:W")
        huts.append({**space, "move": Move("Place", choices, reason)})
    tucks = view["tuck_spaces"]
    tucked = view["tucked"]
    slots = [
        {"number": i + 1, "card": tucked[i] if i < len(tucked) else None, "open": i < tucks}
        for i in range(max(tucks, len(tucked), 5))
    ]
    return {
        "sites": sites,
        "kinds": kinds,
        "huts": huts,
        "tucks": slots,
        "hut_cards_seen": view["hut_cards_seen"],
        "hut_cards_face_down": view["hut_cards_face_down"],
    }


def _hand(view: dict[str, Any], keys: Keys) -> list[dict[str, Any]]:
    cards = []
    for card in view["hand"]:
        cid = card["id"]
        moves = [
            Move("Play", [Choice(f"play:{cid}")] if keys.take("play", cid) else [], style="primary"),
            Move("Discard", [Choice(f"discard:{cid}")] if keys.take("discard", cid) else []),
            Move("Tuck", [Choice(f"tuck:{cid}")] if keys.take("tuck", cid) else []),
            Move("Feed the settlement", [Choice(f"feed:{cid}")] if keys.take("feed", cid) else []),
        ]
        exhaust = [a for a in keys.by_kind.get("trade", []) if len(a) == 2 and a[1] == cid]
        for a in exhaust:
            keys.taken.add(_key("trade", a))
        if exhaust:
            moves.append(Move(f"Trade away (trade {exhaust[0][0]})", [Choice(_key("trade", exhaust[0]))]))
        cards.append({**card, "moves": [m for m in moves if m.available]})
    return cards
