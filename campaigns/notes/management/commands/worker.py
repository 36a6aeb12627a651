"""``manage.py worker``: django-tasks-db's ``db_worker``, with its options, that first sends the
notes left due by a worker that stopped half-way (their task was taken and never finished)."""

from __future__ import annotations

from typing import Any

from django_tasks_db.management.commands.db_worker import Command as DatabaseWorker

from campaigns.notes import outbox


class Command(DatabaseWorker):
    help = "Run the tasks (the notes), after sending those left due."

    def handle(self, **options: Any) -> None:
        outbox.send_due()
        super().handle(**options)
