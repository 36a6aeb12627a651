from django.apps import AppConfig


class CampaignsConfig(AppConfig):
    """The play app: campaigns and tables, their games and logs, and the pages that play them."""

    name = "campaigns"
