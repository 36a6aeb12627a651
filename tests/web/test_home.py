from __future__ import annotations

import re

from django.http import HttpResponse
from django.urls import reverse

from campaigns.models import Campaign
from tests import play

from .base import PASSWORD, BaseTestCase

CARDS = {
    "yu": ("Legacy of Yu", "Solo", "A campaign of 7 to 13 games", "/rules/"),
    "legacy": ("Legacy", "1 to 8 players", "As many games as you like", "/rules/legacy/"),
    "machi": (
        "Machi Koro Legacy",
        "2 to 4 players",
        "A campaign of 10 games, then free play",
        "/rules/machi/",
    ),
}


def card(response: HttpResponse, game: str) -> str:
    """The card of ``game`` on the home page."""
    html = response.content.decode()
    found = re.search(rf'<article class="game-card" id="game-{game}".*?</article>', html, re.S)
    assert found, f"no card for {game}"
    return found.group(0)


def chosen(response: HttpResponse) -> str:
    """The game the new-table form shows chosen and describes."""
    html = response.content.decode()
    select = re.search(r'<select name="game".*?</select>', html, re.S)
    assert select, "no game to choose"
    selected = re.findall(r'<option value="(\w+)" selected>', select.group(0))
    described = re.findall(r'<p data-game="(\w+)">', html)
    assert selected == described, (selected, described)
    return str(selected[0]) if selected else ""


class HomeTestCase(BaseTestCase):
    def test_it_welcomes_anonymous_visitors(self) -> None:
        r = self.client.get("/")
        self.assertContains(r, "Hold back the flood")
        self.assertContains(r, 'href="/accounts/signup/"')
        self.assertContains(r, 'href="/accounts/login/"')
        self.assertNotContains(r, "Your campaigns")

    def test_it_shows_anonymous_visitors_the_three_games_each_with_a_way_in(self) -> None:
        r = self.client.get("/")
        for game, (title, players, length, rules) in CARDS.items():
            html = card(r, game)
            for text in (title, players, length, f'href="{rules}"'):
                self.assertIn(text, html)
            start = "/%23new-campaign" if game == "yu" else f"/%3Fgame%3D{game}%23new-table"
            self.assertIn(f'href="/accounts/signup/?next={start}"', html)
            self.assertIn(f'href="/accounts/login/?next={start}"', html)
        self.assertNotContains(r, '<form method="post" action="/campaigns/new/"')
        self.assertNotContains(r, 'id="new-table"')
        self.assertNotContains(r, "<details")

    def test_signing_up_from_a_card_comes_back_to_its_form(self) -> None:
        data = {"username": "newcomer", "password1": PASSWORD, "password2": PASSWORD}
        r = self.client.post("/accounts/signup/?next=/%3Fgame%3Dmachi%23new-table", data)
        self.assertRedirects(r, "/?game=machi#new-table", fetch_redirect_response=False)
        self.assertEqual(chosen(self.client.get("/?game=machi")), "machi")

    def test_it_shows_a_player_the_three_games_with_their_start_forms(self) -> None:
        self.client.force_login(self.alice)
        r = self.client.get("/")
        for game, (title, players, length, rules) in CARDS.items():
            html = card(r, game)
            for text in (title, players, length, f'href="{rules}"'):
                self.assertIn(text, html)
        yu = card(r, "yu")
        self.assertIn('action="/campaigns/new/"', yu)
        for field in ('name="name"', 'name="difficulty"', 'name="request"', "Start a campaign"):
            self.assertIn(field, yu)
        for game in ("legacy", "machi"):
            self.assertIn(f'href="/?game={game}#new-table" data-choose-game="{game}"', card(r, game))
        self.assertContains(r, 'action="/tables/new/"', count=1)
        form = re.search(r'<form[^>]*id="new-table".*?</form>', r.content.decode(), re.S)
        assert form, "no new-table form"
        for field in ("name", "game", "friends", "bots", "bot", "request"):
            self.assertRegex(form.group(0), rf'<(input|select) [^>]*name="{field}"[^>]*id="table_{field}"')
        self.assertNotContains(r, '<details class="new-table')
        self.assertContains(r, 'src="/static/js/home.js"')

    def test_the_new_table_form_describes_the_game_chosen(self) -> None:
        self.client.force_login(self.alice)
        self.assertEqual(chosen(self.client.get("/")), "legacy")
        for game in ("legacy", "machi"):
            r = self.client.get(f"/?game={game}")
            self.assertEqual(chosen(r), game)
            players, length = CARDS[game][1:3]
            self.assertContains(r, f'<p data-game="{game}"><strong>{players} · {length}</strong>')
        self.assertEqual(chosen(self.client.get("/?game=chess")), "legacy")

    def test_a_refused_table_comes_back_with_its_game_chosen_and_described(self) -> None:
        self.client.force_login(self.alice)
        data = {"name": "Crowd", "game": "machi", "friends": 3, "bots": 1, "bot": "strong"}
        r = self.client.post(reverse("create_table"), data)
        self.assertContains(r, "has 2 to 4 seats, yours included", status_code=400)
        self.assertEqual(chosen(r), "machi")
        self.assertContains(r, 'value="Crowd"', status_code=400)
        self.assertFalse(Campaign.objects.filter(name="Crowd").exists())

    def test_a_new_player_sees_the_games_first_and_a_returning_one_their_list(self) -> None:
        self.client.force_login(self.alice)
        html = self.client.get("/").content.decode()
        self.assertLess(html.index('id="games-heading"'), html.index('id="yours-heading"'))
        self.assertIn('<h1 id="games-heading">Choose a game</h1>', html)
        self.make_campaign("Nine Bends")
        html = self.client.get("/").content.decode()
        self.assertLess(html.index('id="yours-heading"'), html.index('id="games-heading"'))
        self.assertIn('<h1 id="yours-heading">Your campaigns and tables</h1>', html)
        self.assertIn('<h2 id="games-heading">Start another game</h2>', html)

    def test_it_lists_campaigns_for_logged_in_user(self) -> None:
        self.client.force_login(self.alice)
        r = self.client.get("/")
        self.assertContains(r, "Your campaigns")
        self.assertContains(r, 'id="campaign-list"')
        self.assertContains(r, "No campaigns or tables yet.")
        self.assertContains(r, '<span class="who">alice</span>', html=True)
        self.assertNotContains(r, 'href="/accounts/signup/"')

    def test_it_loads_htmx_and_sends_csrf_header(self) -> None:
        r = self.client.get("/")
        self.assertContains(r, "htmx-2.min.js")
        self.assertContains(r, 'hx-headers=\'{"X-CSRFToken": "')
        self.assertContains(r, "css/site.css")

    def test_it_uses_three_queries(self) -> None:
        self.make_campaign("One")
        self.make_campaign("Two")
        self.client.force_login(self.alice)
        with self.assertNumQueries(3):  # the session, the user, then the campaigns
            self.client.get("/")

    def test_it_lists_campaigns_with_their_summary(self) -> None:
        campaign = self.make_campaign("Nine Bends")
        self.client.force_login(self.alice)
        r = self.client.get("/")
        self.assertContains(r, "Nine Bends")
        self.assertContains(r, f'href="/c/{campaign.code}/"')
        self.assertContains(r, '<td data-label="Game">1</td>', html=True)
        self.assertContains(r, '<td data-label="Wins">0</td>', html=True)
        self.assertContains(r, '<td data-label="Losses">0</td>', html=True)
        self.assertContains(r, "Playing")
        self.assertContains(r, f'href="/c/{campaign.code}/rename/"')
        self.assertContains(r, f'href="/c/{campaign.code}/reset/"')
        self.assertContains(r, f'href="/c/{campaign.code}/delete/"')
        self.assertNotContains(r, "No campaigns or tables yet.")

    def test_it_lists_only_own_campaigns(self) -> None:
        play.create_campaign(self.mallory, "Mallory's River")
        self.client.force_login(self.alice)
        r = self.client.get("/")
        self.assertNotContains(r, "Mallory&#x27;s River")
        self.assertContains(r, "No campaigns or tables yet.")

    def test_it_rejects_post(self) -> None:
        r = self.client.post("/")
        self.assertEqual(r.status_code, 405)

    def test_a_head_request_is_answered_as_a_get_without_its_body(self) -> None:
        campaign = play.create_campaign(self.alice, "Yellow River")
        for signed_in, url in ((False, "/"), (True, "/"), (True, campaign.get_absolute_url())):
            if signed_in:
                self.client.force_login(self.alice)
            r = self.client.head(url)
            self.assertEqual(r.status_code, 200, url)
            self.assertEqual(r.content, b"", url)
            self.assertEqual(r["Content-Type"], "text/html; charset=utf-8", url)
