"""Records brought in from an office's old register: an ``import_batch`` row per import, and
licenses brought in as history (``brought_in``, their import and the fee the old register
says was paid) with no receipt, so that nothing brought in is ever money received here.

Revision ID: 0016
Create Date: 2026-12-05
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0016"
down_revision: str | None = "0015"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "import_batch",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("file_name", sa.String(length=255), nullable=False),
        sa.Column("sheet", sa.String(length=120), nullable=True),
        sa.Column("state", sa.String(length=20), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("imported_by", sa.String(length=80), nullable=False),
        sa.Column("workstation", sa.String(length=120), nullable=False),
        sa.Column("rows_done", sa.Integer(), nullable=False),
        sa.Column("owners_added", sa.Integer(), nullable=False),
        sa.Column("dogs_added", sa.Integer(), nullable=False),
        sa.Column("dogs_merged", sa.Integer(), nullable=False),
        sa.Column("licenses_added", sa.Integer(), nullable=False),
        sa.Column("certificates_added", sa.Integer(), nullable=False),
        sa.Column("kennels_added", sa.Integer(), nullable=False),
        sa.Column("refused", sa.Integer(), nullable=False),
        sa.CheckConstraint(
            "state IN ('running', 'complete', 'cancelled')", name=op.f("ck_import_batch_state")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_import_batch")),
    )
    with op.batch_alter_table("license", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("brought_in", sa.Boolean(), server_default=sa.false(), nullable=False)
        )
        batch_op.add_column(sa.Column("import_batch_id", sa.Integer(), nullable=True))
        batch_op.add_column(
            sa.Column("brought_in_amount", sa.Numeric(precision=12, scale=2), nullable=True)
        )
        batch_op.alter_column("receipt_id", existing_type=sa.Integer(), nullable=True)
        batch_op.create_foreign_key(
            batch_op.f("fk_license_import_batch_id_import_batch"),
            "import_batch",
            ["import_batch_id"],
            ["id"],
        )
        batch_op.create_index(batch_op.f("ix_license_import_batch_id"), ["import_batch_id"])
        batch_op.create_check_constraint(
            batch_op.f("ck_license_paid_or_brought_in"), "receipt_id IS NOT NULL OR brought_in"
        )


def downgrade() -> None:
    # Licenses brought in have no receipt, which the older table cannot hold: they go, and
    # the tags issued with them (the records of the old register, kept in its own file).
    op.execute(
        "DELETE FROM tag_mark WHERE tag_issue_id IN (SELECT id FROM tag_issue WHERE license_id "
        "IN (SELECT id FROM license WHERE brought_in))"
    )
    op.execute(
        "DELETE FROM tag_issue WHERE license_id IN (SELECT id FROM license WHERE brought_in)"
    )
    op.execute(
        "DELETE FROM document_reprint WHERE license_id IN (SELECT id FROM license WHERE brought_in)"
    )
    op.execute("DELETE FROM license WHERE brought_in")
    with op.batch_alter_table("license", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("ck_license_paid_or_brought_in"), "check")
        batch_op.drop_index(batch_op.f("ix_license_import_batch_id"))
        batch_op.drop_constraint(
            batch_op.f("fk_license_import_batch_id_import_batch"), "foreignkey"
        )
        batch_op.alter_column("receipt_id", existing_type=sa.Integer(), nullable=False)
        batch_op.drop_column("brought_in_amount")
        batch_op.drop_column("import_batch_id")
        batch_op.drop_column("brought_in")
    op.drop_table("import_batch")
