"""The board places every legal action next to what it acts on, at every step
of random games, and describes what the engine's view leaves out."""

from __future__ import annotations

import random

from django.test import SimpleTestCase

from campaigns.presenter import Move, present
from engine.yu import new_game
from engine.yu.campaign import Campaign as YuCampaign


def placed(board: dict[str, object]) -> list[str]:
    """Every key the board shows a button for."""
    moves: list[Move] = []
    b = board
    moves += [m for card in b["hand"] for m in card["moves"]]  # type: ignore[index]
    moves += [m for space in b["row"] for m in space["moves"]]  # type: ignore[index]
    moves += [s["move"] for s in b["river"]["sections"] if s["move"]]  # type: ignore[index]
    moves += [o["move"] for t in b["trades"] for o in t["options"]]  # type: ignore[index]
    moves += [bl["move"] for kind in b["settlement"]["kinds"] for bl in kind["buildings"]]  # type: ignore[index]
    moves += [h["move"] for h in b["settlement"]["huts"]]  # type: ignore[index]
    moves += b["decision"]["moves"] if b["decision"] else []  # type: ignore[index]
    moves += b["rules"]["moves"]  # type: ignore[index]
    moves += b["other"]  # type: ignore[operator]
    moves.append(b["end"])  # type: ignore[arg-type]
    if b["between"]:
        moves += b["between"]["moves"] + [b["between"]["next"]]  # type: ignore[index]
    return [choice.key for move in moves for choice in move.choices]


class PresenterTestCase(SimpleTestCase):
    def test_it_places_every_legal_action_in_random_games(self) -> None:
        for seed in range(8):
            campaign = YuCampaign.new(seed)
            rng = random.Random(seed)
            for _ in range(250):
                if campaign.over:
                    break
                assert campaign.game is not None
                legal = [a.key for a in campaign.legal_actions()]
                board = present(campaign.game, legal, campaign.view())
                shown = placed(board)
                self.assertEqual(set(shown), set(legal), f"seed {seed}")
                self.assertEqual(board["other"], [], f"seed {seed}: {[m.verb for m in board['other']]}")
                campaign.apply(rng.choice(legal))

    def test_it_says_why_a_main_action_is_unavailable(self) -> None:
        game = new_game(3)
        board = present(game, [a.key for a in game.legal_actions()])
        self.assertTrue(board["end"].reason.startswith("Use every Townsfolk card"))
        canal = next(s["move"] for s in board["river"]["sections"] if s["move"])
        self.assertFalse(canal.available)
        self.assertIn("Canal", canal.reason)

    def test_it_groups_payment_variants(self) -> None:
        game = new_game(3)
        game.have[:5] = [2, 2, 2, 2, 2]
        game.have[5:] = [9, 9, 9, 9]
        game._legal = None
        legal = [a.key for a in game.legal_actions()]
        board = present(game, legal)
        barbarian = next(s for s in board["row"] if s["card"] and s["card"]["kind"] == "barbarian")
        attack = barbarian["moves"][0]
        self.assertEqual(attack.verb, "Attack")
        self.assertTrue(attack.choices)
        self.assertTrue(all(c.key.startswith(f"attack:{barbarian['space']}:") for c in attack.choices))
        self.assertTrue(all(c.pay for c in attack.choices))

    def test_it_describes_a_story_choice_during_a_game(self) -> None:
        game = new_game(3)
        game.decision = ("choice", (("Follow the river", ()), ("Climb the hill", ())))
        game._legal = None
        legal = [a.key for a in game.legal_actions()]
        self.assertIn("choose:2", legal)
        board = present(game, legal)
        self.assertEqual(board["decision"]["prompt"], "The story asks you to choose.")
        self.assertEqual([m.verb for m in board["decision"]["moves"]], ["Follow the river", "Climb the hill"])
        self.assertEqual(game.decision[0], "choice")  # left as it was
