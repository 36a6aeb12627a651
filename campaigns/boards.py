"""Which drawing draws each game's board (:class:`campaigns.drawing.Drawing`)."""

from __future__ import annotations

from campaigns import regions, table_drawing
from campaigns.drawing import Drawing
from campaigns.models import Campaign


def drawing_of(campaign: Campaign) -> Drawing:
    """How the campaign's game is drawn."""
    return DRAWINGS[campaign.game]


DRAWINGS: dict[str, Drawing] = {
    "yu": regions.BOARD,
    "legacy": table_drawing.TABLE,
    "machi": table_drawing.TABLE,
}
"""Every game's drawing, by its name in :data:`engine.games.GAMES`."""

LOG_ROWS = {game: drawing.recent for game, drawing in DRAWINGS.items()}
"""How many of its game's last log rows each game's board reads."""
