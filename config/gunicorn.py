"""gunicorn's settings for production: uvicorn workers serving the ASGI app.

    .venv/bin/gunicorn -c config/gunicorn.py config.asgi

ASGI lets one process hold many open boards (server-sent events), while
every other request is served in one of the process's threads
(config/handler.py); they take turns at the interpreter, so CPU-bound work
scales with processes:

    BIND             the address to listen on (default 127.0.0.1:8000)
    WEB_CONCURRENCY  worker processes (default: 2 per CPU core, plus 1)
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
from typing import Any, ClassVar

from uvicorn_worker import UvicornWorker

bind = os.environ.get("BIND", "127.0.0.1:8000")
workers = int(os.environ.get("WEB_CONCURRENCY") or 2 * (os.cpu_count() or 1) + 1)
worker_class = "config.gunicorn.Worker"
graceful_timeout = 10
"""Open boards' event streams never end by themselves: a restart cuts them after this, and they reconnect."""
control_socket_disable = True
"""gunicorn's control socket has one path per user: servers side by side would share it."""


class Worker(UvicornWorker):
    """A uvicorn worker that leaves proxy headers to Django: only PROXY_SSL_HEADER and
    CLIENT_IP_HEADER, set for a proxy one runs, say who the client is and how it came."""

    CONFIG_KWARGS: ClassVar[dict[str, Any]] = {"loop": "auto", "http": "auto", "proxy_headers": False}


def post_fork(server: Any, worker: Any) -> None:
    """A worker stops with its master (on Linux), lest it keep the port from the next one."""
    if sys.platform == "linux":
        pr_set_pdeathsig = 1
        ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, signal.SIGTERM)
