"""The floor: the least a Django action can cost on this stack, to measure the app against.

One view, ``POST /act/<row>/``: in one transaction it reads a row holding about 30 KB of JSONB,
writes it back changed (only if its version is still the one read, as the app does), inserts a log
row, and answers 3 KB of HTML. Its own settings (no apps, no sessions, no templates) but the
app's database settings, pool included, so both reach Postgres the same way; served by the same
gunicorn as the app: ``gunicorn -c config/gunicorn.py tools.bench.floor:application``. The bench
makes its two tables (tools/bench/world.py).
"""

from __future__ import annotations

import json
import os
from typing import Any

from django.conf import settings
from django.core.wsgi import get_wsgi_application
from django.db import connection, transaction
from django.http import HttpRequest, HttpResponse
from django.urls import path
from django.views.decorators.http import require_POST

from config import settings as app
from config.handler import application as handler

ITEMS = 24
"""List items on the answered page: about 3 KB of HTML."""


@require_POST
def act(request: HttpRequest, row: int) -> HttpResponse:
    key = request.POST.get("key", "")
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SELECT version, state FROM bench_floor_state WHERE id = %s", [row])
        found = cursor.fetchone()
        if found is None:
            return HttpResponse("no such row", status=404)
        version, stored = found
        state: dict[str, Any] = json.loads(stored) if isinstance(stored, str) else stored
        state["moves"] += 1
        state["cards"].append(state["cards"].pop(0))
        cursor.execute(
            "UPDATE bench_floor_state SET version = version + 1, state = %s::jsonb"
            " WHERE id = %s AND version = %s",
            [json.dumps(state), row, version],
        )
        if cursor.rowcount != 1:
            return HttpResponse("stale", status=409)
        cursor.execute(
            "INSERT INTO bench_floor_log (state_id, seq, key, created) VALUES (%s, %s, %s, now())",
            [row, version + 1, key],
        )
    return HttpResponse(page(state, version + 1))


def page(state: dict[str, Any], version: int) -> str:
    items = "".join(
        f'<li class="card {card["zone"]}" id="{card["id"]}"><b>{card["id"]}</b> in the {card["zone"]}: '
        f"{card['text']}</li>\n"
        for card in state["cards"][:ITEMS]
    )
    return (
        f'<section id="floor" hx-swap-oob="true"><h2>Move {state["moves"]}</h2>'
        f'<input type="hidden" id="board-version" value="{version}">\n<ul>\n{items}</ul></section>'
    )


urlpatterns = [path("act/<int:row>/", act)]

if not settings.configured:
    settings.configure(
        DEBUG=False,
        SECRET_KEY=app.SECRET_KEY,
        ALLOWED_HOSTS=app.ALLOWED_HOSTS,
        ROOT_URLCONF=__name__,
        DATABASES=app.DATABASES,
        INSTALLED_APPS=[],
        MIDDLEWARE=["campaigns.timing.ServerTiming"] if os.environ.get("SERVER_TIMING") == "1" else [],
        USE_TZ=True,
    )
application = handler()
wsgi_application = get_wsgi_application()
"""The same view for gunicorn's threaded workers (``tools.bench --threads``)."""
