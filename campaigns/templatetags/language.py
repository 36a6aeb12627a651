"""``{{ msg|say }}``: an engine's message, or a content text, in the reader's language."""

from __future__ import annotations

from django import template

from campaigns.language import said

register = template.Library()
register.filter("say", said)
