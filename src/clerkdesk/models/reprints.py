"""Every reprint of a receipt or a dog or kennel license certificate: who, when, where and
why.

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

NAMES_ITS_DOCUMENT = (
    "(kind = 'receipt' AND receipt_id IS NOT NULL AND license_id IS NULL "
    "AND kennel_license_id IS NULL) OR "
    "(kind = 'certificate' AND license_id IS NOT NULL AND receipt_id IS NULL "
    "AND kennel_license_id IS NULL) OR "
    "(kind = 'kennel_certificate' AND kennel_license_id IS NOT NULL AND receipt_id IS NULL "
    "AND license_id IS NULL)"
)


class DocumentReprint(Base):
    __tablename__ = "document_reprint"
    __table_args__ = (
        # A receipt's reprint names the receipt; a certificate's, the license; a kennel
        # certificate's, the kennel license. Each names that one document only.
        CheckConstraint(NAMES_ITS_DOCUMENT, name="names_its_document"),
        Index(None, "receipt_id"),
        Index(None, "license_id"),
        Index(None, "kennel_license_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[PrintedKind] = mapped_column(stored_enum(PrintedKind, "printed_kind"))
    receipt_id: Mapped[int | None] = mapped_column(ForeignKey("receipt.id"))
    license_id: Mapped[int | None] = mapped_column(ForeignKey("license.id"))
    kennel_license_id: Mapped[int | None] = mapped_column(ForeignKey("kennel_license.id"))
    # What the reprint said it was (``2026-000012``, ``license 12, 2026–27``), as printed.
    document_label: Mapped[str] = mapped_column(String(60))
    printed_at: Mapped[dt.datetime]
    printed_by: Mapped[str] = mapped_column(String(80))
    workstation: Mapped[str | None] = mapped_column(String(120))
    reason: Mapped[str | None] = mapped_column(String(200))
