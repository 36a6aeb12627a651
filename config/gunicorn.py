"""gunicorn's settings for production: uvicorn workers serving the ASGI app.

    .venv/bin/gunicorn -c config/gunicorn.py config.asgi

ASGI lets one process hold many open boards (server-sent events) while
its sync views run one at a time, so CPU-bound work scales with processes:

    BIND             the address to listen on (default 127.0.0.1:8000)
    WEB_CONCURRENCY  worker processes (default: 2 per CPU core, plus 1)
"""

from __future__ import annotations

import os

bind = os.environ.get("BIND", "127.0.0.1:8000")
workers = int(os.environ.get("WEB_CONCURRENCY") or 2 * (os.cpu_count() or 1) + 1)
worker_class = "uvicorn_worker.UvicornWorker"
graceful_timeout = 10
"""Open boards' event streams never end by themselves: a restart cuts them after this, and they reconnect."""
