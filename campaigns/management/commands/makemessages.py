"""``makemessages`` as this project runs it: every template (the board's Jinja regions too)
and every module of the site and the engines, not the tests, tools or built files.

    python manage.py makemessages -l fr
"""

from __future__ import annotations

from typing import Any

from django.core.management.commands import makemessages

IGNORED = ["tests/*", "tools/*", "docs/*", "staticfiles/*", "test-artifacts/*", "build/*"]
EXTENSIONS = ["html", "txt", "py", "jinja", "svg"]


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, "--no-wrap"]  # noqa: RUF012

    def handle(self, *args: Any, **options: Any) -> None:
        options["ignore_patterns"] = [*options.get("ignore_patterns", []), *IGNORED]
        options["extensions"] = options.get("extensions") or EXTENSIONS
        options["no_obsolete"] = True
        super().handle(*args, **options)
