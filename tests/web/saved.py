"""Files of every version, as tests make them: resealed after a change, or in an old format."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from campaigns import sealed, transfer
from engine.redeals import Redeal
from engine.session import NEXT

FILES = Path(__file__).parent / "files"
"""Files of versions 1 and 2, saved by the site as it wrote them then."""
FILES_KEY = "the key the version 2 files in tests/web/files were sealed with: no secret"


def resealed(
    data: dict[str, Any], seed: int, redeals: Sequence[Redeal] = (), hidden: Sequence[tuple[int, str]] = ()
) -> dict[str, Any]:
    """A file of version 3 showing what ``data`` shows, sealed as this site seals it: a file
    changed by someone who could seal it, to reach what the reader checks after the seal."""
    return {**data, "sealed": transfer.sealed_part(data, seed, redeals, hidden)}


def version_1(data: dict[str, Any]) -> dict[str, Any]:
    """A file of version 3 as version 1 wrote it: the seed in plain, a campaign's log of keys, a
    table's log for each game (with no redeals, which version 1 did not know)."""
    opened = sealed.unseal(data["sealed"])
    assert not opened["redeals"], "version 1 has no redeals"
    run = [(seat, key) for seat, key in data["log"]] + [(seat, key) for seat, key in opened["hidden"]]
    old = {"version": 1, "name": data["name"], "seed": opened["seed"], "exported": data["exported"]}
    if data["game"] == "yu":
        keys = [key for _seat, key in run]
        return {**old, "format": transfer.CAMPAIGN_FORMAT, "content": data["content"], "log": keys}
    games: list[list[list[Any]]] = [[]]
    for seat, key in run:
        if key == NEXT:
            games.append([])
        else:
            games[-1].append([seat, key])
    return {
        **old,
        "format": transfer.TABLE_FORMAT,
        "game": data["game"],
        "seats": data["seats"],
        "games": games,
    }
