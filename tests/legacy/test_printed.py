"""Legacy's printed numbers, as docs/printed.md lists them, are the engine's."""

from __future__ import annotations

from engine.legacy import cards, garden
from tests.printed import printed


def test_every_printed_number_is_the_engines() -> None:
    rows = printed("Legacy, the numbers game")
    low, high = (int(n) for n in rows.pop("cards.NUMBERS").split(" to "))
    assert range(low, high + 1) == cards.NUMBERS
    in_code = {
        "cards.JOURNEYS": cards.JOURNEYS,
        "garden.LEAF": garden.LEAF,
        "garden.BRANCHES": garden.BRANCHES,
    }
    assert {key: int(value) for key, value in rows.items()} == in_code
