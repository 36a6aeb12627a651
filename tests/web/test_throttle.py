"""Too many wrong passwords lock an address, and an account but for the browsers
that logged in to it before, for a while; too many sign-ups from one address are
turned away. Both get the same page (429)."""

from __future__ import annotations

import threading
import time
from datetime import timedelta

from axes.models import AccessAttempt
from django.contrib.auth.models import User
from django.core.cache import caches
from django.db import connection
from django.db.models import F
from django.http import HttpResponse
from django.test import Client, TransactionTestCase, override_settings

from campaigns.accounts.throttle import KNOWN_BROWSER

from .base import PASSWORD, BaseTestCase

LOGIN = "/accounts/login/"
SIGNUP = "/accounts/signup/"
HOME_IP = "203.0.113.7"
OTHER_IP = "198.51.100.23"
THIRD_IP = "192.0.2.99"
LIMIT = 10


class LoginLockoutTestCase(BaseTestCase):
    def log_in(self, username: str, password: str, ip: str = HOME_IP) -> HttpResponse:
        response: HttpResponse = self.client.post(
            LOGIN, {"username": username, "password": password}, REMOTE_ADDR=ip
        )
        return response

    def fail(self, username: str, times: int, ip: str = HOME_IP) -> None:
        for _ in range(times):
            self.assertContains(self.log_in(username, "not-the-password", ip), "errorlist")

    def lock(self, username: str, ip: str = HOME_IP) -> None:
        self.fail(username, LIMIT - 1, ip)
        self.assertLockedOut(self.log_in(username, "not-the-password", ip))

    def assertLockedOut(self, response: HttpResponse) -> None:
        self.assertContains(response, "Logging in is paused", status_code=429)
        self.assertContains(response, "try again in 15 minutes", status_code=429)
        self.assertEqual(response["Retry-After"], str(15 * 60))
        self.assertNotIn("_auth_user_id", self.client.session)

    def test_it_locks_the_client_out_at_the_tenth_wrong_password(self) -> None:
        self.lock("alice")
        self.assertLockedOut(self.log_in("alice", PASSWORD))

    def test_it_locks_a_client_that_tries_many_accounts(self) -> None:
        for name in ("alice", "bob-plays", "carol-watches", "nobody"):
            self.fail(name, 2)
        self.fail("someone-else", 1)
        self.assertLockedOut(self.log_in("mallory", "still-not-it"))
        self.assertLockedOut(self.log_in("mallory", PASSWORD))  # an account it has not tried before
        self.assertRedirects(self.log_in("mallory", PASSWORD, ip=OTHER_IP), "/")

    def test_it_locks_the_account_for_every_client_new_to_it(self) -> None:
        self.lock("alice")
        self.assertLockedOut(self.log_in("alice", PASSWORD, ip=OTHER_IP))

    def known_browser(self, username: str, ip: str = HOME_IP) -> Client:
        """A browser that has logged in to ``username``'s account before, and logged out."""
        browser = Client()
        r = browser.post(LOGIN, {"username": username, "password": PASSWORD}, REMOTE_ADDR=ip)
        self.assertRedirects(r, "/")
        browser.post("/accounts/logout/")  # the test client's own logout() would drop every cookie
        self.assertNotIn("_auth_user_id", browser.session)
        return browser

    def test_strangers_cannot_keep_the_owner_out_of_a_browser_that_logged_in_before(self) -> None:
        browser = self.known_browser("alice")
        for ip in (OTHER_IP, THIRD_IP):
            self.lock("alice", ip=ip)  # and again once the first lock has run out
            self.assertLockedOut(self.log_in("alice", PASSWORD, ip=ip))
            r = browser.post(LOGIN, {"username": "alice", "password": PASSWORD}, REMOTE_ADDR=HOME_IP)
            self.assertRedirects(r, "/")
            browser.post("/accounts/logout/")
            AccessAttempt.objects.update(attempt_time=F("attempt_time") - timedelta(minutes=15, seconds=1))

    def test_a_known_browser_is_still_stopped_by_its_addresss_count(self) -> None:
        browser = self.known_browser("alice")
        self.lock("alice", ip=OTHER_IP)
        wrong = {"username": "alice", "password": "not-the-password"}
        for _ in range(LIMIT - 1):
            self.assertContains(browser.post(LOGIN, wrong, REMOTE_ADDR=HOME_IP), "errorlist")
        self.assertLockedOut(browser.post(LOGIN, wrong, REMOTE_ADDR=HOME_IP))
        right = {"username": "alice", "password": PASSWORD}
        self.assertLockedOut(browser.post(LOGIN, right, REMOTE_ADDR=HOME_IP))
        self.assertLockedOut(browser.post(LOGIN, {**right, "username": "bob-plays"}, REMOTE_ADDR=HOME_IP))

    def test_guessing_spread_over_addresses_still_locks_the_account_for_other_browsers(self) -> None:
        alices = self.known_browser("alice")
        bobs = self.known_browser("bob-plays", ip=OTHER_IP)
        for n in range(LIMIT - 1):  # one wrong password from each address
            self.assertContains(self.log_in("alice", "not-the-password", ip=f"10.0.0.{n + 1}"), "errorlist")
        self.assertLockedOut(self.log_in("alice", "not-the-password", ip="10.0.1.1"))
        self.assertLockedOut(self.log_in("alice", PASSWORD, ip="10.0.1.2"))
        self.assertLockedOut(
            bobs.post(LOGIN, {"username": "alice", "password": PASSWORD}, REMOTE_ADDR=OTHER_IP)
        )
        forged = Client()
        forged.cookies[KNOWN_BROWSER] = "alice"
        self.assertLockedOut(
            forged.post(LOGIN, {"username": "alice", "password": PASSWORD}, REMOTE_ADDR=THIRD_IP)
        )
        r = alices.post(LOGIN, {"username": "alice", "password": PASSWORD}, REMOTE_ADDR=HOME_IP)
        self.assertRedirects(r, "/")

    def test_it_leaves_other_accounts_on_other_clients_alone(self) -> None:
        self.lock("alice")
        self.assertRedirects(self.log_in("bob-plays", PASSWORD, ip=THIRD_IP), "/")

    def test_a_good_password_clears_the_accounts_wrong_ones(self) -> None:
        self.fail("alice", LIMIT - 1)
        self.assertRedirects(self.log_in("alice", PASSWORD), "/")
        self.client.logout()
        self.fail("alice", LIMIT - 1)
        self.assertRedirects(self.log_in("alice", PASSWORD), "/")

    def test_logging_in_to_ones_own_account_does_not_clear_tries_at_others(self) -> None:
        self.fail("alice", LIMIT - 1)
        self.assertRedirects(self.log_in("mallory", PASSWORD), "/")
        self.client.logout()
        self.assertLockedOut(self.log_in("alice", "not-the-password"))

    def test_the_lock_lifts_after_fifteen_minutes(self) -> None:
        self.lock("alice")
        AccessAttempt.objects.update(attempt_time=F("attempt_time") - timedelta(minutes=15, seconds=1))
        self.assertRedirects(self.log_in("alice", PASSWORD), "/")

    def test_a_try_while_locked_starts_the_wait_over(self) -> None:
        self.lock("alice")
        AccessAttempt.objects.update(attempt_time=F("attempt_time") - timedelta(minutes=14))
        self.assertLockedOut(self.log_in("alice", PASSWORD))
        AccessAttempt.objects.update(attempt_time=F("attempt_time") - timedelta(minutes=14))
        self.assertLockedOut(self.log_in("alice", PASSWORD))

    def test_the_form_itself_stays_open(self) -> None:
        self.lock("alice")
        self.assertContains(self.client.get(LOGIN, REMOTE_ADDR=HOME_IP), 'name="password"')


class SignupThrottleTestCase(BaseTestCase):
    def sign_up(self, username: str, ip: str = HOME_IP, **headers: str) -> HttpResponse:
        form = {"username": username, "password1": PASSWORD, "password2": PASSWORD}
        response: HttpResponse = Client().post(SIGNUP, form, REMOTE_ADDR=ip, **headers)
        return response

    def test_it_turns_away_sign_ups_beyond_ten_an_hour_from_one_address(self) -> None:
        for n in range(LIMIT):
            self.assertRedirects(self.sign_up(f"player-{n}"), "/", fetch_redirect_response=False)
        r = self.sign_up("one-too-many")
        self.assertContains(r, "Please wait a little", status_code=429)
        self.assertContains(r, "Please try again in", status_code=429)
        self.assertLessEqual(int(r["Retry-After"]), 60 * 60)
        self.assertFalse(User.objects.filter(username="one-too-many").exists())

        self.assertRedirects(self.sign_up("from-elsewhere", ip=OTHER_IP), "/", fetch_redirect_response=False)
        self.assertContains(Client().get(SIGNUP, REMOTE_ADDR=HOME_IP), 'name="password2"')

    def test_every_post_counts_even_a_refused_form(self) -> None:
        form = {"username": "typo", "password1": PASSWORD, "password2": "something-else"}
        for _ in range(LIMIT):
            self.assertContains(
                Client().post(SIGNUP, form, REMOTE_ADDR=HOME_IP), "errorlist", status_code=400
            )
        self.assertEqual(self.sign_up("finally").status_code, 429)

    @override_settings(CLIENT_IP_HEADER="HTTP_X_FORWARDED_FOR")
    def test_behind_a_proxy_it_counts_the_address_the_proxy_saw(self) -> None:
        proxy = {"ip": "10.0.0.2"}
        for n in range(LIMIT):
            self.sign_up(f"player-{n}", **proxy, HTTP_X_FORWARDED_FOR=f"10.9.9.9, {HOME_IP}")
        r = self.sign_up("one-too-many", **proxy, HTTP_X_FORWARDED_FOR=HOME_IP)
        self.assertEqual(r.status_code, 429)
        r = self.sign_up("someone-else", **proxy, HTTP_X_FORWARDED_FOR=f"{HOME_IP}, {OTHER_IP}")
        self.assertRedirects(r, "/", fetch_redirect_response=False)


class ThrottleCacheTestCase(TransactionTestCase):
    """The counts live in a database table shared by every app process."""

    def setUp(self) -> None:
        self.cache = caches["throttle"]
        self.cache.clear()

    def test_a_count_keeps_its_expiry(self) -> None:
        self.cache.add("count", 1, 3)
        self.assertEqual(self.cache.incr("count"), 2)
        time.sleep(3.5)
        self.assertIsNone(self.cache.get("count"))

    def test_a_missing_count_cannot_be_raised(self) -> None:
        with self.assertRaises(ValueError):
            self.cache.incr("nothing")

    def test_counts_made_at_once_are_all_kept(self) -> None:
        self.cache.add("count", 0, 60)
        start = threading.Barrier(4)

        def count() -> None:
            try:
                start.wait()
                for _ in range(10):
                    caches["throttle"].incr("count")
            finally:
                connection.close()

        threads = [threading.Thread(target=count) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        self.assertEqual(self.cache.get("count"), 40)
