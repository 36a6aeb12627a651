"""The campaign state no longer carries the run's action keys: the action rows hold them."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("campaigns", "0006_board_news")]

    operations = [
        migrations.RunSQL(
            [
                "UPDATE campaigns_campaign SET state = state - 'log' WHERE state ? 'log'",
                "UPDATE campaigns_game SET start = start - 'log' WHERE start ? 'log'",
            ],
            migrations.RunSQL.noop,
        ),
    ]
