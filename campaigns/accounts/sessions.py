"""Who is signed in, read on every request in SQL written once: the session, then its user.

Through the ORM, building these two queries cost more than Postgres's work for them. The rows
read are Django's own (its database sessions, its users), made into the same model instances.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.contrib.sessions.backends import db
from django.contrib.sessions.models import Session
from django.core.exceptions import ValidationError
from django.db import connection
from django.utils import timezone

USER = [f.attname for f in User._meta.concrete_fields]
COLUMNS = ", ".join(f'"{f.column}"' for f in User._meta.concrete_fields)
USER_SQL = f'SELECT {COLUMNS} FROM "{User._meta.db_table}" WHERE "{User._meta.pk.column}" = %s'
SESSION_SQL = (
    f'SELECT "session_data", "expire_date" FROM "{Session._meta.db_table}"'
    ' WHERE "session_key" = %s AND "expire_date" > %s'
)


class SessionStore(db.SessionStore):
    """Django's database sessions, each read in one query written once."""

    def _get_session_from_db(self) -> Session | None:
        key = self.session_key
        found = None
        if key is not None:
            with connection.cursor() as cursor:
                cursor.execute(SESSION_SQL, [key, timezone.now()])
                found = cursor.fetchone()
        if key is None or found is None:
            self._session_key = None
            return None
        return Session(session_key=key, session_data=found[0], expire_date=found[1])


def user(user_id: Any) -> User | None:
    """The user with this id (as a session keeps it), or None."""
    try:
        pk = User._meta.pk.to_python(user_id)
    except ValidationError:
        return None
    with connection.cursor() as cursor:
        cursor.execute(USER_SQL, [pk])
        found = cursor.fetchone()
    return None if found is None else User.from_db(connection.alias, USER, list(found))
