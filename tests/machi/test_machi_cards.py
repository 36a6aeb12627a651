"""The cards file: a malformed file refused with what is wrong, and what
a table shows of a card: its name as a content text, what it does as a message."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from engine.machi.cards import DATA, BadContent, catalogue, read
from engine.machi.game import Game
from engine.machi.shown import shown
from engine.text import English, Msg, Name, say


def data() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))
    return copy.deepcopy(loaded)


@pytest.mark.parametrize(
    ("change", "why"),
    [
        (lambda d: d["establishments"][0].pop("cost"), "malformed"),
        (lambda d: d["establishments"][0].update(cost=-1), "not a whole number of coins"),
        (lambda d: d["establishments"][0].update(numbers=[13]), "run from 1 to 12"),
        (lambda d: d["establishments"][0].update(colour="pink"), "malformed"),
        (lambda d: d["game_one"]["supply"].update(unicorn=5), "do not exist: unicorn"),
        (
            lambda d: d["game_one"].update(landmarks=["forge", "forge", "fountain"]),
            "three different landmarks",
        ),
        (lambda d: d["game_one"].update(picks=3), "cannot choose 3 of 2"),
    ],
)
def test_a_malformed_cards_file_is_refused_with_why(change: Any, why: str) -> None:
    broken = data()
    change(broken)
    with pytest.raises(BadContent, match=why):
        read(broken)


def test_what_a_card_does_is_a_message_and_its_name_a_content_text() -> None:
    seen = shown(Game.new(1, 2), 0)
    supply = {card.key: card for card in seen.supply}
    assert supply["wheat_field"].name == Name("Wheat Field")
    assert str(supply["wheat_field"].text) == "Take 1 coin from the bank on anyone's roll."
    store = supply["convenience_store"].text
    assert str(store) == "Take 2 coins from the bank for each of your grain establishments on your roll."
    assert Msg.from_json(json.loads(json.dumps(store.to_json()))) == store
    assert str(seen.community.text) == "Each mayor may contribute once, and takes 4 coins back from the bank."
    flower = next(m for m in seen.seats[0].landmarks if m.key == "flower_shop")
    assert str(flower.text) == "Each of your shop establishments gives 1 coin more."
    french = {text: catalogue().french.texts[text] for text in ("Wheat Field", "Flower Shop")}

    class ContentFrench(English):
        def content(self, text: str) -> str:
            return french.get(text, text)

    assert say(flower.name, ContentFrench()) == "Fleuriste"
    assert [say(name, ContentFrench()) for name in seen.choices[0][0]] == ["Bakery", "Champs de blé"]


def test_a_mayor_who_rolls_one_die_is_told_which_cards_only_two_dice_roll() -> None:
    game = Game.new(1, 2)
    establishments = catalogue().establishments
    high = {c.key for c in shown(game, 0).supply if establishments[c.key].numbers[0] > 6}
    assert high, "game 1's supply has no card above 6"
    noted = {c.key: str(c.note) for c in shown(game, 0).supply if c.note is not None}
    assert noted == dict.fromkeys(high, "Only two dice roll it: you roll one until your Forge is built.")
    assert [c.note for c in shown(game, None).supply if c.note is not None] == []  # a watcher rolls nothing
    game.towns[0].built.append("forge")
    assert [c.key for c in shown(game, 0).supply if c.note is not None] == []
    assert {c.key for c in shown(game, 1).supply if c.note is not None} == high


def test_where_no_landmark_allows_two_dice_a_card_above_6_says_so() -> None:
    data = Game.new(1, 2).to_dict()
    data["setup"]["landmarks"] = ["flower_shop", "fountain", "sawmill"]
    notes = {str(c.note) for c in shown(Game.from_dict(data), 0).supply if c.note is not None}
    assert notes == {"Only two dice roll it, and no landmark of this game allows them."}
