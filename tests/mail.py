"""A real SMTP server for the tests (aiosmtpd), keeping every message it is sent."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from contextlib import contextmanager
from email import message_from_bytes, policy
from email.message import EmailMessage
from typing import Any

from aiosmtpd.controller import Controller


class Catcher:
    """The server's handler: every message accepted, parsed."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        message = message_from_bytes(envelope.content, policy=policy.default)
        assert isinstance(message, EmailMessage)
        self.messages.append(message)
        return "250 Message accepted"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def smtp_server(catcher: Catcher | None = None) -> Iterator[tuple[Catcher, int]]:
    """A running SMTP server on 127.0.0.1 (its messages kept by ``catcher``), and its port."""
    catcher = catcher or Catcher()
    controller = Controller(catcher, hostname="127.0.0.1", port=free_port())
    controller.start()
    try:
        yield catcher, controller.port
    finally:
        controller.stop()


def body(message: EmailMessage) -> str:
    part = message.get_body(("plain",))
    assert part is not None
    text: str = part.get_content()
    return text
