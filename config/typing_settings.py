"""The settings as mypy's Django plugin reads them: development's, which need no
secret key, so that `mypy` runs as it is, with or without DEBUG set."""

import os

os.environ.setdefault("DEBUG", "1")

from config.settings import *  # noqa: F403
