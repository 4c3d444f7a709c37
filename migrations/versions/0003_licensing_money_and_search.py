"""Licenses, tags, receipts, tenders, designations, scans, search words.

Existing owners and dogs get their phone digits and search words filled in, with a
tokenizer frozen here (the app's own may change; this revision must not).

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-02
"""

import re
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "number_sequence",
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("scope", sa.String(length=20), nullable=False),
        sa.Column("last_value", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("name", "scope", name=op.f("pk_number_sequence")),
    )
    op.create_table(
        "stored_document",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("filename", sa.String(length=200), nullable=False),
        sa.Column("content_type", sa.String(length=80), nullable=False),
        sa.Column("size", sa.Integer(), nullable=False),
        sa.Column("sha256", sa.String(length=64), nullable=False),
        sa.Column("content", sa.LargeBinary(), nullable=False),
        sa.Column("stored_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("stored_by", sa.String(length=80), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_stored_document")),
    )
    op.create_table(
        "tag_stock",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("license_year_start", sa.Date(), nullable=False),
        sa.Column("first_number", sa.Integer(), nullable=False),
        sa.Column("last_number", sa.Integer(), nullable=False),
        sa.Column("received_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("received_by", sa.String(length=80), nullable=False),
        sa.Column("note", sa.String(length=200), nullable=True),
        sa.CheckConstraint(
            "first_number > 0 AND last_number >= first_number", name=op.f("ck_tag_stock_range")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tag_stock")),
    )
    with op.batch_alter_table("tag_stock", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_tag_stock_license_year_start"), ["license_year_start"], unique=False
        )

    op.create_table(
        "receipt",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("year", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("issued_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("issued_by", sa.String(length=80), nullable=False),
        sa.Column("payer_owner_id", sa.Integer(), nullable=True),
        sa.Column("payer_name", sa.String(length=160), nullable=False),
        sa.Column("total", sa.Numeric(precision=12, scale=2), nullable=False),
        sa.Column(
            "status",
            sa.Enum(
                "paid",
                "void",
                name="receipt_status",
                native_enum=False,
                create_constraint=True,
                length=20,
            ),
            nullable=False,
        ),
        sa.Column("voided_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("voided_by", sa.String(length=80), nullable=True),
        sa.Column("void_reason", sa.String(length=200), nullable=True),
        sa.ForeignKeyConstraint(
            ["payer_owner_id"], ["owner.id"], name=op.f("fk_receipt_payer_owner_id_owner")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_receipt")),
        sa.UniqueConstraint("year", "number", name=op.f("uq_receipt_year_number")),
    )
    with op.batch_alter_table("receipt", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_receipt_issued_at"), ["issued_at"], unique=False)
        batch_op.create_index(
            batch_op.f("ix_receipt_payer_owner_id"), ["payer_owner_id"], unique=False
        )

    op.create_table(
        "dog_designation",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("dog_id", sa.Integer(), nullable=False),
        sa.Column(
            "kind",
            sa.Enum(
                "service_animal",
                "nuisance",
                "dangerous",
                name="designation_kind",
                native_enum=False,
                create_constraint=True,
                length=20,
            ),
            nullable=False,
        ),
        sa.Column("since", sa.Date(), nullable=False),
        sa.Column("until", sa.Date(), nullable=True),
        sa.Column("order_text", sa.Text(), nullable=True),
        sa.Column("evidence", sa.String(length=200), nullable=True),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("recorded_by", sa.String(length=80), nullable=False),
        sa.ForeignKeyConstraint(["dog_id"], ["dog.id"], name=op.f("fk_dog_designation_dog_id_dog")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_dog_designation")),
    )
    with op.batch_alter_table("dog_designation", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_dog_designation_dog_id"), ["dog_id"], unique=False)

    op.create_table(
        "search_token",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("token", sa.String(length=60), nullable=False),
        sa.Column("field", sa.String(length=10), nullable=False),
        sa.Column("owner_id", sa.Integer(), nullable=False),
        sa.Column("dog_id", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["dog_id"], ["dog.id"], name=op.f("fk_search_token_dog_id_dog")),
        sa.ForeignKeyConstraint(
            ["owner_id"], ["owner.id"], name=op.f("fk_search_token_owner_id_owner")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_search_token")),
    )
    with op.batch_alter_table("search_token", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_search_token_dog_id"), ["dog_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_search_token_owner_id"), ["owner_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_search_token_token"), ["token"], unique=False)

    op.create_table(
        "tender",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("receipt_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column(
            "kind",
            sa.Enum(
                "cash",
                "check",
                "money_order",
                "card",
                name="tender_kind",
                native_enum=False,
                create_constraint=True,
                length=20,
            ),
            nullable=False,
        ),
        sa.Column("amount", sa.Numeric(precision=12, scale=2), nullable=False),
        sa.Column("tendered", sa.Numeric(precision=12, scale=2), nullable=True),
        sa.Column("change_due", sa.Numeric(precision=12, scale=2), nullable=True),
        sa.Column("reference", sa.String(length=60), nullable=True),
        sa.CheckConstraint("amount > 0", name=op.f("ck_tender_amount_positive")),
        sa.ForeignKeyConstraint(
            ["receipt_id"], ["receipt.id"], name=op.f("fk_tender_receipt_id_receipt")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tender")),
        sa.UniqueConstraint("receipt_id", "position", name=op.f("uq_tender_receipt_id_position")),
    )
    op.create_table(
        "license",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("license_year_start", sa.Date(), nullable=False),
        sa.Column("license_year_end", sa.Date(), nullable=False),
        sa.Column("license_year_label", sa.String(length=10), nullable=False),
        sa.Column("dog_id", sa.Integer(), nullable=False),
        sa.Column("owner_id", sa.Integer(), nullable=False),
        sa.Column("receipt_id", sa.Integer(), nullable=False),
        sa.Column("rabies_certificate_id", sa.Integer(), nullable=True),
        sa.Column("tag_number", sa.Integer(), nullable=True),
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
        sa.Column("exemption", sa.String(length=40), nullable=True),
        sa.Column("exemption_evidence", sa.String(length=200), nullable=True),
        sa.Column("replaces_license_id", sa.Integer(), nullable=True),
        sa.Column("issued_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("issued_by", sa.String(length=80), nullable=False),
        sa.Column("status_changed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("status_changed_by", sa.String(length=80), nullable=True),
        sa.Column("status_reason", sa.String(length=200), nullable=True),
        sa.ForeignKeyConstraint(["dog_id"], ["dog.id"], name=op.f("fk_license_dog_id_dog")),
        sa.ForeignKeyConstraint(["owner_id"], ["owner.id"], name=op.f("fk_license_owner_id_owner")),
        sa.ForeignKeyConstraint(
            ["rabies_certificate_id"],
            ["rabies_certificate.id"],
            name=op.f("fk_license_rabies_certificate_id_rabies_certificate"),
        ),
        sa.ForeignKeyConstraint(
            ["receipt_id"], ["receipt.id"], name=op.f("fk_license_receipt_id_receipt")
        ),
        sa.ForeignKeyConstraint(
            ["replaces_license_id"],
            ["license.id"],
            name=op.f("fk_license_replaces_license_id_license"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_license")),
        sa.UniqueConstraint(
            "license_year_start", "number", name=op.f("uq_license_license_year_start_number")
        ),
    )
    with op.batch_alter_table("license", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_license_number"), ["number"], unique=False)
        batch_op.create_index(batch_op.f("ix_license_owner_id"), ["owner_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_license_receipt_id"), ["receipt_id"], unique=False)
        batch_op.create_index(
            "uq_license_dog_year_in_force",
            ["dog_id", "license_year_start"],
            unique=True,
            sqlite_where=sa.text("status = 'issued'"),
            postgresql_where=sa.text("status = 'issued'"),
        )

    op.create_table(
        "receipt_line",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("receipt_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(length=40), nullable=False),
        sa.Column("description", sa.String(length=300), nullable=False),
        sa.Column("amount", sa.Numeric(precision=12, scale=2), nullable=False),
        sa.Column("quoted_amount", sa.Numeric(precision=12, scale=2), nullable=False),
        sa.Column("account", sa.String(length=80), nullable=False),
        sa.Column("citation", sa.String(length=200), nullable=False),
        sa.Column("rule_source", sa.String(length=120), nullable=False),
        sa.Column("dog_id", sa.Integer(), nullable=True),
        sa.Column("license_id", sa.Integer(), nullable=True),
        sa.Column("waiver_reason", sa.String(length=200), nullable=True),
        sa.CheckConstraint("amount >= 0", name=op.f("ck_receipt_line_amount_not_negative")),
        sa.ForeignKeyConstraint(["dog_id"], ["dog.id"], name=op.f("fk_receipt_line_dog_id_dog")),
        sa.ForeignKeyConstraint(
            ["license_id"], ["license.id"], name=op.f("fk_receipt_line_license_id_license")
        ),
        sa.ForeignKeyConstraint(
            ["receipt_id"], ["receipt.id"], name=op.f("fk_receipt_line_receipt_id_receipt")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_receipt_line")),
        sa.UniqueConstraint(
            "receipt_id", "position", name=op.f("uq_receipt_line_receipt_id_position")
        ),
    )
    with op.batch_alter_table("receipt_line", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_receipt_line_dog_id"), ["dog_id"], unique=False)
        batch_op.create_index(
            batch_op.f("ix_receipt_line_license_id"), ["license_id"], unique=False
        )

    op.create_table(
        "tag_issue",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("license_year_start", sa.Date(), nullable=False),
        sa.Column("tag_number", sa.Integer(), nullable=False),
        sa.Column("license_id", sa.Integer(), nullable=False),
        sa.Column(
            "status",
            sa.Enum(
                "issued",
                "lost",
                "void",
                name="tag_status",
                native_enum=False,
                create_constraint=True,
                length=20,
            ),
            nullable=False,
        ),
        sa.Column("issued_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("issued_by", sa.String(length=80), nullable=False),
        sa.Column("receipt_id", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["license_id"], ["license.id"], name=op.f("fk_tag_issue_license_id_license")
        ),
        sa.ForeignKeyConstraint(
            ["receipt_id"], ["receipt.id"], name=op.f("fk_tag_issue_receipt_id_receipt")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tag_issue")),
        sa.UniqueConstraint(
            "license_year_start",
            "tag_number",
            name=op.f("uq_tag_issue_license_year_start_tag_number"),
        ),
    )
    with op.batch_alter_table("tag_issue", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_tag_issue_license_id"), ["license_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_tag_issue_tag_number"), ["tag_number"], unique=False)

    with op.batch_alter_table("dog", schema=None) as batch_op:
        batch_op.add_column(sa.Column("status_changed_on", sa.Date(), nullable=True))
        batch_op.add_column(sa.Column("came_to_town_on", sa.Date(), nullable=True))

    with op.batch_alter_table("owner", schema=None) as batch_op:
        batch_op.add_column(sa.Column("phone_digits", sa.String(length=20), nullable=True))
        batch_op.add_column(sa.Column("status_changed_on", sa.Date(), nullable=True))
        batch_op.drop_index(batch_op.f("ix_owner_phone"))
        batch_op.create_index(batch_op.f("ix_owner_phone_digits"), ["phone_digits"], unique=False)

    with op.batch_alter_table("rabies_certificate", schema=None) as batch_op:
        batch_op.add_column(sa.Column("issued_on", sa.Date(), nullable=True))
        batch_op.add_column(sa.Column("exemption_reason", sa.String(length=200), nullable=True))
        batch_op.add_column(sa.Column("scan_id", sa.Integer(), nullable=True))
        batch_op.create_foreign_key(
            batch_op.f("fk_rabies_certificate_scan_id_stored_document"),
            "stored_document",
            ["scan_id"],
            ["id"],
        )

    _fill_search_words()


def _words(text: str | None) -> list[str]:
    return [w for w in re.split(r"[^0-9a-z]+", (text or "").lower()) if w]


def _fill_search_words() -> None:
    conn = op.get_bind()
    owners = conn.execute(
        sa.text("SELECT id, first_name, last_name, street, phone FROM owner")
    ).all()
    phones = [
        {"id": oid, "digits": re.sub(r"\D", "", phone)}
        for oid, _f, _l, _s, phone in owners
        if phone
    ]
    if phones:
        conn.execute(sa.text("UPDATE owner SET phone_digits = :digits WHERE id = :id"), phones)
    tokens = []
    for oid, first, last, street, _phone in owners:
        for field, text in (("owner", f"{first} {last}"), ("street", street)):
            tokens.extend(
                {"token": w[:60], "field": field, "owner_id": oid, "dog_id": None}
                for w in dict.fromkeys(_words(text))
            )
    for did, oid, name in conn.execute(sa.text("SELECT id, owner_id, name FROM dog")).all():
        tokens.extend(
            {"token": w[:60], "field": "dog", "owner_id": oid, "dog_id": did}
            for w in dict.fromkeys(_words(name))
        )
    if tokens:
        conn.execute(
            sa.text(
                "INSERT INTO search_token (token, field, owner_id, dog_id)"
                " VALUES (:token, :field, :owner_id, :dog_id)"
            ),
            tokens,
        )


def downgrade() -> None:
    with op.batch_alter_table("rabies_certificate", schema=None) as batch_op:
        batch_op.drop_constraint(
            batch_op.f("fk_rabies_certificate_scan_id_stored_document"), type_="foreignkey"
        )
        batch_op.drop_column("scan_id")
        batch_op.drop_column("exemption_reason")
        batch_op.drop_column("issued_on")

    with op.batch_alter_table("owner", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_owner_phone_digits"))
        batch_op.create_index(batch_op.f("ix_owner_phone"), ["phone"], unique=False)
        batch_op.drop_column("status_changed_on")
        batch_op.drop_column("phone_digits")

    with op.batch_alter_table("dog", schema=None) as batch_op:
        batch_op.drop_column("came_to_town_on")
        batch_op.drop_column("status_changed_on")

    with op.batch_alter_table("tag_issue", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_tag_issue_tag_number"))
        batch_op.drop_index(batch_op.f("ix_tag_issue_license_id"))

    op.drop_table("tag_issue")
    with op.batch_alter_table("receipt_line", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_receipt_line_license_id"))
        batch_op.drop_index(batch_op.f("ix_receipt_line_dog_id"))

    op.drop_table("receipt_line")
    with op.batch_alter_table("license", schema=None) as batch_op:
        batch_op.drop_index(
            "uq_license_dog_year_in_force",
            sqlite_where=sa.text("status = 'issued'"),
            postgresql_where=sa.text("status = 'issued'"),
        )
        batch_op.drop_index(batch_op.f("ix_license_receipt_id"))
        batch_op.drop_index(batch_op.f("ix_license_owner_id"))
        batch_op.drop_index(batch_op.f("ix_license_number"))

    op.drop_table("license")
    op.drop_table("tender")
    with op.batch_alter_table("search_token", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_search_token_token"))
        batch_op.drop_index(batch_op.f("ix_search_token_owner_id"))
        batch_op.drop_index(batch_op.f("ix_search_token_dog_id"))

    op.drop_table("search_token")
    with op.batch_alter_table("dog_designation", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_dog_designation_dog_id"))

    op.drop_table("dog_designation")
    with op.batch_alter_table("receipt", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_receipt_payer_owner_id"))
        batch_op.drop_index(batch_op.f("ix_receipt_issued_at"))

    op.drop_table("receipt")
    with op.batch_alter_table("tag_stock", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_tag_stock_license_year_start"))

    op.drop_table("tag_stock")
    op.drop_table("stored_document")
    op.drop_table("number_sequence")
