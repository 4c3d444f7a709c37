"""Tag stock records the tags' prefix, shape, color and whether they are printed in-house;
marks record spare tags voided or lost and issued tags returned.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-03
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Ranges already on file say nothing of their looks, and were stamped by the supplier.
    with op.batch_alter_table("tag_stock", schema=None) as batch_op:
        batch_op.add_column(sa.Column("prefix", sa.String(length=8), nullable=True))
        batch_op.add_column(sa.Column("shape", sa.String(length=20), nullable=True))
        batch_op.add_column(sa.Column("color", sa.String(length=20), nullable=True))
        batch_op.add_column(
            sa.Column("printed_in_house", sa.Boolean(), server_default=sa.false(), nullable=False)
        )

    op.create_table(
        "tag_mark",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("license_year_start", sa.Date(), nullable=False),
        sa.Column("tag_number", sa.Integer(), nullable=False),
        sa.Column(
            "kind",
            sa.Enum(
                "void",
                "lost",
                "returned",
                name="tag_mark_kind",
                native_enum=False,
                create_constraint=True,
                length=20,
            ),
            nullable=False,
        ),
        sa.Column("tag_issue_id", sa.Integer(), nullable=True),
        sa.Column("reason", sa.String(length=200), nullable=True),
        sa.Column("marked_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("marked_by", sa.String(length=80), nullable=False),
        sa.Column("cleared_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("cleared_by", sa.String(length=80), nullable=True),
        sa.Column("cleared_reason", sa.String(length=200), nullable=True),
        sa.ForeignKeyConstraint(
            ["tag_issue_id"], ["tag_issue.id"], name=op.f("fk_tag_mark_tag_issue_id_tag_issue")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tag_mark")),
    )
    with op.batch_alter_table("tag_mark", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_tag_mark_tag_issue_id"), ["tag_issue_id"], unique=False
        )
        batch_op.create_index(batch_op.f("ix_tag_mark_tag_number"), ["tag_number"], unique=False)
        batch_op.create_index(
            "uq_tag_mark_in_force",
            ["license_year_start", "tag_number"],
            unique=True,
            sqlite_where=sa.text("cleared_at IS NULL"),
            postgresql_where=sa.text("cleared_at IS NULL"),
        )


def downgrade() -> None:
    with op.batch_alter_table("tag_mark", schema=None) as batch_op:
        batch_op.drop_index(
            "uq_tag_mark_in_force",
            sqlite_where=sa.text("cleared_at IS NULL"),
            postgresql_where=sa.text("cleared_at IS NULL"),
        )
        batch_op.drop_index(batch_op.f("ix_tag_mark_tag_number"))
        batch_op.drop_index(batch_op.f("ix_tag_mark_tag_issue_id"))
    op.drop_table("tag_mark")

    with op.batch_alter_table("tag_stock", schema=None) as batch_op:
        batch_op.drop_column("printed_in_house")
        batch_op.drop_column("color")
        batch_op.drop_column("shape")
        batch_op.drop_column("prefix")
