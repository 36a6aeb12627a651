"""The board places every legal action next to what it acts on, at every step
of random games, and says why what cannot be done is refused."""

from __future__ import annotations

import random

from django.test import SimpleTestCase

from campaigns.presenter import Move, present
from campaigns.reader import said
from campaigns.templatetags.yu import items
from engine.yu import Action, Kind
from engine.yu.campaign.campaign import Campaign as YuCampaign
from engine.yu.content.items import Cost
from engine.yu.content.steps import Choice, Option
from engine.yu.rules.view import BribeView
from tests.yu.scenario import give, place, set_row


def placed(board: dict[str, object]) -> list[str]:
    """Every key the board shows a button for."""
    b: dict[str, object] = board
    moves: list[Move] = []
    moves += [m for held in b["hand"] for m in held["moves"]]  # type: ignore[attr-defined]
    moves += [m for space in b["row"] for m in space["moves"]]  # type: ignore[attr-defined]
    moves += [s["move"] for s in b["river"]["sections"] if s["move"]]  # type: ignore[index]
    moves += [o["move"] for t in b["trades"] for o in t["options"]]  # type: ignore[attr-defined]
    moves += [e["move"] for kind in b["settlement"]["kinds"] for e in kind["buildings"]]  # type: ignore[index]
    moves += [h["move"] for h in b["settlement"]["huts"]]  # type: ignore[index]
    moves += b["decision"]["moves"] if b["decision"] else []  # type: ignore[index]
    moves += b["rules"]["moves"]  # type: ignore[index]
    moves += b["other"]  # type: ignore[arg-type]
    moves.append(b["end"])  # type: ignore[arg-type]
    if b["between"]:
        moves += b["between"]["moves"] + [b["between"]["next"]]  # type: ignore[index]
    return [choice.key for move in moves for choice in move.choices]


class PresenterTestCase(SimpleTestCase):
    def test_it_places_every_legal_action_once_in_random_games(self) -> None:
        for seed in range(8):
            campaign = YuCampaign.new(seed)
            rng = random.Random(seed)
            for _ in range(250):
                if campaign.over:
                    break
                assert campaign.game is not None
                legal = campaign.legal_actions()
                board = present(campaign.game, campaign.options(), campaign.view())
                shown = placed(board)
                self.assertEqual(sorted(shown), sorted(a.key for a in legal), f"seed {seed}")
                self.assertEqual(board["other"], [], f"seed {seed}: {[m.verb for m in board['other']]}")
                campaign.apply(rng.choice(legal))

    def test_it_says_why_a_main_action_is_unavailable(self) -> None:
        campaign = YuCampaign.new(3)
        assert campaign.game is not None
        board = present(campaign.game, campaign.options(), campaign.view())
        self.assertTrue(str(board["end"].reason).startswith("Use every Townsfolk card"))
        canal = next(s["move"] for s in board["river"]["sections"] if s["move"])
        self.assertFalse(canal.available)
        self.assertIn("Canal", str(canal.reason))

    def test_a_watcher_gets_no_moves_and_no_reasons(self) -> None:
        campaign = YuCampaign.new(3)
        assert campaign.game is not None
        board = present(campaign.game, [], campaign.view())
        self.assertEqual(placed(board), [])
        self.assertIsNone(board["end"].reason)

    def test_it_groups_payment_variants(self) -> None:
        campaign = YuCampaign.new(3)
        game = campaign.game
        assert game is not None
        game.have[:5] = [2, 2, 2, 2, 2]
        game.have[5:] = [9, 9, 9, 9]
        game.changed()
        board = present(game, game.options(), campaign.view())
        barbarian = next(s for s in board["row"] if s["card"] and s["card"].kind == "barbarian")
        attack = barbarian["moves"][0]
        self.assertEqual(str(attack.verb), "Attack")
        self.assertTrue(attack.choices)
        for choice in attack.choices:
            self.assertEqual((choice.action.kind, choice.action.space), (Kind.ATTACK, barbarian["space"]))
        self.assertTrue(all(c.pay for c in attack.choices))

    def test_it_describes_a_story_choice_during_a_game(self) -> None:
        campaign = YuCampaign.new(3)
        game = campaign.game
        assert game is not None
        game.stack.append(Choice((Option("Follow the river", ()), Option("Climb the hill", ()))))
        game.changed()
        self.assertIn("choose:2", [a.key for a in game.legal_actions()])
        board = present(game, game.options(), campaign.view())
        self.assertEqual(str(board["decision"]["prompt"]), "The story asks you to choose.")
        verbs = [said(m.verb) for m in board["decision"]["moves"]]
        self.assertEqual(verbs, ["Follow the river", "Climb the hill"])
        self.assertIsInstance(game.decision, Choice)  # left as it was

    def test_the_bribe_says_all_it_costs_on_its_buttons(self) -> None:
        campaign = YuCampaign.new(1)
        game = campaign.game
        assert game is not None
        folk = [c for c in game.row if c and c.startswith("t")]
        set_row(game, [*folk[:6], "b02"])  # its bribe: Cowrie
        place(game, "discard", *game.hand)  # the hand played
        give(game, cowrie=3)
        campaign.apply(Action.parse("end"))
        decision = game.view().decision
        assert isinstance(decision, BribeView) and any(decision.bribe.resources)
        board = present(game, campaign.options(), campaign.view())
        bribe = next(m for m in board["decision"]["moves"] if m.style == "primary")
        self.assertEqual([c.key for c in bribe.choices], ["bribe"])
        self.assertEqual(bribe.cost, Cost(resources=decision.bribe.resources))
        self.assertIn(f"<b>{sum(decision.bribe.resources)}</b>", items(bribe.cost))
