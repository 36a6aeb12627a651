"""Fixtures for the rules tests: the frozen test content and fresh games."""

from __future__ import annotations

import pytest
from scenario import CONTENT, fresh

from engine.yu import Content, Game, load


@pytest.fixture(scope="session")
def content() -> Content:
    return load(CONTENT)


@pytest.fixture
def game(content: Content) -> Game:
    """Round 1, Take Actions, empty hand and empty supply: set up the rest."""
    return fresh(content)
