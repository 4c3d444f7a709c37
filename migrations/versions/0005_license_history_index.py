"""An index on a dog's licenses by year, for its history at the counter.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-02
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("license", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_license_dog_id_license_year_start"),
            ["dog_id", "license_year_start"],
            unique=False,
        )


def downgrade() -> None:
    with op.batch_alter_table("license", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_license_dog_id_license_year_start"))
