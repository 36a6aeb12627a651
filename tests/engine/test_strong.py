"""The strong bot and the hint: legal choices, replays, and a hint that reads
only what the player can see."""

from __future__ import annotations

from pathlib import Path

from engine.rng import Rng
from engine.yu import Game, load, new_game
from engine.yu.bots import HeuristicBot, make_bot
from engine.yu.campaign import Campaign
from engine.yu.hidden import visible
from engine.yu.strong import Budget, StrongBot, hint

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
    wins = [h.win for h in hints]
    assert wins == sorted(wins, reverse=True)
