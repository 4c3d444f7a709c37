"""Search indexes: the word index read in both directions without touching its table.

``(token, field, owner_id, dog_id)`` answers a prefix range scan (token >= 'smi' AND
token < 'smj') from the index alone; ``(owner_id, token, field, dog_id)`` answers "does this
owner have a word starting with ..." in one seek, which is how the other words of a
several-word search are checked. They replace the single-column indexes on ``token`` and
``owner_id``, whose work they do.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-09
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("search_token", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_search_token_token_field_owner_id_dog_id"),
            ["token", "field", "owner_id", "dog_id"],
            unique=False,
        )
        batch_op.create_index(
            batch_op.f("ix_search_token_owner_id_token_field_dog_id"),
            ["owner_id", "token", "field", "dog_id"],
            unique=False,
        )
        batch_op.drop_index(batch_op.f("ix_search_token_token"))
        batch_op.drop_index(batch_op.f("ix_search_token_owner_id"))


def downgrade() -> None:
    with op.batch_alter_table("search_token", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_search_token_owner_id"), ["owner_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_search_token_token"), ["token"], unique=False)
        batch_op.drop_index(batch_op.f("ix_search_token_owner_id_token_field_dog_id"))
        batch_op.drop_index(batch_op.f("ix_search_token_token_field_owner_id_dog_id"))
