from django.apps import AppConfig


class NotesConfig(AppConfig):
    """Notes sent when it is a player's move: where to, how often, and those queued or sent."""

    name = "campaigns.notes"
    label = "notes"

    def ready(self) -> None:
        from campaigns.notes import clock, outbox  # noqa: F401 (they listen for the moves that pass the turn)
