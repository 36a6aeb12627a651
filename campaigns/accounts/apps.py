from django.apps import AppConfig


class AccountsConfig(AppConfig):
    """Accounts: signing up and in, the throttles on them, and each user's profile."""

    name = "campaigns.accounts"
    label = "accounts"

    def ready(self) -> None:
        from campaigns.accounts import language  # noqa: F401  (connects its sign-in receiver)
