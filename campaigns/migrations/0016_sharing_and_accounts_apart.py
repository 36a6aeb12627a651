"""Memberships and invites now belong to the sharing app, profiles to the accounts app: their
models leave this app's state (each new app's 0001 takes them into its own), their tables stay as
they are, and their content types, with the permissions on them, follow them."""

from typing import Any

from django.db import migrations

MOVED = (("membership", "sharing"), ("invite", "sharing"), ("profile", "accounts"))
"""Each moved model, and the app it went to."""


def relabel(apps: Any, schema_editor: Any, moves: list[tuple[str, str, str]]) -> None:
    """Give each (model, old app, new app) content type its new app's label. One already under
    that label (made meanwhile by ``migrate``) is left as it is, as Django leaves it when a model
    is renamed: ``remove_stale_contenttypes`` then offers to remove the old one."""
    content_types = apps.get_model("contenttypes", "ContentType").objects.using(
        schema_editor.connection.alias
    )
    for model, old, new in moves:
        if not content_types.filter(app_label=new, model=model).exists():
            content_types.filter(app_label=old, model=model).update(app_label=new)


def forward(apps: Any, schema_editor: Any) -> None:
    relabel(apps, schema_editor, [(model, "campaigns", app) for model, app in MOVED])


def backward(apps: Any, schema_editor: Any) -> None:
    relabel(apps, schema_editor, [(model, app, "campaigns") for model, app in MOVED])


class Migration(migrations.Migration):
    dependencies = [
        ("campaigns", "0015_one_store"),
        ("sharing", "0001_initial"),
        ("accounts", "0001_initial"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [
        migrations.RunPython(forward, backward),
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name="Membership"),
                migrations.DeleteModel(name="Invite"),
                migrations.DeleteModel(name="Profile"),
            ],
            database_operations=[],
        ),
    ]
