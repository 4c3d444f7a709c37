"""Each license's own term (``valid_from``, ``valid_until``): the license year's dates for
every license already written, and a year from its own day where a town's terms roll.

Revision ID: 0014
Create Date: 2026-12-05
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0014"
down_revision: str | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("license", schema=None) as batch_op:
        batch_op.add_column(sa.Column("valid_from", sa.Date(), nullable=True))
        batch_op.add_column(sa.Column("valid_until", sa.Date(), nullable=True))
    op.execute("UPDATE license SET valid_from = license_year_start, valid_until = license_year_end")
    with op.batch_alter_table("license", schema=None) as batch_op:
        batch_op.alter_column("valid_from", existing_type=sa.Date(), nullable=False)
        batch_op.alter_column("valid_until", existing_type=sa.Date(), nullable=False)


def downgrade() -> None:
    with op.batch_alter_table("license", schema=None) as batch_op:
        batch_op.drop_column("valid_until")
        batch_op.drop_column("valid_from")
