"""The whole suite's order and markers, and the language each test starts in.

The browser tests run last: once Playwright has started, its event loop runs
in the main thread, where Django's async tests can no longer run their own
(``async_to_sync`` refuses). Each test is marked ``browser`` when it drives the
browser (``tests/e2e``) and ``db`` when it uses the database, so that
``pytest -m "not browser"`` or ``-m "not db"`` leaves them out.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.test import TransactionTestCase
from django.utils import translation

DATABASE_FIXTURES = frozenset({"db", "transactional_db", "django_db_reset_sequences", "live_server"})


@pytest.fixture(autouse=True)
def site_language() -> Iterator[None]:
    """Each test starts in the site's language: Django's LocaleMiddleware leaves the language
    of the last request active in the thread that served it."""
    yield
    translation.deactivate()


def browser(item: pytest.Item) -> bool:
    return "e2e" in item.path.parts


def uses_database(item: pytest.Item) -> bool:
    """A test marked ``django_db``, asking for a database fixture, or in a Django test case that has one."""
    cls = getattr(item, "cls", None)
    return (
        item.get_closest_marker("django_db") is not None
        or not DATABASE_FIXTURES.isdisjoint(getattr(item, "fixturenames", ()))
        or (cls is not None and issubclass(cls, TransactionTestCase))
    )


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if browser(item):
            item.add_marker(pytest.mark.browser)
        if uses_database(item):
            item.add_marker(pytest.mark.db)
    items.sort(key=browser)  # a stable sort: the rest keep their order
