"""The boards' shared cache: Django's Redis cache, which Redis being out of reach makes slower,
never broken."""

from __future__ import annotations

import logging
from typing import Any

from django.core.cache.backends.redis import RedisCache
from redis.exceptions import ConnectionError, TimeoutError

log = logging.getLogger(__name__)

UNREACHABLE = (ConnectionError, TimeoutError)


class BoardCache(RedisCache):
    """What is kept here is drawn again when it is missing: while Redis cannot be reached (down,
    restarting, failing over), a read finds nothing and a write keeps nothing, with a warning in
    the log, and the boards are drawn afresh."""

    def get(self, key: Any, default: Any = None, version: int | None = None) -> Any:
        try:
            return super().get(key, default, version)
        except UNREACHABLE as exc:
            log.warning("The boards' cache is out of reach: %s", exc)
            return default

    def set(self, key: Any, value: Any, timeout: Any = None, version: int | None = None) -> None:
        try:
            super().set(key, value, timeout, version)
        except UNREACHABLE as exc:
            log.warning("The boards' cache is out of reach: %s", exc)
