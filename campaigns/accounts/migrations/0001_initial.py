"""The profile, moved here from the campaigns app in its state only: its table,
``campaigns_profile``, stays as it is (campaigns' 0016 takes the model out of its own state)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("campaigns", "0015_one_store"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="Profile",
                    fields=[
                        (
                            "user",
                            models.OneToOneField(
                                on_delete=django.db.models.deletion.CASCADE,
                                primary_key=True,
                                serialize=False,
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                        (
                            "language",
                            models.CharField(
                                blank=True,
                                choices=[("en", "English"), ("fr", "Français")],
                                default="",
                                help_text="Empty: the language the browser asks for.",
                                max_length=8,
                            ),
                        ),
                    ],
                    options={"db_table": "campaigns_profile"},
                ),
            ],
            database_operations=[],
        ),
    ]
