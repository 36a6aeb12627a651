"""Every game's log alike: each action names its seat (a Legacy of Yu campaign's one seat is 0),
and a table's game followed by another ends with the ``next`` that dealt it, as a campaign's does."""

from typing import Any

from django.db import migrations, models
from django.db.models import Max

NEXT = "next"


def forward(apps: Any, schema_editor: Any) -> None:
    game_action = apps.get_model("campaigns", "GameAction")
    game = apps.get_model("campaigns", "Game")
    game_action.objects.filter(seat__isnull=True).update(seat=0)
    tables = game.objects.exclude(campaign__game="yu")
    for row in tables.exclude(outcome="").order_by("campaign_id", "run", "number"):
        if not game.objects.filter(campaign_id=row.campaign_id, run=row.run, number=row.number + 1).exists():
            continue
        if game_action.objects.filter(game=row, key=NEXT).exists():
            continue
        last = game_action.objects.filter(game=row).aggregate(seq=Max("seq"))["seq"] or 0
        game_action.objects.create(
            game=row, seq=last + 1, seat=0, key=NEXT, events=[{"kind": NEXT, "seat": 0}], revealed=True
        )
        game.objects.filter(pk=row.pk).update(version=last + 1)


def backward(apps: Any, schema_editor: Any) -> None:
    game_action = apps.get_model("campaigns", "GameAction")
    game = apps.get_model("campaigns", "Game")
    nexts = game_action.objects.exclude(game__campaign__game="yu").filter(key=NEXT)
    ended = list(nexts.values_list("game_id", "seq"))
    nexts.delete()
    for game_id, seq in ended:  # the game's log ends before its next again
        game.objects.filter(pk=game_id, version=seq).update(version=seq - 1)
    game_action.objects.filter(game__campaign__game="yu").update(seat=None)


class Migration(migrations.Migration):
    dependencies = [("campaigns", "0014_game_redeals")]

    operations = [
        migrations.RunPython(forward, backward),
        # The rows written above leave foreign-key checks pending, and Postgres alters no table
        # that has some: they are made now.
        migrations.RunSQL("SET CONSTRAINTS ALL IMMEDIATE", migrations.RunSQL.noop),
        migrations.AlterField(
            model_name="gameaction",
            name="seat",
            field=models.PositiveSmallIntegerField(
                default=0, help_text="Whose action: its seat (0 in a game of one)."
            ),
        ),
    ]
