"""Memberships and invites belong to the sharing app, profiles to the accounts app, since
``campaigns`` 0016 and the two apps' 0001: a move in the migrations' state alone. The test migrates
the database back to ``0015_one_store``, writes rows through the campaigns app's historical models,
migrates forward and reads the same rows, with the same ids, through the new apps' models, from the
very same tables (Postgres gives a table made anew another oid); the content types, and a
permission given on one, follow the models; migrating back gives everything back to campaigns."""

from __future__ import annotations

from django.apps.registry import Apps
from django.contrib.auth.models import User
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import TransactionTestCase

from campaigns.accounts.models import Profile
from campaigns.sharing.models import Invite, Membership

BEFORE = [("campaigns", "0015_one_store")]
"""The last state in which the campaigns app held the three models."""
TABLES = ("campaigns_invite", "campaigns_membership", "campaigns_profile")
MOVED = {"invite": "sharing", "membership": "sharing", "profile": "accounts"}
"""Each moved model, by its content type's name, and the app that holds it now."""


class MovedModelsTests(TransactionTestCase):
    def migrate(self, target: list[tuple[str, str]] | None = None) -> Apps:
        """The database migrated to ``target`` (the latest migrations when None); its models."""
        executor = MigrationExecutor(connection)
        target = target or executor.loader.graph.leaf_nodes()
        executor.migrate(target)
        return executor.loader.project_state(target).apps

    def tables(self) -> dict[str, int]:
        """The moved models' tables, by name, with their oids."""
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT relname, oid FROM pg_class WHERE relkind = 'r' AND relname = ANY(%s)", [list(TABLES)]
            )
            return {name: int(oid) for name, oid in cursor.fetchall()}

    def setUp(self) -> None:
        super().setUp()
        self.addCleanup(self.migrate)
        old = self.migrate(BEFORE)
        users = old.get_model("auth", "User").objects
        alice, bob = users.create(username="alice"), users.create(username="bob")
        campaign = old.get_model("campaigns", "Campaign").objects.create(owner=alice, name="River", state={})
        invite = old.get_model("campaigns", "Invite").objects.create(
            campaign=campaign,
            role="play",
            token_hash="a" * 64,
            single_use=True,
            used_count=1,
            created_by=alice,
        )
        member = old.get_model("campaigns", "Membership").objects.create(
            campaign=campaign, user=bob, role="play", invite=invite
        )
        old.get_model("campaigns", "Profile").objects.create(user=bob, language="fr")
        content_types = old.get_model("contenttypes", "ContentType").objects
        self.content_types = {
            model: content_types.get_or_create(app_label="campaigns", model=model)[0].pk for model in MOVED
        }
        permission, _ = old.get_model("auth", "Permission").objects.get_or_create(
            content_type_id=self.content_types["membership"],
            codename="change_membership",
            defaults={"name": "Can change membership"},
        )
        bob.user_permissions.add(permission)
        self.ids = {"campaign": campaign.pk, "alice": alice.pk, "bob": bob.pk, "invite": invite.pk}
        self.ids["membership"] = member.pk
        self.oids = self.tables()

    def test_the_rows_are_read_through_the_new_models_from_the_same_tables(self) -> None:
        self.assertEqual(sorted(self.oids), sorted(TABLES))
        self.migrate()
        self.assertEqual(self.tables(), self.oids)
        self.assertEqual(sorted(m._meta.db_table for m in (Invite, Membership, Profile)), sorted(TABLES))
        invite = Invite.objects.get(pk=self.ids["invite"])
        self.assertEqual(
            (invite.campaign_id, invite.created_by_id, invite.role, invite.token_hash, invite.used_up),
            (self.ids["campaign"], self.ids["alice"], "play", "a" * 64, True),
        )
        member = Membership.objects.inside().get(pk=self.ids["membership"])
        self.assertEqual(
            (member.campaign_id, member.user_id, member.role, member.invite_id),
            (self.ids["campaign"], self.ids["bob"], "play", self.ids["invite"]),
        )
        self.assertEqual(Profile.objects.get(pk=self.ids["bob"]).language, "fr")
        with connection.cursor() as cursor:
            cursor.execute(
                r"SELECT relname FROM pg_class WHERE relname LIKE 'sharing\_%' OR relname LIKE 'accounts\_%'"
            )
            self.assertEqual(cursor.fetchall(), [])

    def test_the_content_types_and_their_permissions_follow_the_models(self) -> None:
        self.migrate()
        ContentType.objects.clear_cache()
        moved = {
            model._meta.model_name: ContentType.objects.get_for_model(model)
            for model in (Invite, Membership, Profile)
        }
        self.assertEqual({name: ct.app_label for name, ct in moved.items()}, MOVED)
        self.assertEqual({name: ct.pk for name, ct in moved.items()}, self.content_types)
        self.assertTrue(User.objects.get(pk=self.ids["bob"]).has_perm("sharing.change_membership"))
        self.assertFalse(ContentType.objects.filter(app_label="campaigns", model__in=MOVED).exists())

    def test_migrating_back_gives_them_back_to_campaigns(self) -> None:
        self.migrate()
        old = self.migrate(BEFORE)
        self.assertEqual(self.tables(), self.oids)
        member = old.get_model("campaigns", "Membership").objects.get(pk=self.ids["membership"])
        self.assertEqual((member.user_id, member.invite_id), (self.ids["bob"], self.ids["invite"]))
        self.assertEqual(old.get_model("campaigns", "Profile").objects.get(pk=self.ids["bob"]).language, "fr")
        content_types = old.get_model("contenttypes", "ContentType").objects.filter(
            pk__in=self.content_types.values()
        )
        self.assertEqual(
            set(content_types.values_list("app_label", "model")), {("campaigns", m) for m in MOVED}
        )
