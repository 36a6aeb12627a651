"""Events: what an applied action made happen, as messages a log can say."""

from __future__ import annotations

from typing import Any, NamedTuple

from engine.text import Msg


class Event(NamedTuple):
    """One thing that happened. ``reveal`` marks events that showed hidden
    information (a draw, a shuffle, a face-down card turned): undo stops there.
    ``data`` names what it is about: a card id, an entry number, an outcome."""

    kind: str
    msg: Msg
    reveal: bool = False
    data: str | int | None = None

    @property
    def text(self) -> str:
        """The event in English, for the terminal and the logs."""
        return str(self.msg)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "msg": self.msg.to_json(), "reveal": self.reveal, "data": self.data}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Event:
        """An event as :meth:`to_json` wrote it; one stored before messages holds its English ``text``."""
        msg = Msg.from_json(data["msg"]) if "msg" in data else Msg(str(data.get("text", "")))
        return cls(str(data["kind"]), msg, bool(data.get("reveal", False)), data.get("data"))


def revealed(events: list[Event]) -> bool:
    return any(e.reveal for e in events)
