from __future__ import annotations

from django.contrib import admin

from campaigns.sharing.models import Invite, Membership


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
