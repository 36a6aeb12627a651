"""Actions: placing the drawn number in one element of the legacy, or taking it back.

Keys: ``opus``; ``garden`` (the trunk) or ``garden:56`` (branching above 56);
``empire:0,-1`` (row, column); ``back``. :meth:`Action.parse` is the only code
that reads a key.
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import NamedTuple

from engine.legacy.empire import Square
from engine.text import Refusal, _


class Element(StrEnum):
    OPUS = "opus"
    GARDEN = "garden"
    EMPIRE = "empire"


class IllegalAction(Refusal):
    """An action the rules do not allow now."""


class MalformedAction(IllegalAction):
    """Text that is not an action key at all."""


_KEY = re.compile(r"(?P<element>opus|garden|empire)(?::(?P<at>-?\d{1,3}(?:,-?\d{1,3})?))?|back")


class Action(NamedTuple):
    """Place the number (``element`` set) or take the placement back (``element`` is ``None``).

    ``above`` is the garden number it branches from (``None``: the trunk);
    ``square`` is where it goes in the empire."""

    element: Element | None = None
    above: int | None = None
    square: Square | None = None

    @property
    def key(self) -> str:
        if self.element is None:
            return "back"
        if self.element is Element.GARDEN and self.above is not None:
            return f"garden:{self.above}"
        if self.element is Element.EMPIRE and self.square is not None:
            return f"empire:{self.square[0]},{self.square[1]}"
        return self.element.value

    @classmethod
    def parse(cls, key: str) -> Action:
        match = _KEY.fullmatch(key)
        if match is None:
            raise MalformedAction(_('"{key}" is not an action.', key=key))
        element, at = match["element"], match["at"]
        if element is None:
            return BACK
        parts = at.split(",") if at else []
        if element == Element.OPUS and not parts:
            return cls(Element.OPUS)
        if element == Element.GARDEN and len(parts) < 2:
            return cls(Element.GARDEN, above=int(parts[0]) if parts else None)
        if element == Element.EMPIRE and len(parts) == 2:
            return cls(Element.EMPIRE, square=(int(parts[0]), int(parts[1])))
        raise MalformedAction(_('"{key}" is not an action.', key=key))


BACK = Action()
