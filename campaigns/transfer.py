"""A campaign as a file its owner takes home, and back.

The file is JSON: what it is (``format`` and ``version``), the game content it
was played with, the campaign's name, its difficulty (files made before levels
existed have none: standard), the seed of its current run and the log of every
action that stands in that run. Nothing about any user is in it.
Bringing one back replays the log through the engine (see
:func:`campaigns.store.create_replayed`); a file that does not replay is
refused, and nothing is written.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.utils import timezone

from campaigns import store
from campaigns.models import Campaign
from engine.yu import base
from engine.yu.difficulty import Difficulty

FORMAT = "legacy-of-yu/campaign"
VERSION = 1
MAX_BYTES = 2_000_000
"""Far above a finished 13-game campaign (about 60 KB)."""
NAME_LENGTH = 80
SEED_LIMIT = 2**63
"""What the seed column holds."""


class BadFile(ValueError):
    """The file is not a campaign this site can bring back; the message says why."""


@dataclass(frozen=True)
class Saved:
    """What a campaign file holds, checked for shape (not yet replayed)."""

    name: str
    seed: int
    log: list[str]
    content: str
    difficulty: Difficulty = Difficulty.STANDARD


def export(campaign: Campaign) -> dict[str, Any]:
    """The campaign as its file holds it."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "content": base().version,
        "name": campaign.name,
        "difficulty": campaign.difficulty,
        "seed": campaign.seed,
        "log": store.run_keys(campaign),
        "exported": timezone.now().isoformat(timespec="seconds"),
    }


def read(raw: bytes) -> Saved:
    """The file's contents, or BadFile with what is wrong with it."""
    if len(raw) > MAX_BYTES:
        raise BadFile(f"The file is larger than {MAX_BYTES // 1_000_000} MB: it is not a campaign file.")
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise BadFile("The file is not a campaign file (it is not JSON text).") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BadFile("The file is not a Legacy of Yu campaign file.")
    if data.get("version") != VERSION:
        raise BadFile(
            f"The file is in version {data.get('version')!r} of the format; this site reads {VERSION}."
        )
    name, seed, log, content = (data.get(k) for k in ("name", "seed", "log", "content"))
    if not isinstance(name, str) or not name.strip():
        raise BadFile("The file gives the campaign no name.")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < SEED_LIMIT:
        raise BadFile(f"The file's seed is not a whole number from 0 to {SEED_LIMIT - 1}.")
    if not isinstance(log, list) or not all(isinstance(key, str) for key in log):
        raise BadFile("The file's log is not a list of actions.")
    level = data.get("difficulty", Difficulty.STANDARD.value)
    if level not in {d.value for d in Difficulty}:
        raise BadFile(f"The file's difficulty is not one of {', '.join(d.value for d in Difficulty)}.")
    content = content if isinstance(content, str) else ""
    return Saved(name.strip()[:NAME_LENGTH], seed, log, content, Difficulty(level))


def bring_back(saved: Saved, owner: User) -> Campaign:
    """A new campaign of ``owner``'s from the file, or BadFile when its log does not replay."""
    try:
        return store.create_replayed(owner, saved.name, saved.seed, saved.log, saved.difficulty)
    except (store.Refused, ValueError, KeyError) as exc:
        played_with = (
            f" It was played with game content {saved.content}; this site has {base().version}."
            if saved.content and saved.content != base().version
            else ""
        )
        raise BadFile(f"The campaign does not replay here. {exc}{played_with}") from exc
