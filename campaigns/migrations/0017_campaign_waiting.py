"""Whose move it is, kept with the state as its summary: the seats waiting, and since when."""

from typing import Any

import django.contrib.postgres.fields
from django.db import migrations, models

from engine.games import GAMES
from engine.session import Stored


def forward(apps: Any, schema_editor: Any) -> None:
    campaign_model = apps.get_model("campaigns", "Campaign")
    game_model = apps.get_model("campaigns", "Game")
    for campaign in campaign_model.objects.all().iterator():
        game = game_model.objects.filter(campaign=campaign, run=campaign.run).order_by("-number").first()
        if game is None:
            continue
        session = GAMES[campaign.game]
        try:
            waiting = session.standing(session.resume(Stored(campaign.state, game.state))).waiting
        except (KeyError, TypeError, ValueError):
            continue  # saved by rules no longer read: its page says so, and it waits for no one
        campaign_model.objects.filter(pk=campaign.pk).update(
            waiting=list(waiting), waiting_since=campaign.updated
        )


class Migration(migrations.Migration):
    dependencies = [("campaigns", "0016_sharing_and_accounts_apart")]

    operations = [
        migrations.AddField(
            model_name="campaign",
            name="waiting",
            field=django.contrib.postgres.fields.ArrayField(
                base_field=models.PositiveSmallIntegerField(),
                blank=True,
                default=list,
                help_text="The seats that have something to do now (none once it is over).",
                size=None,
            ),
        ),
        migrations.AddField(
            model_name="campaign",
            name="waiting_since",
            field=models.DateTimeField(
                blank=True,
                help_text="When those seats began to wait: the move that handed it to them.",
                null=True,
            ),
        ),
        migrations.RunPython(forward, migrations.RunPython.noop),
    ]
