"""Rebuild a game from its seed and action log and compare it with the stored state.

    python manage.py replaygame 42                                    # a game's id
    python manage.py replaygame 5ed4fb04-3ecb-432c-9c0f-6bb783f45682  # a game's code, or a
                                                                      # campaign's (its current game)

Exits with status 1 when the rebuilt game differs from the stored one.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.core.management.base import BaseCommand, CommandError, CommandParser

from campaigns import store
from campaigns.models import Campaign, Game


class Command(BaseCommand):
    help = "Replay a game from its seed and action log; report any difference with the stored state."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("game", help="a game's id or code, or a campaign's code for its current game")

    def handle(self, *args: Any, **options: Any) -> None:
        game = find_game(options["game"])
        differences = store.replay_differences(game)
        label = f"game {game.pk} ({game.campaign.name}, run {game.run}, game {game.number})"
        if differences:
            for line in differences:
                self.stderr.write(line)
            raise CommandError(
                f"{label}: {len(differences)} difference(s) with the stored state", returncode=1
            )
        self.stdout.write(f"{label}: {game.version} log rows replayed, no difference.")


def find_game(text: str) -> Game:
    if text.isdigit():
        game = Game.objects.filter(pk=int(text)).first()
    else:
        try:
            code = UUID(text)
        except ValueError:
            raise CommandError(f"{text!r} is neither a game id nor a code") from None
        game = Game.objects.filter(code=code).first()
        if game is None:
            campaign = Campaign.objects.filter(code=code).first()
            try:
                game = store.current_game(campaign) if campaign else None
            except store.Gone:
                raise CommandError(f"campaign {text!r} was deleted: give one of its games' codes") from None
    if game is None:
        raise CommandError(f"no game or campaign {text!r}")
    return game
