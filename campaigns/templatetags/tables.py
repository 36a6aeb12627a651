"""Filters for the tables' templates."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django import template

register = template.Library()


@register.filter
def of(values: Mapping[Any, Any] | Sequence[Any], key: Any) -> Any:
    """``names|of:key``: the entry for ``key`` (a mapping's key or a list's index), or ``key`` itself."""
    if isinstance(values, Mapping):
        return values.get(key, key)
    return values[key] if isinstance(key, int) and 0 <= key < len(values) else key
