from __future__ import annotations

from django.contrib import admin

from campaigns.models import Campaign, Game, GameAction


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
