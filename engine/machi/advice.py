"""Advice for a mayor: the move the planner would make, and the moves that are mistakes for certain.

:func:`hint` is the planner's own choice (:func:`engine.machi.bots.plan`), said with
the figures it was chosen by: the rounds its race model expects before the mayor
can win, the coins a round their town earns, what a roll of one die or two should
bring.

:func:`mistake` names a move only when another legal move is at least as good
whatever happens next, as far as the rules can tell: the mayor ends up with at least
as much (coins, establishments, the game won) and no other mayor with more. Three cases
are that certain:

- **Not taking the win.** A mayor whose last goal is within reach and who does
  anything else: the first mayor with three landmarks and a flag on the community
  landmark wins at once, and nothing else a turn allows is worth as much.
- **A roll that the other roll beats on every total.** Whatever total one die
  can show and whatever total two dice can show, the other choice leaves the roller at
  least as many coins and every other mayor no more (each total worked out by the
  rules themselves, :meth:`Game.coins_after`, red establishments, City Hall and the
  consolation coin included), and differs on some. Not when the roller's own landmark
  gives another turn for doubles: that turn, which only two dice can bring, may help
  or hurt. Only two dice activating the roller's establishments is not enough on its
  own: the other mayors' establishments answer the roll too (a Gold Mine of theirs
  pays them on a 7, a Noodle Stand takes from the roller on a 9), so one die may
  still be the safer roll.
- **Demolishing for nothing.** An establishment whose refund is no coin (half of a
  cost of 1, rounded down, or an empty bank): ending the turn keeps it and the same
  coins, and keeps it out of the supply the other mayors buy from.

Everything else (which establishment, when to save, which goal first, which town
square cards) is a judgement the planner makes, and never called a mistake.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from engine.machi.actions import Action, Verb
from engine.machi.bots import Plan, dice_outcomes, figure, plan
from engine.machi.cards import Power, catalogue
from engine.machi.game import Game, Phase
from engine.text import Msg, Name, _, ngettext


@dataclass(frozen=True)
class Hint:
    action: Action
    """Legal for the seat now."""
    why: Msg
    """One sentence: what the planner expects of the move."""


def hint(game: Game, seat: int) -> Hint | None:
    """The move the game's best bot would make for ``seat`` now, with why; None when the seat has
    nothing to do."""
    if not game.legal_actions(seat):
        return None
    chosen = plan(game, seat)
    return Hint(chosen.action, _why(game, seat, chosen))


def mistake(game: Game, seat: int, action: Action) -> Msg | None:
    """Why ``action`` is a mistake the engine can tell for certain (a reason to ask the player to
    confirm), else None."""
    if action.verb is Verb.TOWN or game.refusal(seat, action) is not None:
        return None
    if game.phase is Phase.ROLL:
        return _beaten_roll(game, seat, action.dice)
    if game.phase is not Phase.ACT:
        return None
    win = next((a for a in game.legal_actions(seat) if _wins(game, seat, a)), None)
    if win is not None and action != win:
        if win.verb is Verb.CONTRIBUTE:
            return _(
                "Contributing to the {card} wins the game now; this move does not.", card=_community(game)
            )
        return _("Building your {card} wins the game now; this move does not.", card=_card(win))
    if action.verb is Verb.DEMOLISH and not game.refund(action.card or ""):
        return _(
            "Demolishing your {card} brings back no coin: you would give it up for nothing.",
            card=_card(action),
        )
    return None


def _wins(game: Game, seat: int, action: Action) -> bool:
    trial = Game.from_dict(game.to_dict())
    trial.apply(seat, action)
    return trial.winner == seat


def _beaten_roll(game: Game, seat: int, dice: int) -> Msg | None:
    """Why rolling ``dice`` dice is beaten by the other number on every total, if it is."""
    other = 3 - dice
    again = game.towns[seat].has(Power.DOUBLES_AGAIN)
    if again or game.refusal(seat, Action(Verb.ROLL, dice=other)) is not None:
        return None
    chosen = [coins for _p, coins in dice_outcomes(game, seat, dice)]
    rather = [coins for _p, coins in dice_outcomes(game, seat, other)]
    if all(_no_worse(seat, better, worse) for better in rather for worse in chosen) and any(
        better != worse for better in rather for worse in chosen
    ):
        if other == 2:
            return _(
                "Whatever the dice show, two dice leave you at least as many coins as one die would, "
                "and no opponent more."
            )
        return _(
            "Whatever the dice show, one die leaves you at least as many coins as two dice would, "
            "and no opponent more."
        )
    return None


def _no_worse(seat: int, coins: list[int], than: list[int]) -> bool:
    """Whether every mayor's ``coins`` leave ``seat`` no worse off than ``than``."""
    return all(c >= t if s == seat else c <= t for s, (c, t) in enumerate(zip(coins, than, strict=True)))


def _why(game: Game, seat: int, chosen: Plan) -> Msg:
    option, action = chosen.chosen, chosen.action
    if game.phase is Phase.CHOOSE:
        if len(game.legal_actions(seat)) == 1:
            return _(
                "These town square cards earn you about {income} a round and leave about {rounds} "
                "before you can win.",
                income=_coins(option.income),
                rounds=_rounds(option.rounds),
            )
        return _(
            "These town square cards earn you about {income} a round and leave about {rounds} before "
            "you can win, the fewest of any choice.",
            income=_coins(option.income),
            rounds=_rounds(option.rounds),
        )
    if game.phase is Phase.ROLL:
        return _roll_why(game, seat, chosen)
    if _wins(game, seat, action):
        return _("Your three landmarks and your contribution are then done: you win the game now.")
    waiting = chosen.option(Verb.PASS)
    if action.verb is Verb.PASS or waiting is None:
        return _save_why(game, seat, chosen)
    rounds = _rounds(option.rounds)
    if _said(option.rounds) == _said(waiting.rounds):
        against = _("as many as if you save")
    else:
        against = _("against {rounds} if you save", rounds=_rounds(waiting.rounds))
    if action.verb is Verb.LANDMARK:
        return _(
            "Your {card} now leaves about {rounds} before you can win, {against}.",
            card=_card(action),
            rounds=rounds,
            against=against,
        )
    if action.verb is Verb.CONTRIBUTE:
        return _(
            "Contributing to the {card} now leaves about {rounds} before you can win, {against}.",
            card=_community(game),
            rounds=rounds,
            against=against,
        )
    if action.verb is Verb.DEMOLISH:
        return ngettext(
            "Demolishing your {card} brings back {n} coin now and leaves about {rounds} before you can "
            "win, {against}.",
            "Demolishing your {card} brings back {n} coins now and leaves about {rounds} before you can "
            "win, {against}.",
            game.refund(action.card or ""),
            card=_card(action),
            rounds=rounds,
            against=against,
        )
    if _said(option.income) <= _said(chosen.income):
        return _(
            "A {card} adds nothing to your income yet, but leaves about {rounds} before you can win, "
            "{against}.",
            card=_card(action),
            rounds=rounds,
            against=against,
        )
    return _(
        "A {card} raises your income from about {before} to {after} a round and leaves about {rounds} "
        "before you can win, {against}.",
        card=_card(action),
        before=_coins(chosen.income),
        after=_coins(option.income),
        rounds=rounds,
        against=against,
    )


def _roll_why(game: Game, seat: int, chosen: Plan) -> Msg:
    if len(chosen.options) == 1:
        refusal = game.refusal(seat, Action(Verb.ROLL, dice=2))
        assert refusal is not None, "a mayor who may roll two dice is offered both"
        return refusal
    mine, other = chosen.options
    two = mine.action.dice == 2
    if figure(mine.income) != figure(other.income):
        if _said(mine.income) == _said(other.income):
            if two:
                return _(
                    "Two dice should bring you a little more this turn than one die, about {mine}.",
                    mine=_coins(mine.income),
                )
            return _(
                "One die should bring you a little more this turn than two dice, about {mine}.",
                mine=_coins(mine.income),
            )
        if two:
            return _(
                "Two dice should bring you about {mine} this turn, against {other} with one die.",
                mine=_coins(mine.income),
                other=_coins(other.income),
            )
        return _(
            "One die should bring you about {mine} this turn, against {other} with two dice.",
            mine=_coins(mine.income),
            other=_coins(other.income),
        )
    if figure(mine.others) != figure(other.others):
        if two:
            return _(
                "Either roll should bring you about {mine} this turn, and two dice bring your opponents "
                "less.",
                mine=_coins(mine.income),
            )
        return _(
            "Either roll should bring you about {mine} this turn, and one die brings your opponents less.",
            mine=_coins(mine.income),
        )
    return _("Either roll should bring you and your opponents about as much this turn.")


def _save_why(game: Game, seat: int, chosen: Plan) -> Msg:
    """Why ending the turn: the next goal, and the rounds it takes at the town's income."""
    town, cards = game.towns[seat], catalogue()
    goals = [(cards.landmarks[k].cost, k) for k in game.setup.landmarks if k not in town.built]
    community = cards.communities[game.setup.community]
    if not town.flag:
        goals.append((community.cost, community.key))
    cost, key = min(goals)
    short, income = cost - game.coins[seat], chosen.income
    if short <= 0 or income <= 0:
        return _(
            "Saving leaves about {rounds} before you can win, no more than anything you can do now.",
            rounds=_rounds(chosen.chosen.rounds),
        )
    rounds = math.ceil(short / income)
    if key == community.key:
        return ngettext(
            "Save for the {card}: at about {income} a round you can contribute in {n} round, and nothing "
            "you can afford now brings a win closer.",
            "Save for the {card}: at about {income} a round you can contribute in {n} rounds, and nothing "
            "you can afford now brings a win closer.",
            rounds,
            card=Name(community.name),
            income=_coins(income),
        )
    return ngettext(
        "Save for your {card}: at about {income} a round you can build it in {n} round, and nothing you "
        "can afford now brings a win closer.",
        "Save for your {card}: at about {income} a round you can build it in {n} rounds, and nothing you "
        "can afford now brings a win closer.",
        rounds,
        card=Name(cards.landmarks[key].name),
        income=_coins(income),
    )


def move(game: Game, action: Action) -> Msg:
    """The move in words, for a hint that names it."""
    cards = catalogue()
    if action.verb is Verb.CHOOSE:
        names = tuple(_("{card}", card=Name(cards.establishments[c].name)) for c in action.cards or ())
        return _("Choose {cards}", cards=names)
    if action.verb is Verb.ROLL:
        return ngettext("Roll {n} die", "Roll {n} dice", action.dice, n=action.dice)
    if action.verb is Verb.BUILD:
        return _("Build {card:a}", card=_card(action))
    if action.verb is Verb.LANDMARK:
        return _("Build your {card}", card=_card(action))
    if action.verb is Verb.DEMOLISH:
        return _("Demolish your {card}", card=_card(action))
    if action.verb is Verb.CONTRIBUTE:
        return _("Contribute to the {card}", card=_community(game))
    return _("Build nothing this turn")


def _card(action: Action) -> Name:
    cards = catalogue()
    key = action.card or ""
    return Name(cards.landmarks[key].name if action.verb is Verb.LANDMARK else cards.establishments[key].name)


def _community(game: Game) -> Name:
    return Name(catalogue().communities[game.setup.community].name)


def _said(value: float) -> int:
    """``value`` in tenths, as a message says it."""
    return round(value * 10)


def _decimal(value: float) -> Msg:
    """``value`` with one decimal, written the reader's way (1.5, 1,5)."""
    tenths = _said(value)
    sign = "-" if tenths < 0 else ""
    return _("{units}.{tenths}", units=f"{sign}{abs(tenths) // 10}", tenths=abs(tenths) % 10)


def _form(value: float) -> int:
    """The count that picks the form of a noun after ``value`` said with a decimal: the plural in
    English, and in French the singular under 2."""
    return 2 if abs(_said(value)) >= 20 else 0


def _coins(value: float) -> Msg:
    return ngettext("{amount} coin", "{amount} coins", _form(value), amount=_decimal(value))


def _rounds(value: float) -> Msg:
    return ngettext("{amount} round", "{amount} rounds", _form(value), amount=_decimal(value))
