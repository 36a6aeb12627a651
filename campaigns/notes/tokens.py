"""The signed links a note carries: to confirm an address, and to stop notes in one click."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.core import signing

CONFIRM_FOR = timedelta(days=3)
"""How long a link to confirm an address works."""


@dataclass(frozen=True)
class Stop:
    """Notes to stop: a player's for one table, or all of them (``campaign_id`` None)."""

    user_id: int
    campaign_id: int | None


def confirming(user_id: int, address: str) -> str:
    return signing.dumps([user_id, address], salt="notes.confirm", compress=True)


def confirmed(token: str) -> tuple[int, str] | None:
    """The user and the address a confirming link was made for; None when it is forged or too old."""
    try:
        user_id, address = signing.loads(token, salt="notes.confirm", max_age=CONFIRM_FOR)
    except (signing.BadSignature, ValueError, TypeError):
        return None
    return (user_id, address) if isinstance(user_id, int) and isinstance(address, str) else None


def stopping(stop: Stop) -> str:
    return signing.dumps([stop.user_id, stop.campaign_id], salt="notes.stop", compress=True)


def stopped(token: str) -> Stop | None:
    """What a stop link stops; None when it is forged."""
    try:
        user_id, campaign_id = signing.loads(token, salt="notes.stop")
    except (signing.BadSignature, ValueError, TypeError):
        return None
    if not isinstance(user_id, int) or not (campaign_id is None or isinstance(campaign_id, int)):
        return None
    return Stop(user_id, campaign_id)
