"""Each notice sent says what it was: its level (first notice, reminder, final notice), its
total, and the whole notice as printed, so it can be reprinted exactly; each run keeps what
its notices shared (the office, the year, the dates) for the same reason.

Notices recorded before this revision keep their date and kind; their level is read from
the kind (a renewal notice was the first notice, a reminder letter a reminder) and their
amounts are not known.

Revision ID: 0018
Create Date: 2026-12-07
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0018"
down_revision: str | None = "0017"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

LEVEL = sa.Enum(
    "first",
    "reminder",
    "final",
    name="notice_level",
    native_enum=False,
    create_constraint=True,
    length=20,
)


def upgrade() -> None:
    with op.batch_alter_table("notice_run", schema=None) as batch_op:
        batch_op.add_column(sa.Column("printed", sa.Text(), nullable=True))
    with op.batch_alter_table("notice_sent", schema=None) as batch_op:
        batch_op.add_column(sa.Column("level", LEVEL, nullable=True))
        batch_op.add_column(sa.Column("total", sa.Numeric(10, 2), nullable=True))
        batch_op.add_column(sa.Column("printed", sa.Text(), nullable=True))
    op.execute(
        sa.text(
            "UPDATE notice_sent SET level = CASE kind WHEN 'renewal' THEN 'first' "
            "ELSE 'reminder' END"
        )
    )
    with op.batch_alter_table("notice_sent", schema=None) as batch_op:
        batch_op.alter_column("level", existing_type=LEVEL, nullable=False)


def downgrade() -> None:
    with op.batch_alter_table("notice_sent", schema=None) as batch_op:
        # The level's CHECK goes first: a batch copy of the table would keep it otherwise.
        batch_op.drop_constraint(batch_op.f("ck_notice_sent_notice_level"), type_="check")
        batch_op.drop_column("printed")
        batch_op.drop_column("total")
        batch_op.drop_column("level")
    with op.batch_alter_table("notice_run", schema=None) as batch_op:
        batch_op.drop_column("printed")
