"""The census's "dogs in household" answers, one per address and census year, kept as
evidence for the unlicensed-dog list (MGL c.140 §151A) with the file and rows they came from.

Revision ID: 0017
Create Date: 2026-12-06
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0017"
down_revision: str | None = "0016"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "census_answer",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("census_year", sa.Integer(), nullable=False),
        sa.Column("address_key", sa.String(length=160), nullable=False),
        sa.Column("street", sa.String(length=120), nullable=False),
        sa.Column("unit", sa.String(length=30), nullable=True),
        sa.Column("residents", sa.String(length=400), nullable=False),
        sa.Column("surnames", sa.String(length=200), nullable=False),
        sa.Column("dogs", sa.Integer(), nullable=False),
        sa.Column("source_file", sa.String(length=200), nullable=False),
        sa.Column("source_rows", sa.String(length=100), nullable=False),
        sa.Column("imported_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("imported_by", sa.String(length=80), nullable=False),
        sa.CheckConstraint("dogs >= 0", name=op.f("ck_census_answer_dogs_counted")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_census_answer")),
        sa.UniqueConstraint(
            "census_year", "address_key", name=op.f("uq_census_answer_census_year_address_key")
        ),
    )
    with op.batch_alter_table("census_answer", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_census_answer_address_key"), ["address_key"])


def downgrade() -> None:
    with op.batch_alter_table("census_answer", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_census_answer_address_key"))
    op.drop_table("census_answer")
