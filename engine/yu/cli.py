"""The command line: play a game in the terminal, or simulate many with a bot.

    python -m engine.yu play --seed 7
    python -m engine.yu play --campaign --difficulty hard --seed 7
    python -m engine.yu simulate --games 1000 --bot heuristic|random|strong --seed 1 [--json]
    python -m engine.yu campaigns --campaigns 300 --bot heuristic --seed 1 [--difficulty hard] [--json]
    python -m engine.yu modules --games 300 --bot heuristic --seed 1 [--json]
    python -m engine.yu value --games 2000 --seed 1 [--write]
    python -m engine.yu tune --games 500 --seed 11
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

from engine.yu.bots.roster import BOTS
from engine.yu.campaign.campaign import Campaign
from engine.yu.campaign.difficulty import Difficulty
from engine.yu.content import words
from engine.yu.content.items import ITEMS, WORKERS
from engine.yu.content.loader import DATA, Barbarian, Townsfolk
from engine.yu.rules.actions import Action, IllegalAction, Kind
from engine.yu.rules.events import Event
from engine.yu.rules.game import Game, new_game
from engine.yu.rules.labels import label
from engine.yu.rules.view import Page, View, prompt
from engine.yu.simulation.campaigns import CAMPAIGN_BOTS
from engine.yu.simulation.simulate import simulate

HELP = """Type the number of an action, or its key (like play:t07 or trade:1:clay).
  b   show the board again        h   this help        q   quit"""


# -- the command line ---------------------------------------------------------


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="python -m engine.yu", description="Legacy of Yu, the base game.")
    commands = top.add_subparsers(dest="command", required=True, metavar="COMMAND")

    play = commands.add_parser("play", help="play a game, or a whole campaign, in the terminal")
    play.add_argument("--seed", type=int, default=None, help="the game's seed (default: from the clock)")
    play.add_argument("--campaign", action="store_true", help="play a whole campaign, game after game")
    _difficulty(play, "the campaign's level (default standard)")

    sim = commands.add_parser("simulate", help="play many games with a bot and count the outcomes")
    sim.add_argument("--games", type=_positive, default=100, help="how many games (default 100)")
    sim.add_argument("--bot", choices=sorted(BOTS), default="heuristic", help="which bot plays")
    sim.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    sim.add_argument("--json", action="store_true", help="print the report as JSON")

    camp = commands.add_parser("campaigns", help="play whole campaigns with a bot (JSON report)")
    camp.add_argument("--campaigns", type=_positive, default=10, help="how many campaigns (default 10)")
    camp.add_argument(
        "--bot",
        choices=CAMPAIGN_BOTS,
        default="heuristic",
        help="which bot plays (careful: the heuristic bot, choosing the easier option of every story choice)",
    )
    camp.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    camp.add_argument("--json", action="store_true", help="print the report as JSON")
    camp.add_argument(
        "--modules",
        type=_positive,
        default=None,
        metavar="GAMES",
        help="also measure each rule module and the Huts on this many base games per row (the modules key)",
    )
    camp.add_argument(
        "--in-play",
        type=_in_play,
        default=(),
        metavar="MODULES",
        help="also play every game again with each of these rules on and off, e.g. levee,fortress "
        "(the modules_in_campaigns key)",
    )
    _difficulty(camp, "the level the campaigns are played at (default standard)")

    mods = commands.add_parser("modules", help="what each rule module and the Huts change, on base games")
    mods.add_argument("--games", type=_positive, default=100, help="games per row (default 100)")
    mods.add_argument("--bot", choices=sorted(BOTS), default="heuristic", help="which bot plays")
    mods.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    mods.add_argument("--json", action="store_true", help="print the report as JSON")

    value = commands.add_parser(
        "value", help="fit the strong bot's chance of winning to the heuristic bot's games"
    )
    value.add_argument("--games", type=_positive, default=2000, help="games to fit on (default 2000)")
    value.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    value.add_argument("--write", action="store_true", help="write the fitted model to the engine's data")

    tune = commands.add_parser("tune", help="tune the heuristic bot's weights to win the most base games")
    tune.add_argument("--games", type=_positive, default=500, help="games per trial (default 500)")
    tune.add_argument("--seed", type=int, default=11, help="the games' seed (default 11)")
    tune.add_argument("--passes", type=_positive, default=3, help="most passes over the weights (default 3)")

    content = commands.add_parser("content", help="check the game and campaign content")
    content.add_argument("check", choices=["check"], help="check every file, reference and path")
    content.add_argument("--dir", type=Path, default=None, help="a content folder (default: the game's)")
    return top


def _difficulty(command: argparse.ArgumentParser, text: str) -> None:
    command.add_argument(
        "--difficulty", type=Difficulty, choices=list(Difficulty), default=Difficulty.STANDARD, help=text
    )


def _in_play(text: str) -> tuple[str, ...]:
    from engine.yu.simulation.modules import IN_PLAY

    modules = tuple(m.strip() for m in text.split(",") if m.strip())
    wrong = [m for m in modules if m not in IN_PLAY]
    if wrong or not modules:
        raise argparse.ArgumentTypeError(f"choose from {', '.join(IN_PLAY)}")
    return modules


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
        from engine.yu.simulation.campaigns import player, run

        found = run(args.campaigns, args.bot, args.seed, difficulty=args.difficulty, in_play=args.in_play)
        data, table = found.to_dict(), found.table()
        if args.modules:
            from engine.yu.simulation.modules import measure

            measured = measure(args.modules, player(args.bot), args.seed)
            data["modules"], table = measured.to_dict(), f"{table}\n\n{measured.table()}"
        print(json.dumps(data, indent=2) if args.json else table, file=out)
        return 0
    if args.command == "modules":
        from engine.yu.simulation.modules import measure

        measured = measure(args.games, args.bot, args.seed)
        print(json.dumps(measured.to_dict(), indent=2) if args.json else measured.table(), file=out)
        return 0
    if args.command == "tune":
        from engine.yu.simulation.tune import tune

        tune(args.games, args.seed, passes=args.passes, say=lambda line: print(line, file=out, flush=True))
        return 0
    if args.command == "value":
        return fit_value(args.games, args.seed, args.write, out)
    if args.command == "content":
        from engine.yu.content.check import problems

        wrong = problems(*([args.dir] if args.dir else []))
        for problem in wrong:
            print(problem, file=out)
        print(f"{len(wrong)} problem(s) found." if wrong else "The content is whole.", file=out)
        return 1 if wrong else 0
    seed = args.seed if args.seed is not None else int(time.time()) % 1_000_000
    if args.campaign:
        return play_campaign(seed, args.difficulty, stdin or sys.stdin, out)
    return play(seed, stdin or sys.stdin, out)


def fit_value(games: int, seed: int, write: bool, out: TextIO) -> int:
    """Fit :mod:`engine.yu.bots.value` on ``games`` games, judge it on a quarter
    as many others, print how well it predicts, and write it if asked."""
    from engine.yu.bots import value

    start = time.process_time()
    train, test = value.samples(games, seed), value.samples(max(1, games // 4), seed + 1)
    model = value.fit(train)
    won = sum(w for _, w in train) / len(train)
    guess = value.Model.constant(won)
    print(f"positions: {len(train)} to fit, {len(test)} to judge ({won:.1%} of the first won)", file=out)
    print(
        f"log loss on the positions judged: {value.log_loss(model, test):.4f} "
        f"(the win rate alone: {value.log_loss(guess, test):.4f})",
        file=out,
    )
    for name, weight in zip(value.FEATURES, model.weight, strict=True):
        print(f"  {name:<16} {weight:+.3f}", file=out)
    print(f"{time.process_time() - start:.0f} s of processor time", file=out)
    if write:
        path = DATA / value.FILE
        path.write_text(model.to_toml(), encoding="utf-8")
        print(f"written to {path}", file=out)
    return 0


# -- the terminal game ----------------------------------------------------------


def play(seed: int, stdin: TextIO, out: TextIO) -> int:
    """Play one game, reading answers from ``stdin``; returns the exit status."""
    game = new_game(seed)
    say = _printer(out)
    say(f"Legacy of Yu, game seed {seed}. Build all six Canal sections before the Flood.")
    say(HELP)
    events = _play_game(game, game, list(game.events), stdin, say)
    if events is not None:
        _game_over(game, events, say)
    return 0


def play_campaign(seed: int, difficulty: Difficulty, stdin: TextIO, out: TextIO) -> int:
    """Play a whole campaign, game after game, reading answers from ``stdin``;
    between games the Story Book entries read are shown and the story's
    choices asked. Returns the exit status."""
    campaign = Campaign.new(seed, difficulty=difficulty)
    say = _printer(out)
    say(
        f"Legacy of Yu, a campaign at the {difficulty} level, seed {seed}: win seven games before you "
        f"lose seven. {difficulty.describe}"
    )
    say(HELP)
    events = list(campaign.game.events if campaign.game else ())
    while True:
        game = campaign.game
        assert game is not None
        view = campaign.view()
        say("")
        say(f"=== Game {view.game} of the campaign: {view.wins} won, {view.losses} lost so far ===")
        for line in view.whats_new.lines:
            say(f"  - {line}")
        played = _play_game(campaign, game, events, stdin, say)
        if played is None:
            return 0
        _game_over(game, [], say)
        after = _between_games(campaign, played, len(game.view().story), stdin, say)
        if after is None:
            return 0
        events = after
        if campaign.over:
            word = "won" if campaign.won else "lost"
            say(f"The campaign is over: you {word} it, {campaign.wins} games to {campaign.losses}.")
            return 0


def _play_game(
    table: Game | Campaign, game: Game, events: list[Event], stdin: TextIO, say: Callable[..., None]
) -> list[Event] | None:
    """Play ``game`` to its end, applying the player's actions to ``table``
    (the game, or the campaign it belongs to). Returns what happened at the
    last action, or None when the player left."""
    show_board = True
    read = 0
    while not game.over:
        view = game.view()
        actions = table.legal_actions()
        if events:
            _happened(events, say)
            events = []
        for page in view.story[read:]:
            say("")
            say(_page(page))
        read = len(view.story)
        if show_board:
            say("")
            say(render(view))
        say("")
        say(render_actions(view, actions))
        answer = _ask(stdin, say)
        if answer is None:
            return None
        show_board = False
        if answer.lower() in ("h", "help", "?"):
            say(HELP)
            continue
        if answer.lower() in ("b", "board"):
            show_board = True
            continue
        if not answer:
            continue
        action = _read_action(answer, actions, table, say)
        if action is None:
            continue
        events = table.apply(action)
        say(f"You chose: {label(view, action)}")
        show_board = True
    return events


def _between_games(
    campaign: Campaign, events: list[Event], shown: int, stdin: TextIO, say: Callable[..., None]
) -> list[Event] | None:
    """After a game: what happened, the Story Book entries read, and the
    story's choices, until the next game starts or the campaign is over.
    ``shown``: the entries of this game already shown. Returns the events of
    starting the next game, or None when the player left."""
    while True:
        _happened(events, say)
        pages = campaign.view().this_game
        for page in pages[shown:]:
            say("")
            say(_page(page))
        shown = len(pages)
        if campaign.over:
            return []
        decision = campaign.view().decision
        say("")
        if decision is None:
            say("Press Enter to start the next game.")
        else:
            say("The story asks you to choose:")
            for n, option in enumerate(decision.labels, 1):
                say(f"  {n}. {option}  [choose:{n}]")
        answer = _ask(stdin, say)
        if answer is None:
            return None
        if answer.lower() in ("h", "help", "?"):
            say(HELP)
            events = []
            continue
        action = _read_action(answer or "next", campaign.legal_actions(), campaign, say)
        events = [] if action is None else campaign.apply(action)
        if action is not None and action.kind is Kind.NEXT:
            return events


def _ask(stdin: TextIO, say: Callable[..., None]) -> str | None:
    """The player's next answer; None when they quit or the input ends."""
    say("> ", end="")
    line = stdin.readline()
    if not line:
        say("")
        say("No more input: leaving the game.")
        return None
    answer = line.strip()
    if answer.lower() in ("q", "quit", "exit"):
        say("You left the game.")
        return None
    return answer


def _happened(events: list[Event], say: Callable[..., None]) -> None:
    if events:
        say("")
        say("What happened:")
        for event in events:
            say(f"  - {event.text}")


def _page(page: Page) -> str:
    return f"Story Book entry {page.number}: {page.title}\n{page.text}"


def _game_over(game: Game, events: list[Event], say: Callable[..., None]) -> None:
    for event in events:
        say(f"  - {event.text}")
    view = game.view()
    say("")
    say(render(view))
    say("")
    say(f"Game over after {view.round} Round(s): {words.OUTCOMES[view.outcome]}")


def _printer(out: TextIO) -> Callable[..., None]:
    def say(text: str, end: str = "\n") -> None:
        out.write(text + end)
        out.flush()

    return say


def _read_action(
    answer: str, actions: list[Action], table: Game | Campaign, say: Callable[..., None]
) -> Action | None:
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
    say(f"Refused: {table.explain(action)}")
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
    surge = view.threats.flood.surge_in
    if surge:
        when = "the next Harvest" if surge == 1 else f"{surge} Harvests"
        add(f"The river surges in {when}: the Flood moves one space before any draw.")
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
            gets.setdefault(str(words.cost(option.cost)), []).append(str(words.steps(option.gain)))
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
        add(str(words.OUTCOMES[view.outcome]))
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
