"""Covering indexes for a period's money: receipts by business day with their numbers, and
tenders by receipt with their kind and amount.

Revision ID: 0010
Create Date: 2026-12-03
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Plain CREATE/DROP INDEX: no table is rebuilt, so the ledger's triggers stay in place.
    op.drop_index("ix_receipt_business_day", table_name="receipt")
    op.create_index(
        "ix_receipt_business_day_year_number", "receipt", ["business_day", "year", "number"]
    )
    op.create_index("ix_tender_receipt_id_kind_amount", "tender", ["receipt_id", "kind", "amount"])


def downgrade() -> None:
    op.drop_index("ix_tender_receipt_id_kind_amount", table_name="tender")
    op.drop_index("ix_receipt_business_day_year_number", table_name="receipt")
    op.create_index("ix_receipt_business_day", "receipt", ["business_day"])
