from __future__ import annotations

from django.contrib import admin

from campaigns.accounts.models import Profile


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin[Profile]):
    list_display = ("user", "language")
    list_filter = ("language",)
    search_fields = ("user__username",)
    raw_id_fields = ("user",)
