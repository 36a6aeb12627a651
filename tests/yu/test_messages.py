"""Events and refusals are messages: they keep their values, travel as JSON and say
themselves in any language."""

from __future__ import annotations

import json

import pytest

from engine.text import Msg, Name
from engine.yu import Action, Game, IllegalAction, new_game
from engine.yu.rules.events import Event

FRENCH = {
    "Played {card}.": "Vous avez joué {card}.",
    "Use every Townsfolk card in your hand first ({n} left).": "Utilisez d'abord chaque carte Villageois "
    "de votre main (il en reste {n}).",
    "Round {round}: Take Actions.": "Tour {round} : Effectuer des Actions.",
    "{key} is not an action key": "{key} n'est pas une action",
}


class French:
    """A few French messages and card names, as a catalogue would give them."""

    def __init__(self, cards: dict[str, str] | None = None) -> None:
        self.cards = cards or {}

    def gettext(self, message: str) -> str:
        return FRENCH.get(message, message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return FRENCH.get(singular if n == 1 else plural, singular if n == 1 else plural)

    def content(self, text: str) -> str:
        return self.cards.get(text, text)


@pytest.fixture
def game() -> Game:
    return new_game(4)


def again(event: Event) -> Event:
    return Event.from_json(json.loads(json.dumps(event.to_json())))


def test_an_event_keeps_its_values_through_json_and_says_itself_in_french(game: Game) -> None:
    events = game.apply(Action.parse(f"play:{game.hand[0]}"))
    played = events[0]
    assert played.msg.id == "Played {card}."
    assert again(played) == played
    card = dict(played.msg.values)["card"]
    assert isinstance(card, Name) and played.text == f"Played {card.text}."
    assert played.msg.say(French({card.text: "Potière"})) == "Vous avez joué Potière."


def test_every_event_of_a_game_is_a_message_that_round_trips(game: Game) -> None:
    while not game.over:
        for event in game.apply(game.legal_actions()[0]):
            assert isinstance(event.msg, Msg) and again(event) == event
            assert event.text == str(event.msg) and "{" not in event.text


def test_an_event_stored_in_english_before_messages_reads_as_it_was() -> None:
    old = Event.from_json({"kind": "play", "text": "Played Potter.", "reveal": False, "data": None})
    assert old.text == "Played Potter." and old.msg.say(French()) == "Played Potter."


def test_a_refusal_is_a_message_with_its_count(game: Game) -> None:
    why = game.explain(Action.parse("end"))
    assert why is not None and why.count == len(game.hand)
    assert Msg.from_json(json.loads(json.dumps(why.to_json()))) == why
    assert str(why) == f"Use every Townsfolk card in your hand first ({len(game.hand)} left)."
    french = f"Utilisez d'abord chaque carte Villageois de votre main (il en reste {len(game.hand)})."
    assert why.say(French()) == french


def test_an_illegal_action_raises_with_its_message(game: Game) -> None:
    with pytest.raises(IllegalAction) as refused:
        game.apply(Action.parse("nonsense"))
    assert str(refused.value) == "'nonsense' is not an action key"
    assert refused.value.msg.say(French()) == "'nonsense' n'est pas une action"
