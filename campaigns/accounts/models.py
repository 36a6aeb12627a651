"""What a user chose for themself."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Profile(models.Model):
    """What a user chose for themself: the language the site speaks to them."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, models.CASCADE, primary_key=True)
    language = models.CharField(
        max_length=8,
        choices=settings.LANGUAGES,
        blank=True,
        default="",
        help_text="Empty: the language the browser asks for.",
    )

    class Meta:
        db_table = "campaigns_profile"

    def __str__(self) -> str:
        return f"{self.user} · {self.language or 'browser language'}"
