from __future__ import annotations

from campaigns import store
from campaigns.models import GameAction
from engine.yu import Action
from tests import play

from .base import BaseTestCase, action_keys, quiet_plays


class UndoTestCase(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.campaign = self.make_campaign()
        self.url = f"/c/{self.campaign.code}/act/"
        self.start = self.campaign.games.get().state
        self.play, self.other_play = quiet_plays(self.campaign)
        self.client.force_login(self.alice)

    def post(self, key: str, version: int) -> object:
        return self.client.post(self.url, {"key": key, "version": version})

    def test_it_takes_back_the_last_action(self) -> None:
        self.post(self.play, 0)
        self.post(self.other_play, 1)
        r = self.post("undo", 2)
        self.assertRedirects(r, f"/c/{self.campaign.code}/")
        game = self.campaign.games.get()
        self.assertEqual(game.version, 3)
        self.assertIn(Action.parse(self.other_play).card, game.state["hand"])
        self.assertNotIn(Action.parse(self.play).card, game.state["hand"])
        self.assertEqual(store.run_log(self.campaign).moves, [(0, self.play)])
        undo = GameAction.objects.get(seq=3)
        self.assertEqual((undo.key, undo.undoes), ("undo", 2))
        played = play.stored_events(GameAction.objects.get(seq=2).events)[0].text
        self.assertEqual(play.stored_events(undo.events)[0].text, f"Took back: {played}")
        r = self.client.get(f"/c/{self.campaign.code}/")
        self.assertContains(r, "(taken back)")

    def test_it_walks_back_to_the_start_and_keeps_the_log(self) -> None:
        campaign_start = self.campaign.state
        self.post(self.play, 0)
        self.post(self.other_play, 1)
        self.post("undo", 2)
        self.post("undo", 3)
        game = self.campaign.games.get()
        self.assertEqual(game.state, self.start)
        self.campaign.refresh_from_db()
        self.assertEqual(self.campaign.state, campaign_start)
        self.assertEqual(GameAction.objects.count(), 4)  # append-only: nothing was deleted
        self.assertEqual(store.effective(list(game.actions.all())), [])
        r = self.post("undo", 4)
        self.assertEqual(r.status_code, 400)
        self.assertContains(r, "Nothing to undo", status_code=400)

    def test_it_never_undoes_a_reveal(self) -> None:
        version = 0
        while not GameAction.objects.filter(revealed=True).exists():
            keys = [a.key for a in store.load(self.campaign).state.legal_actions()]
            plays = [k for k in keys if k.startswith("play:")]
            key = plays[0] if plays else "end" if "end" in keys else "suffer" if "suffer" in keys else keys[0]
            self.post(key, version)
            version += 1
        # The end of the Round drew new cards: that action stands.
        r = self.client.get(f"/c/{self.campaign.code}/")
        self.assertNotIn("undo", action_keys(r.content.decode()))
        before = self.campaign.games.get().state
        r = self.post("undo", version)
        self.assertEqual(r.status_code, 400)
        self.assertContains(r, "Nothing to undo", status_code=400)
        self.assertEqual(self.campaign.games.get().state, before)

    def test_it_refuses_a_stale_undo(self) -> None:
        self.post(self.play, 0)
        r = self.post("undo", 0)
        self.assertEqual(r.status_code, 409)
        self.assertNotIn(Action.parse(self.play).card, self.campaign.games.get().state["hand"])

    def test_it_offers_undo_only_when_possible(self) -> None:
        r = self.client.get(f"/c/{self.campaign.code}/")
        self.assertNotIn("undo", action_keys(r.content.decode()))
        self.post(self.play, 0)
        r = self.client.get(f"/c/{self.campaign.code}/")
        self.assertIn("undo", action_keys(r.content.decode()))
