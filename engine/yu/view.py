"""What the player may see of a game: the one place hidden information is
stripped. Face-down piles show only their size; face-down Hut cards and the
cards left in the box show nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.yu.content import Content
from engine.yu.items import ITEMS, WORKERS, describe_steps
from engine.yu.rules import damage, food_wanted, open_sites, outcome_text, shore_barbarians, tuck_spaces

if TYPE_CHECKING:
    from engine.yu.state import Game


_CARDS: dict[tuple[str, str], dict[str, Any]] = {}


def card(g: Game, card_id: str) -> dict[str, Any]:
    """A face-up card as the player reads it (shared: do not modify)."""
    key = (g.content.version, card_id)
    found = _CARDS.get(key)
    if found is None:
        found = _CARDS[key] = _describe(g.content, card_id)
    return found


def _describe(content: Content, card_id: str) -> dict[str, Any]:
    if card_id in content.townsfolk:
        t = content.townsfolk[card_id]
        return {
            "id": t.id,
            "kind": "townsfolk",
            "name": t.name,
            "food": t.food,
            "play": describe_steps(t.play),
            "discard": describe_steps(t.play + t.discard),
            "tuck": describe_steps(t.tuck),
        }
    if card_id in content.barbarians:
        b = content.barbarians[card_id]
        return {
            "id": b.id,
            "kind": "barbarian",
            "name": b.name,
            "defeat": b.defeat.describe(),
            "reward": describe_steps(b.reward),
            "damage": b.damage,
            "bribe": b.bribe.describe() if b.bribe else None,
            "turtle": b.turtle,
        }
    if card_id in content.canals:
        c = content.canals[card_id]
        return {
            "id": c.id,
            "kind": "canal",
            "name": c.name,
            "jade": f"{c.jade}-{c.jade + 1}",
            "cost": c.cost.describe(),
            "effects": describe_steps(c.effects),
        }
    if card_id in content.ongoing:
        o = content.ongoing[card_id]
        return {
            "id": o.id,
            "kind": o.kind,
            "name": o.name,
            "text": o.text,
            "module": o.module,
            "harvest": describe_steps(o.harvest),
            "start": describe_steps(o.start),
            "effects": describe_steps(o.effects),
        }
    h = content.huts[card_id]
    return {"id": h.id, "kind": "hut", "name": h.name, "effects": describe_steps(h.effects)}


def _decision(g: Game) -> dict[str, Any] | None:
    if g.decision is None:
        return None
    if g.decision[0] == "pick":
        return {
            "kind": "pick",
            "prompt": f"Choose what to take ({g.decision[2]} to go).",
            "options": [ITEMS[i] for i in g.decision[1]],
        }
    if g.decision[0] == "choice":
        return {
            "kind": "choice",
            "prompt": "The story asks you to choose.",
            "options": [label for label, _ in g.decision[1]],
        }
    band = g.row[g.decision[1]]
    assert band is not None
    b = card(g, band)
    hit = damage(g, g.decision[1])
    return {
        "kind": "bribe",
        "prompt": f"{b['name']} attack: pay {b['bribe']}, or lose {hit} Townsfolk.",
        "barbarian": b,
        "damage": hit,
        "space": g.decision[1] + 1,
    }


def _read_this_game(g: Game) -> list[int]:
    if g.campaign is None:
        return []
    return [step[1] for step in g.campaign["pending"] if step[0] == "read"]


def view(g: Game) -> dict[str, Any]:
    board = g.content.board
    built_sites = {b: i for i, b in enumerate(g.sites) if b}
    open_now = set(open_sites(g))
    return {
        "game": "yu",
        "round": g.round,
        "phase": g.phase,
        "outcome": g.outcome,
        "outcome_text": outcome_text(g.outcome) if g.outcome else None,
        "decision": _decision(g),
        "flood": g.flood,
        "built": g.built,
        "barge": g.barge,
        "forecast": {
            "ready": len(g.ready),
            "exhausted": len(g.exhausted),
            "text": f"{len(g.ready)} card(s) left in the Ready Pile before the Flood moves.",
        },
        "row": [
            {"space": i + 1, "cost": g.row_costs[i], "card": card(g, c) if c else None}
            for i, c in enumerate(g.row)
        ],
        "river": [
            {
                "space": i + 1,
                "built": i < g.built,
                "barge": g.barge and i == g.built,
                "flooded": g.flood >= i + 1,
                "card": card(g, c),
            }
            for i, c in enumerate(g.river)
        ],
        "barbarians_per_refresh": shore_barbarians(g),
        "shore": [
            {"barbarians": s.barbarians, "uncovered_by": s.uncovered_by, "showing": s.uncovered_by <= g.built}
            for s in board.shore
        ],
        "trades": [
            {
                "number": t.number,
                "name": t.name,
                "open": t.opened_by <= g.built,
                "opened_by": t.opened_by,
                "options": [
                    {"label": o.label, "give": o.cost.describe(), "get": describe_steps(o.gain)}
                    for o in t.options
                ],
            }
            for t in board.trades
        ],
        "sites": [
            {
                "number": s.number,
                "opened_by": s.opened_by,
                "open": s.opened_by <= g.built,
                "free": i in open_now,
                "building": g.sites[i],
                "covers": describe_steps(s.covers),
            }
            for i, s in enumerate(board.sites)
        ],
        "buildings": [
            {
                "id": b.id,
                "kind": b.kind,
                "name": b.name,
                "site": built_sites[b.id] + 1 if b.id in built_sites else None,
                "harvest": describe_steps(b.harvest),
                "joins": [w for i, w in enumerate(WORKERS) if b.joins >> i & 1],
            }
            for b in board.buildings
            if b.kind != "fortress" or "fortress" in g.modules
        ],
        "building_costs": {kind: cost.describe() for kind, cost in board.building_costs.items()},
        "rules": {
            "modules": list(g.modules),
            "food_wanted": food_wanted(g) if "food" in g.modules else None,
            "fed": g.fed,
            "feed_cost": board.feed.describe() if board.feed and "food" in g.modules else None,
            "levee_used": g.levee_used,
            "levee_cost": board.levee.describe() if board.levee and "levee" in g.modules else None,
        },
        "ongoing": [card(g, c) for c in g.ongoing],
        "fortunes": [card(g, c) for c in g.fortunes],
        "story": [
            {"entry": n, "title": g.content.entries[n].title, "text": g.content.entries[n].text}
            for n in _read_this_game(g)
        ],
        "huts_built": g.huts_built,
        "hut_cards_seen": [card(g, h) for h in g.hut_cards[: g.huts_built]],
        "hut_cards_face_down": len(g.hut_cards) - g.huts_built,
        "hut_spaces": [
            {
                "number": s.number,
                "open": i <= g.huts_built,
                "worker": WORKERS[g.hut_spaces[i]] if g.hut_spaces[i] is not None else None,  # type: ignore[index]
                "reward": describe_steps(s.reward),
            }
            for i, s in enumerate(board.hut_spaces)
        ],
        "tuck_spaces": tuck_spaces(g),
        "tucked": [card(g, c) for c in g.tucked],
        "hand": [card(g, c) for c in g.hand],
        "piles": {
            "ready": len(g.ready),
            "exhausted": len(g.exhausted),
            "exhausted_top": card(g, g.exhausted[-1]) if g.exhausted else None,
            "deck": len(g.deck),
            "discard": [card(g, c) for c in g.discard],
            "barbarian_deck": len(g.barbarian_deck),
            "barbarian_discard": [card(g, c) for c in g.barbarian_discard],
        },
        "have": dict(zip(ITEMS, g.have, strict=True)),
        "supply": dict(zip(ITEMS, g.supply, strict=True)),
    }
