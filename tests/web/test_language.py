"""The language the site speaks: the browser's, or the one chosen with the switch, kept on a
signed-in user's profile."""

from __future__ import annotations

from unittest import mock

from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation

from campaigns import models, store
from campaigns.accounts.models import Profile
from campaigns.models import GameAction, TableSeat
from campaigns.reader import Reader, said
from engine import text as engine_text
from engine.legacy.actions import IllegalAction
from tests import play

from .base import PASSWORD, BaseTestCase

FRENCH = {"HTTP_ACCEPT_LANGUAGE": "fr"}
ENGLISH = {"HTTP_ACCEPT_LANGUAGE": "en"}


class LanguageTestCase(BaseTestCase):
    def assertSpeaks(self, client: Client, language: str, url: str = "/", **headers: str) -> None:
        """The page at ``url`` is in ``language``, and says so."""
        r = client.get(url, **headers)
        self.assertEqual(r.status_code, 200)
        self.assertContains(r, f'<html lang="{language}">')
        self.assertEqual(r["Content-Language"], language)

    def switch(self, client: Client, language: str, next_url: str = "/", **headers: str) -> None:
        r = client.post("/language/", {"language": language, "next": next_url}, **headers)
        self.assertRedirects(r, next_url, fetch_redirect_response=False)

    def log_in(self, client: Client, **headers: str) -> None:
        r = client.post("/accounts/login/", {"username": "alice", "password": PASSWORD}, **headers)
        self.assertRedirects(r, "/", fetch_redirect_response=False)

    # -- the browser's language --------------------------------------------------------

    def test_a_visitor_whose_browser_asks_for_french_reads_french(self) -> None:
        self.assertSpeaks(self.client, "fr", **FRENCH)
        self.assertSpeaks(self.client, "fr", HTTP_ACCEPT_LANGUAGE="fr-CA,fr;q=0.9,en;q=0.5")

    def test_a_visitor_whose_browser_asks_for_english_reads_english(self) -> None:
        self.assertSpeaks(self.client, "en", **ENGLISH)

    def test_a_language_the_site_does_not_speak_falls_back_to_english(self) -> None:
        self.assertSpeaks(self.client, "en", HTTP_ACCEPT_LANGUAGE="de")
        self.assertSpeaks(self.client, "en")

    def test_a_page_in_french_has_django_s_own_french(self) -> None:
        """Django's catalogue is there already: its log-in form's labels are in French."""
        r = self.client.get("/accounts/login/", **FRENCH)
        self.assertContains(r, "Nom d\N{RIGHT SINGLE QUOTATION MARK}utilisateur")
        self.assertNotContains(r, "Username")

    def test_answers_vary_on_the_browser_s_language_and_the_cookie(self) -> None:
        vary = self.client.get("/", **FRENCH)["Vary"]
        self.assertIn("Accept-Language", vary)
        self.assertIn("Cookie", vary)

    def test_the_addresses_are_the_same_in_both_languages(self) -> None:
        names = ["home", "login", "signup", "rules", "join", "language"]
        with translation.override("fr"):
            french = [reverse(name) for name in names]
        self.assertEqual(french, [reverse(name) for name in names])
        self.assertEqual(self.client.get("/fr/", **FRENCH).status_code, 404)
        self.assertSpeaks(self.client, "fr", "/accounts/login/", **FRENCH)
        self.assertSpeaks(self.client, "fr", "/rules/", **FRENCH)

    # -- the switch ----------------------------------------------------------------------

    def test_the_switch_changes_the_language_and_goes_back(self) -> None:
        self.switch(self.client, "fr", "/rules/", **ENGLISH)
        self.assertSpeaks(self.client, "fr", **ENGLISH)
        self.switch(self.client, "en", "/", **FRENCH)
        self.assertSpeaks(self.client, "en", **FRENCH)

    def test_the_switch_is_on_every_page_and_says_which_language_is_on(self) -> None:
        r = self.client.get("/rules/", **FRENCH)
        self.assertContains(r, 'action="/language/"')
        self.assertContains(r, 'name="next" value="/rules/"')
        self.assertContains(r, 'value="fr" lang="fr" aria-pressed="true"')
        self.assertContains(r, 'value="en" lang="en">')

    def test_a_next_on_another_site_goes_home(self) -> None:
        r = self.client.post("/language/", {"language": "fr", "next": "https://example.org/"})
        self.assertRedirects(r, "/", fetch_redirect_response=False)
        self.assertSpeaks(self.client, "fr", **ENGLISH)

    def test_a_next_that_is_not_a_local_path_goes_home_signed_in_or_out(self) -> None:
        for signed_in in (False, True):
            if signed_in:
                self.client.force_login(self.alice)
            for next_url in ("foo", "%0d", "\r", "foo/bar", " /rules/"):
                r = self.client.post("/language/", {"language": "fr", "next": next_url})
                self.assertRedirects(r, "/", fetch_redirect_response=False)
            self.assertSpeaks(self.client, "fr", **ENGLISH)

    def test_no_next_goes_home(self) -> None:
        r = self.client.post("/language/", {"language": "fr"})
        self.assertRedirects(r, "/", fetch_redirect_response=False)

    def test_an_unknown_language_is_refused_and_changes_nothing(self) -> None:
        self.switch(self.client, "fr")
        for language in ("de", "", "fr-fr", "FR"):
            r = self.client.post("/language/", {"language": language, "next": "/rules/"})
            self.assertEqual(r.status_code, 400)
        self.assertSpeaks(self.client, "fr", **ENGLISH)

    def test_an_unknown_language_leaves_a_signed_in_user_s_profile_alone(self) -> None:
        self.log_in(self.client)
        self.switch(self.client, "fr")
        self.assertEqual(self.client.post("/language/", {"language": "de"}).status_code, 400)
        self.assertEqual(Profile.objects.get(user=self.alice).language, "fr")

    def test_the_choice_stays_in_the_browser_after_signing_out(self) -> None:
        self.log_in(self.client)
        self.switch(self.client, "fr")
        self.client.post("/accounts/logout/")
        self.assertSpeaks(self.client, "fr", **ENGLISH)

    def test_a_language_cookie_the_site_does_not_speak_is_ignored(self) -> None:
        self.client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
        self.assertSpeaks(self.client, "fr", **FRENCH)
        self.assertSpeaks(self.client, "en", **ENGLISH)

    def test_the_switch_only_takes_posts(self) -> None:
        self.assertEqual(self.client.get("/language/?language=fr").status_code, 405)
        self.assertSpeaks(self.client, "en", **ENGLISH)

    def test_the_switch_asks_for_the_csrf_token(self) -> None:
        client = Client(enforce_csrf_checks=True)
        r = client.post("/language/", {"language": "fr", "next": "/"})
        self.assertEqual(r.status_code, 403)
        self.assertSpeaks(client, "en", **ENGLISH)

    # -- a signed-in user's choice ---------------------------------------------------------

    def test_a_signed_in_user_s_choice_is_kept_on_their_profile(self) -> None:
        self.log_in(self.client)
        self.switch(self.client, "fr")
        self.assertEqual(Profile.objects.get(user=self.alice).language, "fr")
        self.switch(self.client, "en")
        self.assertEqual(Profile.objects.get(user=self.alice).language, "en")
        self.assertFalse(Profile.objects.filter(user=self.bob).exists())

    def test_the_choice_comes_back_when_they_log_in_again_from_an_english_browser(self) -> None:
        self.log_in(self.client)
        self.switch(self.client, "fr")
        self.client.post("/accounts/logout/")
        elsewhere = Client()
        self.assertSpeaks(elsewhere, "en", **ENGLISH)
        self.log_in(elsewhere, **ENGLISH)
        self.assertSpeaks(elsewhere, "fr", **ENGLISH)

    def test_a_choice_made_before_logging_in_is_kept_on_the_profile(self) -> None:
        self.switch(self.client, "fr", **ENGLISH)
        self.log_in(self.client, **ENGLISH)
        self.assertEqual(Profile.objects.get(user=self.alice).language, "fr")
        self.assertSpeaks(self.client, "fr", **ENGLISH)

    def test_a_choice_made_before_signing_up_is_kept_on_the_new_profile(self) -> None:
        self.switch(self.client, "fr", **ENGLISH)
        form = {"username": "dora", "password1": PASSWORD, "password2": PASSWORD}
        r = self.client.post("/accounts/signup/", form, **ENGLISH)
        self.assertRedirects(r, "/", fetch_redirect_response=False)
        self.assertEqual(Profile.objects.get(user__username="dora").language, "fr")

    def test_the_profile_s_language_wins_over_a_choice_made_before_logging_in(self) -> None:
        Profile.objects.create(user=self.alice, language="en")
        self.switch(self.client, "fr")
        self.log_in(self.client, **FRENCH)
        self.assertSpeaks(self.client, "en", **FRENCH)
        self.assertEqual(Profile.objects.get(user=self.alice).language, "en")

    def test_without_a_choice_a_signed_in_user_reads_their_browser_s_language(self) -> None:
        self.log_in(self.client)
        self.assertSpeaks(self.client, "fr", **FRENCH)
        self.assertSpeaks(self.client, "en", **ENGLISH)
        self.assertEqual(Profile.objects.get(user=self.alice).language, "")


class SaidTestCase(BaseTestCase):
    """What the site says in the reader's language, and what it keeps in its own."""

    @staticmethod
    def marked(message: str) -> str:
        """A stand-in catalogue: marks what is said in French."""
        return f"[fr] {message}" if translation.get_language() == "fr" else message

    def test_a_move_refused_with_a_game_s_message_is_said_in_the_reader_s_language(self) -> None:
        refusal = IllegalAction(engine_text._("There is no seat {number}", number=4))
        with mock.patch.object(Reader, "gettext", lambda _reader, message: self.marked(message)):
            self.assertEqual(said(store.reason(refusal)), "There is no seat 4")
            with translation.override("fr"):
                self.assertEqual(said(store.reason(refusal)), "[fr] There is no seat 4")
                self.assertEqual(said(store.reason(ValueError("plain text"))), "plain text")

    def test_the_log_keeps_who_moved_in_the_site_s_language(self) -> None:
        with mock.patch.object(models, "gettext", self.marked), translation.override("fr"):
            table = play.create_table(self.alice, "legacy", "Numbers", ["owner", "random"])
            self.assertEqual(
                TableSeat.objects.get(campaign=table, number=1).name, "[fr] “Joue au hasard” bot 2"
            )
        bys = set(GameAction.objects.filter(game__campaign=table, seat=1).values_list("by", flat=True))
        self.assertEqual(bys, {"“Plays at random” bot 2"})

    def test_a_game_s_title_is_said_when_shown(self) -> None:
        title = engine_text._("Legacy")
        with mock.patch.object(Reader, "gettext", lambda _reader, message: self.marked(message)):
            label = models.said_lazily(title)
            self.assertEqual(str(label), "Legacy")
            with translation.override("fr"):
                self.assertEqual(str(label), "[fr] Legacy")
