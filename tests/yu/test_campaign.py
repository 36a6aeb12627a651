"""The campaign: Victory and Defeat decks, the Story Book and Story Deck,
lasting changes, reset, JSON round trip and replay (on the tests' small
campaign in tests/yu/campaign_content)."""

from __future__ import annotations

import io
import json
from dataclasses import asdict
from pathlib import Path

import pytest
from scenario import why

from engine.rng import Rng
from engine.yu import Action, IllegalAction
from engine.yu.campaign.campaign import Campaign
from engine.yu.campaign.difficulty import Difficulty
from engine.yu.content.check import problems
from engine.yu.content.effects import parse_steps
from engine.yu.content.items import COWRIE, PROVISION, TermError
from engine.yu.content.loader import Content, load
from engine.yu.content.steps import (
    AddHarvest,
    AddStart,
    Find,
    Flood,
    Gain,
    Module,
    MoreBarbarians,
    Read,
    ReadyPile,
    Retire,
    RowCost,
)
from engine.yu.rules.interpreter import push
from engine.yu.rules.rules import resolve
from engine.yu.rules.state import Outcome, Phase

STORY = Path(__file__).parent / "campaign_content"


@pytest.fixture(scope="module")
def story() -> Content:
    return load(STORY)


def end_game(c: Campaign, outcome: str) -> None:
    """End the game in progress with ``outcome``, as the rules would."""
    assert c.game is not None and not c.game.over
    c.game.outcome = Outcome(outcome)
    c.game.phase = Phase.OVER
    c._finish_game()


def play_out(c: Campaign, outcomes: list[str]) -> None:
    for outcome in outcomes:
        while c.decision is not None:
            c.apply(Action.parse("choose:1"))
        if c.game is not None and c.game.over:
            c.apply(Action.parse("next"))
        end_game(c, outcome)


def test_gold_cards_are_at_the_bottom_of_both_decks(story: Content) -> None:
    c = Campaign.new(1, story)
    gold = {e.id for e in story.victory + story.defeat if e.gold}
    assert c.victory[0] in gold and c.defeat[0] in gold
    assert not gold & set(c.victory[1:] + c.defeat[1:])
    assert len(c.victory) == len(c.defeat) == 7


def test_blue_and_black_cards_are_shuffled_by_the_seed(story: Content) -> None:
    orders = {tuple(Campaign.new(seed, story).victory) for seed in range(12)}
    assert len(orders) > 1
    assert Campaign.new(5, story).victory == Campaign.new(5, story).victory


def test_a_win_reveals_the_top_victory_card_and_reads_its_entry(story: Content) -> None:
    c = Campaign.new(2, story)
    top = c.victory[-1]
    end_game(c, "won")
    ending = next(e for e in story.victory if e.id == top)
    assert c.revealed == [top]
    assert c.read[0] == (ending.entries[0], 1)
    assert c.wins == 1 and c.losses == 0


@pytest.mark.parametrize(("outcome", "which"), [("flood", 0), ("barbarians", 1), ("damage", 1)])
def test_a_defeat_reads_the_top_entry_for_the_flood_and_the_bottom_otherwise(
    story: Content, outcome: str, which: int
) -> None:
    c = Campaign.new(3, story)
    top = c.defeat[-1]
    end_game(c, outcome)
    ending = next(e for e in story.defeat if e.id == top)
    assert c.read[0] == (ending.entries[which], 1)
    assert c.losses == 1


def test_seven_wins_reach_the_gold_victory_and_end_the_campaign(story: Content) -> None:
    c = Campaign.new(4, story)
    play_out(c, ["won"] * 7)
    assert c.over and c.won
    assert c.revealed[-1] == "vg" and c.number == 7
    assert c.legal_actions() == []
    with pytest.raises(IllegalAction):
        c.apply(Action.parse("next"))


def test_seven_losses_reach_the_gold_defeat(story: Content) -> None:
    c = Campaign.new(5, story)
    play_out(c, ["flood", "damage"] * 3 + ["barbarians"])
    assert c.over and not c.won
    assert c.revealed[-1] == "dg"
    assert c.read[-1][0] == 217


def test_a_campaign_lasts_at_most_thirteen_games(story: Content) -> None:
    c = Campaign.new(6, story)
    play_out(c, ["won", "flood"] * 6 + ["won"])
    assert c.over and c.won and c.number == 13


def test_next_is_the_only_action_between_games(story: Content) -> None:
    c = Campaign.new(7, story)
    play_out(c, ["won"])
    while c.decision is not None:
        c.apply(Action.parse("choose:1"))
    assert [a.key for a in c.legal_actions()] == ["next"]
    c.apply(Action.parse("next"))
    assert c.number == 2 and c.game is not None and not c.game.over


def test_find_puts_story_cards_into_their_zones_for_the_next_game(story: Content) -> None:
    c = Campaign.new(8, story)
    push(c, [Find((1,), "")])
    c._run()
    assert "ts1" in c.zones["townsfolk"] and "ts1" not in c.story
    assert 1 in c.facts().found
    assert "ts1" in c.setup().townsfolk


def test_find_to_a_named_zone(story: Content) -> None:
    c = Campaign.new(8, story)
    push(c, [Find((7,), "history")])
    c._run()
    assert "ts2" in c.zones["history"] and "ts2" not in c.zones["townsfolk"]


def test_retire_moves_a_card_into_history(story: Content) -> None:
    c = Campaign.new(9, story)
    push(c, [Retire(("t01",))])
    c._run()
    assert "t01" in c.zones["history"] and "t01" not in c.setup().townsfolk


def test_retire_never_leaves_a_game_unplayable(story: Content) -> None:
    c = Campaign.new(9, story)
    huts = list(c.zones["huts"])
    push(c, [Retire(tuple(huts))])
    c._run()
    assert len(c.zones["huts"]) == 4


@pytest.mark.parametrize(
    ("step", "check"),
    [
        (RowCost(1, -1), lambda s, base: s.row_costs[1] <= max(0, base.card_row_costs[1] - 1)),
        (MoreBarbarians(1), lambda s, base: s.barbarians_extra >= 1),
        (ReadyPile(2), lambda s, base: s.ready_pile >= base.ready_pile + 2),
        (AddHarvest((Gain(PROVISION, 1),)), lambda s, base: Gain(PROVISION, 1) in s.harvest),
        (AddStart((Gain(COWRIE, 2),)), lambda s, base: Gain(COWRIE, 2) in s.start),
    ],
)
def test_adjust_changes_the_board_for_every_later_game(story: Content, step: tuple, check) -> None:  # type: ignore[no-untyped-def, type-arg]
    c = Campaign.new(10, story, Difficulty.GENTLE)  # a level that only adds, so each change shows whole
    push(c, [step])
    c._run()
    assert check(c.setup(), story.board)
    play_out(c, ["won"])
    while c.decision is not None:
        c.apply(Action.parse("choose:1"))
    c.apply(Action.parse("next"))
    assert check(c.setup(), story.board)


def test_the_board_shows_the_card_row_costs_the_story_changed(story: Content) -> None:
    c = Campaign.new(10, story)
    push(c, [RowCost(6, 2)])
    c._run()
    play_out(c, ["won"])
    while c.decision is not None:
        c.apply(Action.parse("choose:1"))
    c.apply(Action.parse("next"))
    assert c.game is not None
    shown = [space.cost for space in c.game.view().row]
    assert shown == c.game.row_costs
    assert shown[6] == story.board.card_row_costs[6] + 2


def test_module_turns_a_rule_on_for_later_games(story: Content) -> None:
    c = Campaign.new(11, story)
    push(c, [Module("levee")])
    c._run()
    assert "levee" in c.setup().modules


def test_a_rule_card_in_play_turns_its_module_on_and_history_turns_it_off(story: Content) -> None:
    c = Campaign.new(11, story)
    push(c, [Find((2,), "")])
    c._run()
    assert "food" in c.setup().modules
    push(c, [Retire(("sr_food",))])
    c._run()
    assert "food" not in c.setup().modules


def test_choice_waits_for_the_player_and_resolves_the_chosen_option(story: Content) -> None:
    c = Campaign.new(12, story)
    push(c, [Read(102)])
    c._run()
    assert [a.key for a in c.legal_actions()] == ["choose:1", "choose:2"]
    assert why(c, "next") == "First choose one of the story's options."
    c.apply(Action.parse("choose:2"))
    assert c.barbarians_extra == 1 and c.decision is None


def test_if_reads_one_branch_or_the_other(story: Content) -> None:
    low = Campaign.new(13, story)
    push(low, [Read(103)])
    low._run()
    assert [n for n, _ in low.read] == [103, 111]
    high = Campaign.new(13, story)
    high.wins = 2
    push(high, [Read(103)])
    high._run()
    assert [n for n, _ in high.read] == [103, 110]


def test_items_won_between_games_are_given_at_the_start_of_the_next(story: Content) -> None:
    c = Campaign.new(14, story)
    push(c, [Gain(COWRIE, 2)])
    c._run()
    assert c.next_start == [Gain(COWRIE, 2)]
    play_out(c, ["won"])
    while c.decision is not None:
        c.apply(Action.parse("choose:1"))
    before = c.next_start
    c.apply(Action.parse("next"))
    assert c.game is not None and c.next_start == []
    assert c.game.have[COWRIE] >= sum(s.count for s in before if isinstance(s, Gain) and s.item == COWRIE)


def test_a_game_the_story_ends_before_its_first_turn_is_finished_at_once(story: Content) -> None:
    c = Campaign.new(14, story)
    play_out(c, ["won"])
    while c.decision is not None:
        c.apply(Action.parse("choose:1"))
    c.next_start.append(Flood(1))  # the Flood reaches unbuilt Canal section 1
    losses, revealed = c.losses, len(c.revealed)
    events = c.apply(Action.parse("next"))
    assert c.game is not None and c.game.outcome == "flood"
    assert c.losses == losses + 1 and len(c.revealed) == revealed + 1
    assert c.revealed[-1] in {e.id for e in story.defeat}
    assert "ending" in [e.kind for e in events]
    assert c.over or c.decision is not None or c.legal_actions()[0].key == "next"


def test_an_entry_read_during_a_game_resolves_at_once_and_joins_the_journal(story: Content) -> None:
    c = Campaign.new(15, story)
    g = c.game
    assert g is not None
    g.stack.append(Read(101))
    resolve(g)
    assert g.chapter is not None and 101 in g.chapter.facts.read
    assert 1 in g.chapter.facts.found
    end_game(c, "flood")
    assert (101, 1) in c.read
    assert "ts1" in c.zones["townsfolk"]


def test_skill_cards_last_their_number_of_games(story: Content) -> None:
    c = Campaign.new(16, story)
    push(c, [Find((3,), "")])  # found while game 1 is played: in play from game 2
    c._run()
    assert c.skills == {"sk1": 2}
    play_out(c, ["won"])
    assert c.skills == {"sk1": 2}
    play_out(c, ["won"])
    assert c.game is not None and "sk1" in c.game.ongoing
    assert c.skills == {"sk1": 1}
    play_out(c, ["flood"])
    assert "sk1" in c.zones["history"] and "sk1" not in c.skills


def random_campaign(story: Content, seed: int, check: bool = False, log: list[str] | None = None) -> Campaign:
    """A campaign played to its end by random actions; their keys go to ``log`` when given."""
    c = Campaign.new(seed, story)
    rng = Rng(seed)
    while not c.over:
        actions = c.legal_actions()
        action = actions[rng.below(len(actions))]
        c.apply(action)
        if log is not None:
            log.append(action.key)
        if check:
            data = c.to_dict()
            assert Campaign.from_dict(json.loads(json.dumps(data)), story).to_dict() == data
    return c


def test_a_whole_campaign_round_trips_through_json_at_every_step(story: Content) -> None:
    c = random_campaign(story, 21, check=True)
    assert 7 <= c.number <= 13


def test_a_whole_campaign_replays_from_its_seed_and_log(story: Content) -> None:
    log: list[str] = []
    c = random_campaign(story, 22, log=log)
    again = Campaign.replay(22, log, story)
    assert again.to_dict() == c.to_dict()


def test_the_view_shows_only_entries_read_and_cards_found(story: Content) -> None:
    c = Campaign.new(23, story)
    seen = json.dumps(asdict(c.view()))
    for entry in story.entries.values():
        assert entry.text not in seen
    for card in story.story_deck:
        assert story.name(card) not in seen
    play_out(c, ["flood"])
    seen = json.dumps(asdict(c.view()))
    read = {n for n, _ in c.read}
    for number, entry in story.entries.items():
        assert (entry.text in seen) == (number in read)


def test_the_tests_campaign_content_is_whole() -> None:
    assert problems(STORY, deck_size=None, french=False) == []


def test_content_check_finds_orphans_and_unreachable_cards(tmp_path: Path) -> None:
    for f in STORY.iterdir():
        (tmp_path / f.name).write_bytes(f.read_bytes())
    book = (tmp_path / "story_book.toml").read_text()
    (tmp_path / "story_book.toml").write_text(
        book.replace("effects = [{ find = [1] }]", "effects = []")
        + '\n[[entries]]\nnumber = 999\ntitle = "Lost"\ntext = "Nobody reads this."\neffects = []\n'
    )
    found = problems(tmp_path, deck_size=None)
    assert "story_book.toml: entry 999: nothing leads to it" in found
    assert any("ts1" in p for p in found)


def test_the_story_cannot_put_a_price_on_the_left_most_card_row_space() -> None:
    with pytest.raises(TermError, match="from 2 to 7"):
        parse_steps([{"adjust": "row_cost", "space": 1, "by": 1}])


def test_unknown_effect_words_fail_with_file_and_id(tmp_path: Path) -> None:
    for f in STORY.iterdir():
        (tmp_path / f.name).write_bytes(f.read_bytes())
    book = (tmp_path / "story_book.toml").read_text()
    (tmp_path / "story_book.toml").write_text(book.replace("{ find = [1] }", '{ summon = "dragon" }'))
    found = problems(tmp_path, deck_size=None)
    assert len(found) == 1 and "story_book.toml" in found[0] and "101" in found[0] and "summon" in found[0]


def test_content_check_passes_on_the_game_content() -> None:
    from engine.yu.cli import main

    out = io.StringIO()
    assert main(["content", "check"], stdout=out) == 0, out.getvalue()
    assert out.getvalue().strip() == "The content is whole."


def test_content_check_exits_non_zero_and_lists_problems() -> None:
    from engine.yu.cli import main

    out = io.StringIO()
    assert main(["content", "check", "--dir", str(STORY)], stdout=out) == 1
    assert "the Story Deck holds 10 cards, not 71" in out.getvalue()


def test_each_result_keeps_what_the_story_changed_after_its_game(story: Content) -> None:
    c = Campaign.new(6, story)
    play_out(c, ["won", "flood"])
    first, second = c.results[0], c.results[1]
    assert first.story and first.story == tuple(n for n in c.news if n[0] not in ("module", "module_off"))
    assert second.story == ()  # its story is still being told
    again = Campaign.from_dict(json.loads(json.dumps(c.to_dict())), story)
    assert [r.story for r in again.results] == [r.story for r in c.results]
    assert c.view().results[0].story == first.story


def test_the_last_result_keeps_the_gold_card_s_changes(story: Content) -> None:
    c = Campaign.new(4, story)
    play_out(c, ["won"] * 7)
    while c.decision is not None:
        c.apply(Action.parse("choose:1"))
    assert c.over
    assert c.results[-1].story == tuple(c.changes)
