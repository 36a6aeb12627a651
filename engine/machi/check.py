"""``content check``: the cards and the legacy deck are whole, and a campaign reads every card.

Every card of the catalogue is in game 1's setup or in exactly one mystery box;
every box is opened once; each of the eleven readings (before the first game and
after each) ends on a stop, the last one on the deck's last side; every rules
card is handed over; every game's setup can be played; no card is made or
lost between the boxes, the reserves, the supply, the archives and play; and every
name, title and text has its French beside it, and every name its grammar.
"""

from __future__ import annotations

from collections import Counter

from engine.machi.campaign import GAMES, Campaign, deck
from engine.machi.cards import BadContent, Rule, catalogue


def check_content() -> list[str]:
    """What was checked, line by line; raises :class:`BadContent` at the first fault."""
    cards, legacy = catalogue(), deck()
    missing = [*cards.french.missing, *legacy.french.missing]
    if missing:
        raise BadContent(
            f"{len(missing)} texts have no French, or their French no grammar:\n" + "\n".join(missing)
        )
    one = (
        {key for key, _ in cards.game_one.supply} | set(cards.game_one.landmarks) | {cards.game_one.community}
    )
    boxed = Counter(key for box in legacy.boxes.values() for key in box)
    known = cards.establishments.keys() | cards.landmarks.keys() | cards.communities.keys()
    _fault([k for k in boxed if k not in known], "a mystery box holds cards that do not exist")
    _fault([k for k, n in boxed.items() if n > 1 or k in one], "cards are in two places at the start")
    _fault(sorted(known - one - boxed.keys()), "cards are in no box and not in game 1")
    _fault([str(n) for n in range(1, 7) if n not in legacy.boxes], "mystery boxes are missing")
    _fault([r.value for r in Rule if r not in legacy.rules], "rules have no rules card")
    total = Counter(dict(cards.game_one.supply))
    total.update([*cards.game_one.landmarks, cards.game_one.community])
    for box in legacy.boxes.values():
        total.update(box)
    campaign = Campaign.start()
    readings = [campaign.latest()]
    for game in range(GAMES):
        readings.append(campaign.finish(game % 2))
        held = _summed(campaign)
        for number, box in legacy.boxes.items():
            if number not in campaign.opened:
                held.update(box)
        if held != total:
            raise BadContent(
                f"after game {game + 1} cards were made or lost: {(held - total) or (total - held)}"
            )
    _fault([str(n) for n in legacy.boxes if n not in campaign.opened], "mystery boxes are never opened")
    _fault([r.value for r in Rule if r not in campaign.rules], "rules cards are never handed over")
    if campaign.place != len(legacy.sides):
        raise BadContent(f"legacy card {legacy.sides[campaign.place].name} is never read")
    return [
        f"{len(cards.establishments)} establishments, {len(cards.landmarks)} landmarks, "
        f"{len(cards.communities)} community landmarks, a bank of {cards.bank} coins",
        f"{len(legacy.sides) // 2} legacy cards read in {len(readings)} readings: "
        + ", ".join(f"{r[0].name}-{r[-1].name}" for r in readings),
        f"{len(legacy.boxes)} mystery boxes opened, {len(campaign.rules)} rules cards, "
        f"{len(legacy.references)} reference cards",
        f"{GAMES} games set up; every card in one place at every step",
        f"{len(cards.french.texts) + len(legacy.french.texts)} texts, each with its French",
    ]


def _summed(campaign: Campaign) -> Counter[str]:
    counted: Counter[str] = Counter()
    for key, n in campaign.held():
        counted[key] += n
    return counted


def _fault(found: list[str], what: str) -> None:
    if found:
        raise BadContent(f"{what}: {', '.join(sorted(found))}")
