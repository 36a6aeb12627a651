"""The careful chooser takes the easier option, and every story choice of the
game's content offers something good and something hard on both sides."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.yu.bots.careful import Careful
from engine.yu.content.items import COWRIE, Item
from engine.yu.content.loader import Content, base
from engine.yu.content.steps import Choice, Condition, Find, Gain, If, Option, Read, RowCost, Steps, walk
from engine.yu.rules.interpreter import Facts


@pytest.fixture(scope="module")
def game() -> Content:
    return base()


def careful(content: Content, found: tuple[int, ...] = (), facts: Facts | None = None) -> Careful:
    story = [c for c in content.story_deck if content.stone(c) not in found]
    zones = {
        "townsfolk": content.starting(content.townsfolk),
        "barbarians": content.starting(content.barbarians),
    }
    return Careful(content, story, zones, facts or Facts())


def choice(*options: Steps) -> Choice:
    return Choice(tuple(Option(f"option {n}", steps) for n, steps in enumerate(options, 1)))


def test_it_takes_help_over_a_rival_leader(game: Content) -> None:
    serpent, tushan = (Find((35,), ""),), (Find((18,), ""),)
    assert careful(game).choose(choice(serpent, tushan)) == 2
    assert careful(game).choose(choice(tushan, serpent)) == 1


def test_a_card_already_found_is_worth_nothing(game: Content) -> None:
    tushan, cowrie = (Find((18,), ""),), (Gain(Item(COWRIE), 1),)
    assert careful(game).choose(choice(tushan, cowrie)) == 1
    assert careful(game, found=(18,)).choose(choice(tushan, cowrie)) == 2


def test_a_condition_counts_the_side_the_campaign_takes(game: Content) -> None:
    late = (If(Condition("wins_at_least", 4), (RowCost(3, 1),), ()), Gain(Item(COWRIE), 1))
    cowrie = (Gain(Item(COWRIE), 1),)
    assert careful(game, facts=Facts(wins=3)).choose(choice(late, cowrie)) == 1
    assert careful(game, facts=Facts(wins=4)).choose(choice(late, cowrie)) == 2


def _leaves(content: Content, judge: Careful, steps: Steps, seen: frozenset[int]) -> Iterator[float]:
    """The worth of each simple step an option may lead to (each card found on its own)."""
    for step in steps:
        if isinstance(step, Read):
            if step.entry not in seen:
                yield from _leaves(content, judge, content.entries[step.entry].effects, seen | {step.entry})
        elif isinstance(step, Choice):
            for option in step.options:
                yield from _leaves(content, judge, option.steps, seen)
        elif isinstance(step, If):
            yield from _leaves(content, judge, step.then + step.otherwise, seen)
        elif isinstance(step, Find):
            yield from (
                judge.card(content.cards[c]) for c in content.story_deck if content.stone(c) in step.stones
            )
        else:
            yield judge.worth((step,))


def test_every_story_choice_offers_good_and_hard_on_both_sides(game: Content) -> None:
    judge = careful(game)
    one_sided: list[str] = []
    for number, entry in sorted(game.entries.items()):
        for step in walk(entry.effects):
            if isinstance(step, Choice):
                for option in step.options:
                    worths = list(_leaves(game, judge, option.steps, frozenset({number})))
                    if not (any(w > 0 for w in worths) and any(w < 0 for w in worths)):
                        one_sided.append(f"entry {number}: {option.label}")
    assert one_sided == []


def test_the_rival_leaders_are_data(game: Content) -> None:
    leaders = {b.name for b in game.barbarians.values() if b.leader}
    assert "The Nine-Headed Serpent" in leaders and "Gonggong's Raiders" in leaders and len(leaders) == 5
