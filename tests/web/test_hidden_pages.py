"""No page a player or a watcher is shown holds the seed that orders what is still face down: not
the campaign's or the table's seed, nor any game's."""

from __future__ import annotations

import re

from django.urls import reverse

from campaigns import store
from campaigns.models import Campaign
from campaigns.sharing.models import Role
from engine.yu import Action
from tests import play

from .base import LONG_SEED, BaseTestCase, quiet_plays


class HiddenPagesTestCase(BaseTestCase):
    def seeds(self, campaign: Campaign) -> set[str]:
        """The seeds a page must not show, as the digits they would be written with."""
        found = {str(campaign.seed), *(str(seed) for seed in campaign.games.values_list("seed", flat=True))}
        assert all(len(seed) >= 6 for seed in found), "seeds long enough not to be found by chance"
        return found

    def assert_pages_hide(self, campaign: Campaign, names: list[str]) -> None:
        for user in (self.alice, self.carol):
            self.client.force_login(user)
            for name in names:
                for headers in ({}, {"HX-Request": "true"}):
                    r = self.client.get(reverse(name, args=[campaign.code]), headers=headers)
                    self.assertEqual(r.status_code, 200, (user, name))
                    page = r.content.decode()
                    for seed in self.seeds(campaign):
                        self.assertIsNone(re.search(rf"\b{seed}\b", page), (user, name, headers))

    def test_a_campaigns_pages_hide_its_seeds(self) -> None:
        campaign = self.make_campaign(seed=LONG_SEED)
        board = store.load(campaign)
        for version, key in enumerate(quiet_plays(campaign, 2)):
            play.act(board, Action.parse(key), version)
        self.share(campaign, self.carol, Role.WATCH)
        self.assert_pages_hide(campaign, ["board", "live", "story", "chronicle", "full_log"])

    def test_a_tables_pages_hide_its_seeds(self) -> None:
        for game in ("legacy", "machi"):
            table = play.create_table(self.alice, game, game.title(), ["owner", "random"])
            self.share(table, self.carol, Role.WATCH)
            self.assert_pages_hide(table, ["board", "live", "chronicle", "full_log"])
