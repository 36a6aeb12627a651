"""Remove for good the campaigns deleted more than seven days ago (run it daily).

python manage.py purgecampaigns
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from campaigns import store


class Command(BaseCommand):
    help = "Remove for good the campaigns deleted long enough ago that they can no longer be restored."

    def handle(self, *args: Any, **options: Any) -> None:
        count = store.purge()
        self.stdout.write(f"{count} deleted campaign(s) removed for good.")
