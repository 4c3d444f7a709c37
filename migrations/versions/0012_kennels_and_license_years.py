"""Kennels (their rosters, inspections, licenses and tags), license year openings and the
notice runs mailed for a year.

Revision ID: 0012
Create Date: 2026-12-03
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "license_year_opening",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("license_year_start", sa.Date(), nullable=False),
        sa.Column("license_year_end", sa.Date(), nullable=False),
        sa.Column("license_year_label", sa.String(length=10), nullable=False),
        sa.Column("schedule_effective", sa.Date(), nullable=False),
        sa.Column("early_sale_from", sa.Date(), nullable=True),
        sa.Column("tags_on_hand", sa.Integer(), nullable=False),
        sa.Column("opened_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("opened_by", sa.String(length=80), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_license_year_opening")),
        sa.UniqueConstraint(
            "license_year_start", name=op.f("uq_license_year_opening_license_year_start")
        ),
    )
    op.create_table(
        "notice_run",
        sa.Column("id", sa.Integer(), nullable=False),
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
        sa.Column("license_year_start", sa.Date(), nullable=False),
        sa.Column("owners", sa.Integer(), nullable=False),
        sa.Column("dogs", sa.Integer(), nullable=False),
        sa.Column("kennels", sa.Integer(), nullable=False),
        sa.Column("postcards", sa.Boolean(), nullable=False),
        sa.Column("made_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("made_by", sa.String(length=80), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_notice_run")),
    )
    with op.batch_alter_table("notice_run", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_notice_run_license_year_start_kind"),
            ["license_year_start", "kind"],
            unique=False,
        )

    op.create_table(
        "kennel",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=120), nullable=False),
        sa.Column("keeper_id", sa.Integer(), nullable=False),
        sa.Column("premises_street", sa.String(length=120), nullable=False),
        sa.Column("premises_unit", sa.String(length=30), nullable=True),
        sa.Column("premises_city", sa.String(length=80), nullable=False),
        sa.Column("premises_postal_code", sa.String(length=10), nullable=False),
        sa.Column("kennel_class", sa.String(length=30), nullable=False),
        sa.Column("category", sa.String(length=60), nullable=True),
        sa.Column("max_dogs", sa.Integer(), nullable=False),
        sa.Column(
            "status",
            sa.Enum(
                "active",
                "closed",
                name="kennel_status",
                native_enum=False,
                create_constraint=True,
                length=20,
            ),
            nullable=False,
        ),
        sa.Column("status_changed_on", sa.Date(), nullable=True),
        sa.Column("notes", sa.Text(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("created_by", sa.String(length=80), nullable=False),
        sa.CheckConstraint("max_dogs > 0", name=op.f("ck_kennel_max_dogs")),
        sa.ForeignKeyConstraint(
            ["keeper_id"], ["owner.id"], name=op.f("fk_kennel_keeper_id_owner")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_kennel")),
    )
    with op.batch_alter_table("kennel", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_kennel_keeper_id"), ["keeper_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_kennel_name"), ["name"], unique=False)

    op.create_table(
        "kennel_dog",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("kennel_id", sa.Integer(), nullable=False),
        sa.Column("dog_id", sa.Integer(), nullable=False),
        sa.Column("added_on", sa.Date(), nullable=False),
        sa.Column("added_by", sa.String(length=80), nullable=False),
        sa.Column("removed_on", sa.Date(), nullable=True),
        sa.Column("removed_by", sa.String(length=80), nullable=True),
        sa.CheckConstraint(
            "removed_on IS NULL OR removed_on >= added_on", name=op.f("ck_kennel_dog_removed_after")
        ),
        sa.ForeignKeyConstraint(["dog_id"], ["dog.id"], name=op.f("fk_kennel_dog_dog_id_dog")),
        sa.ForeignKeyConstraint(
            ["kennel_id"], ["kennel.id"], name=op.f("fk_kennel_dog_kennel_id_kennel")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_kennel_dog")),
    )
    with op.batch_alter_table("kennel_dog", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_kennel_dog_dog_id"), ["dog_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_kennel_dog_kennel_id"), ["kennel_id"], unique=False)

    op.create_table(
        "kennel_inspection",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("kennel_id", sa.Integer(), nullable=False),
        sa.Column("license_year_start", sa.Date(), nullable=False),
        sa.Column("inspected_on", sa.Date(), nullable=False),
        sa.Column(
            "result",
            sa.Enum(
                "passed",
                "failed",
                name="inspection_result",
                native_enum=False,
                create_constraint=True,
                length=20,
            ),
            nullable=False,
        ),
        sa.Column("inspector", sa.String(length=80), nullable=False),
        sa.Column("notes", sa.Text(), nullable=True),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("recorded_by", sa.String(length=80), nullable=False),
        sa.ForeignKeyConstraint(
            ["kennel_id"], ["kennel.id"], name=op.f("fk_kennel_inspection_kennel_id_kennel")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_kennel_inspection")),
    )
    with op.batch_alter_table("kennel_inspection", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_kennel_inspection_kennel_id_license_year_start"),
            ["kennel_id", "license_year_start"],
            unique=False,
        )

    op.create_table(
        "kennel_license",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("kennel_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("license_year_start", sa.Date(), nullable=False),
        sa.Column("license_year_end", sa.Date(), nullable=False),
        sa.Column("license_year_label", sa.String(length=10), nullable=False),
        sa.Column("kennel_class", sa.String(length=30), nullable=False),
        sa.Column("category", sa.String(length=60), nullable=True),
        sa.Column("max_dogs", sa.Integer(), nullable=False),
        sa.Column("dogs_counted", sa.Integer(), nullable=False),
        sa.Column("inspection_id", sa.Integer(), nullable=True),
        sa.Column("receipt_id", sa.Integer(), nullable=False),
        sa.Column(
            "status",
            sa.Enum(
                "issued",
                "void",
                "transferred",
                "replaced",
                name="license_status",
                native_enum=False,
                create_constraint=True,
                length=20,
            ),
            nullable=False,
        ),
        sa.Column("issued_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("issued_by", sa.String(length=80), nullable=False),
        sa.Column("status_changed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("status_changed_by", sa.String(length=80), nullable=True),
        sa.Column("status_reason", sa.String(length=200), nullable=True),
        sa.ForeignKeyConstraint(
            ["inspection_id"],
            ["kennel_inspection.id"],
            name=op.f("fk_kennel_license_inspection_id_kennel_inspection"),
        ),
        sa.ForeignKeyConstraint(
            ["kennel_id"], ["kennel.id"], name=op.f("fk_kennel_license_kennel_id_kennel")
        ),
        sa.ForeignKeyConstraint(
            ["receipt_id"], ["receipt.id"], name=op.f("fk_kennel_license_receipt_id_receipt")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_kennel_license")),
        sa.UniqueConstraint(
            "license_year_start", "number", name=op.f("uq_kennel_license_license_year_start_number")
        ),
    )
    with op.batch_alter_table("kennel_license", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_kennel_license_kennel_id_license_year_start"),
            ["kennel_id", "license_year_start"],
            unique=False,
        )
        batch_op.create_index(
            batch_op.f("ix_kennel_license_receipt_id"), ["receipt_id"], unique=False
        )

    op.create_table(
        "kennel_tag",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("kennel_license_id", sa.Integer(), nullable=False),
        sa.Column("dog_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("issued_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("issued_by", sa.String(length=80), nullable=False),
        sa.ForeignKeyConstraint(["dog_id"], ["dog.id"], name=op.f("fk_kennel_tag_dog_id_dog")),
        sa.ForeignKeyConstraint(
            ["kennel_license_id"],
            ["kennel_license.id"],
            name=op.f("fk_kennel_tag_kennel_license_id_kennel_license"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_kennel_tag")),
        sa.UniqueConstraint(
            "kennel_license_id", "dog_id", name=op.f("uq_kennel_tag_kennel_license_id_dog_id")
        ),
        sa.UniqueConstraint(
            "kennel_license_id", "position", name=op.f("uq_kennel_tag_kennel_license_id_position")
        ),
    )
    with op.batch_alter_table("kennel_tag", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_kennel_tag_dog_id"), ["dog_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("kennel_tag", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_kennel_tag_dog_id"))

    op.drop_table("kennel_tag")
    with op.batch_alter_table("kennel_license", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_kennel_license_receipt_id"))
        batch_op.drop_index(batch_op.f("ix_kennel_license_kennel_id_license_year_start"))

    op.drop_table("kennel_license")
    with op.batch_alter_table("kennel_inspection", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_kennel_inspection_kennel_id_license_year_start"))

    op.drop_table("kennel_inspection")
    with op.batch_alter_table("kennel_dog", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_kennel_dog_kennel_id"))
        batch_op.drop_index(batch_op.f("ix_kennel_dog_dog_id"))

    op.drop_table("kennel_dog")
    with op.batch_alter_table("kennel", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_kennel_name"))
        batch_op.drop_index(batch_op.f("ix_kennel_keeper_id"))

    op.drop_table("kennel")
    with op.batch_alter_table("notice_run", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_notice_run_license_year_start_kind"))

    op.drop_table("notice_run")
    op.drop_table("license_year_opening")
