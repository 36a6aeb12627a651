"""The command line: play a game in the terminal, or simulate many with a bot.

    python -m engine.yu play --seed 7
    python -m engine.yu simulate --games 1000 --bot heuristic|random|strong --seed 1 [--json]
    python -m engine.yu campaigns --campaigns 300 --bot heuristic --seed 1 [--json]
    python -m engine.yu modules --games 300 --bot heuristic --seed 1 [--json]
    python -m engine.yu content check

The terminal game shows only what :meth:`Game.view` shows (the one place
hidden information is stripped) and the legal actions.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

from engine.yu import words
from engine.yu.actions import Action, IllegalAction, Kind, Payment
from engine.yu.bots import BOTS
from engine.yu.content import Barbarian, Townsfolk
from engine.yu.events import Event
from engine.yu.game import Game, new_game
from engine.yu.items import ITEMS, WORKERS
from engine.yu.simulate import simulate
from engine.yu.view import BribeView, ChoiceView, View, prompt

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

    mods = commands.add_parser("modules", help="what each rule module and the Huts change, on base games")
    mods.add_argument("--games", type=_positive, default=100, help="games per row (default 100)")
    mods.add_argument("--bot", choices=sorted(BOTS), default="heuristic", help="which bot plays")
    mods.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    mods.add_argument("--json", action="store_true", help="print the report as JSON")

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

        found = run(args.campaigns, args.bot, args.seed)
        print(json.dumps(found.to_dict(), indent=2) if args.json else found.table(), file=out)
        return 0
    if args.command == "modules":
        from engine.yu.module_sim import measure

        measured = measure(args.games, args.bot, args.seed)
        print(json.dumps(measured.to_dict(), indent=2) if args.json else measured.table(), file=out)
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
        events = game.apply(action)
        say(f"You chose: {label(view, action)}")
        show_board = True
    for event in events:
        say(f"  - {event.text}")
    view = game.view()
    say("")
    say(render(view))
    say("")
    say(f"Game over after {view.round} Round(s): {words.OUTCOMES[view.outcome]}")
    return 0


def _printer(out: TextIO) -> Callable[..., None]:
    def say(text: str, end: str = "\n") -> None:
        out.write(text + end)
        out.flush()

    return say


def _read_action(answer: str, actions: list[Action], game: Game, say: Callable[..., None]) -> Action | None:
    """The action the player typed (a number or a key), or None after saying why not."""
    if answer.isdigit():
        n = int(answer)
        if 1 <= n <= len(actions):
            return actions[n - 1]
        say(f"There is no action {n}: choose a number from 1 to {len(actions)}.")
        return None
    try:
        action = Action.parse(answer)
    except IllegalAction as exc:
        say(f"Refused: {exc}")
        return None
    if action in actions:
        return action
    say(f"Refused: {game.explain(action)}")
    return None


# -- rendering the view -----------------------------------------------------------


def _items(counts: tuple[int, ...]) -> str:
    return ", ".join(f"{n} {ITEMS[i]}" for i, n in enumerate(counts) if n) or "nothing"


def _card_line(card: Townsfolk | Barbarian, damage: int | None = None) -> str:
    if isinstance(card, Townsfolk):
        return (
            f"{card.name} (Townsfolk, {card.food}): play {words.steps(card.play)}; "
            f"discard {words.steps(card.discarded)}; tuck {words.steps(card.tuck)}"
        )
    attack = f"{card.damage if damage is None else damage} damage"
    if card.bribe:
        attack += f" or bribe {words.cost(card.bribe)}"
    turtle = f"; Story entry {card.turtle}" if card.turtle else ""
    return (
        f"{card.name} (Barbarian): defeat {words.cost(card.defeat)}; "
        f"reward {words.steps(card.reward)}{turtle}; attack {attack}"
    )


def render(view: View) -> str:
    """The whole board as text, from a view."""
    lines: list[str] = []
    add = lines.append
    piles = view.piles
    add(f"=== Round {view.round} - {view.phase.value} ===")
    add(
        f"Flood at {view.flood} of 6 - Canals built {view.built}/6 - "
        f"{view.barbarians_per_refresh} Barbarian(s) join at each Refresh"
    )
    add(
        f"Ready Pile {piles.ready} (draw or lose more than that and the Flood moves) - "
        f"Exhausted Pile {piles.exhausted}"
    )
    add(
        f"Townsfolk Draw Pile {piles.deck}, discards {len(piles.discard)} - "
        f"Barbarian Draw Pile {piles.barbarian_deck}, discards {len(piles.barbarian_discard)}"
    )

    add("")
    add("Card Row (Provisions to recruit, dismiss or attack):")
    for space in view.row:
        text = _card_line(space.card, space.damage) if space.card else "(empty)"
        add(f"  {space.space}. [{space.cost}] {text}")

    add("")
    add("River (left to right):")
    for section in view.river:
        card = section.card
        marks = [
            m
            for m, on in (("built", section.built), ("Barge here", section.barge), ("Flood", section.flooded))
            if on
        ]
        state = ", ".join(marks) or "unbuilt"
        cost = "" if section.built else f": cost {words.cost(card.cost)}; then {words.steps(card.effects)}"
        add(f"  {section.space}. {card.name} (Jade {card.jade}-{card.jade + 1}) [{state}]{cost}")
    hidden = [s for s in view.shore if not s.showing]
    if hidden:
        add(
            "  Shore icons still covered: "
            + ", ".join(f"+{s.barbarians} under section {s.uncovered_by}" for s in hidden)
        )

    add("")
    add("Trades:")
    for place in view.trades:
        trade = place.trade
        state = "open" if place.open else f"locked until Canal {trade.opened_by}"
        gets: dict[str, list[str]] = {}
        for option in trade.options:
            gets.setdefault(words.cost(option.cost), []).append(words.steps(option.gain))
        options = " / ".join(f"{give} -> {' or '.join(got)}" for give, got in gets.items())
        add(f"  {trade.number}. {trade.name} [{state}]: {options}")

    add("")
    add("Build sites:")
    for site in view.sites:
        if site.building:
            state = f"{site.building.name} ({site.building.kind})"
        elif site.open:
            state = "free"
        else:
            state = f"locked until Canal {site.opened_by}"
        add(f"  {site.number}. {state} - covers {words.steps(site.covers)}")
    unbuilt = [c for c in view.buildings if c.site is None]
    if unbuilt:
        add(
            "  Not yet built: "
            + "; ".join(
                _building_text(c.building.name, c.building.kind, c.building.harvest, c.joins) for c in unbuilt
            )
        )

    add("")
    add("Hut spaces:")
    for hut in view.hut_spaces:
        if not hut.open:
            state = "locked (build a Hut)"
        elif hut.worker is not None:
            state = f"{WORKERS[hut.worker]} Worker until the next Harvest"
        else:
            state = "free"
        add(f"  {hut.number}. {state} - reward {words.steps(hut.reward)}")
    if view.hut_cards_seen:
        add(
            "  Hut cards turned: "
            + "; ".join(f"{h.name} ({words.steps(h.effects)})" for h in view.hut_cards_seen)
        )

    add("")
    add(f"Tucked under the board ({len(view.tucked)} of {view.tuck_spaces} spaces):")
    for tucked in view.tucked:
        add(f"  {tucked.name}: {words.steps(tucked.tuck)} every Harvest")
    if not view.tucked:
        add("  nothing yet")

    add("")
    add("Your hand:")
    for held in view.hand:
        add(f"  {held.id}: {_card_line(held)}")
    if not view.hand:
        add("  empty")
    add("")
    add(f"You have: {_items(view.have)}")
    add(f"Main Supply: {_items(view.supply)}")
    if view.decision:
        add("")
        add(f"Decision: {prompt(view.decision)}")
    if view.outcome:
        add("")
        add(words.OUTCOMES[view.outcome])
    return "\n".join(lines)


def _building_text(name: str, kind: str, harvest: tuple[object, ...], joins: tuple[int, ...]) -> str:
    text = f"{name} ({kind}"
    if harvest:
        text += f", Harvest {words.steps(harvest)}"  # type: ignore[arg-type]
    if joins:
        text += ", joins " + "+".join(WORKERS[c] for c in joins)
    return text + ")"


def render_actions(view: View, actions: list[Action]) -> str:
    title = f"Your choice ({prompt(view.decision)})" if view.decision else "Your actions"
    lines = [f"{title}:"]
    width = len(str(len(actions)))
    for n, action in enumerate(actions, 1):
        lines.append(f"  {n:>{width}}. {label(view, action)}  [{action.key}]")
    return "\n".join(lines)


def _workers(payment: Payment | None) -> str:
    return ", ".join(f"{n} {WORKERS[c]}" for c, n in enumerate(payment or ()) if n) or "no Workers"


def label(view: View, action: Action) -> str:
    """An action in words, using only what the view shows."""
    kind = action.kind
    if kind in (Kind.PLAY, Kind.DISCARD, Kind.TUCK):
        card = next(c for c in view.hand if c.id == action.card)
        if kind is Kind.PLAY:
            return f"Play {card.name} for {words.steps(card.play)}"
        if kind is Kind.DISCARD:
            return f"Discard {card.name} for {words.steps(card.discarded)}"
        return f"Tuck {card.name} under the board ({words.steps(card.tuck)} every Harvest)"
    if kind is Kind.CANAL:
        section = next(s for s in view.river if s.barge)
        cowrie = section.card.cost.resources[0]
        paid = _workers(action.payment) + (f" and {cowrie} cowrie" if cowrie else "")
        return f"Build Canal section {section.space} ({section.card.name}), paying {paid}"
    if kind in (Kind.RECRUIT, Kind.DISMISS, Kind.ATTACK):
        space = view.row[(action.space or 0) - 1]
        name = space.card.name if space.card else "?"
        if kind is Kind.RECRUIT:
            return f"Recruit {name} from space {space.space} for {space.cost} provision"
        if kind is Kind.DISMISS:
            gain = words.steps(space.card.play) if isinstance(space.card, Townsfolk) else "?"
            return f"Dismiss {name} from space {space.space} for {space.cost} provision, gaining {gain}"
        reward = words.steps(space.card.reward) if isinstance(space.card, Barbarian) else "?"
        paid = f"{_workers(action.payment)} and {space.cost} provision"
        return f"Attack {name} on space {space.space} with {paid}, for {reward}"
    if kind is Kind.BUILD:
        building = next(c.building for c in view.buildings if c.building.id == action.building)
        site = view.sites[(action.site or 0) - 1]
        covers = f", covering {words.steps(site.covers)}" if site.covers else ""
        paid = _workers(action.payment)
        return f"Build {building.name} ({building.kind}) on site {site.number} with {paid}{covers}"
    if kind is Kind.HUT:
        hut = view.hut_spaces[(action.space or 0) - 1]
        colour = _workers(action.payment)[2:]
        return f"Place a {colour} Worker on Hut space {hut.number} for {words.steps(hut.reward)}"
    if kind is Kind.TRADE:
        return _trade_label(view, action)
    if kind is Kind.END:
        return "End your actions for this Round"
    if kind is Kind.PICK:
        return "Take nothing (none is left)" if action.item is None else f"Take 1 {ITEMS[action.item]}"
    if kind is Kind.BRIBE and isinstance(view.decision, BribeView):
        band = view.decision.barbarian
        paid = f" with {_workers(action.payment)}" if action.payment else ""
        return f"Bribe {band.name} ({words.cost(view.decision.bribe)}){paid}"
    if kind is Kind.SUFFER and isinstance(view.decision, BribeView):
        return f"Refuse the bribe and lose {view.decision.damage} Townsfolk from the Ready Pile"
    if kind is Kind.CHOOSE and isinstance(view.decision, ChoiceView):
        return f"Choose: {view.decision.labels[(action.option or 0) - 1]}"
    if kind is Kind.FEED:
        return (
            "Feed the settlement from the stores"
            if action.card is None
            else f"Feed the settlement with {action.card}"
        )
    if kind is Kind.LEVEE:
        return "Raise the levee" + (f" with {_workers(action.payment)}" if action.payment else "")
    if kind is Kind.FORTUNE:
        return f"Play the Fortuity card {next(c.name for c in view.fortunes if c.id == action.card)}"
    return action.key


def _trade_label(view: View, action: Action) -> str:
    trade = view.trades[(action.trade or 0) - 1].trade
    option = next(o for o in trade.options if o.item == action.item)
    if action.card is not None:
        card = next(c for c in view.hand if c.id == action.card)
        return f"Trade {trade.number}: exhaust {card.name} from your hand for {words.steps(option.gain)}"
    paid = f" (Workers: {_workers(action.payment)})" if action.payment else ""
    return f"Trade {trade.number}: give {words.cost(option.cost)}, get {words.steps(option.gain)}{paid}"
