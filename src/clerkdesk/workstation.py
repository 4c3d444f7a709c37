"""The name this computer goes by in the ledger, the audit trail and reprint records."""

from __future__ import annotations

import platform


def workstation_name() -> str:
    return (platform.node() or "unknown workstation")[:120]
