"""Every reprint of a receipt, a certificate or an enforcement paper (a violation notice, a
hearing notice or order, an impound release): who, when, where and why.

Append-only: a reprint is a row, never a counter, so two workstations reprinting the same
receipt at the same moment are both recorded.
"""

from __future__ import annotations

import datetime as dt

from sqlalchemy import CheckConstraint, ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from clerkdesk.models.base import Base
from clerkdesk.models.enums import stored_enum
from clerkdesk.rules.kinds import PrintedKind

# Each kind of document and the one column that names it; every other column is empty.
DOCUMENT_COLUMNS: dict[str, str] = {
    "receipt": "receipt_id",
    "certificate": "license_id",
    "kennel_certificate": "kennel_license_id",
    "violation_notice": "violation_id",
    "hearing_notice": "hearing_id",
    "hearing_order": "hearing_id",
    "impound_release": "impound_id",
}


def names_its_document(columns: dict[str, str]) -> str:
    """The CHECK that a reprint names its one document and no other."""
    every = sorted(set(columns.values()))
    return " OR ".join(
        "(kind = '{}' AND {} IS NOT NULL{})".format(
            kind, column, "".join(f" AND {other} IS NULL" for other in every if other != column)
        )
        for kind, column in columns.items()
    )


NAMES_ITS_DOCUMENT = names_its_document(DOCUMENT_COLUMNS)


class DocumentReprint(Base):
    __tablename__ = "document_reprint"
    __table_args__ = (
        # A receipt's reprint names the receipt; a certificate's, the license; a kennel
        # certificate's, the kennel license. Each names that one document only.
        CheckConstraint(NAMES_ITS_DOCUMENT, name="names_its_document"),
        Index(None, "receipt_id"),
        Index(None, "license_id"),
        Index(None, "kennel_license_id"),
        Index(None, "violation_id"),
        Index(None, "impound_id"),
        Index(None, "hearing_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[PrintedKind] = mapped_column(stored_enum(PrintedKind, "printed_kind"))
    receipt_id: Mapped[int | None] = mapped_column(ForeignKey("receipt.id"))
    license_id: Mapped[int | None] = mapped_column(ForeignKey("license.id"))
    kennel_license_id: Mapped[int | None] = mapped_column(ForeignKey("kennel_license.id"))
    violation_id: Mapped[int | None] = mapped_column(ForeignKey("violation.id"))
    impound_id: Mapped[int | None] = mapped_column(ForeignKey("impound.id"))
    hearing_id: Mapped[int | None] = mapped_column(ForeignKey("dog_hearing.id"))
    # What the reprint said it was (``2026-000012``, ``license 12, 2026–27``), as printed.
    document_label: Mapped[str] = mapped_column(String(60))
    printed_at: Mapped[dt.datetime]
    printed_by: Mapped[str] = mapped_column(String(80))
    workstation: Mapped[str | None] = mapped_column(String(120))
    reason: Mapped[str | None] = mapped_column(String(200))
