"""Whom each notice run went to: one row per owner sent a renewal notice or reminder letter,
with the date printed on it (a late fee may be counted from it).

Revision ID: 0013
Create Date: 2026-12-05
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "notice_sent",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("notice_run_id", sa.Integer(), nullable=False),
        sa.Column("owner_id", sa.Integer(), nullable=False),
        sa.Column("license_year_start", sa.Date(), nullable=False),
        sa.Column(
            "kind",
            sa.Enum(
                "renewal",
                "reminder",
                name="notice_kind",
                native_enum=False,
                create_constraint=True,
                length=20,
            ),
            nullable=False,
        ),
        sa.Column("sent_on", sa.Date(), nullable=False),
        sa.ForeignKeyConstraint(
            ["notice_run_id"],
            ["notice_run.id"],
            name=op.f("fk_notice_sent_notice_run_id_notice_run"),
        ),
        sa.ForeignKeyConstraint(
            ["owner_id"], ["owner.id"], name=op.f("fk_notice_sent_owner_id_owner")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_notice_sent")),
        sa.UniqueConstraint(
            "notice_run_id", "owner_id", name=op.f("uq_notice_sent_notice_run_id_owner_id")
        ),
    )
    with op.batch_alter_table("notice_sent", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_notice_sent_owner_id_license_year_start"),
            ["owner_id", "license_year_start"],
            unique=False,
        )


def downgrade() -> None:
    with op.batch_alter_table("notice_sent", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_notice_sent_owner_id_license_year_start"))

    op.drop_table("notice_sent")
