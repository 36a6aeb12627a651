"""Rebuild games from their seed and action log and compare them with the stored state.

    python manage.py replaygame 42                                    # a game's id
    python manage.py replaygame 5ed4fb04-3ecb-432c-9c0f-6bb783f45682  # a game's code, or a
                                                                      # campaign's or table's: all its games

A campaign's code checks every game of every run it has had (a reset keeps the
earlier runs' games), deleted campaigns included; a table's, every game of its
series, each against its rules and the series' state after it. Each game's result is printed,
then, for a campaign, the total. Exits with status 1 when any rebuilt game
differs from the stored one.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.core.management.base import BaseCommand, CommandError, CommandParser

from campaigns import store
from campaigns.models import Campaign, Game


class Command(BaseCommand):
    help = (
        "Replay a game, or every game of a campaign, from its seed and action log; "
        "report any difference with the stored state."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "game", help="a game's id or code, or a campaign's or table's code for all its games"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        found = find(options["game"])
        if isinstance(found, Game):
            if self.report(found, store.replay_differences(found)):
                raise CommandError(f"{label(found)} differs from the stored state", returncode=1)
            return
        checked = store.campaign_differences(found)
        runs = len({game.run for game, _ in checked})
        total = f"campaign {found.code} ({found.name}): {len(checked)} games in {runs} run(s) checked"
        differ = sum(self.report(game, differences) for game, differences in checked)
        if differ:
            raise CommandError(f"{total}, {differ} differ from the stored state", returncode=1)
        self.stdout.write(f"{total}, no difference.")

    def report(self, game: Game, differences: list[str]) -> bool:
        """Print one game's result; whether it differs."""
        if not differences:
            self.stdout.write(f"{label(game)}: {game.version} log rows replayed, no difference.")
            return False
        self.stderr.write(f"{label(game)}: {len(differences)} difference(s) with the stored state")
        for line in differences:
            self.stderr.write(f"  {line}")
        return True


def label(game: Game) -> str:
    return f"game {game.pk} ({game.campaign.name}, run {game.run}, game {game.number})"


def find(text: str) -> Game | Campaign:
    """The game with this id or code, or the campaign or table with this code."""
    games = Game.objects.select_related("campaign")
    found: Game | Campaign | None
    if text.isdigit():
        found = games.filter(pk=int(text)).first()
    else:
        try:
            code = UUID(text)
        except ValueError:
            raise CommandError(f"{text!r} is neither a game id nor a code") from None
        found = games.filter(code=code).first() or Campaign.objects.filter(code=code).first()
    if found is None:
        raise CommandError(f"no game or campaign {text!r}")
    return found
