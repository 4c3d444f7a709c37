"""Owner facts a town's exemption may require: year-round residency.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-03
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Owners already on file are not recorded as year-round residents until the clerk says so.
    with op.batch_alter_table("owner", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column(
                "year_round_resident", sa.Boolean(), server_default=sa.false(), nullable=False
            )
        )


def downgrade() -> None:
    with op.batch_alter_table("owner", schema=None) as batch_op:
        batch_op.drop_column("year_round_resident")
