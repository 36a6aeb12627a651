"""Actions: small values with a stable string key, like ``attack:5:KKY``.

The key is what a form field or a log line carries; :meth:`Action.parse`
turns it back into the same value.
"""

from __future__ import annotations

from typing import NamedTuple


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message says why."""


class MalformedAction(IllegalAction):
    """Text that is not an action key at all."""


class Action(NamedTuple):
    kind: str
    args: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        return ":".join((self.kind, *self.args)) if self.args else self.kind

    def __str__(self) -> str:
        return self.key

    @classmethod
    def parse(cls, key: str) -> Action:
        if not isinstance(key, str) or not key or len(key) > 64:
            raise MalformedAction(f"{key!r} is not an action key")
        kind, *args = key.split(":")
        if kind not in KINDS or any(not a for a in args):
            raise MalformedAction(f"{key!r} is not an action key")
        return cls(kind, tuple(args))


KINDS = frozenset(
    {
        "play",
        "discard",
        "tuck",
        "canal",
        "attack",
        "recruit",
        "dismiss",
        "build",
        "hut",
        "trade",
        "end",
        "pick",
        "bribe",
        "suffer",
        "choose",
        "feed",
        "fortune",
        "levee",
        "next",
    }
)
"""Every action kind. ``pick``, ``bribe``, ``suffer`` and ``choose`` answer a
pending decision; ``next`` starts a campaign's next game."""
