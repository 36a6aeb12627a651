"""A game of Machi Koro Legacy for two to four mayors.

It opens with every mayor choosing their town square cards in secret; the
choices are revealed together once all have chosen. In game 1 of a campaign
each mayor may name their town, and rename it, until the first roll: the one
action :meth:`Game.legal_actions` leaves out, its name being free text. Then
mayors take turns from the first player (the highest roll of two dice in game
1): roll, collect what the roll pays (:mod:`engine.machi.income`), then take at
most one action. The first mayor with all three landmarks built and a flag on
the community landmark wins at once. A landmark's power works from the turn after the one it is built
in: of a turn's moments, only its end (doubles again) comes after the action.
The dice come from a generator whose state is part of the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from itertools import combinations
from typing import Any

from engine.machi.actions import CONTRIBUTE, DICE, PASS, Action, IllegalAction, Verb, choose, misnamed
from engine.machi.cards import SEATS, Power, Rule, Setup, catalogue
from engine.machi.events import Event, Kind
from engine.machi.income import payouts
from engine.machi.town import Town
from engine.rng import Rng
from engine.text import Msg, Name, _, ngettext

MARKET_DAY = 2
"""The coins each mayor but the first player takes more at the start of a game under the market
day rules card."""


class Phase(StrEnum):
    CHOOSE = "choose"
    ROLL = "roll"
    ACT = "act"
    OVER = "over"


@dataclass
class Game:
    seed: int
    rng: int
    """The dice generator's state."""
    setup: Setup
    towns: list[Town]
    coins: list[int]
    bank: int
    supply: dict[str, int]
    chosen: list[tuple[str, ...] | None]
    """Each mayor's town square cards: chosen in secret, and public once every mayor has chosen."""
    first: int
    opening: list[list[int | None]]
    """The rolls for first player, round by round: each mayor's two-dice total, ``None`` for those
    out of it (a tie for the highest rolls again). Empty when the last game's winner goes first."""
    turn: int
    phase: Phase = Phase.CHOOSE
    dice: tuple[int, ...] = ()
    """The last roll."""
    winner: int | None = None
    turns: int = 0
    naming: bool = False
    """The mayors may name their towns: game 1, until its first roll."""

    @classmethod
    def new(
        cls,
        seed: int,
        seats: int,
        setup: Setup | None = None,
        first: int | None = None,
        towns: Sequence[str] | None = None,
    ) -> Game:
        """A game dealt from ``seed``; ``first`` is the last game's winner (game 1 rolls for it);
        ``towns`` the towns' names, named in game 1 (``None`` in game 1, whose mayors name them)."""
        if seats not in SEATS:
            raise ValueError(f"a game has {SEATS.start} to {SEATS.stop - 1} mayors, not {seats}")
        cards = catalogue()
        rng = Rng(seed)
        opening: list[list[int | None]] = []
        setup = setup or cards.game_one
        if first is None:
            first, opening = _roll_for_first(rng, seats)
        late = Rule.LATECOMERS in setup.rules
        market = MARKET_DAY if Rule.MARKET_DAY in setup.rules else 0
        coins = [
            cards.start_coins + ((s - first) % seats if late else 0) + (market if s != first else 0)
            for s in range(seats)
        ]
        names = list(towns or [""] * seats)
        if len(names) != seats:
            raise ValueError(f"a game of {seats} mayors has {seats} towns' names, not {len(names)}")
        return cls(
            seed,
            rng.state,
            setup,
            [Town(name=name) for name in names],
            coins,
            cards.bank - sum(coins),
            dict(setup.supply),
            [None] * seats,
            first,
            opening,
            first,
            naming=towns is None,
        )

    @property
    def seats(self) -> int:
        return len(self.towns)

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    def waiting(self) -> list[int]:
        if self.phase is Phase.CHOOSE:
            return [s for s, c in enumerate(self.chosen) if c is None]
        return [] if self.over else [self.turn]

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.waiting():
            return []
        if self.phase is Phase.CHOOSE:
            return [
                choose(list(c))
                for c in sorted(set(combinations(sorted(self.setup.town_square), self.setup.picks)))
            ]
        if self.phase is Phase.ROLL:
            return [
                Action(Verb.ROLL, dice=n)
                for n in range(1, DICE + 1)
                if n == 1 or self.towns[seat].has(Power.TWO_DICE)
            ]
        options = [Action(Verb.BUILD, card=k) for k, n in self.supply.items() if n]
        options += [Action(Verb.LANDMARK, card=k) for k in self.setup.landmarks]
        options += [Action(Verb.DEMOLISH, card=k) for k in self.towns[seat].establishments]
        options += [CONTRIBUTE, PASS]
        return [a for a in options if self.refusal(seat, a) is None]

    def refusal(self, seat: int, action: Action) -> Msg | None:
        """Why ``seat`` cannot take ``action`` now; ``None`` if it can."""
        if seat not in range(self.seats):
            return _("There is no seat {number} at this table.", number=seat + 1)
        if self.over:
            return _("The game is over.")
        if action.verb is Verb.TOWN:
            if not self.naming:
                return _("Towns are named in the first game, until its first roll: it is too late now.")
            return misnamed(action.name)
        if self.phase is Phase.CHOOSE:
            return self._choice_refusal(seat, action)
        if seat != self.turn:
            return _("It is another mayor's turn.")
        if self.phase is Phase.ROLL:
            if action.verb is not Verb.ROLL:
                return _("Roll the dice first.")
            if action.dice > 1 and not self.towns[seat].has(Power.TWO_DICE):
                return self._one_die()
            return None
        if action.verb in (Verb.ROLL, Verb.CHOOSE):
            return _("You rolled already this turn: build, or end your turn.")
        return self._build_refusal(seat, action)

    def two_dice(self) -> Name | None:
        """The name of the landmark of this game's setup that lets a mayor roll two dice, if one does."""
        landmarks = catalogue().landmarks
        return next(
            (Name(landmarks[k].name) for k in self.setup.landmarks if landmarks[k].power is Power.TWO_DICE),
            None,
        )

    def _one_die(self) -> Msg:
        """Why a mayor rolls one die: named by the landmark of this game's setup that allows two."""
        landmark = self.two_dice()
        if landmark is None:
            return _("You roll one die: no landmark of this game allows two.")
        return _("You roll one die until your {card} is built.", card=landmark)

    def _choice_refusal(self, seat: int, action: Action) -> Msg | None:
        if action.verb is not Verb.CHOOSE:
            return _("Every mayor first chooses their town square cards.")
        if self.chosen[seat] is not None:
            return _("You have chosen your town square cards already.")
        left = list(self.setup.town_square)
        for card in action.cards:
            if card not in left:
                return _("{card} is not a town square card you can choose.", card=_named(card))
            left.remove(card)
        if len(action.cards) != self.setup.picks:
            return ngettext(
                "Choose {n} town square card, not {chosen}.",
                "Choose {n} town square cards, not {chosen}.",
                self.setup.picks,
                chosen=len(action.cards),
            )
        return None

    def _build_refusal(self, seat: int, action: Action) -> Msg | None:
        cards, town, coins = catalogue(), self.towns[seat], self.coins[seat]
        if action.verb is Verb.PASS:
            return None
        if action.verb is Verb.CONTRIBUTE:
            community = cards.communities[self.setup.community]
            if town.flag:
                return _("You have contributed to the {card} already.", card=Name(community.name))
            return _afford(
                coins,
                ngettext(
                    "You need {n} coin to contribute to the {card}, and have {have}.",
                    "You need {n} coins to contribute to the {card}, and have {have}.",
                    community.cost,
                    card=Name(community.name),
                    have=coins,
                ),
            )
        assert action.card is not None
        if action.verb is Verb.BUILD:
            if not self.supply.get(action.card):
                return _("There is no {card} left to build.", card=_named(action.card))
            card = cards.establishments[action.card]
            return _afford(
                coins,
                ngettext(
                    "You need {n} coin to build {card:a}, and have {have}.",
                    "You need {n} coins to build {card:a}, and have {have}.",
                    card.cost,
                    card=Name(card.name),
                    have=coins,
                ),
            )
        if action.verb is Verb.DEMOLISH:
            if Rule.DEMOLISH not in self.setup.rules:
                return _("No rules card lets a mayor demolish yet.")
            if not town.establishments.get(action.card):
                return _("You have no {card} to demolish.", card=_named(action.card))
            return None
        if action.card not in self.setup.landmarks:
            return _("{card} is not one of your landmarks.", card=_named(action.card))
        landmark = cards.landmarks[action.card]
        if action.card in town.built:
            return _("Your {card} is built already.", card=Name(landmark.name))
        return _afford(
            coins,
            ngettext(
                "You need {n} coin to build your {card}, and have {have}.",
                "You need {n} coins to build your {card}, and have {have}.",
                landmark.cost,
                card=Name(landmark.name),
                have=coins,
            ),
        )

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Take ``action`` for ``seat``, or raise :class:`IllegalAction` and change nothing."""
        why = self.refusal(seat, action)
        if why is not None:
            raise IllegalAction(why)
        if action.verb is Verb.TOWN:
            self.towns[seat].name = action.name
            return [Event(Kind.NAMED, seat, name=action.name)]
        if action.verb is Verb.CHOOSE:
            return self._choose(seat, action.cards)
        if action.verb is Verb.ROLL:
            return self._roll(seat, action.dice)
        standing = len(self.towns[seat].built)
        events = self._act(seat, action)
        if len(self.towns[seat].built) == len(self.setup.landmarks) and self.towns[seat].flag:
            self.winner, self.phase = seat, Phase.OVER
            return [*events, Event(Kind.WON, seat)]
        return events + self._end_turn(seat, standing)

    def _choose(self, seat: int, cards: tuple[str, ...]) -> list[Event]:
        self.chosen[seat] = cards
        events = [Event(Kind.CHOSE, seat)]
        if self.waiting():
            return events
        revealed = tuple(c or () for c in self.chosen)
        for town, picked in zip(self.towns, revealed, strict=True):
            for card in picked:
                town.add(card)
        self.phase = Phase.ROLL
        return [*events, Event(Kind.REVEALED, cards=revealed)]

    def _roll(self, seat: int, dice: int) -> list[Event]:
        rng = Rng(self.rng)
        shown = tuple(1 + rng.below(6) for _ in range(dice))
        self.rng = rng.state
        return self._show(seat, shown)

    def _show(self, seat: int, dice: tuple[int, ...]) -> list[Event]:
        """``seat``'s roll showing ``dice``: City Hall's coin before it, what it pays, the consolation."""
        events = []
        self.naming = False
        if Rule.CITY_HALL in self.setup.rules and not self.coins[seat]:
            events.append(Event(Kind.AIDED, seat, coins=self._gain(seat, 1)))
        self.dice = dice
        self.bank, paid = payouts(self.towns, self.coins, self.bank, seat, sum(dice))
        self.phase = Phase.ACT
        events += [Event(Kind.ROLLED, seat, dice=dice), *paid]
        earned = any(e.kind is Kind.EARNED and e.seat == seat and e.coins for e in paid)
        earned = earned or any(e.to == seat and e.coins for e in paid)
        if not earned and self.towns[seat].has(Power.CONSOLATION):
            events.append(Event(Kind.CONSOLED, seat, coins=self._gain(seat, 1)))
        return events

    def coins_after(self, seat: int, dice: tuple[int, ...]) -> list[int]:
        """Every mayor's coins had ``seat``'s roll now shown ``dice``; this game stays as it is."""
        trial = replace(self, coins=list(self.coins))
        trial._show(seat, dice)
        return trial.coins

    def refund(self, key: str) -> int:
        """The coins demolishing an establishment ``key`` gives back: half its cost, rounded down, as
        far as the bank has them."""
        return min(catalogue().establishments[key].cost // 2, self.bank)

    def _gain(self, seat: int, coins: int) -> int:
        """Give ``seat`` up to ``coins`` from the bank; what the bank had to give."""
        given = min(coins, self.bank)
        self.bank -= given
        self.coins[seat] += given
        return given

    def _act(self, seat: int, action: Action) -> list[Event]:
        cards, town = catalogue(), self.towns[seat]
        if action.verb is Verb.PASS:
            return [Event(Kind.PASSED, seat)]
        if action.verb is Verb.CONTRIBUTE:
            community = cards.communities[self.setup.community]
            self._spend(seat, community.cost)
            town.flag = True
            return [
                Event(Kind.CONTRIBUTED, seat, card=community.key, coins=self._gain(seat, community.bonus))
            ]
        assert action.card is not None
        if action.verb is Verb.DEMOLISH:
            town.add(action.card, -1)
            self.supply[action.card] = self.supply.get(action.card, 0) + 1
            refund = self._gain(seat, self.refund(action.card))
            return [Event(Kind.DEMOLISHED, seat, card=action.card, coins=refund)]
        if action.verb is Verb.BUILD:
            self._spend(seat, cards.establishments[action.card].cost)
            self.supply[action.card] -= 1
            town.add(action.card)
            return [Event(Kind.BUILT, seat, card=action.card)]
        self._spend(seat, cards.landmarks[action.card].cost)
        town.built.append(action.card)
        return [Event(Kind.LANDMARK, seat, card=action.card)]

    def _spend(self, seat: int, coins: int) -> None:
        self.coins[seat] -= coins
        self.bank += coins

    def _end_turn(self, seat: int, standing: int) -> list[Event]:
        """The next mayor's turn, or the same mayor's again for doubles with a landmark that says so:
        one of the ``standing`` landmarks built before this turn (one built in it works from the next)."""
        self.turns += 1
        self.phase = Phase.ROLL
        doubles = len(self.dice) == 2 and self.dice[0] == self.dice[1]
        if doubles and self.towns[seat].has(Power.DOUBLES_AGAIN, before=standing):
            return [Event(Kind.AGAIN, seat)]
        self.turn = (seat + 1) % self.seats
        return []

    def scores(self) -> list[int]:
        """Landmarks built, and one more for a flag on the community landmark."""
        return [len(t.built) + int(t.flag) for t in self.towns]

    def winners(self) -> list[int]:
        return [] if self.winner is None else [self.winner]

    def redeal(self, seed: int) -> None:
        """Roll the dice to come from ``seed`` (:mod:`engine.redeals`)."""
        self.rng = Rng(seed).state

    def to_dict(self) -> dict[str, Any]:
        setup = self.setup
        return {
            "seed": self.seed,
            "rng": self.rng,
            "setup": {
                "supply": dict(setup.supply),
                "landmarks": list(setup.landmarks),
                "community": setup.community,
                "town_square": list(setup.town_square),
                "picks": setup.picks,
                "rules": [r.value for r in setup.rules],
            },
            "towns": [t.to_dict() for t in self.towns],
            "coins": list(self.coins),
            "bank": self.bank,
            "supply": dict(self.supply),
            "chosen": [list(c) if c is not None else None for c in self.chosen],
            "first": self.first,
            "opening": [list(r) for r in self.opening],
            "turn": self.turn,
            "phase": self.phase.value,
            "dice": list(self.dice),
            "winner": self.winner,
            "turns": self.turns,
            "naming": self.naming,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Game:
        s = data["setup"]
        setup = Setup(
            tuple(s["supply"].items()),
            tuple(s["landmarks"]),
            s["community"],
            tuple(s["town_square"]),
            s["picks"],
            tuple(Rule(r) for r in s["rules"]),
        )
        return cls(
            data["seed"],
            data["rng"],
            setup,
            [Town.from_dict(t) for t in data["towns"]],
            list(data["coins"]),
            data["bank"],
            dict(data["supply"]),
            [tuple(c) if c is not None else None for c in data["chosen"]],
            data["first"],
            [list(r) for r in data["opening"]],
            data["turn"],
            Phase(data["phase"]),
            tuple(data["dice"]),
            data["winner"],
            data["turns"],
            data["naming"],
        )


def _afford(coins: int, refusal: Msg) -> Msg | None:
    """``refusal``, whose count is a cost, unless ``coins`` pay it."""
    return None if coins >= refusal.count else refusal


def _named(key: str) -> Name | str:
    """A card's name, or the key itself when no card has it."""
    cards = catalogue()
    for kind in (cards.establishments, cards.landmarks, cards.communities):
        if key in kind:
            return Name(kind[key].name)
    return key


def _roll_for_first(rng: Rng, seats: int) -> tuple[int, list[list[int | None]]]:
    """Every mayor rolls two dice; the highest goes first, ties rolling again among themselves."""
    rolling, rounds = list(range(seats)), []
    while True:
        totals: list[int | None] = [
            2 + rng.below(6) + rng.below(6) if s in rolling else None for s in range(seats)
        ]
        rounds.append(totals)
        best = max(t for t in totals if t is not None)
        rolling = [s for s, t in enumerate(totals) if t == best]
        if len(rolling) == 1:
            return rolling[0], rounds
