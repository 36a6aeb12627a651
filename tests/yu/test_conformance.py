"""Seeded random play, checking the game's invariants after every action.

Each game is played twice side by side: once by the player and once by
replaying the log from the seed; they must agree at every step. The long run
(``pytest -m slow``) plays many more games.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import fields, is_dataclass
from functools import partial
from pathlib import Path
from typing import NamedTuple

import pytest
from scenario import assert_whole

from engine.rng import Rng
from engine.yu import Action, Content, Game, IllegalAction, base, load, new_game
from engine.yu.campaign.campaign import Campaign
from engine.yu.content.effects import MODULES
from engine.yu.content.items import ITEMS
from engine.yu.content.steps import RevealBarbarian, UseHand
from engine.yu.rules.card_row import is_townsfolk
from engine.yu.rules.rules import AFTER_ACTIONS
from engine.yu.rules.state import Outcome, Phase
from tests.parallel import spread

PROGRESS = ("canal", "build", "attack", "hut", "tuck", "bribe", "recruit")
STORY = Path(__file__).parent / "campaign_content"
HIDDEN = ("ready", "deck", "barbarian_deck", "canal_box", "hut_box")


def choose(rng: Rng, actions: list[Action]) -> Action:
    """Mostly take actions that move the game on, so play reaches deep states."""
    progress = [a for a in actions if a.kind in PROGRESS]
    if progress and rng.below(10) < 7:
        return progress[rng.below(len(progress))]
    return actions[rng.below(len(actions))]


def hidden_cards(g: Game) -> set[str]:
    cards = {c for name in HIDDEN for c in getattr(g, name)}
    return cards | set(g.hut_cards[g.huts_built :])


_CONTENT_WORDS: dict[int, tuple[object, frozenset[str]]] = {}


def words_in(value: object) -> frozenset[str]:
    """Every string a view holds, however deep (card ids and texts included)."""
    if isinstance(value, str):
        return frozenset((value,))
    if isinstance(value, tuple | list):
        return frozenset().union(*(words_in(v) for v in value))
    if isinstance(value, dict):
        return words_in(list(value)) | words_in(list(value.values()))
    if not is_dataclass(value):
        return frozenset()
    content = type(value).__module__ != "engine.yu.rules.view"  # frozen for good: worked out once
    if content and id(value) in _CONTENT_WORDS:
        return _CONTENT_WORDS[id(value)][1]
    found = frozenset().union(*(words_in(getattr(value, f.name)) for f in fields(value)))
    if content:
        _CONTENT_WORDS[id(value)] = (value, found)
    return found


def check_invariants(g: Game) -> None:
    content = g.content
    assert_whole(g)
    assert len(set(g.in_play)) == len(g.in_play)
    calls = sum(isinstance(s, UseHand) for s in g.stack)
    if g.hand and g.phase in AFTER_ACTIONS and not g.over:
        assert calls == 1, "a card drawn after Take Actions is used at once"
    assert not isinstance(g.decision, UseHand) or g.hand, "the call to use a card waits only for a card"
    assert g.over or g.legal_actions(), "a game that is not over always has a legal action"

    on_huts = Counter(c for c in g.hut_spaces if c is not None)
    for i, total in enumerate(content.board.supply):
        assert g.supply[i] >= 0 and g.have[i] >= 0, f"{ITEMS[i]} went negative"
        assert g.supply[i] + g.have[i] + on_huts[i] == total, f"{ITEMS[i]} is not conserved"

    data = g.to_dict()
    text = json.dumps(data)
    assert Game.from_dict(json.loads(text), content).to_dict() == data, "JSON round trip"

    seen = words_in(g.view())
    for card_id in hidden_cards(g):
        assert card_id not in seen, f"view() shows hidden card {card_id}"


class Rounds:
    """Checks the Card Row each time a Take Actions phase begins: it was left
    by a Refresh (or by a Barbarian revealed since), so the Townsfolk are on
    the left and the Barbarians together at the right end."""

    def __init__(self) -> None:
        self.seen: set[tuple[int, int]] = set()

    def check(self, g: Game) -> None:
        if g.phase is not Phase.ACTIONS or (id(g), g.round) in self.seen:
            return
        self.seen.add((id(g), g.round))
        pattern = "".join("T" if is_townsfolk(c) else "B" if c else "." for c in g.row)
        assert re.fullmatch(r"T*\.*B*", pattern), f"round {g.round} begins with the Card Row {pattern}"


def play_checked(seed: int) -> Game:
    g = new_game(seed)
    log = new_game(seed)
    rng = Rng(seed * 7919 + 1)
    rounds = Rounds()
    check_invariants(g)
    while not g.over:
        rounds.check(g)
        actions = g.legal_actions()
        assert actions, "a game in progress always offers an action"
        assert all(g.explain(a) is None for a in actions)
        action = choose(rng, actions)
        g.apply(action)
        log.apply(Action.parse(action.key))
        check_invariants(g)
        assert log.to_dict() == g.to_dict(), "replaying the log reproduces the state"
    assert g.legal_actions() == []
    return g


def shuffled_hidden(g: Game, seed: int) -> Game:
    other = Game.from_dict(g.to_dict(), g.content)
    rng = Rng(seed)
    for name in HIDDEN:
        rng.shuffle(getattr(other, name))
    face_down = other.hut_cards[other.huts_built :]
    rng.shuffle(face_down)
    other.hut_cards[other.huts_built :] = face_down
    return other


@pytest.mark.parametrize("block", range(6))
def test_random_play_keeps_every_invariant(block: int) -> None:
    outcomes = Counter(play_checked(seed).outcome for seed in range(block * 50, block * 50 + 50))
    assert sum(outcomes.values()) == 50


def outcome(seed: int) -> Outcome | None:
    """How the game :func:`play_checked` plays from ``seed`` ends."""
    return play_checked(seed).outcome


@pytest.mark.slow
def test_long_random_run_keeps_every_invariant() -> None:
    outcomes = Counter(spread(outcome, range(10_000, 12_000)))
    assert set(outcomes) <= {"won", "flood", "barbarians", "damage"}


def play_campaign_checked(seed: int, content: Content, extreme: Extreme | None = None) -> Campaign:
    """A random campaign; every game in it, set up with the campaign's Story
    cards and rule modules (and the board settings ``extreme`` pushes), keeps
    every invariant at every action, and the campaign replays from its log."""
    c = start(seed, content, extreme)
    rng = Rng(seed)
    rounds = Rounds()
    log: list[str] = []
    while not c.over:
        game = c.game
        if c.playing and game is not None:
            rounds.check(game)
            check_invariants(game)
            action = choose(rng, game.legal_actions())
        else:
            actions = c.legal_actions()
            action = actions[rng.below(len(actions))]
        c.apply(action)
        log.append(action.key)
    again = start(seed, content, extreme)
    for key in log:
        again.apply(Action.parse(key))
    assert again.to_dict() == c.to_dict()
    return c


class Extreme(NamedTuple):
    """Board settings pushed to their ends, with every rule module on."""

    barbarians: int
    """Added to the shore's count: -9 leaves no Barbarian icon, +2 brings three a Refresh."""
    ready_pile: int | None
    crowd: int = 0
    """Barbarians revealed at the start of every game, on top of the one dealt."""


EXTREMES = {
    "no Barbarians per Refresh, a crowded Card Row": Extreme(-9, None, 4),
    "no Barbarians per Refresh until Canal 4": Extreme(-1, None, 2),
    "three Barbarians per Refresh": Extreme(2, None),
    "smallest Ready Pile, no Barbarians per Refresh": Extreme(-9, 4, 3),
    "smallest Ready Pile, three Barbarians per Refresh": Extreme(2, 4),
}


def start(seed: int, content: Content, extreme: Extreme | None) -> Campaign:
    """A new campaign; with ``extreme``, its first game is set up again under those settings."""
    c = Campaign.new(seed, content)
    if extreme is not None:
        c.barbarians_extra = extreme.barbarians
        c.ready_pile = extreme.ready_pile or c.ready_pile
        c.modules = list(MODULES)
        c.start += [RevealBarbarian(extreme.crowd)] if extreme.crowd else []
        c.game = Game.new(c.results[0].seed, content, c.setup())
    return c


@pytest.mark.parametrize("seed", range(4))
def test_random_campaigns_keep_every_invariant_in_every_game(seed: int) -> None:
    c = play_campaign_checked(seed, load(STORY))
    assert 7 <= c.number <= 13


@pytest.mark.parametrize("seed", range(8))
def test_random_campaigns_of_the_game_content_keep_every_invariant(seed: int) -> None:
    c = play_campaign_checked(seed, base())
    assert 7 <= c.number <= 13


def games(seed: int, extreme: Extreme | None = None) -> int:
    """How many games the campaign :func:`play_campaign_checked` plays from ``seed`` lasts, with
    the game's content (and the board settings ``extreme`` pushes)."""
    return play_campaign_checked(seed, base(), extreme).number


@pytest.mark.slow
def test_long_run_of_random_campaigns_of_the_game_content() -> None:
    lasted = spread(games, range(1000, 1300))
    assert all(7 <= n <= 13 for n in lasted), lasted


@pytest.mark.parametrize("extreme", EXTREMES.values(), ids=EXTREMES.keys())
@pytest.mark.parametrize("seed", range(8))
def test_random_campaigns_with_extreme_board_settings_keep_every_invariant(
    seed: int, extreme: Extreme
) -> None:
    c = play_campaign_checked(seed, base(), extreme)
    assert 7 <= c.number <= 13


@pytest.mark.slow
@pytest.mark.parametrize("extreme", EXTREMES.values(), ids=EXTREMES.keys())
def test_long_run_of_random_campaigns_with_extreme_board_settings(extreme: Extreme) -> None:
    lasted = spread(partial(games, extreme=extreme), range(2000, 2100))
    assert all(7 <= n <= 13 for n in lasted), lasted


def test_the_view_is_the_same_whatever_the_hidden_order() -> None:
    g = new_game(5)
    rng = Rng(5)
    for _ in range(40):
        if g.over:
            break
        g.apply(choose(rng, g.legal_actions()))
        assert shuffled_hidden(g, rng.below(1000)).view() == g.view()


def test_an_illegal_action_changes_nothing() -> None:
    g = new_game(11)
    rng = Rng(11)
    probes = ["canal:WWWWWW", "attack:1:W", "recruit:7", "build:hut2:1:W", "end", "pick:red", "suffer"]
    for _ in range(60):
        if g.over:
            break
        before = g.to_dict()
        legal = {a.key for a in g.legal_actions()}
        for key in probes:
            if key not in legal:
                with pytest.raises(IllegalAction) as refused:
                    g.apply(Action.parse(key))
                assert str(refused.value) == str(g.explain(Action.parse(key)))
                assert g.to_dict() == before
        g.apply(choose(rng, g.legal_actions()))


def test_the_base_game_starts_with_the_boxed_cards() -> None:
    content = base()
    starting = [
        content.starting(t) for t in (content.townsfolk, content.barbarians, content.canals, content.huts)
    ]
    assert [len(cards) for cards in starting] == [30, 16, 10, 6]
    assert len(content.story_deck) == 71


def test_the_json_form_holds_every_field_of_the_state() -> None:
    g = new_game(3)
    fields = set(vars(g)) - {"content", "events", "legal", "groups"}
    assert fields <= set(g.to_dict())
