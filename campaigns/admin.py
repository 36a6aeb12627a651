from __future__ import annotations

from django.contrib import admin

from campaigns.models import Campaign, Game, GameAction, Invite, Membership


@admin.register(Campaign)
class CampaignAdmin(admin.ModelAdmin[Campaign]):
    list_display = ("name", "owner", "code", "game_number", "wins", "losses", "status", "version", "updated")
    list_filter = ("status",)
    search_fields = ("name", "code", "owner__username")
    readonly_fields = ("code", "created", "updated")
    raw_id_fields = ("owner",)


class GameActionInline(admin.TabularInline[GameAction, Game]):
    model = GameAction
    fields = ("seq", "key", "revealed", "undoes", "created")
    readonly_fields = fields
    extra = 0
    can_delete = False
    show_change_link = True


@admin.register(Game)
class GameAdmin(admin.ModelAdmin[Game]):
    list_display = ("campaign", "run", "number", "seed", "version", "outcome", "updated")
    list_filter = ("outcome",)
    search_fields = ("code", "campaign__name", "campaign__code")
    readonly_fields = ("code", "created", "updated")
    raw_id_fields = ("campaign",)
    inlines = (GameActionInline,)


@admin.register(GameAction)
class GameActionAdmin(admin.ModelAdmin[GameAction]):
    list_display = ("game", "seq", "key", "revealed", "undoes", "created")
    list_filter = ("revealed",)
    search_fields = ("key", "game__code")
    raw_id_fields = ("game",)

    def has_change_permission(self, request: object, obj: object = None) -> bool:
        return False  # the log is append-only


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin[Membership]):
    list_display = ("campaign", "user", "role", "created")
    list_filter = ("role",)
    search_fields = ("campaign__name", "campaign__code", "user__username")
    readonly_fields = ("code", "invite", "created")
    raw_id_fields = ("campaign", "user")


@admin.register(Invite)
class InviteAdmin(admin.ModelAdmin[Invite]):
    """Invites as stored: the token's hash only; a lost link is revoked, never recovered."""

    list_display = (
        "campaign",
        "role",
        "single_use",
        "used_count",
        "used_at",
        "revoked_at",
        "created_by",
        "created",
    )
    list_filter = ("role", "single_use")
    search_fields = ("campaign__name", "campaign__code", "created_by__username")
    readonly_fields = ("code", "token_hash", "used_count", "used_at", "created_by", "created")
    raw_id_fields = ("campaign",)

    def has_add_permission(self, request: object) -> bool:
        return False  # a link is made by its campaign's owner, who alone sees it once
