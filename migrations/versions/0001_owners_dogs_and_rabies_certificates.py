"""Owners, dogs and rabies certificates.

Revision ID: 0001
Revises:
Create Date: 2026-12-02
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "owner",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("first_name", sa.String(length=80), nullable=False),
        sa.Column("last_name", sa.String(length=80), nullable=False),
        sa.Column("street", sa.String(length=120), nullable=False),
        sa.Column("unit", sa.String(length=30), nullable=True),
        sa.Column("city", sa.String(length=80), nullable=False),
        sa.Column("state", sa.String(length=2), nullable=False),
        sa.Column("postal_code", sa.String(length=10), nullable=False),
        sa.Column("mailing_street", sa.String(length=120), nullable=True),
        sa.Column("mailing_city", sa.String(length=80), nullable=True),
        sa.Column("mailing_state", sa.String(length=2), nullable=True),
        sa.Column("mailing_postal_code", sa.String(length=10), nullable=True),
        sa.Column("phone", sa.String(length=20), nullable=True),
        sa.Column("phone_alt", sa.String(length=20), nullable=True),
        sa.Column("email", sa.String(length=120), nullable=True),
        sa.Column("birth_date", sa.Date(), nullable=True),
        sa.Column("notes", sa.Text(), nullable=True),
        sa.Column(
            "status",
            sa.Enum(
                "active",
                "moved",
                "deceased",
                name="owner_status",
                native_enum=False,
                create_constraint=True,
                length=20,
            ),
            nullable=False,
        ),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_owner")),
    )
    with op.batch_alter_table("owner", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_owner_last_name_first_name"), ["last_name", "first_name"], unique=False
        )
        batch_op.create_index(batch_op.f("ix_owner_phone"), ["phone"], unique=False)
        batch_op.create_index(batch_op.f("ix_owner_street"), ["street"], unique=False)

    op.create_table(
        "dog",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("owner_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("breed", sa.String(length=60), nullable=False),
        sa.Column("breed_secondary", sa.String(length=60), nullable=True),
        sa.Column("color", sa.String(length=60), nullable=False),
        sa.Column(
            "sex",
            sa.Enum(
                "male", "female", name="sex", native_enum=False, create_constraint=True, length=20
            ),
            nullable=False,
        ),
        sa.Column("altered", sa.Boolean(), nullable=False),
        sa.Column("altered_proof", sa.String(length=120), nullable=True),
        sa.Column("birth_date", sa.Date(), nullable=True),
        sa.Column("birth_date_estimated", sa.Boolean(), nullable=False),
        sa.Column("microchip", sa.String(length=20), nullable=True),
        sa.Column("description", sa.String(length=200), nullable=True),
        sa.Column(
            "status",
            sa.Enum(
                "active",
                "deceased",
                "moved",
                "transferred",
                "lost",
                name="dog_status",
                native_enum=False,
                create_constraint=True,
                length=20,
            ),
            nullable=False,
        ),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["owner_id"], ["owner.id"], name=op.f("fk_dog_owner_id_owner")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_dog")),
    )
    with op.batch_alter_table("dog", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_dog_microchip"), ["microchip"], unique=False)
        batch_op.create_index(batch_op.f("ix_dog_name"), ["name"], unique=False)
        batch_op.create_index(batch_op.f("ix_dog_owner_id"), ["owner_id"], unique=False)

    op.create_table(
        "rabies_certificate",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("dog_id", sa.Integer(), nullable=False),
        sa.Column(
            "kind",
            sa.Enum(
                "vaccination",
                "exemption",
                name="certificate_kind",
                native_enum=False,
                create_constraint=True,
                length=20,
            ),
            nullable=False,
        ),
        sa.Column("vaccination_date", sa.Date(), nullable=True),
        sa.Column("expires_on", sa.Date(), nullable=False),
        sa.Column("duration_years", sa.Integer(), nullable=True),
        sa.Column("vaccine", sa.String(length=80), nullable=True),
        sa.Column("lot_number", sa.String(length=40), nullable=True),
        sa.Column("rabies_tag_number", sa.String(length=40), nullable=True),
        sa.Column("veterinarian", sa.String(length=80), nullable=True),
        sa.Column("clinic", sa.String(length=120), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint(
            "duration_years IS NULL OR duration_years IN (1, 3)",
            name=op.f("ck_rabies_certificate_duration"),
        ),
        sa.CheckConstraint(
            "vaccination_date IS NULL OR expires_on > vaccination_date",
            name=op.f("ck_rabies_certificate_expiry_after_given"),
        ),
        sa.ForeignKeyConstraint(
            ["dog_id"], ["dog.id"], name=op.f("fk_rabies_certificate_dog_id_dog")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rabies_certificate")),
    )
    with op.batch_alter_table("rabies_certificate", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_rabies_certificate_dog_id_expires_on"),
            ["dog_id", "expires_on"],
            unique=False,
        )
        batch_op.create_index(
            batch_op.f("ix_rabies_certificate_rabies_tag_number"),
            ["rabies_tag_number"],
            unique=False,
        )


def downgrade() -> None:
    with op.batch_alter_table("rabies_certificate", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_rabies_certificate_rabies_tag_number"))
        batch_op.drop_index(batch_op.f("ix_rabies_certificate_dog_id_expires_on"))

    op.drop_table("rabies_certificate")
    with op.batch_alter_table("dog", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_dog_owner_id"))
        batch_op.drop_index(batch_op.f("ix_dog_name"))
        batch_op.drop_index(batch_op.f("ix_dog_microchip"))

    op.drop_table("dog")
    with op.batch_alter_table("owner", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_owner_street"))
        batch_op.drop_index(batch_op.f("ix_owner_phone"))
        batch_op.drop_index(batch_op.f("ix_owner_last_name_first_name"))

    op.drop_table("owner")
