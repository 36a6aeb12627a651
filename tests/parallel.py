"""Independent runs of a long test spread over the machine's cores."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")


def spread(run: Callable[[T], R], values: Iterable[T]) -> list[R]:
    """``run`` of each value, in their order, worked out in one process per core: ``run`` (a
    module-level function, or a partial of one) depends on nothing but its arguments, a seeded
    game say, so the results are those of a loop."""
    with ProcessPoolExecutor(os.cpu_count()) as pool:
        return list(pool.map(run, values))
