"""The action benchmark: the app against a floor view on one Postgres, over real HTTP.

Run it as ``python -m tools.bench``."""
