"""Items, costs, effects and action labels as messages: the same English as ever, and
said in another language by a tongue that knows their ids."""

from __future__ import annotations

from scenario import place

from engine.text import Msg, Name
from engine.yu import Game
from engine.yu.content import words
from engine.yu.content.effects import parse_steps
from engine.yu.content.items import CLAY, parse_cost
from engine.yu.rules.actions import Action, Kind
from engine.yu.rules.labels import label

FRENCH = {
    "{n} white": ("{n} blanc", "{n} blancs"),
    "{n} cowrie": ("{n} Cauri", "{n} Cauris"),
    "{n} coloured Worker": ("{n} Ouvrier de couleur", "{n} Ouvriers de couleur"),
    "reveal {n} Barbarian": ("révéler {n} Barbare", "révéler {n} Barbares"),
    "exhaust {n} card from hand": ("épuiser {n} carte de votre main", "épuiser {n} cartes de votre main"),
    "clay": ("Argile",),
    "wood": ("Bois",),
    "{n} {items}": ("{n} {items}",),
    "nothing": ("rien",),
    "Take {amount}": ("Prenez {amount}",),
    "{n} clay": ("{n} Argile", "{n} Argiles"),
    "Play {card} for {gain}": ("Jouez {card} pour {gain}",),
    "End your actions for this Round": ("Terminez vos actions pour ce tour",),
}


class French:
    """A few ids in French; the content's names between guillemets."""

    def gettext(self, message: str) -> str:
        return FRENCH.get(message, (message,))[0]

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        forms = FRENCH.get(singular)
        if forms is None:
            return singular if n == 1 else plural
        return forms[0] if n <= 1 else forms[-1]

    def content(self, text: str) -> str:
        return f"« {text} »"


def test_costs_and_effects_read_as_before_in_english() -> None:
    cost = parse_cost(["1 white", "2 coloured", "2 cowrie", "1 exhaust"])
    assert str(words.cost(cost)) == "1 white, 2 coloured Worker, 2 cowrie, exhaust 1 card from hand"
    effects = parse_steps(
        ["1 clay|wood", "reveal_barbarian 1", "reveal_barbarian 2", "flood 1", "pay 2 cowrie"]
    )
    assert str(words.steps(effects)) == (
        "1 clay/wood, reveal 1 Barbarian, reveal 2 Barbarians, the Flood advances 1, pay 2 cowrie"
    )
    assert str(words.steps(())) == "nothing"
    assert str(words.mask(0b00110)) == "red/blue"


def test_costs_and_effects_say_themselves_in_french() -> None:
    french = French()
    cost = parse_cost(["2 white", "1 coloured", "1 cowrie", "2 exhaust"])
    assert words.cost(cost).say(french) == (
        "2 blancs, 1 Ouvrier de couleur, 1 Cauri, épuiser 2 cartes de votre main"
    )
    effects = parse_steps(["1 clay|wood", "reveal_barbarian 1", "reveal_barbarian 3", "2 clay"])
    assert (
        words.steps(effects).say(french) == "1 Argile/Bois, révéler 1 Barbare, révéler 3 Barbares, 2 Argiles"
    )
    assert words.steps(()).say(french) == "rien"


def in_hand(game: Game) -> Game:
    """The game with a Townsfolk card in hand."""
    return place(game, "hand", next(iter(game.content.townsfolk)))


def test_labels_say_themselves_in_french(game: Game) -> None:
    french = French()
    view = in_hand(game).view()
    card = view.hand[0]
    play = label(view, Action(Kind.PLAY, card=card.id))
    assert str(play) == f"Play {card.name} for {words.steps(card.play)}"
    assert play.say(french) == f"Jouez « {card.name} » pour {words.steps(card.play).say(french)}"
    assert label(view, Action(Kind.END)).say(french) == "Terminez vos actions pour ce tour"
    assert label(view, Action(Kind.PICK, item=CLAY)).say(french) == "Prenez 1 Argile"
    assert str(label(view, Action(Kind.PICK, item=CLAY))) == "Take 1 clay"


def test_a_label_keeps_through_json(game: Game) -> None:
    view = in_hand(game).view()
    play = label(view, Action(Kind.PLAY, card=view.hand[0].id))
    back = Msg.from_json(play.to_json())
    assert back == play and back.say(French()) == play.say(French())
    assert Name(view.hand[0].name) in dict(back.values).values()
