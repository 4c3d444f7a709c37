"""Each fee line and tender carries its receipt's business day (its posting date), with
covering indexes, so a period's totals read one index range instead of joining every line
and tender to its receipt.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-03
"""

from collections.abc import Sequence
from types import ModuleType

import sqlalchemy as sa
from alembic import context, op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TABLES = ("receipt_line", "tender")
INDEXES = {
    "receipt_line": ("ix_receipt_line_business_day_account_code_amount", ["account", "code"]),
    "tender": ("ix_tender_business_day_kind_amount", ["kind"]),
}


def _guards() -> ModuleType:
    """Migration 0009, which holds the one definition of the ledger's triggers."""
    script = context.script.get_revision("0009")
    assert script is not None
    return script.module


def _sqlite() -> bool:
    return op.get_bind().dialect.name == "sqlite"


def upgrade() -> None:
    guards = _guards()
    for table in TABLES:
        # The rows are append-only: the backfill gets past their guard and puts it back as
        # it was. On SQLite the NOT NULL below rebuilds the table, which drops its
        # triggers anyway, so they are dropped first and created again after the rebuild.
        if _sqlite():
            guards.drop_guard(table)
        with op.batch_alter_table(table) as batch_op:
            batch_op.add_column(sa.Column("business_day", sa.Date(), nullable=True))
        if not _sqlite():
            op.execute(f"ALTER TABLE {table} DISABLE TRIGGER {table}_append_only")
        op.execute(
            f"UPDATE {table} SET business_day = "
            f"(SELECT receipt.business_day FROM receipt WHERE receipt.id = {table}.receipt_id)"
        )
        if not _sqlite():
            op.execute(f"ALTER TABLE {table} ENABLE TRIGGER {table}_append_only")
        name, middle = INDEXES[table]
        with op.batch_alter_table(table) as batch_op:
            batch_op.alter_column("business_day", existing_type=sa.Date(), nullable=False)
            batch_op.create_index(name, ["business_day", *middle, "amount"], unique=False)
        if _sqlite():
            guards.add_guard(table)


def downgrade() -> None:
    guards = _guards()
    for table in TABLES:
        if _sqlite():
            guards.drop_guard(table)
        with op.batch_alter_table(table) as batch_op:
            batch_op.drop_index(INDEXES[table][0])
            batch_op.drop_column("business_day")
        if _sqlite():
            guards.add_guard(table)
