"""The command line: play a game in the terminal, or simulate many with a bot.

    python -m engine.yu play --seed 7
    python -m engine.yu simulate --games 1000 --bot heuristic --seed 1 [--json]
    python -m engine.yu campaigns --campaigns 300 --bot heuristic --seed 1 [--json]
    python -m engine.yu content check

The terminal game shows only what :meth:`Game.view` shows (the one place
hidden information is stripped) and the legal actions.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from engine.yu.actions import Action, IllegalAction
from engine.yu.bots import BOTS
from engine.yu.events import Event
from engine.yu.items import LETTERS, WORKERS
from engine.yu.payments import parse_letters
from engine.yu.rules import new_game
from engine.yu.simulate import simulate
from engine.yu.state import Game

View = dict[str, Any]

HELP = """Type the number of an action, or its key (like play:t07 or trade:1:clay).
  b   show the board again        h   this help        q   quit"""


# -- the command line ---------------------------------------------------------


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="python -m engine.yu", description="Legacy of Yu, the base game.")
    commands = top.add_subparsers(dest="command", required=True, metavar="COMMAND")

    play = commands.add_parser("play", help="play a game in the terminal")
    play.add_argument("--seed", type=int, default=None, help="the game's seed (default: from the clock)")

    sim = commands.add_parser("simulate", help="play many games with a bot and count the outcomes")
    sim.add_argument("--games", type=_positive, default=100, help="how many games (default 100)")
    sim.add_argument("--bot", choices=sorted(BOTS), default="heuristic", help="which bot plays")
    sim.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    sim.add_argument("--json", action="store_true", help="print the report as JSON")

    camp = commands.add_parser("campaigns", help="play whole campaigns with a bot (JSON report)")
    camp.add_argument("--campaigns", type=_positive, default=10, help="how many campaigns (default 10)")
    camp.add_argument("--bot", choices=sorted(BOTS), default="heuristic", help="which bot plays")
    camp.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    camp.add_argument("--json", action="store_true", help="print the report as JSON")

    content = commands.add_parser("content", help="check the game and campaign content")
    content.add_argument("check", choices=["check"], help="check every file, reference and path")
    content.add_argument("--dir", type=Path, default=None, help="a content folder (default: the game's)")
    return top


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    args = parser().parse_args(argv)
    out = stdout or sys.stdout
    if args.command == "simulate":
        report = simulate(args.games, args.bot, args.seed)
        print(json.dumps(report.to_json(), indent=2) if args.json else report.table(), file=out)
        return 0
    if args.command == "campaigns":
        from engine.yu.campaign_sim import run

        found = run(args.campaigns, args.bot, args.seed).to_dict()
        print(json.dumps(found, indent=2) if args.json else _campaign_table(found), file=out)
        return 0
    if args.command == "content":
        from engine.yu.check import problems

        wrong = problems(*([args.dir] if args.dir else []))
        for problem in wrong:
            print(problem, file=out)
        print(f"{len(wrong)} problem(s) found." if wrong else "The content is whole.", file=out)
        return 1 if wrong else 0
    seed = args.seed if args.seed is not None else int(time.time()) % 1_000_000
    return play(seed, stdin or sys.stdin, out)


def _campaign_table(report: dict[str, Any]) -> str:
    def spread(name: str, key: str, percent: bool = False) -> str:
        form = "{:.0%}" if percent else "{:g}"
        v = {k: form.format(x) for k, x in report[key].items()}
        return f"{name:<24} min {v['min']}  mean {v['mean']}  max {v['max']}"

    never = report["never_seen"]
    return "\n".join(
        [
            f"{'campaigns':<24} {report['campaigns']}",
            spread("games per campaign", "games_per_campaign"),
            f"{'campaigns won':<24} {report['campaign_win_rate']:.0%}",
            f"{'games won':<24} {report['game_win_rate']:.0%}",
            spread("hidden content seen", "hidden_content_seen", True),
            spread("entries read", "entries_seen", True),
            spread("Story cards found", "cards_seen", True),
            f"{'never seen':<24} entries {never['entries'] or 'none'}, cards {never['cards'] or 'none'}",
            f"{'final records':<24} " + ", ".join(f"{r}: {n}" for r, n in report["records"].items()),
            f"{'Gold Defeat after':<24} "
            + (", ".join(f"{why}: {n}" for why, n in report["gold_defeats"].items()) or "none"),
            f"{'won by game':<24} "
            + "  ".join(
                f"{g}: {v['won'] / v['playing']:.0%} of {v['playing']}" for g, v in report["by_game"].items()
            ),
            f"{'seconds':<24} {report['seconds']}",
        ]
    )


# -- the terminal game ----------------------------------------------------------


def play(seed: int, stdin: TextIO, out: TextIO) -> int:
    """Play one game, reading answers from ``stdin``; returns the exit status."""
    game = new_game(seed)
    say = _printer(out)
    say(f"Legacy of Yu, game seed {seed}. Build all six Canal sections before the Flood.")
    say(HELP)
    events: list[Event] = list(game.events)
    show_board = True
    while not game.over:
        view = game.view()
        actions = game.legal_actions()
        if events:
            say("")
            say("What happened:")
            for event in events:
                say(f"  - {event.text}")
            events = []
        if show_board:
            say("")
            say(render(view))
        say("")
        say(render_actions(view, actions))
        say("> ", end="")
        line = stdin.readline()
        if not line:
            say("")
            say("No more input: leaving the game.")
            return 0
        answer = line.strip()
        show_board = False
        if answer.lower() in ("q", "quit", "exit"):
            say("You left the game.")
            return 0
        if answer.lower() in ("h", "help", "?"):
            say(HELP)
            continue
        if answer.lower() in ("b", "board"):
            show_board = True
            continue
        if not answer:
            continue
        action = _read_action(answer, actions, game, say)
        if action is None:
            continue
        try:
            events = game.apply(action)
        except IllegalAction as exc:  # the list was fresh, but be safe
            say(f"Refused: {exc}")
            continue
        say(f"You chose: {label(view, action)}")
        show_board = True
    for event in events:
        say(f"  - {event.text}")
    view = game.view()
    say("")
    say(render(view))
    say("")
    say(f"Game over after {view['round']} Round(s): {view.get('outcome_text') or game.outcome}")
    return 0


def _printer(out: TextIO) -> Any:
    def say(text: str, end: str = "\n") -> None:
        out.write(text + end)
        out.flush()

    return say


def _read_action(answer: str, actions: list[Action], game: Game, say: Any) -> Action | None:
    """The action the player typed (a number or a key), or None after saying why not."""
    if answer.isdigit():
        n = int(answer)
        if 1 <= n <= len(actions):
            return actions[n - 1]
        say(f"There is no action {n}: choose a number from 1 to {len(actions)}.")
        return None
    for action in actions:
        if action.key == answer:
            return action
    reason = game.explain(answer) or f"{answer} is not allowed now."
    say(f"Refused: {reason}")
    return None


# -- rendering the view -----------------------------------------------------------


def _items(counts: dict[str, int]) -> str:
    return ", ".join(f"{n} {name}" for name, n in counts.items() if n) or "nothing"


def _card_line(card: dict[str, Any]) -> str:
    if card["kind"] == "townsfolk":
        return (
            f"{card['name']} (Townsfolk, {card['food']}): play {card['play']}; "
            f"discard {card['discard']}; tuck {card['tuck']}"
        )
    if card["kind"] == "barbarian":
        attack = f"{card['damage']} damage"
        if card.get("bribe"):
            attack += f" or bribe {card['bribe']}"
        turtle = f"; Story entry {card['turtle']}" if card.get("turtle") else ""
        return (
            f"{card['name']} (Barbarian): defeat {card['defeat']}; "
            f"reward {card['reward']}{turtle}; attack {attack}"
        )
    return str(card.get("name", card.get("id", "?")))


def render(view: View) -> str:
    """The whole board as text, from a view."""
    lines: list[str] = []
    add = lines.append
    phase = str(view.get("phase", "")).replace("_", " ")
    add(f"=== Round {view['round']} - {phase} ===")
    forecast = view.get("forecast", {})
    piles = view.get("piles", {})
    add(
        f"Flood at {view['flood']} of 6 - Canals built {view['built']}/6 - "
        f"{view.get('barbarians_per_refresh', '?')} Barbarian(s) join at each Refresh"
    )
    add(
        f"Ready Pile {piles.get('ready', forecast.get('ready', '?'))} "
        f"(draw or lose more than that and the Flood moves) - Exhausted Pile {piles.get('exhausted', '?')}"
    )
    townsfolk = f"{piles.get('deck', '?')}, discards {len(piles.get('discard', []))}"
    barbarians = f"{piles.get('barbarian_deck', '?')}, discards {len(piles.get('barbarian_discard', []))}"
    add(f"Townsfolk Draw Pile {townsfolk} - Barbarian Draw Pile {barbarians}")

    add("")
    add("Card Row (Provisions to recruit, dismiss or attack):")
    for space in view["row"]:
        card = space["card"]
        text = _card_line(card) if card else "(empty)"
        add(f"  {space['space']}. [{space['cost']}] {text}")

    add("")
    add("River (left to right):")
    for section in view["river"]:
        card = section["card"]
        marks = []
        if section["built"]:
            marks.append("built")
        if section.get("barge"):
            marks.append("Barge here")
        if section.get("flooded"):
            marks.append("Flood")
        state = ", ".join(marks) or "unbuilt"
        cost = "" if section["built"] else f": cost {card['cost']}; then {card['effects']}"
        add(f"  {section['space']}. {card['name']} (Jade {card['jade']}) [{state}]{cost}")
    shore = [s for s in view.get("shore", []) if not s["showing"]]
    if shore:
        hidden = ", ".join(f"+{s['barbarians']} under section {s['uncovered_by']}" for s in shore)
        add(f"  Shore icons still covered: {hidden}")

    add("")
    add("Trades:")
    for trade in view["trades"]:
        state = "open" if trade["open"] else f"locked until Canal {trade['opened_by']}"
        options = _trade_options(trade["options"])
        add(f"  {trade['number']}. {trade['name']} [{state}]: {options}")

    add("")
    add("Build sites:")
    names = {b["id"]: b for b in view.get("buildings", [])}
    for site in view["sites"]:
        if site["building"]:
            b = names.get(site["building"], {"name": site["building"], "kind": ""})
            state = f"{b['name']} ({b['kind']})"
        elif site["open"]:
            state = "free"
        else:
            state = f"locked until Canal {site['opened_by']}"
        add(f"  {site['number']}. {state} - covers {site['covers']}")
    unbuilt = [b for b in view.get("buildings", []) if b.get("site") is None]
    if unbuilt:
        add("  Not yet built: " + "; ".join(_building_text(b) for b in unbuilt))

    add("")
    add("Hut spaces:")
    for space in view["hut_spaces"]:
        if not space["open"]:
            state = "locked (build a Hut)"
        elif space["worker"]:
            state = f"{space['worker']} Worker until the next Harvest"
        else:
            state = "free"
        add(f"  {space['number']}. {state} - reward {space['reward']}")
    seen = view.get("hut_cards_seen") or []
    if seen:
        add("  Hut cards turned: " + "; ".join(f"{h['name']} ({h['effects']})" for h in seen))

    add("")
    tucked = view.get("tucked", [])
    add(f"Tucked under the board ({len(tucked)} of {view.get('tuck_spaces', '?')} spaces):")
    for card in tucked:
        add(f"  {card['name']}: {card['tuck']} every Harvest")
    if not tucked:
        add("  nothing yet")

    add("")
    add("Your hand:")
    for card in view["hand"]:
        add(f"  {card['id']}: {_card_line(card)}")
    if not view["hand"]:
        add("  empty")
    add("")
    add(f"You have: {_items(view['have'])}")
    add(f"Main Supply: {_items(view['supply'])}")
    decision = view.get("decision")
    if decision:
        add("")
        add(f"Decision: {decision.get('prompt', decision.get('kind'))}")
    if view.get("outcome"):
        add("")
        add(str(view.get("outcome_text") or view["outcome"]))
    return "\n".join(lines)


def _trade_options(options: list[dict[str, Any]]) -> str:
    """``give -> get`` for each option, one ``give`` for options that share it."""
    gets: dict[str, list[str]] = {}
    for option in options:
        gets.setdefault(option["give"], []).append(option["get"])
    return " / ".join(f"{give} -> {' or '.join(got)}" for give, got in gets.items())


def _building_text(b: dict[str, Any]) -> str:
    text = f"{b['name']} ({b['kind']}"
    if b.get("harvest") and b["harvest"] != "nothing":
        text += f", Harvest {b['harvest']}"
    if b.get("joins"):
        text += ", joins " + "+".join(b["joins"])
    return text + ")"


def render_actions(view: View, actions: list[Action]) -> str:
    decision = view.get("decision")
    title = f"Your choice ({decision.get('prompt')})" if decision else "Your actions"
    lines = [f"{title}:"]
    width = len(str(len(actions)))
    for n, action in enumerate(actions, 1):
        lines.append(f"  {n:>{width}}. {label(view, action)}  [{action.key}]")
    return "\n".join(lines)


def _workers(letters: str) -> str:
    pay = parse_letters(letters)
    if pay is None:
        return letters
    return ", ".join(f"{n} {WORKERS[c]}" for c, n in enumerate(pay) if n) or "no Workers"


def _find(cards: list[dict[str, Any]], card_id: str) -> dict[str, Any] | None:
    return next((c for c in cards if c and c.get("id") == card_id), None)


def label(view: View, action: Action) -> str:
    """An action in words, using only what the view shows."""
    kind, args = action.kind, action.args
    hand = view.get("hand", [])
    row = view.get("row", [])
    card: dict[str, Any] | None
    if kind in ("play", "discard", "tuck") and args:
        card = _find(hand, args[0]) or {"name": args[0], "play": "?", "discard": "?", "tuck": "?"}
        if kind == "play":
            return f"Play {card['name']} for {card['play']}"
        if kind == "discard":
            return f"Discard {card['name']} for {card['discard']}"
        return f"Tuck {card['name']} under the board ({card['tuck']} every Harvest)"
    if kind == "canal" and args:
        section = next((s for s in view.get("river", []) if s.get("barge")), None)
        name = f" section {section['space']} ({section['card']['name']})" if section else ""
        cost = section["card"]["cost"] if section else ""
        cowrie = ", ".join(p for p in cost.split(", ") if p.endswith("cowrie"))
        paid = _workers(args[0]) + (f" and {cowrie}" if cowrie else "")
        return f"Build Canal{name}, paying {paid}"
    if kind in ("recruit", "dismiss", "attack") and args and args[0].isdigit():
        space = row[int(args[0]) - 1] if 0 < int(args[0]) <= len(row) else None
        card = space["card"] if space else None
        name = card["name"] if card else "?"
        cost = space["cost"] if space else "?"
        if kind == "recruit":
            return f"Recruit {name} from space {args[0]} for {cost} provision"
        if kind == "dismiss":
            gain = card["play"] if card else "?"
            return f"Dismiss {name} from space {args[0]} for {cost} provision, gaining {gain}"
        reward = card.get("reward", "?") if card else "?"
        workers = _workers(args[1]) if len(args) > 1 else "?"
        return f"Attack {name} on space {args[0]} with {workers} and {cost} provision, for {reward}"
    if kind == "build" and len(args) == 3:
        building = next((b for b in view.get("buildings", []) if b["id"] == args[0]), None)
        name = f"{building['name']} ({building['kind']})" if building else args[0]
        site = next((s for s in view.get("sites", []) if str(s["number"]) == args[1]), None)
        covers = f", covering {site['covers']}" if site and site["covers"] != "nothing" else ""
        return f"Build {name} on site {args[1]} with {_workers(args[2])}{covers}"
    if kind == "hut" and len(args) == 2:
        space = next((s for s in view.get("hut_spaces", []) if str(s["number"]) == args[0]), None)
        colour = WORKERS[LETTERS.index(args[1])] if args[1] in LETTERS else args[1]
        reward = f" for {space['reward']}" if space else ""
        return f"Place a {colour} Worker on Hut space {args[0]}{reward}"
    if kind == "trade" and args:
        return _trade_label(view, args)
    if kind == "end":
        return "End your actions for this Round"
    if kind == "pick" and args:
        return "Take nothing (none is left)" if args[0] == "none" else f"Take 1 {args[0]}"
    if kind == "bribe":
        decision = view.get("decision") or {}
        band = decision.get("barbarian") or {}
        paid = f" with {_workers(args[0])}" if args else ""
        return f"Bribe {band.get('name', 'the Barbarians')} ({band.get('bribe', '?')}){paid}"
    if kind == "suffer":
        band = (view.get("decision") or {}).get("barbarian") or {}
        return f"Refuse the bribe and lose {band.get('damage', '?')} Townsfolk from the Ready Pile"
    return action.key


def _trade_label(view: View, args: tuple[str, ...]) -> str:
    trade = next((t for t in view.get("trades", []) if str(t["number"]) == args[0]), None)
    if trade is None or not trade["options"]:
        return f"Trade {args[0]}"
    rest = list(args[1:])
    card = _find(view.get("hand", []), rest[0]) if rest else None
    if card is not None:
        return f"Trade {args[0]}: exhaust {card['name']} from your hand for {trade['options'][0]['get']}"
    option = trade["options"][0]
    for candidate in trade["options"]:
        label = candidate["label"].split(":") if candidate["label"] else []
        if label and rest[: len(label)] == label:
            option = candidate
            break
    used = len(option["label"].split(":")) if option["label"] else 0
    paid = f" (Workers: {_workers(rest[used])})" if len(rest) > used else ""
    return f"Trade {args[0]}: give {option['give']}, get {option['get']}{paid}"
