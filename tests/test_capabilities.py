"""The README's table of what every game can do is held by tests: each cell marked ✓ names a game
and a capability, and a test of that capability for that game exists."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("Legacy of Yu", "Legacy", "Machi Koro Legacy")

TESTS: dict[tuple[str, str], str] = {
    ("Undo", "Legacy of Yu"): "tests/web/test_undo.py::UndoTestCase::test_it_never_undoes_a_reveal",
    ("Undo", "Legacy"): "tests/web/test_table_undo.py::TableUndoTests::"
    "test_legacy_takes_a_placement_back_until_the_last_seat_places",
    ("Undo", "Machi Koro Legacy"): "tests/web/test_table_undo.py::TableUndoTests::"
    "test_machi_takes_a_choice_or_a_build_back_until_a_roll",
    ("Hint", "Legacy of Yu"): "tests/web/test_hint.py::HintTestCase::"
    "test_it_shows_the_strong_bot_s_best_moves_and_counts_the_hint",
    ("Hint", "Legacy"): "tests/web/test_table_hint.py::TableHintTests::"
    "test_a_player_is_told_the_strong_bots_placement_and_can_play_it",
    ("Hint", "Machi Koro Legacy"): "tests/web/test_table_hint.py::MachiAdviceTests::"
    "test_a_mayor_is_told_the_planners_move_and_why",
    ("Confirm a losing move", "Machi Koro Legacy"): "tests/web/test_table_hint.py::MachiAdviceTests::"
    "test_a_move_the_game_calls_a_mistake_is_asked_about_first",
    ("Confirm a losing move", "Legacy of Yu"): "tests/web/test_confirm.py::ConfirmTestCase::"
    "test_it_asks_first_and_changes_nothing",
    (
        "Live board",
        "Legacy of Yu",
    ): "tests/web/test_events.py::StreamTestCase::test_it_sends_the_new_board_once_it_moved_on",
    ("Live board", "Legacy"): "tests/web/test_events.py::TableStreamTestCase::"
    "test_each_seat_and_watcher_is_sent_the_table_as_they_see_it",
    ("Live board", "Machi Koro Legacy"): "tests/e2e/test_machi_table.py::"
    "test_two_mayors_and_a_bot_play_game_one_and_go_on_to_game_two",
    ("Full log", "Legacy of Yu"): "tests/web/test_records.py::FullLogTests::"
    "test_a_yu_action_taken_back_is_marked_and_so_is_its_undo",
    (
        "Full log",
        "Legacy",
    ): "tests/web/test_records.py::FullLogTests::test_a_legacy_placement_taken_back_is_marked",
    ("Full log", "Machi Koro Legacy"): "tests/web/test_records.py::FullLogTests::"
    "test_each_line_says_who_moved_and_each_event_names_the_seat_it_concerns",
    ("Chronicle", "Legacy of Yu"): "tests/web/test_chronicle.py::ChronicleTestCase::"
    "test_each_game_is_on_the_timeline_and_in_the_charts",
    (
        "Chronicle",
        "Legacy",
    ): "tests/web/test_records.py::TableChronicleTests::test_its_numbers_are_the_series_results",
    ("Chronicle", "Machi Koro Legacy"): "tests/web/test_records.py::TableChronicleTests::"
    "test_it_names_the_close_calls_each_game_can_name",
    (
        "Story",
        "Legacy of Yu",
    ): "tests/web/test_story.py::StoryTestCase::test_it_shows_the_ending_and_the_journal",
    ("Story", "Machi Koro Legacy"): "tests/web/test_machi_tables.py::MachiTableTests::"
    "test_game_one_to_its_end_then_game_two_with_the_campaigns_changes",
    ("Save a copy, bring it back", "Legacy of Yu"): "tests/web/test_transfer.py::TransferTestCase::"
    "test_anyone_brings_it_back_as_a_campaign_of_their_own",
    ("Save a copy, bring it back", "Legacy"): "tests/web/test_tables.py::TransferTests::"
    "test_a_series_comes_back_as_a_table_of_the_importers",
    ("Save a copy, bring it back", "Machi Koro Legacy"): "tests/web/test_machi_tables.py::MachiTableTests::"
    "test_after_ten_games_the_table_plays_on_in_free_play_and_comes_back_from_its_file",
    (
        "Replay check",
        "Legacy of Yu",
    ): "tests/web/test_replaygame.py::ReplayCampaignTestCase::test_it_checks_every_game",
    ("Replay check", "Legacy"): "tests/web/test_replaygame.py::ReplayTableTestCase::"
    "test_it_finds_no_difference_in_a_table_of_each_game",
    ("Replay check", "Machi Koro Legacy"): "tests/web/test_replaygame.py::ReplayTableTestCase::"
    "test_it_finds_no_difference_in_a_table_of_each_game",
    ("Replay move by move", "Legacy of Yu"): "tests/web/test_replays.py::ReplayTests::"
    "test_a_finished_yu_game_replays_to_its_end",
    ("Replay move by move", "Legacy"): "tests/web/test_replays.py::ReplayTests::"
    "test_a_watchers_replay_never_shows_a_number_placed_unseen",
    ("Replay move by move", "Machi Koro Legacy"): "tests/web/test_replays.py::ReplayTests::"
    "test_a_watchers_replay_never_shows_a_choice_still_hidden",
}
"""The test that holds each cell marked ✓."""


def marked() -> set[tuple[str, str]]:
    """The README's cells marked ✓, as (capability, game)."""
    text = (ROOT / "README.md").read_text()
    table = text.split("## Every game, every capability", 1)[1].split("\n\n", 2)[1]
    rows = [[cell.strip() for cell in line.strip().strip("|").split("|")] for line in table.splitlines()]
    header, body = rows[0], rows[2:]
    assert tuple(header[1:]) == GAMES
    return {(row[0], game) for row in body for game, cell in zip(GAMES, row[1:], strict=True) if cell == "✓"}


def exists(test: str) -> bool:
    path, *names = test.split("::")
    scope: list[ast.stmt] = ast.parse((ROOT / path).read_text()).body
    for name in names:
        found = [
            n
            for n in scope
            if isinstance(n, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and n.name == name
        ]
        if not found:
            return False
        scope = found[0].body if isinstance(found[0], ast.ClassDef) else []
    return True


def test_every_cell_marked_has_its_test_and_every_test_its_cell() -> None:
    assert marked() == set(TESTS)


def test_every_test_named_exists() -> None:
    assert [test for test in TESTS.values() if not exists(test)] == []


def test_the_checks_see_a_missing_test() -> None:
    assert not exists("tests/test_capabilities.py::test_that_is_not_here")
    assert re.search("✓", (ROOT / "README.md").read_text())
