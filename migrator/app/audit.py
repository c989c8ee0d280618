"""Use case: audit the service's API logs (migrator/auditlog.py) with the selected rules."""

from __future__ import annotations

from collections.abc import Sequence

from ..auditlog import AuditReport, audit
from ..ruletable import load_table
from .settings import Settings


def audit_logs(files: Sequence[str], settings: Settings) -> AuditReport:
    table = load_table()
    return audit(list(files), table, settings.rules(table))
