"""The Round structure: Harvest, Take Actions, Return Barge, Suffer Attacks,
Refresh Card Row, then the next Round."""

from __future__ import annotations

from scenario import edit, give, set_row

from engine.yu import Action, Content, Game


def test_round_structure_the_five_phases_in_order(game: Game, content: Content) -> None:
    edit(game, river=["c01", "c03", "c05", "c07", "c08", "c10"])
    give(game, white=2, red=1, cowrie=1)
    game.apply(Action.parse("canal:WWR"))
    folk = [c for c in game.row if c and c.startswith("t")]
    set_row(game, [*folk[:6], "b10"])  # attacks without a bribe
    events = game.apply(Action.parse("end"))
    order = [e.kind for e in events if e.kind in ("barge", "attack", "reveal", "phase")]
    # Return Barge, Suffer Attacks, Refresh Card Row, then Round 2's Harvest and Take Actions.
    assert order[:3] == ["phase", "barge", "attack"]
    assert "reveal" in order[3:]
    phases = [e.text for e in events if e.kind == "phase"]
    assert phases == ["Round 1: actions done.", "Round 2: Harvest.", "Round 2: Take Actions."]
    assert (game.round, game.phase) == (2, "actions")


def test_take_actions_continues_until_the_player_stops(game: Game) -> None:
    give(game, provision=3, cowrie=6)
    for key in ("recruit:1", "recruit:2", "trade:1:clay", "trade:1:wood"):
        game.apply(Action.parse(key))
        assert game.phase == "actions"
    assert game.round == 1


def test_most_actions_may_be_taken_any_number_of_times(game: Game) -> None:
    folk = [c for c in game.row if c and c.startswith("t")]
    set_row(game, [*folk[:5], "b01", "b04"])  # each: a Labourer and one more Worker
    give(game, white=2, red=1, yellow=1, provision=5)
    game.apply(Action.parse("attack:6:WR"))
    game.apply(Action.parse("attack:7:WY"))
    assert game.row[5:] == [None, None]


def test_workers_and_resources_are_kept_between_rounds(game: Game) -> None:
    give(game, blue=2, wood=3)
    set_row(game, [*game.row[:6], None])
    game.apply(Action.parse("end"))
    assert game.round == 2
    assert game.have[2] == 2
    assert game.have[7] == 3
