"""Reprints of kennel license certificates: a reprint may name a kennel license, and the kind
``kennel_certificate`` says so. Every reprint stays one row of the one table.

Revision ID: 0015
Create Date: 2026-12-06
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0015"
down_revision: str | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

KINDS_BEFORE = ("receipt", "certificate")
KINDS_AFTER = (*KINDS_BEFORE, "kennel_certificate")

NAMES_BEFORE = (
    "(kind = 'receipt' AND receipt_id IS NOT NULL AND license_id IS NULL) OR "
    "(kind = 'certificate' AND license_id IS NOT NULL AND receipt_id IS NULL)"
)
NAMES_AFTER = (
    "(kind = 'receipt' AND receipt_id IS NOT NULL AND license_id IS NULL "
    "AND kennel_license_id IS NULL) OR "
    "(kind = 'certificate' AND license_id IS NOT NULL AND receipt_id IS NULL "
    "AND kennel_license_id IS NULL) OR "
    "(kind = 'kennel_certificate' AND kennel_license_id IS NOT NULL AND receipt_id IS NULL "
    "AND license_id IS NULL)"
)


def _kinds(values: tuple[str, ...]) -> str:
    return "kind IN (" + ", ".join(f"'{value}'" for value in values) + ")"


def upgrade() -> None:
    with op.batch_alter_table("document_reprint", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("ck_document_reprint_names_its_document"), "check")
        batch_op.drop_constraint(batch_op.f("ck_document_reprint_printed_kind"), "check")
        batch_op.add_column(sa.Column("kennel_license_id", sa.Integer(), nullable=True))
        batch_op.create_foreign_key(
            batch_op.f("fk_document_reprint_kennel_license_id_kennel_license"),
            "kennel_license",
            ["kennel_license_id"],
            ["id"],
        )
        batch_op.create_index(
            batch_op.f("ix_document_reprint_kennel_license_id"), ["kennel_license_id"]
        )
        batch_op.create_check_constraint(
            batch_op.f("ck_document_reprint_printed_kind"), _kinds(KINDS_AFTER)
        )
        batch_op.create_check_constraint(
            batch_op.f("ck_document_reprint_names_its_document"), NAMES_AFTER
        )


def downgrade() -> None:
    # A kennel certificate's reprints have no place in the older table.
    op.execute("DELETE FROM document_reprint WHERE kind = 'kennel_certificate'")
    with op.batch_alter_table("document_reprint", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("ck_document_reprint_names_its_document"), "check")
        batch_op.drop_constraint(batch_op.f("ck_document_reprint_printed_kind"), "check")
        batch_op.drop_index(batch_op.f("ix_document_reprint_kennel_license_id"))
        batch_op.drop_constraint(
            batch_op.f("fk_document_reprint_kennel_license_id_kennel_license"), "foreignkey"
        )
        batch_op.drop_column("kennel_license_id")
        batch_op.create_check_constraint(
            batch_op.f("ck_document_reprint_printed_kind"), _kinds(KINDS_BEFORE)
        )
        batch_op.create_check_constraint(
            batch_op.f("ck_document_reprint_names_its_document"), NAMES_BEFORE
        )
