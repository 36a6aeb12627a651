"""What a table draws of a game: the view's cards with their names, numbers, costs and what they
do, and each one the seat could act on now with the key of that action. Names are content
texts (:class:`Name`) and what a card does is a message: the table says both in the reader's language."""

from __future__ import annotations

from dataclasses import dataclass

from engine.machi.actions import Action, Verb
from engine.machi.campaign import GAMES, Campaign, Reference, RulesCard, Side, deck
from engine.machi.cards import Colour, Establishment, Kind, Power, catalogue
from engine.machi.game import Game
from engine.machi.view import View, view
from engine.text import Msg, Name, _, ngettext

WHEN = {
    Colour.BLUE: _("on anyone's roll"),
    Colour.GREEN: _("on your roll"),
    Colour.PURPLE: _("on your roll"),
    Colour.RED: _("on another mayor's roll"),
}
TAGS = {
    "grain": _("grain"),
    "animal": _("animal"),
    "shop": _("shop"),
    "cup": _("cup"),
    "gear": _("gear"),
    "factory": _("factory"),
    "tower": _("tower"),
}
"""The tags' words; a tag not listed is shown as it is written."""


@dataclass(frozen=True)
class Card:
    """An establishment in the supply (``count`` left) or in a town (``count`` copies)."""

    key: str
    name: Name
    colour: str
    numbers: str
    cost: int
    tag: Msg | str
    text: Msg
    count: int
    move: str = ""
    """The key that builds it (or demolishes it, in one's own town), when the seat may."""
    note: Msg | None = None
    """In the supply: that only two dice roll it, to a seat that rolls one."""


@dataclass(frozen=True)
class Mark:
    """A landmark, or the community landmark."""

    key: str
    name: Name
    letter: str
    cost: int
    text: Msg
    built: bool
    move: str = ""


@dataclass(frozen=True)
class TownShown:
    seat: int
    name: str
    """The town's name ("": not named)."""
    coins: int
    cards: tuple[Card, ...]
    landmarks: tuple[Mark, ...]
    flag: bool
    chose: bool
    choice: tuple[Name, ...]
    """The town square cards chosen, by name, when the view shows them."""


@dataclass(frozen=True)
class Shown:
    view: View
    seats: tuple[TownShown, ...]
    supply: tuple[Card, ...]
    community: Mark
    rolls: tuple[int, ...]
    """The dice the seat may roll now."""
    choices: tuple[tuple[tuple[Name, ...], str], ...]
    """The town square choices the seat may make now: the cards' names, and the key."""
    can_pass: bool
    naming: bool
    """The seat may name its town now."""
    names: dict[str, Name]
    """Every card's name, by key."""


def shown(game: Game, seat: int | None) -> Shown:
    seen = view(game, seat)
    legal = {a.key: a for a in game.legal_actions(seat)} if seat is not None else {}
    cards = catalogue()
    names = _names()
    towns = tuple(
        TownShown(
            t.seat,
            t.name,
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
    one_die = _two_dice_only(game) if seat is not None and not game.towns[seat].has(Power.TWO_DICE) else None
    return Shown(
        seen,
        towns,
        tuple(_card(cards.establishments[k], n, _key(legal, Verb.BUILD, k), one_die) for k, n in seen.supply),
        Mark(
            community.key,
            Name(community.name),
            "",
            community.cost,
            ngettext(
                "Each mayor may contribute once, and takes {n} coin back from the bank.",
                "Each mayor may contribute once, and takes {n} coins back from the bank.",
                community.bonus,
            ),
            False,
            "contribute" if "contribute" in legal else "",
        ),
        tuple(a.dice for a in legal.values() if a.verb is Verb.ROLL),
        tuple((tuple(names[k] for k in a.cards), a.key) for a in legal.values() if a.verb is Verb.CHOOSE),
        "pass" in legal,
        seat is not None and seen.naming,
        names,
    )


def _names() -> dict[str, Name]:
    cards = catalogue()
    return {
        **{k: Name(c.name) for k, c in cards.establishments.items()},
        **{k: Name(c.name) for k, c in cards.landmarks.items()},
        **{k: Name(c.name) for k, c in cards.communities.items()},
    }


def _key(legal: dict[str, Action], verb: Verb, card: str) -> str:
    key = Action(verb, card=card).key
    return key if key in legal else ""


def _card(card: Establishment, count: int, move: str, one_die: Msg | None = None) -> Card:
    """The card as shown; ``one_die``: what a card only two dice roll says to a seat that rolls one."""
    low, high = card.numbers[0], card.numbers[-1]
    return Card(
        card.key,
        Name(card.name),
        card.colour.value,
        str(low) if low == high else f"{low}\N{EN DASH}{high}",
        card.cost,
        _tag(card.tag),
        _does(card),
        count,
        move,
        one_die if low > 6 else None,
    )


def _two_dice_only(game: Game) -> Msg:
    """What a card only two dice roll says to a mayor who rolls one."""
    landmark = game.two_dice()
    if landmark is None:
        return _("Only two dice roll it, and no landmark of this game allows them.")
    return _("Only two dice roll it: you roll one until your {card} is built.", card=landmark)


def _tag(tag: str | None) -> Msg | str:
    return TAGS.get(tag or "", tag or "")


def _does(card: Establishment) -> Msg:
    when, n = WHEN[card.colour], card.coins
    match card.kind:
        case Kind.BANK:
            return ngettext(
                "Take {n} coin from the bank {when}.", "Take {n} coins from the bank {when}.", n, when=when
            )
        case Kind.PER_TAG:
            return ngettext(
                "Take {n} coin from the bank for each of your {tag} establishments {when}.",
                "Take {n} coins from the bank for each of your {tag} establishments {when}.",
                n,
                tag=_tag(card.counts),
                when=when,
            )
        case Kind.TAKE:
            return ngettext(
                "Take {n} coin from the mayor who rolled {when}.",
                "Take {n} coins from the mayor who rolled {when}.",
                n,
                when=when,
            )
        case Kind.TAKE_EACH:
            return ngettext(
                "Take {n} coin from every other mayor {when}.",
                "Take {n} coins from every other mayor {when}.",
                n,
                when=when,
            )


def _landmark(key: str, letter: str, built: bool, move: str) -> Mark:
    landmark = catalogue().landmarks[key]
    texts = {
        Power.TWO_DICE: _("Roll one die or two."),
        Power.TAG_BONUS: _("Each of your {tag} establishments gives 1 coin more.", tag=_tag(landmark.tag)),
        Power.DOUBLES_AGAIN: _("Doubles give you another turn."),
        Power.CONSOLATION: _("A roll of yours that earns you nothing gives you 1 coin."),
        Power.RED_GUARD: _("Each red establishment takes 1 coin less from you."),
    }
    return Mark(key, Name(landmark.name), letter, landmark.cost, texts[landmark.power], built, move)


@dataclass(frozen=True)
class SideShown:
    """A legacy card's side: ``3A``, its title and its story."""

    name: str
    title: Name
    text: Name
    stop: bool


@dataclass(frozen=True)
class RulesShown:
    name: Name
    text: Name


@dataclass(frozen=True)
class ReferenceShown:
    name: Name
    steps: tuple[Name, ...]


@dataclass(frozen=True)
class Line:
    """A line of the town register: its game, and once that game is won, the winner's seat and
    their town's name ("": not named)."""

    game: int
    seat: int | None = None
    town: str = ""


@dataclass(frozen=True)
class CampaignShown:
    """What a table shows of the campaign beside the game: the story read last, the rules deck,
    the reference card, the town register, and where the campaign's cards are."""

    game: int
    games: int
    over: bool
    """The campaign's games are played: the table plays on, in free play."""
    story: tuple[SideShown, ...]
    rules: tuple[RulesShown, ...]
    reference: ReferenceShown
    register: tuple[Line, ...]
    """A line for each of the campaign's games."""
    opened: tuple[int, ...]
    reserve: tuple[tuple[Name, int], ...]
    """Each card's name, and its copies."""
    archive: tuple[tuple[Name, int], ...]


def campaign_shown(campaign: Campaign) -> CampaignShown:
    legacy, names = deck(), _names()

    def listed(place: dict[str, int]) -> tuple[tuple[Name, int], ...]:
        return tuple((names[k], n) for k, n in sorted(place.items()))

    won = campaign.register

    def line(game: int) -> Line:
        if game > len(won):
            return Line(game)
        seat = won[game - 1]
        return Line(game, seat, campaign.towns[seat] if campaign.towns else "")

    return CampaignShown(
        min(campaign.game, GAMES),
        GAMES,
        campaign.over,
        tuple(_side(s) for s in campaign.latest()),
        tuple(_rules(legacy.rules[r]) for r in campaign.rules),
        _reference(legacy.references[campaign.reference]),
        tuple(line(game) for game in range(1, GAMES + 1)),
        tuple(sorted(campaign.opened)),
        listed(campaign.reserve),
        listed(campaign.archive),
    )


def _side(side: Side) -> SideShown:
    return SideShown(side.name, Name(side.title), Name(side.text), side.stop)


def _rules(card: RulesCard) -> RulesShown:
    return RulesShown(Name(card.name), Name(card.text))


def _reference(card: Reference) -> ReferenceShown:
    return ReferenceShown(Name(card.name), tuple(Name(step) for step in card.steps))
