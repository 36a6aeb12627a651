"""Memberships and invites, moved here from the campaigns app in its state only: their tables,
``campaigns_membership`` and ``campaigns_invite``, stay as they are (campaigns' 0016 takes the
models out of its own state)."""

import uuid

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
                    name="Invite",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("code", models.UUIDField(default=uuid.uuid4, editable=False, unique=True)),
                        (
                            "role",
                            models.CharField(
                                choices=[("watch", "watcher"), ("play", "player")],
                                default="watch",
                                max_length=8,
                            ),
                        ),
                        ("token_hash", models.CharField(editable=False, max_length=64, unique=True)),
                        ("single_use", models.BooleanField(default=False)),
                        ("used_count", models.PositiveIntegerField(default=0)),
                        (
                            "used_at",
                            models.DateTimeField(
                                blank=True, help_text="When it last let someone in.", null=True
                            ),
                        ),
                        ("revoked_at", models.DateTimeField(blank=True, null=True)),
                        ("created", models.DateTimeField(auto_now_add=True)),
                        (
                            "campaign",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="invites",
                                to="campaigns.campaign",
                            ),
                        ),
                        (
                            "created_by",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="+",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                    options={
                        "db_table": "campaigns_invite",
                        "ordering": ("campaign", "-created"),
                    },
                ),
                migrations.CreateModel(
                    name="Membership",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("code", models.UUIDField(default=uuid.uuid4, editable=False, unique=True)),
                        (
                            "role",
                            models.CharField(
                                choices=[("watch", "watcher"), ("play", "player")],
                                default="watch",
                                max_length=8,
                            ),
                        ),
                        (
                            "status",
                            models.CharField(
                                choices=[("in", "in"), ("left", "left"), ("removed", "removed by the owner")],
                                default="in",
                                max_length=8,
                            ),
                        ),
                        (
                            "decided",
                            models.DateTimeField(
                                blank=True,
                                help_text="When the owner last set their role or took them out: links made before cannot undo it.",
                                null=True,
                            ),
                        ),
                        ("created", models.DateTimeField(auto_now_add=True)),
                        (
                            "campaign",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="memberships",
                                to="campaigns.campaign",
                            ),
                        ),
                        (
                            "invite",
                            models.ForeignKey(
                                blank=True,
                                help_text="The link they used.",
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="members",
                                to="sharing.invite",
                            ),
                        ),
                        (
                            "user",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="memberships",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                    options={
                        "db_table": "campaigns_membership",
                        "ordering": ("campaign", "created"),
                        "constraints": [
                            models.UniqueConstraint(
                                fields=("campaign", "user"), name="one_membership_per_user"
                            )
                        ],
                    },
                ),
            ],
            database_operations=[],
        ),
    ]
