from __future__ import annotations

from campaigns import store

from .base import BaseTestCase, action_keys, board_version


class BoardTestCase(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.campaign = self.make_campaign()
        self.url = f"/c/{self.campaign.code}/"

    def test_it_shows_the_board(self) -> None:
        self.client.force_login(self.alice)
        r = self.client.get(self.url)
        self.assertContains(r, "<title>Yellow River · Legacy of Yu</title>", html=True)
        for region in (
            "status",
            "threats",
            "decision",
            "happened",
            "trades",
            "hand",
            "card-row",
            "river",
            "settlement",
            "supply",
            "piles",
            "log",
        ):
            self.assertContains(r, f'id="{region}"')
        self.assertContains(r, "Round 1")
        for meter in ("meter-flood", "meter-barbarians", "meter-townsfolk"):
            self.assertContains(r, f'data-watch="{meter}"')
        for card in store.load(self.campaign).state.game.view().hand:
            self.assertContains(r, card.name)
        self.assertContains(r, "Left in the Main Supply")
        self.assertContains(r, 'href="/rules/"')
        self.assertEqual(board_version(r.content.decode()), 0)

    def test_it_offers_every_legal_action_once(self) -> None:
        self.client.force_login(self.alice)
        r = self.client.get(self.url)
        offered = action_keys(r.content.decode())
        board = store.load(self.campaign)
        self.assertEqual(sorted(offered), sorted(a.key for a in board.state.legal_actions()))

    def test_it_says_why_an_action_is_unavailable(self) -> None:
        self.client.force_login(self.alice)
        r = self.client.get(self.url)
        hand = len(store.load(self.campaign).state.game.hand)
        self.assertContains(r, f"Use every Townsfolk card in your hand first ({hand} left).")
        self.assertContains(r, "Cannot build the Canal")

    def test_it_draws_workers_with_letters_and_shapes(self) -> None:
        self.client.force_login(self.alice)
        r = self.client.get(self.url)
        self.assertContains(r, 'aria-label="White Worker (Labourer)"')
        self.assertContains(
            r, '<use href="#shape-white"></use><text x="12" y="16.5" text-anchor="middle">W</text>'
        )
        self.assertContains(r, '<symbol id="shape-yellow"')

    def test_it_answers_htmx_with_the_board_fragment(self) -> None:
        self.client.force_login(self.alice)
        r = self.client.get(self.url, headers={"HX-Request": "true"})
        html = r.content.decode()
        self.assertTrue(html.lstrip().startswith('<div id="board"'))
        self.assertNotIn("<html", html)
        self.assertIn('id="hand"', html)

    def test_it_hides_other_users_campaigns(self) -> None:
        self.client.force_login(self.mallory)
        r = self.client.get(self.url)
        self.assertEqual(r.status_code, 404)

    def test_it_sends_anonymous_users_to_log_in(self) -> None:
        r = self.client.get(self.url)
        self.assertRedirects(r, f"/accounts/login/?next={self.url}")

    def test_it_is_404_for_unknown_code(self) -> None:
        self.client.force_login(self.alice)
        r = self.client.get("/c/00000000-0000-0000-0000-000000000000/")
        self.assertEqual(r.status_code, 404)

    def test_it_rejects_post(self) -> None:
        self.client.force_login(self.alice)
        r = self.client.post(self.url)
        self.assertEqual(r.status_code, 405)


def test_the_barbarian_meter_says_what_a_standing_fortress_drives_off() -> None:
    from dataclasses import replace
    from types import SimpleNamespace

    from campaigns.jinja import render_region
    from engine.yu import new_game
    from engine.yu.content.loader import base
    from engine.yu.rules import card_row
    from engine.yu.rules.setup import Setup

    content = base()
    game = new_game(3, content, replace(Setup.base(content), modules=("fortress",)))
    game.row = [None, *game.barbarian_deck[:5], None]
    game.changed()

    def meter() -> str:
        html = render_region("threats", {"b": SimpleNamespace(view=game.view()), "oob": ""})
        return html[html.index('data-watch="meter-barbarians"') :].split("</div>\n  </div>")[0]

    assert len(card_row.barbarians(game.row)) == 5 and "Fortress" not in meter()
    game.sites[0] = "fortress"
    assert "the Fortress drives 1 off in the attacks, then the next Refresh adds" in meter()


def test_the_flood_meter_and_the_rules_say_when_the_river_surges() -> None:
    from dataclasses import replace
    from types import SimpleNamespace

    from campaigns.jinja import render_region
    from campaigns.presenter import meters
    from engine.yu import new_game
    from engine.yu.content.loader import base
    from engine.yu.rules.setup import Setup

    content = base()
    surge = content.board.surge
    assert surge is not None
    game = new_game(3, content, replace(Setup.base(content), modules=("levee",)))

    def meter() -> str:
        view = game.view()
        html = render_region("threats", {"b": SimpleNamespace(view=view, meters=meters(view)), "oob": ""})
        return html[html.index('data-watch="meter-flood"') :].split("</div>\n  </div>")[0]

    warning = "River surge at the next Harvest: +1 space"
    game.round = surge
    game.changed()
    assert warning not in meter() and "River surge in" not in meter()
    game.round = surge - 2
    game.changed()
    assert warning not in meter() and "River surge in 2 Harvests" in meter()
    game.round = surge - 1
    game.changed()
    assert warning in meter() and "the next Harvest loses the game" in meter()  # no Canal section is built


def flood_meter(game: object, language: str = "en") -> str:
    """The Flood meter as the board draws it for ``game`` (a campaign's game), its text only."""
    import re
    from html import unescape

    from django.utils import translation

    from campaigns.jinja import render_region
    from campaigns.presenter import present

    campaign = game
    assert campaign.game is not None  # type: ignore[attr-defined]
    with translation.override(language):
        b = present(campaign.game, campaign.options(), campaign.view())  # type: ignore[attr-defined]
        html = render_region("threats", {"b": b, "oob": ""})
    start = html.rindex('<div class="meter', 0, html.index('data-watch="meter-flood"'))
    meter = html[start : html.index("</div>\n  </div>", start)]
    text = " ".join(unescape(re.sub(r"<[^>]+>", " ", meter)).split())
    return text + (" [warn]" if "meter warn" in meter else "")


def test_the_flood_meter_counts_the_hand_in_english_and_french() -> None:
    from engine.yu.campaign.campaign import Campaign as YuCampaign

    campaign = YuCampaign.new(3)
    game = campaign.game
    assert game is not None
    game.deck[:0] = game.ready + game.exhausted + game.hand  # both piles empty...
    game.ready, game.exhausted, game.hand = [], [], game.deck[:4]  # ...and four cards in hand
    del game.deck[:4]
    game.changed()
    assert game.threats().flood.warn and game.threats().flood.from_hand and game.barge
    english = flood_meter(campaign)
    assert english.endswith("[warn]")
    assert "moves at the next Harvest" in english
    assert "Build section 1 this Round, or the next Harvest loses the game" in english
    assert "reshuffled and move it; with none there, no card is left to draw" in english
    french = flood_meter(campaign, "fr")
    assert "avance à la prochaine Récolte" in french
    assert "Construisez la section 1 ce tour-ci, ou la prochaine Récolte fait perdre la partie" in french
    game.barge = False  # no Canal this Round: nothing saves it
    game.changed()
    assert "The next Harvest loses the game, however your hand is used" in flood_meter(campaign)
    french = flood_meter(campaign, "fr")
    assert "La prochaine Récolte fait perdre la partie, quoi que vous fassiez de votre main" in french
    game.barge = True

    game.built = 1  # as if the Canal were built this Round: the move is harmless
    game.changed()
    english = flood_meter(campaign)
    assert not english.endswith("[warn]")
    assert "section 1 built moves at the next Harvest (a Harvest draws 4)" in english
    assert "section 1 construite avance à la prochaine Récolte (une Récolte en pioche 4)" in flood_meter(
        campaign, "fr"
    )

    game.built = 0
    game.ready, game.hand = game.hand, []  # four in the Ready Pile: the next Harvest takes them all
    game.changed()
    assert "not built moves after 4 more cards (a Harvest draws 4)" in flood_meter(campaign)
    assert "avance après encore 4 cartes (une Récolte en pioche 4)" in flood_meter(campaign, "fr")
    game.deck[:0], game.ready = game.ready, []  # nothing anywhere: the Flood has nothing to move it
    game.changed()
    assert "not built no card left to reshuffle" in flood_meter(campaign)
    assert "plus aucune carte à mélanger" in flood_meter(campaign, "fr")
