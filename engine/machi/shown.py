"""What a table draws of a game: the view's cards with their names, numbers, costs and what they
do, and each one the seat could act on now with the key of that action."""

from __future__ import annotations

from dataclasses import dataclass

from engine.machi.actions import Action, Verb
from engine.machi.campaign import GAMES, Campaign, Reference, RulesCard, Side, deck
from engine.machi.cards import Colour, Establishment, Kind, Power, catalogue
from engine.machi.game import Game
from engine.machi.view import View, view

WHEN = {
    Colour.BLUE: "on anyone's roll",
    Colour.GREEN: "on your roll",
    Colour.PURPLE: "on your roll",
    Colour.RED: "on another mayor's roll",
}


@dataclass(frozen=True)
class Card:
    """An establishment in the supply (``count`` left) or in a town (``count`` copies)."""

    key: str
    name: str
    colour: str
    numbers: str
    cost: int
    tag: str
    text: str
    count: int
    move: str = ""
    """The key that builds it (or demolishes it, in one's own town), when the seat may."""


@dataclass(frozen=True)
class Mark:
    """A landmark, or the community landmark."""

    key: str
    name: str
    letter: str
    cost: int
    text: str
    built: bool
    move: str = ""


@dataclass(frozen=True)
class TownShown:
    seat: int
    coins: int
    cards: tuple[Card, ...]
    landmarks: tuple[Mark, ...]
    flag: bool
    chose: bool
    choice: tuple[str, ...]
    """The town square cards chosen, by name, when the view shows them."""


@dataclass(frozen=True)
class Shown:
    view: View
    seats: tuple[TownShown, ...]
    supply: tuple[Card, ...]
    community: Mark
    rolls: tuple[int, ...]
    """The dice the seat may roll now."""
    choices: tuple[tuple[str, str], ...]
    """The town square choices the seat may make now: names, and the key."""
    can_pass: bool
    names: dict[str, str]
    """Every card's name, by key."""


def shown(game: Game, seat: int | None) -> Shown:
    seen = view(game, seat)
    legal = {a.key: a for a in game.legal_actions(seat)} if seat is not None else {}
    cards = catalogue()
    names = _names()
    towns = tuple(
        TownShown(
            t.seat,
            t.coins,
            tuple(
                _card(cards.establishments[k], n, _key(legal, Verb.DEMOLISH, k) if t.seat == seat else "")
                for k, n in t.establishments
            ),
            tuple(
                _landmark(k, "ABC"[i], k in t.built, _key(legal, Verb.LANDMARK, k) if t.seat == seat else "")
                for i, k in enumerate(seen.landmarks)
            ),
            t.flag,
            t.chose,
            tuple(names[k] for k in t.choice or ()),
        )
        for t in seen.towns
    )
    community = cards.communities[seen.community]
    return Shown(
        seen,
        towns,
        tuple(_card(cards.establishments[k], n, _key(legal, Verb.BUILD, k)) for k, n in seen.supply),
        Mark(
            community.key,
            community.name,
            "",
            community.cost,
            f"Each mayor may contribute once, and takes {community.bonus} coins back from the bank.",
            False,
            "contribute" if "contribute" in legal else "",
        ),
        tuple(a.dice for a in legal.values() if a.verb is Verb.ROLL),
        tuple(
            (" + ".join(names[k] for k in a.cards), a.key) for a in legal.values() if a.verb is Verb.CHOOSE
        ),
        "pass" in legal,
        names,
    )


def _names() -> dict[str, str]:
    cards = catalogue()
    return {
        **{k: c.name for k, c in cards.establishments.items()},
        **{k: c.name for k, c in cards.landmarks.items()},
        **{k: c.name for k, c in cards.communities.items()},
    }


def _key(legal: dict[str, Action], verb: Verb, card: str) -> str:
    key = Action(verb, card=card).key
    return key if key in legal else ""


def _card(card: Establishment, count: int, move: str) -> Card:
    low, high = card.numbers[0], card.numbers[-1]
    return Card(
        card.key,
        card.name,
        card.colour.value,
        str(low) if low == high else f"{low}\N{EN DASH}{high}",
        card.cost,
        card.tag,
        f"{_does(card)} {WHEN[card.colour]}.",
        count,
        move,
    )


def _does(card: Establishment) -> str:
    coins = f"{card.coins} coin{'s' if card.coins != 1 else ''}"
    match card.kind:
        case Kind.BANK:
            return f"Take {coins} from the bank"
        case Kind.PER_TAG:
            return f"Take {coins} from the bank for each of your {card.counts} establishments"
        case Kind.TAKE:
            return f"Take {coins} from the mayor who rolled"
        case Kind.TAKE_EACH:
            return f"Take {coins} from every other mayor"


def _landmark(key: str, letter: str, built: bool, move: str) -> Mark:
    landmark = catalogue().landmarks[key]
    texts = {
        Power.TWO_DICE: "Roll one die or two.",
        Power.TAG_BONUS: f"Each of your {landmark.tag} establishments gives 1 coin more.",
        Power.DOUBLES_AGAIN: "Doubles give you another turn.",
        Power.CONSOLATION: "A roll of yours that earns you nothing gives you 1 coin.",
        Power.RED_GUARD: "Each red establishment takes 1 coin less from you.",
    }
    return Mark(key, landmark.name, letter, landmark.cost, texts[landmark.power], built, move)


@dataclass(frozen=True)
class CampaignShown:
    """What a table shows of the campaign beside the game: the story read last, the rules deck,
    the reference card, the town register, and where the campaign's cards are."""

    game: int
    games: int
    over: bool
    story: tuple[Side, ...]
    rules: tuple[RulesCard, ...]
    reference: Reference
    register: tuple[int, ...]
    opened: tuple[int, ...]
    reserve: tuple[str, ...]
    archive: tuple[str, ...]


def campaign_shown(campaign: Campaign) -> CampaignShown:
    legacy, names = deck(), _names()

    def listed(place: dict[str, int]) -> tuple[str, ...]:
        return tuple(
            names[k] + (f" \N{MULTIPLICATION SIGN}{n}" if n > 1 else "") for k, n in sorted(place.items())
        )

    return CampaignShown(
        min(campaign.game, GAMES),
        GAMES,
        campaign.over,
        tuple(campaign.latest()),
        tuple(legacy.rules[r] for r in campaign.rules),
        legacy.references[campaign.reference],
        tuple(campaign.register),
        tuple(sorted(campaign.opened)),
        listed(campaign.reserve),
        listed(campaign.archive),
    )
