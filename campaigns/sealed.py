"""What a downloaded file holds that its player must not read, sealed with this site's key.

A sealed text is a Fernet token (AES in CBC mode, then an HMAC-SHA256 over it all) of a JSON
object. Its key is drawn from ``SECRET_KEY`` by HKDF with a salt and a label of its own, so it is
no key Django uses for anything else. Only this site opens the text: a player can neither read
it nor change it unseen. A text sealed under one of ``SECRET_KEY_FALLBACKS`` still opens, so a
new secret key keeps the files saved before it.
"""

from __future__ import annotations

import base64
import json
from typing import Any

from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from django.conf import settings

SALT = b"legacy-of-yu/sealed"
LABEL = b"the seed and hidden moves of a campaign or table file"


class Unopened(ValueError):
    """The text was not sealed by this site's key, or was changed since."""


def seal(value: dict[str, Any]) -> str:
    """``value`` as a text only this site opens."""
    return _fernet().encrypt(json.dumps(value, separators=(",", ":")).encode()).decode("ascii")


def unseal(text: str) -> dict[str, Any]:
    """What :func:`seal` sealed in ``text``; :class:`Unopened` when this site did not seal it
    or it was changed."""
    try:
        value = json.loads(_fernet().decrypt(text.encode("ascii")))
    except (InvalidToken, UnicodeEncodeError):
        raise Unopened from None
    if not isinstance(value, dict):
        raise Unopened
    return value


def _fernet() -> MultiFernet:
    """The current key first (it seals), then each fallback (they only open)."""
    secrets = [settings.SECRET_KEY, *settings.SECRET_KEY_FALLBACKS]
    return MultiFernet([Fernet(_key(secret)) for secret in secrets])


def _key(secret: str | bytes) -> bytes:
    raw = secret.encode() if isinstance(secret, str) else secret
    derived = HKDF(algorithm=hashes.SHA256(), length=32, salt=SALT, info=LABEL).derive(raw)
    return base64.urlsafe_b64encode(derived)
