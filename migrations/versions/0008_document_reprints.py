"""Document reprints: each reprint of a receipt or license certificate, who, when and why.

Revision ID: 0008
Create Date: 2026-12-03
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "document_reprint",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column(
            "kind",
            sa.Enum(
                "receipt",
                "certificate",
                name="printed_kind",
                native_enum=False,
                create_constraint=True,
                length=20,
            ),
            nullable=False,
        ),
        sa.Column("receipt_id", sa.Integer(), nullable=True),
        sa.Column("license_id", sa.Integer(), nullable=True),
        sa.Column("document_label", sa.String(length=60), nullable=False),
        sa.Column("printed_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("printed_by", sa.String(length=80), nullable=False),
        sa.Column("workstation", sa.String(length=120), nullable=True),
        sa.Column("reason", sa.String(length=200), nullable=True),
        sa.CheckConstraint(
            "(kind = 'receipt' AND receipt_id IS NOT NULL AND license_id IS NULL) OR "
            "(kind = 'certificate' AND license_id IS NOT NULL AND receipt_id IS NULL)",
            name=op.f("ck_document_reprint_names_its_document"),
        ),
        sa.ForeignKeyConstraint(
            ["license_id"], ["license.id"], name=op.f("fk_document_reprint_license_id_license")
        ),
        sa.ForeignKeyConstraint(
            ["receipt_id"], ["receipt.id"], name=op.f("fk_document_reprint_receipt_id_receipt")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_document_reprint")),
    )
    with op.batch_alter_table("document_reprint", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_document_reprint_license_id"), ["license_id"], unique=False
        )
        batch_op.create_index(
            batch_op.f("ix_document_reprint_receipt_id"), ["receipt_id"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("document_reprint", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_document_reprint_receipt_id"))
        batch_op.drop_index(batch_op.f("ix_document_reprint_license_id"))

    op.drop_table("document_reprint")
