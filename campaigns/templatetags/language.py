"""``{{ msg|say }}``: an engine's message in the reader's language; ``{{ card.name|content }}``: a
game's content text in it."""

from __future__ import annotations

from django import template

from campaigns.reader import content, said

register = template.Library()
register.filter("say", said)
register.filter("content", content)
