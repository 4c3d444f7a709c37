"""Enforcement records: violations and their dogs, impounds, complaints and hearings, the
orders a hearing gives, licensing bars, and which receipt line paid a fine or an impound.

A reprint may now name a violation notice, a hearing notice or order, or an impound release.

On PostgreSQL the new tables get the guards of revision 0019: only a proven person whose role
may enforce (the animal control officer, the clerk, the administrator) changes them; the
counter's roles post payments and release impounded dogs; and the animal control officer may
take a number (a violation's, an impound's, a hearing's) from ``number_sequence``.

Revision ID: 0021
Create Date: 2026-12-05
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0021"
down_revision: str | None = "0020"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

COUNTER = ("administrator", "clerk", "assistant_clerk")
ENFORCING = ("administrator", "clerk", "animal_control")
# Which roles may change each new table at all; the program narrows it further.
GUARDED: dict[str, tuple[str, ...]] = {
    "violation": ENFORCING,
    "violation_dog": ENFORCING,
    # The counter releases a dog when its charges are paid.
    "impound": (*COUNTER, "animal_control"),
    "dog_hearing": ENFORCING,
    "dog_order": ENFORCING,
    "licensing_bar": ENFORCING,
    "enforcement_payment": COUNTER,
}
NUMBERS_BEFORE = ("administrator", "clerk", "assistant_clerk", "treasurer")
NUMBERS_AFTER = (*NUMBERS_BEFORE, "animal_control")

KINDS_BEFORE = ("receipt", "certificate", "kennel_certificate")
KINDS_AFTER = (
    *KINDS_BEFORE,
    "violation_notice",
    "hearing_notice",
    "hearing_order",
    "impound_release",
)
NAMES_BEFORE = (
    "(kind = 'receipt' AND receipt_id IS NOT NULL AND license_id IS NULL "
    "AND kennel_license_id IS NULL) OR "
    "(kind = 'certificate' AND license_id IS NOT NULL AND receipt_id IS NULL "
    "AND kennel_license_id IS NULL) OR "
    "(kind = 'kennel_certificate' AND kennel_license_id IS NOT NULL AND receipt_id IS NULL "
    "AND license_id IS NULL)"
)
_DOCUMENT_COLUMNS = {
    "receipt": "receipt_id",
    "certificate": "license_id",
    "kennel_certificate": "kennel_license_id",
    "violation_notice": "violation_id",
    "hearing_notice": "hearing_id",
    "hearing_order": "hearing_id",
    "impound_release": "impound_id",
}
_EVERY = sorted(set(_DOCUMENT_COLUMNS.values()))
NAMES_AFTER = " OR ".join(
    f"(kind = '{kind}' AND {column} IS NOT NULL"
    + "".join(f" AND {other} IS NULL" for other in _EVERY if other != column)
    + ")"
    for kind, column in _DOCUMENT_COLUMNS.items()
)


def _kinds(values: tuple[str, ...]) -> str:
    return "kind IN (" + ", ".join(f"'{value}'" for value in values) + ")"


def _guard(table: str, roles: tuple[str, ...]) -> str:
    allowed = ", ".join(f"'{role}'" for role in roles)
    return (
        f"CREATE TRIGGER {table}_guard BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE "
        f"ON {table} FOR EACH STATEMENT EXECUTE FUNCTION clerkdesk_guard({allowed})"
    )


def upgrade() -> None:
    op.create_table(
        "violation",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("year", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("owner_id", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(length=40), nullable=False),
        sa.Column("description", sa.String(length=300), nullable=False),
        sa.Column("offense_number", sa.Integer(), nullable=False),
        sa.Column("warning", sa.Boolean(), nullable=False),
        sa.Column("amount", sa.Numeric(precision=12, scale=2), nullable=False),
        sa.Column("maximum", sa.Boolean(), nullable=False),
        sa.Column("account", sa.String(length=80), nullable=False),
        sa.Column("citation", sa.String(length=200), nullable=False),
        sa.Column("rule_source", sa.String(length=120), nullable=False),
        sa.Column("pay_by", sa.Date(), nullable=True),
        sa.Column("payment_methods", sa.String(length=120), nullable=True),
        sa.Column("occurred_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("place", sa.String(length=200), nullable=False),
        sa.Column("officer", sa.String(length=80), nullable=False),
        sa.Column("notes", sa.Text(), nullable=True),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("recorded_by", sa.String(length=80), nullable=False),
        sa.Column(
            "status",
            sa.Enum(
                "open",
                "dismissed",
                name="violation_status",
                native_enum=False,
                create_constraint=True,
                length=20,
            ),
            nullable=False,
        ),
        sa.Column("status_changed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("status_changed_by", sa.String(length=80), nullable=True),
        sa.Column("status_reason", sa.String(length=200), nullable=True),
        sa.Column("court_filed_on", sa.Date(), nullable=True),
        sa.Column("court_filed_by", sa.String(length=80), nullable=True),
        sa.CheckConstraint("amount >= 0", name=op.f("ck_violation_amount_not_negative")),
        sa.ForeignKeyConstraint(
            ["owner_id"], ["owner.id"], name=op.f("fk_violation_owner_id_owner")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_violation")),
        sa.UniqueConstraint("year", "number", name=op.f("uq_violation_year_number")),
    )
    with op.batch_alter_table("violation", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_violation_occurred_at"), ["occurred_at"], unique=False)
        batch_op.create_index(
            batch_op.f("ix_violation_owner_id_code_occurred_at"),
            ["owner_id", "code", "occurred_at"],
            unique=False,
        )
        batch_op.create_index(batch_op.f("ix_violation_pay_by"), ["pay_by"], unique=False)

    op.create_table(
        "dog_hearing",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("year", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("dog_id", sa.Integer(), nullable=False),
        sa.Column("owner_id", sa.Integer(), nullable=False),
        sa.Column("complaint_on", sa.Date(), nullable=False),
        sa.Column("complainant", sa.String(length=160), nullable=False),
        sa.Column("complaint", sa.Text(), nullable=False),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("recorded_by", sa.String(length=80), nullable=False),
        sa.Column("hearing_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("hearing_place", sa.String(length=200), nullable=True),
        sa.Column("notice_sent_on", sa.Date(), nullable=True),
        sa.Column(
            "decision",
            sa.Enum(
                "dismissed",
                "nuisance",
                "dangerous",
                name="hearing_decision",
                native_enum=False,
                create_constraint=True,
                length=20,
            ),
            nullable=True,
        ),
        sa.Column("decided_on", sa.Date(), nullable=True),
        sa.Column("authority", sa.String(length=160), nullable=True),
        sa.Column("decided_by", sa.String(length=80), nullable=True),
        sa.Column("findings", sa.Text(), nullable=True),
        sa.Column("court_result", sa.String(length=300), nullable=True),
        sa.Column("court_result_on", sa.Date(), nullable=True),
        sa.Column("closed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("closed_by", sa.String(length=80), nullable=True),
        sa.ForeignKeyConstraint(["dog_id"], ["dog.id"], name=op.f("fk_dog_hearing_dog_id_dog")),
        sa.ForeignKeyConstraint(
            ["owner_id"], ["owner.id"], name=op.f("fk_dog_hearing_owner_id_owner")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_dog_hearing")),
        sa.UniqueConstraint("year", "number", name=op.f("uq_dog_hearing_year_number")),
    )
    with op.batch_alter_table("dog_hearing", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_dog_hearing_dog_id"), ["dog_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_dog_hearing_hearing_at"), ["hearing_at"], unique=False)
        batch_op.create_index(batch_op.f("ix_dog_hearing_owner_id"), ["owner_id"], unique=False)

    op.create_table(
        "impound",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("year", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("dog_id", sa.Integer(), nullable=True),
        sa.Column("owner_id", sa.Integer(), nullable=True),
        sa.Column("description", sa.String(length=300), nullable=False),
        sa.Column("taken_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("place", sa.String(length=200), nullable=False),
        sa.Column("taken_by", sa.String(length=80), nullable=False),
        sa.Column("licensed_when_taken", sa.Boolean(), nullable=False),
        sa.Column("held_at", sa.String(length=120), nullable=False),
        sa.Column("handling_events", sa.Integer(), nullable=False),
        sa.Column("notes", sa.Text(), nullable=True),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("recorded_by", sa.String(length=80), nullable=False),
        sa.Column(
            "disposition",
            sa.Enum(
                "returned",
                "adopted",
                "transferred",
                "euthanized",
                "died",
                "other",
                name="impound_disposition",
                native_enum=False,
                create_constraint=True,
                length=20,
            ),
            nullable=True,
        ),
        sa.Column("disposed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("disposed_by", sa.String(length=80), nullable=True),
        sa.Column("disposition_notes", sa.String(length=300), nullable=True),
        sa.Column("adopter_owner_id", sa.Integer(), nullable=True),
        sa.Column("release_receipt_id", sa.Integer(), nullable=True),
        sa.CheckConstraint(
            "handling_events >= 0", name=op.f("ck_impound_handling_events_not_negative")
        ),
        sa.ForeignKeyConstraint(
            ["adopter_owner_id"], ["owner.id"], name=op.f("fk_impound_adopter_owner_id_owner")
        ),
        sa.ForeignKeyConstraint(["dog_id"], ["dog.id"], name=op.f("fk_impound_dog_id_dog")),
        sa.ForeignKeyConstraint(["owner_id"], ["owner.id"], name=op.f("fk_impound_owner_id_owner")),
        sa.ForeignKeyConstraint(
            ["release_receipt_id"],
            ["receipt.id"],
            name=op.f("fk_impound_release_receipt_id_receipt"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_impound")),
        sa.UniqueConstraint("year", "number", name=op.f("uq_impound_year_number")),
    )
    with op.batch_alter_table("impound", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_impound_disposition"), ["disposition"], unique=False)
        batch_op.create_index(batch_op.f("ix_impound_dog_id"), ["dog_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_impound_owner_id"), ["owner_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_impound_taken_at"), ["taken_at"], unique=False)

    op.create_table(
        "violation_dog",
        sa.Column("violation_id", sa.Integer(), nullable=False),
        sa.Column("dog_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["dog_id"], ["dog.id"], name=op.f("fk_violation_dog_dog_id_dog")),
        sa.ForeignKeyConstraint(
            ["violation_id"], ["violation.id"], name=op.f("fk_violation_dog_violation_id_violation")
        ),
        sa.PrimaryKeyConstraint("violation_id", "dog_id", name=op.f("pk_violation_dog")),
    )
    with op.batch_alter_table("violation_dog", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_violation_dog_dog_id"), ["dog_id"], unique=False)

    op.create_table(
        "dog_order",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("hearing_id", sa.Integer(), nullable=False),
        sa.Column("dog_id", sa.Integer(), nullable=False),
        sa.Column("owner_id", sa.Integer(), nullable=False),
        sa.Column(
            "kind",
            sa.Enum(
                "restraint",
                "confinement",
                "muzzle_leash",
                "insurance",
                "identification",
                "spay_neuter",
                "surrender",
                "removal",
                "euthanasia",
                "other",
                name="order_kind",
                native_enum=False,
                create_constraint=True,
                length=20,
            ),
            nullable=False,
        ),
        sa.Column("conditions", sa.String(length=500), nullable=False),
        sa.Column("in_force_from", sa.Date(), nullable=False),
        sa.Column("ended_on", sa.Date(), nullable=True),
        sa.Column("ended_reason", sa.String(length=200), nullable=True),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("recorded_by", sa.String(length=80), nullable=False),
        sa.ForeignKeyConstraint(["dog_id"], ["dog.id"], name=op.f("fk_dog_order_dog_id_dog")),
        sa.ForeignKeyConstraint(
            ["hearing_id"], ["dog_hearing.id"], name=op.f("fk_dog_order_hearing_id_dog_hearing")
        ),
        sa.ForeignKeyConstraint(
            ["owner_id"], ["owner.id"], name=op.f("fk_dog_order_owner_id_owner")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_dog_order")),
    )
    with op.batch_alter_table("dog_order", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_dog_order_dog_id"), ["dog_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_dog_order_hearing_id"), ["hearing_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_dog_order_owner_id"), ["owner_id"], unique=False)

    op.create_table(
        "licensing_bar",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("owner_id", sa.Integer(), nullable=False),
        sa.Column("order_id", sa.Integer(), nullable=True),
        sa.Column("breached_on", sa.Date(), nullable=False),
        sa.Column("notes", sa.String(length=500), nullable=True),
        sa.Column("bar_from", sa.Date(), nullable=False),
        sa.Column("bar_until", sa.Date(), nullable=False),
        sa.Column("report_due", sa.Date(), nullable=False),
        sa.Column("reported_on", sa.Date(), nullable=True),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("recorded_by", sa.String(length=80), nullable=False),
        sa.Column("lifted_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("lifted_by", sa.String(length=80), nullable=True),
        sa.Column("lifted_reason", sa.String(length=200), nullable=True),
        sa.CheckConstraint(
            "bar_until > bar_from", name=op.f("ck_licensing_bar_ends_after_it_starts")
        ),
        sa.ForeignKeyConstraint(
            ["order_id"], ["dog_order.id"], name=op.f("fk_licensing_bar_order_id_dog_order")
        ),
        sa.ForeignKeyConstraint(
            ["owner_id"], ["owner.id"], name=op.f("fk_licensing_bar_owner_id_owner")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_licensing_bar")),
    )
    with op.batch_alter_table("licensing_bar", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_licensing_bar_order_id"), ["order_id"], unique=False)
        batch_op.create_index(
            batch_op.f("ix_licensing_bar_owner_id_bar_until"),
            ["owner_id", "bar_until"],
            unique=False,
        )

    op.create_table(
        "enforcement_payment",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("receipt_id", sa.Integer(), nullable=False),
        sa.Column("receipt_line_id", sa.Integer(), nullable=False),
        sa.Column("violation_id", sa.Integer(), nullable=True),
        sa.Column("impound_id", sa.Integer(), nullable=True),
        sa.CheckConstraint(
            "(violation_id IS NULL) <> (impound_id IS NULL)",
            name=op.f("ck_enforcement_payment_pays_one_thing"),
        ),
        sa.ForeignKeyConstraint(
            ["impound_id"], ["impound.id"], name=op.f("fk_enforcement_payment_impound_id_impound")
        ),
        sa.ForeignKeyConstraint(
            ["receipt_id"], ["receipt.id"], name=op.f("fk_enforcement_payment_receipt_id_receipt")
        ),
        sa.ForeignKeyConstraint(
            ["receipt_line_id"],
            ["receipt_line.id"],
            name=op.f("fk_enforcement_payment_receipt_line_id_receipt_line"),
        ),
        sa.ForeignKeyConstraint(
            ["violation_id"],
            ["violation.id"],
            name=op.f("fk_enforcement_payment_violation_id_violation"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_enforcement_payment")),
        sa.UniqueConstraint("receipt_line_id", name=op.f("uq_enforcement_payment_receipt_line_id")),
    )
    with op.batch_alter_table("enforcement_payment", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_enforcement_payment_impound_id"), ["impound_id"], unique=False
        )
        batch_op.create_index(
            batch_op.f("ix_enforcement_payment_receipt_id"), ["receipt_id"], unique=False
        )
        batch_op.create_index(
            batch_op.f("ix_enforcement_payment_violation_id"), ["violation_id"], unique=False
        )

    with op.batch_alter_table("document_reprint", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("ck_document_reprint_names_its_document"), "check")
        batch_op.drop_constraint(batch_op.f("ck_document_reprint_printed_kind"), "check")
        batch_op.add_column(sa.Column("violation_id", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("impound_id", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("hearing_id", sa.Integer(), nullable=True))
        batch_op.create_index(
            batch_op.f("ix_document_reprint_hearing_id"), ["hearing_id"], unique=False
        )
        batch_op.create_index(
            batch_op.f("ix_document_reprint_impound_id"), ["impound_id"], unique=False
        )
        batch_op.create_index(
            batch_op.f("ix_document_reprint_violation_id"), ["violation_id"], unique=False
        )
        batch_op.create_foreign_key(
            batch_op.f("fk_document_reprint_impound_id_impound"), "impound", ["impound_id"], ["id"]
        )
        batch_op.create_foreign_key(
            batch_op.f("fk_document_reprint_hearing_id_dog_hearing"),
            "dog_hearing",
            ["hearing_id"],
            ["id"],
        )
        batch_op.create_foreign_key(
            batch_op.f("fk_document_reprint_violation_id_violation"),
            "violation",
            ["violation_id"],
            ["id"],
        )
        batch_op.create_check_constraint(
            batch_op.f("ck_document_reprint_printed_kind"), _kinds(KINDS_AFTER)
        )
        batch_op.create_check_constraint(
            batch_op.f("ck_document_reprint_names_its_document"), NAMES_AFTER
        )

    if op.get_bind().dialect.name == "postgresql":
        for table, roles in GUARDED.items():
            op.execute(_guard(table, roles))
        op.execute("DROP TRIGGER number_sequence_guard ON number_sequence")
        op.execute(_guard("number_sequence", NUMBERS_AFTER))


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER number_sequence_guard ON number_sequence")
        op.execute(_guard("number_sequence", NUMBERS_BEFORE))
    # An enforcement paper's reprints have no place in the older table.
    op.execute(
        "DELETE FROM document_reprint WHERE kind IN ('" + "', '".join(KINDS_AFTER[3:]) + "')"
    )
    with op.batch_alter_table("document_reprint", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("ck_document_reprint_names_its_document"), "check")
        batch_op.drop_constraint(batch_op.f("ck_document_reprint_printed_kind"), "check")
        batch_op.drop_constraint(
            batch_op.f("fk_document_reprint_violation_id_violation"), type_="foreignkey"
        )
        batch_op.drop_constraint(
            batch_op.f("fk_document_reprint_hearing_id_dog_hearing"), type_="foreignkey"
        )
        batch_op.drop_constraint(
            batch_op.f("fk_document_reprint_impound_id_impound"), type_="foreignkey"
        )
        batch_op.drop_index(batch_op.f("ix_document_reprint_violation_id"))
        batch_op.drop_index(batch_op.f("ix_document_reprint_impound_id"))
        batch_op.drop_index(batch_op.f("ix_document_reprint_hearing_id"))
        batch_op.drop_column("hearing_id")
        batch_op.drop_column("impound_id")
        batch_op.drop_column("violation_id")
        batch_op.create_check_constraint(
            batch_op.f("ck_document_reprint_printed_kind"), _kinds(KINDS_BEFORE)
        )
        batch_op.create_check_constraint(
            batch_op.f("ck_document_reprint_names_its_document"), NAMES_BEFORE
        )

    with op.batch_alter_table("enforcement_payment", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_enforcement_payment_violation_id"))
        batch_op.drop_index(batch_op.f("ix_enforcement_payment_receipt_id"))
        batch_op.drop_index(batch_op.f("ix_enforcement_payment_impound_id"))

    op.drop_table("enforcement_payment")
    with op.batch_alter_table("licensing_bar", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_licensing_bar_owner_id_bar_until"))
        batch_op.drop_index(batch_op.f("ix_licensing_bar_order_id"))

    op.drop_table("licensing_bar")
    with op.batch_alter_table("dog_order", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_dog_order_owner_id"))
        batch_op.drop_index(batch_op.f("ix_dog_order_hearing_id"))
        batch_op.drop_index(batch_op.f("ix_dog_order_dog_id"))

    op.drop_table("dog_order")
    with op.batch_alter_table("violation_dog", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_violation_dog_dog_id"))

    op.drop_table("violation_dog")
    with op.batch_alter_table("impound", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_impound_taken_at"))
        batch_op.drop_index(batch_op.f("ix_impound_owner_id"))
        batch_op.drop_index(batch_op.f("ix_impound_dog_id"))
        batch_op.drop_index(batch_op.f("ix_impound_disposition"))

    op.drop_table("impound")
    with op.batch_alter_table("dog_hearing", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_dog_hearing_owner_id"))
        batch_op.drop_index(batch_op.f("ix_dog_hearing_hearing_at"))
        batch_op.drop_index(batch_op.f("ix_dog_hearing_dog_id"))

    op.drop_table("dog_hearing")
    with op.batch_alter_table("violation", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_violation_pay_by"))
        batch_op.drop_index(batch_op.f("ix_violation_owner_id_code_occurred_at"))
        batch_op.drop_index(batch_op.f("ix_violation_occurred_at"))

    op.drop_table("violation")
