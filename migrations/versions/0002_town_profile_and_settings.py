"""Town profile versions and office-wide settings.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-02
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "setting",
        sa.Column("key", sa.String(length=60), nullable=False),
        sa.Column("value", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("key", name=op.f("pk_setting")),
    )
    op.create_table(
        "town_profile_version",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("town_id", sa.String(length=40), nullable=False),
        sa.Column("name", sa.String(length=120), nullable=False),
        sa.Column("profile_toml", sa.Text(), nullable=False),
        sa.Column("saved_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("saved_by", sa.String(length=80), nullable=False),
        sa.Column("note", sa.String(length=200), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_town_profile_version")),
    )
    with op.batch_alter_table("town_profile_version", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_town_profile_version_town_id_saved_at"),
            ["town_id", "saved_at"],
            unique=False,
        )


def downgrade() -> None:
    with op.batch_alter_table("town_profile_version", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_town_profile_version_town_id_saved_at"))

    op.drop_table("town_profile_version")
    op.drop_table("setting")
