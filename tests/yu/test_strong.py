"""The strong bot and the hint: legal choices, replays, and a hint that reads
only what the player can see."""

from __future__ import annotations

from pathlib import Path

from scenario import CONTENT as RULES
from scenario import blank, place, set_row

from engine.rng import Rng
from engine.yu import Action, Game, load, new_game
from engine.yu.bots.bots import HeuristicBot
from engine.yu.bots.roster import make_bot
from engine.yu.bots.strong import HOPELESS, Budget, Hint, StrongBot, best_first, hint, hopeless, no_hint
from engine.yu.campaign.campaign import Campaign
from engine.yu.content.steps import Gain
from engine.yu.rules.hidden import visible
from engine.yu.rules.threats import lost_because

STORY = Path(__file__).parent / "campaign_content"
QUICK = Budget(moves=2, trials=1)
"""A budget small enough for tests (it still looks ahead)."""


def advance(game: Game, actions: int, seed: int = 5) -> Game:
    """The game after the heuristic bot has taken ``actions`` actions."""
    bot = HeuristicBot(seed)
    for _ in range(actions):
        if game.over:
            break
        game.apply(bot.choose(game))
    return game


def test_make_bot_knows_the_strong_bot() -> None:
    bot = make_bot("strong", 3)
    assert isinstance(bot, StrongBot) and bot.name == "strong"


def test_strong_bot_chooses_legal_actions_and_looks_ahead() -> None:
    game = advance(new_game(2), 70)
    bot = StrongBot(4, QUICK)
    for _ in range(25):
        if game.over:
            break
        action = bot.choose(game)
        assert action in game.legal_actions()
        game.apply(action)
    assert bot.searches > 0 and bot.rollouts >= bot.searches * 2


def test_strong_bot_plays_a_campaign_game() -> None:
    """Story choices, rule modules and the story's steps inside a game."""
    campaign = Campaign.new(5, load(STORY))
    game = campaign.game
    assert game is not None
    heuristic, bot = HeuristicBot(1), StrongBot(1, QUICK)
    for step in range(75):
        if game.over:
            break
        action = (heuristic if step < 60 else bot).choose(game)
        assert action in game.legal_actions()
        campaign.apply(action)
    assert bot.searches > 0


def test_same_seed_same_choices() -> None:
    def keys(seed: int) -> list[str]:
        game, bot, out = advance(new_game(8), 70), StrongBot(seed, QUICK), []
        for _ in range(15):
            action = bot.choose(game)
            game.apply(action)
            out.append(action.key)
        return out

    assert keys(3) == keys(3)


def with_townsfolk_only(game: Game) -> Game:
    """A Card Row of Townsfolk only: no attacks this Round."""
    folk = [c for c in game.row if c and c.startswith("t")]
    return set_row(game, [*folk, *[None] * (7 - len(folk))])


def shuffled(game: Game, seed: int) -> Game:
    """A copy whose hidden zones are in another order, with another random generator."""
    twin = game.copy()
    rng = Rng(seed)
    for zone in (twin.ready, twin.deck, twin.barbarian_deck, twin.canal_box, twin.hut_box):
        rng.shuffle(zone)
    face_down = twin.hut_cards[twin.huts_built :]
    rng.shuffle(face_down)
    twin.hut_cards[twin.huts_built :] = face_down
    under = twin.exhausted[:-1]
    rng.shuffle(under)
    twin.exhausted[:-1] = under
    twin.rng = Rng(seed * 7 + 1)
    twin.seed = seed
    twin.changed()
    return twin


def test_hint_reads_only_what_the_player_sees() -> None:
    game = advance(new_game(6), 90)
    twin = shuffled(game, 99)
    assert (twin.ready, twin.deck) != (game.ready, game.deck)
    assert visible(twin) == visible(game)
    first = hint(game)
    assert first == hint(twin)
    assert first == hint(game)


def test_hint_is_sorted_with_chances_in_range() -> None:
    game = advance(new_game(7), 80)
    hints = hint(game, top=3)
    assert 1 <= len(hints) <= 3
    legal = game.legal_actions()
    assert all(h.action in legal and 0.0 <= h.win <= 1.0 and h.trials > 0 for h in hints)
    assert len({h.action for h in hints}) == len(hints)
    shown = [h.percent for h in hints]
    assert shown == sorted(shown, reverse=True)
    assert all(h.percent == round(100 * h.win) for h in hints)


def test_hints_go_by_the_chance_shown_and_keep_the_bot_s_order_on_a_tie() -> None:
    game = new_game(7)
    a, b, c, d = game.legal_actions()[:4]
    by_the_bot = [Hint(a, 0.004, 12), Hint(b, 0.006, 12), Hint(c, 0.0049, 12), Hint(d, 0.01, 12)]
    assert [h.percent for h in by_the_bot] == [0, 1, 0, 1]
    assert [h.action for h in best_first(by_the_bot)] == [b, d, a, c]


# -- no hint, and a hopeless one --------------------------------------------------------


def test_no_hint_with_one_move_or_once_the_game_is_over() -> None:
    game = blank(new_game(1, load(RULES)))
    assert len(game.legal_actions()) > 1 and no_hint(game) is None
    folk = [c for c in game.row if c and c.startswith("t")]
    set_row(game, [*folk[:6], "b06"])
    # Nothing to bribe with, nothing to trade: the attack can only be suffered.
    game.apply(Action.parse("end"))
    assert [a.key for a in game.legal_actions()] == ["suffer"]
    assert str(no_hint(game)) == "Only one move is open now: there is nothing to weigh."
    over = advance(new_game(7), 5000)
    assert over.over and hint(over) == []
    assert str(no_hint(over)) == "This game is over: there is nothing to hint at."


def test_a_hopeless_hint_says_what_the_meters_say_loses_the_game() -> None:
    content = load(RULES)
    game = blank(new_game(1, content))
    with_townsfolk_only(game)
    game.deck[:0] = game.ready
    game.ready.clear()
    plain = [c for c in game.deck if all(isinstance(s, Gain) for s in content.townsfolk[c].discarded)]
    place(game, "hand", *plain[:4])  # both piles empty, four cards in hand: lost however they are used
    hints = hint(game)
    assert hints and hints[0].percent < HOPELESS
    why = hopeless(game, hints)
    assert why == lost_because(game)
    assert "reshuffled: the Flood will move onto unbuilt Canal section 1" in str(why[0])


def test_a_hint_is_hopeless_only_under_five_percent_shown() -> None:
    game = new_game(7)
    a, b = game.legal_actions()[:2]
    assert hopeless(game, [Hint(a, 0.05, 12), Hint(b, 0.0, 12)]) == ()
    assert hopeless(game, []) == ()
    assert lost_because(game) == ()  # nothing the meters see: the games played ahead say it
    assert [str(m) for m in hopeless(game, [Hint(a, 0.044, 12)])] == [
        "No danger is certain yet as things stand, "
        "but nearly every game the bot played on from here was lost."
    ]
