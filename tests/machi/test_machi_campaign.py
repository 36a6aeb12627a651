"""The ten-game campaign: the legacy deck read in order to each stop, what it changes between
games, the content check, and whole campaigns played by bots through the tables' rules."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from engine.machi import cards
from engine.machi.actions import Action
from engine.machi.campaign import DATA, GAMES, Campaign, deck, read
from engine.machi.cards import BadContent, Rule, catalogue
from engine.machi.check import check_content
from engine.machi.cli import Played, campaign
from engine.machi.game import Game
from engine.machi.table import RULES
from tests.parallel import spread


def data() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))
    return copy.deepcopy(loaded)


def test_the_first_reading_stops_on_the_first_stop_and_sets_up_game_one() -> None:
    started = Campaign.start()
    assert [s.name for s in started.latest()] == ["1A"] and deck().sides[0].stop
    assert started.setup() == catalogue().game_one
    assert started.game == 1 and not started.over


def test_after_a_game_the_b_side_is_read_then_on_to_the_next_stop() -> None:
    c = Campaign.start()
    read = c.finish(1)
    assert [s.name for s in read] == ["1B", "2A", "2B"]
    assert all(not s.stop for s in read[:-1]) and read[-1].stop
    assert c.register == [1] and c.game == 2


def test_game_two_keeps_two_landmarks_and_brings_a_new_one_and_a_new_community() -> None:
    c = Campaign.start()
    one = c.setup()
    c.finish(0)
    two = c.setup()
    assert len(set(one.landmarks) & set(two.landmarks)) == 2
    assert two.community != one.community
    assert set(two.town_square) > set(one.town_square)  # the choices grow
    assert Rule.RIVALS in two.rules and 1 in c.opened  # a rules card, and box 1 opened
    assert dict(two.supply)["cafe"] == dict(c.supply)["cafe"] > 0  # the box's cafés joined the supply
    assert c.archive["flower_shop"] == 1 and c.archive["observatory"] == 1


def test_every_game_keeps_two_landmarks_and_the_choices_only_grow() -> None:
    c = Campaign.start()
    for game in range(GAMES - 1):
        before = c.setup()
        c.finish(game % 3)
        after = c.setup()
        assert len(set(before.landmarks) & set(after.landmarks)) == 2, f"game {game + 2}"
        assert after.community != before.community
        assert set(before.town_square) <= set(after.town_square) and after.picks >= before.picks
        assert set(before.rules) <= set(after.rules)


def test_a_new_reference_card_replaces_the_old() -> None:
    c = Campaign.start()
    references = [c.reference]
    while not c.over:
        c.finish(0)
        references.append(c.reference)
    assert references[0] == "turn" and references[-1] == "demolish"
    assert len(set(references)) == len(deck().references)


def test_the_campaign_ends_after_ten_games_with_every_card_read() -> None:
    c = Campaign.start()
    for game in range(GAMES):
        c.finish(game % 2)
    assert c.over and c.place == len(deck().sides) and len(c.register) == GAMES
    assert sorted(c.opened) == [1, 2, 3, 4, 5, 6] and set(c.rules) == set(Rule)


def test_free_play_after_the_ten_games_keeps_the_last_setup_and_the_register() -> None:
    c = Campaign.start()
    for game in range(GAMES):
        c.finish(game % 2, ["Harbourside", ""])
    tenth, place = c.setup(), c.place
    assert c.finish(1) == [] and c.finish(0) == []  # free play reads nothing
    assert c.setup() == tenth and c.place == place and c.game == GAMES + 3
    assert len(c.register) == GAMES and c.winners[GAMES:] == [1, 0] and c.towns == ["Harbourside", ""]
    game = RULES.deal(5, 2, c.to_dict())
    assert isinstance(game, Game) and game.setup == tenth and game.first == 0 and not game.naming
    assert [t.name for t in game.towns] == ["Harbourside", ""]


def test_the_campaign_survives_a_json_round_trip() -> None:
    c = Campaign.start()
    c.finish(1)
    c.finish(0)
    again = Campaign.from_dict(json.loads(json.dumps(c.to_dict())))
    assert again == c and again.latest() == c.latest()


def test_the_content_check_passes() -> None:
    lines = check_content()
    assert "every card in one place at every step" in lines[-2]
    assert lines[-1].endswith("texts, each with its French")


def test_a_text_without_its_french_fails_the_content_check(monkeypatch: Any) -> None:
    broken = data()
    del broken["deck"][2]["b"]["text_fr"]
    broken["rules"]["towers"]["name_fr"] = " "
    del broken["references"]["turn"]["steps"][0]["text_fr"]
    broken_cards: dict[str, Any] = json.loads(cards.DATA.read_text(encoding="utf-8"))
    del broken_cards["communities"][1]["name_fr"]
    monkeypatch.setattr("engine.machi.check.deck", lambda: read(broken))
    monkeypatch.setattr("engine.machi.check.catalogue", lambda: cards.read(broken_cards))
    with pytest.raises(BadContent) as failed:
        check_content()
    said = str(failed.value)
    assert said.startswith("4 texts have no French,")
    for where in (
        "cards.communities[1].name: 'Rope Bridge'",
        "legacy.rules.towers.name",
        "legacy.references.turn.steps[0].text",
        "legacy.deck[2].b.text",
    ):
        assert where in said


def test_a_french_name_without_its_grammar_fails_the_content_check(monkeypatch: Any) -> None:
    broken = data()
    broken["rules"]["towers"]["grammar_fr"] = "f sg elides"
    broken_cards: dict[str, Any] = json.loads(cards.DATA.read_text(encoding="utf-8"))
    del broken_cards["establishments"][2]["grammar_fr"]
    monkeypatch.setattr("engine.machi.check.deck", lambda: read(broken))
    monkeypatch.setattr("engine.machi.check.catalogue", lambda: cards.read(broken_cards))
    with pytest.raises(BadContent) as failed:
        check_content()
    assert str(failed.value).splitlines() == [
        "2 texts have no French, or their French no grammar:",
        "cards.establishments[2].name: 'Boulangerie' has no grammar (grammar_fr)",
        "legacy.rules.towers.name: grammar_fr: 'Tours' begins with a consonant: it does not elide",
    ]


def test_the_french_beside_the_content_is_read_apart_from_the_english() -> None:
    assert catalogue().french.texts["Wheat Field"] == "Champs de blé"
    assert deck().french.texts["Landfall"] == "Débarquement"
    assert deck().references["turn"].steps[0] == "Roll one die, or two once a landmark lets you."


@pytest.mark.parametrize(
    ("change", "why"),
    [
        (lambda d: d["deck"][0]["a"].pop("title"), "malformed"),
        (lambda d: d["deck"][1]["a"]["do"].append({"supply": {"noodle_stand": 5}}), "not 5 of noodle_stand"),
        (
            lambda d: d["deck"][1]["b"]["do"].append({"landmark": "moon_gate", "replaces": "forge"}),
            "moon_gate",
        ),
        (lambda d: d["deck"][1]["b"]["do"].append({"open": 1}), "no unopened box 1"),
        (lambda d: d["deck"][1]["b"]["do"].append({"rule": "juggling"}), "malformed"),
        (lambda d: d["deck"][2]["a"]["do"].append({"reference": "nothing"}), "no reference card nothing"),
        (lambda d: d["boxes"]["6"].update(unicorn=1), "do not exist: unicorn"),
        (lambda d: d["boxes"]["6"].update(cafe=1), "two places"),
        (lambda d: d["deck"][9]["b"].pop("stop"), "ran out before a stop"),
        (lambda d: d["deck"][9]["a"].pop("stop"), "is never read|ran out"),
        (lambda d: d["deck"][4]["b"].pop("stop"), "is never read|ran out"),
    ],
)
def test_a_broken_legacy_deck_fails_the_content_check(change: Any, why: str, monkeypatch: Any) -> None:
    broken = data()
    change(broken)

    def broken_deck() -> Any:
        return read(broken)

    monkeypatch.setattr("engine.machi.campaign.deck", broken_deck)
    monkeypatch.setattr("engine.machi.check.deck", broken_deck)
    with pytest.raises(BadContent, match=why):
        check_content()


def test_a_table_carries_the_campaign_and_the_winner_goes_first() -> None:
    carried = RULES.begin(3)
    game = RULES.deal(7, 3, carried)
    assert isinstance(game, Game) and game.opening  # game 1 rolls for first player
    game.winner = 2
    carried = RULES.carry(carried, game)
    second = RULES.deal(8, 3, carried)
    assert isinstance(second, Game) and second.first == 2 and second.turn == 2 and not second.opening
    assert second.setup == Campaign.from_dict(carried).setup()
    assert Campaign.from_dict(carried).register == [2]


def test_the_towns_named_in_game_one_are_carried_to_every_later_game() -> None:
    carried = RULES.begin(2)
    game = RULES.deal(7, 2, carried)
    assert isinstance(game, Game) and game.naming
    game.apply(1, Action.parse("town: Riverside "))
    game.winner = 1
    carried = RULES.carry(carried, game)
    assert Campaign.from_dict(carried).towns == ["", "Riverside"]
    second = RULES.deal(8, 2, carried)
    assert isinstance(second, Game) and [t.name for t in second.towns] == ["", "Riverside"]
    assert not second.naming


def play_campaign(seed: int) -> Played:
    """The campaign of ``seed``, for 2 to 4 mayors, the bots taking the seats in turn: what they did."""
    seats = 2 + seed % 3
    bots = [list(RULES.bots)[(seed + s) % 2] for s in range(seats)]
    played = Played()
    done = campaign(seed, bots, played)
    assert done.over and done.place == len(deck().sides)  # no unread legacy card
    return played


def play_campaigns(seeds: range) -> tuple[int, set[str]]:
    """The games the campaigns of ``seeds`` played, and the legacy card sides they read."""
    runs = spread(play_campaign, seeds)
    return sum(p.games for p in runs), set().union(*(p.sides for p in runs))


def test_bots_play_whole_campaigns_reading_every_card() -> None:
    games, sides = play_campaigns(range(3))
    assert games == 3 * GAMES and sides == {s.name for s in deck().sides}


@pytest.mark.slow
def test_bots_play_whole_campaigns_reading_every_card_long_run() -> None:
    games, sides = play_campaigns(range(3, 33))
    assert games == 30 * GAMES and sides == {s.name for s in deck().sides}
