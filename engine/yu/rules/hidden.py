"""The face-down cards: what the player knows of them, and dealing them anew.

Code that looks ahead (the risk of an action, the strong bot, the hint) plays
on copies of a game whose face-down cards are dealt again at random from the
cards the player cannot tell apart, so that it learns nothing the player could
not know. :func:`redeal` does that; :func:`public_seed` and
:func:`visible_seed` make seeds from what the player can see.
"""

from __future__ import annotations

import hashlib
import json

from engine.rng import Rng
from engine.yu.rules.state import State


def seed_of(facts: object) -> int:
    """A 64-bit seed made from ``repr(facts)``."""
    digest = hashlib.blake2b(repr(facts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def public_seed(g: State, k: int) -> int:
    """A seed made of a few counts the player can see, and the trial's number."""
    return seed_of(
        (
            g.round,
            g.phase.value,
            g.flood,
            g.built,
            g.huts_built,
            len(g.ready),
            len(g.exhausted),
            len(g.deck),
            len(g.discard),
            len(g.barbarian_deck),
            len(g.barbarian_discard),
            k,
        )
    )


def visible(g: State) -> str:
    """The whole position as the player sees it, as text: the state without
    its seed and random generator, each face-down pool as its sorted cards and
    each face-down zone as its size. Two games that differ only in hidden
    order and randomness give the same text."""
    data = g.to_dict()
    del data["seed"], data["rng"]
    face_down = g.hut_cards[g.huts_built :]
    data.update(
        ready=len(g.ready),
        deck=len(g.deck),
        townsfolk_face_down=sorted(g.ready + g.deck),
        barbarian_deck=sorted(g.barbarian_deck),
        canal_box=sorted(g.canal_box),
        hut_cards=[*g.hut_cards[: g.huts_built], len(face_down)],
        hut_box=sorted(face_down + g.hut_box),
        exhausted=[*sorted(g.exhausted[:-1]), *g.exhausted[-1:]],
    )
    return json.dumps(data, sort_keys=True)


def visible_seed(g: State, k: int = 0) -> int:
    """A seed made of the whole visible position (:func:`visible`) and ``k``."""
    return seed_of((visible(g), k))


def redeal(g: State, rng: Rng) -> None:
    """Deal the face-down cards of ``g`` anew with ``rng``: each pool of cards
    the player cannot tell apart is sorted, shuffled and dealt back into its
    zones, each keeping its size; the Exhausted Pile under its top card is
    sorted; the game's random generator is reseeded from ``rng``."""
    _redeal(rng, g.ready, g.deck)
    _redeal(rng, g.barbarian_deck)
    _redeal(rng, g.canal_box)
    face_down = g.hut_cards[g.huts_built :]
    _redeal(rng, face_down, g.hut_box)
    g.hut_cards[g.huts_built :] = face_down
    g.exhausted[:-1] = sorted(g.exhausted[:-1])
    g.rng = Rng(rng.next64())
    g.changed()


def _redeal(rng: Rng, *zones: list[str]) -> None:
    pool = sorted(c for zone in zones for c in zone)
    rng.shuffle(pool)
    for zone in zones:
        n = len(zone)
        zone[:] = pool[:n]
        del pool[:n]
