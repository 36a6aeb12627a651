from django.db import migrations, models


class Migration(migrations.Migration):
    """Every game belongs to a campaign: the campaign state and each game's start are always there."""

    dependencies = [
        ("campaigns", "0002_sharing"),
    ]

    operations = [
        migrations.AlterField(
            model_name="campaign",
            name="state",
            field=models.JSONField(help_text="The engine's campaign state, without its current game."),
        ),
        migrations.AlterField(
            model_name="game",
            name="start",
            field=models.JSONField(help_text="The campaign state this game started from."),
        ),
    ]
