from django.apps import AppConfig


class SharingConfig(AppConfig):
    """Sharing a campaign: its members, their roles and the invite links that let them in."""

    name = "campaigns.sharing"
    label = "sharing"
