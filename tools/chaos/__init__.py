"""A reliability run of the app under races, kills and hostile requests: ``python -m tools.chaos``
(see ``__main__``, and docs/reliability.md)."""
