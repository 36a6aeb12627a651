"""The HTTP client: one browser with its own cookies and address, and the answers it gets."""

from __future__ import annotations

import http.client
import secrets
import time
import urllib.parse
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .tally import Run
from .world import HOST

Fields = Mapping[str, str | bytes] | Sequence[tuple[str, str | bytes]]
"""A form's fields: a dict, or pairs (to repeat a name, or leave one out)."""


class Dropped(Exception):
    """A request that got no answer: the connection was refused, reset or closed."""


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    text: str
    t1: float
    """When it came."""

    @property
    def location(self) -> str:
        return urllib.parse.urlsplit(self.headers.get("location", "")).path


class Client:
    """One browser: its own cookies and client address, one connection per request, no redirect
    followed.

    Every request carries what the TLS proxy in front of the app would add: ``X-Forwarded-Proto:
    https`` (so the app's cookies come back Secure, which ``http.cookiejar`` would not send over
    plain http: they are kept here by hand) and the client's address in ``X-Real-IP``, which the
    throttles on log-in, sign-up and joining count by.
    """

    def __init__(self, run: Run, address: str) -> None:
        self.run = run
        self.address = address
        self.cookies: dict[str, str] = {}
        self.origin = f"https://{HOST}:{run.port}"

    def copy(self, address: str | None = None) -> Client:
        twin = Client(self.run, address or self.address)
        twin.cookies = dict(self.cookies)
        return twin

    @property
    def token(self) -> str:
        return self.cookies.get("csrftoken", "")

    def get(self, path: str, kind: str) -> Answer:
        return self.request("GET", path, kind)

    def post(self, path: str, fields: Fields, kind: str, htmx: bool = False) -> Answer:
        return self.request("POST", path, kind, fields=fields, htmx=htmx)

    def request(
        self,
        method: str,
        path: str,
        kind: str,
        *,
        fields: Fields | None = None,
        files: dict[str, tuple[str, bytes]] | None = None,
        htmx: bool = False,
        csrf: bool = True,
        token: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> Answer:
        """Send one request, counted under ``kind``; its answer, or Dropped when none came."""
        sent = {
            "Host": f"{HOST}:{self.run.port}",
            "User-Agent": "yu-chaos (tools.chaos)",
            "Accept": "text/html,*/*",
            "X-Forwarded-Proto": "https",
            "X-Real-IP": self.address,
            "Referer": self.origin + "/",
            "Connection": "close",
        }
        items = list(fields.items()) if isinstance(fields, Mapping) else list(fields or [])
        if method not in ("GET", "HEAD") and csrf:
            sent["Origin"] = self.origin
            value = self.token if token is None else token
            if htmx:
                sent["X-CSRFToken"] = value
            else:
                items.append(("csrfmiddlewaretoken", value))
        if htmx:
            sent |= {"HX-Request": "true", "HX-Current-URL": self.origin + path}
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body: bytes | None = None
        if files is not None:
            boundary = "chaos" + secrets.token_hex(12)
            body = multipart(boundary, items, files)
            sent["Content-Type"] = f"multipart/form-data; boundary={boundary}"
        elif method != "GET" and (items or fields is not None):
            body = urllib.parse.urlencode(items).encode()
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        sent |= headers or {}
        t0 = time.time()
        conn = http.client.HTTPConnection(HOST, self.run.server(), timeout=60)
        try:
            conn.request(method, path, body=body, headers=sent)
            response = conn.getresponse()
            text = response.read().decode("utf-8", errors="replace")
        except (OSError, http.client.HTTPException) as exc:
            self.run.no_answer(kind)
            raise Dropped(f"{method} {path}: {exc!r}") from exc
        finally:
            conn.close()
        t1 = time.time()
        for cookie in response.headers.get_all("Set-Cookie") or []:
            self.keep(cookie)
        self.run.answered(kind, method, path, response.status, t0, t1)
        return Answer(response.status, {k.lower(): v for k, v in response.headers.items()}, text, t1)

    def keep(self, header: str) -> None:
        """Keep (or forget) a cookie from a Set-Cookie header, as a browser on https would."""
        pair, *attributes = header.split(";")
        name, _, value = pair.strip().partition("=")
        expired = any(a.strip().lower() in ("max-age=0", "max-age=-1") for a in attributes)
        if expired or value in ("", '""'):
            self.cookies.pop(name, None)
        else:
            self.cookies[name] = value


def multipart(
    boundary: str, items: Sequence[tuple[str, str | bytes]], files: dict[str, tuple[str, bytes]]
) -> bytes:
    parts: list[bytes] = []
    for name, value in items:
        data = value if isinstance(value, bytes) else value.encode()
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n'.encode())
        parts.append(data + b"\r\n")
    for name, (filename, data) in files.items():
        head = (
            f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; filename="{filename}"\r\n'
            "Content-Type: application/json\r\n\r\n"
        )
        parts.append(head.encode() + data + b"\r\n")
    parts.append(f"--{boundary}--\r\n".encode())
    return b"".join(parts)
