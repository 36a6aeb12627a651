"""The whole suite's order: the browser tests last.

Once Playwright has started, its event loop runs in the main thread, where
Django's async tests can no longer run their own (``async_to_sync`` refuses).
"""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: "e2e" in item.path.parts)  # a stable sort: the rest keep their order
