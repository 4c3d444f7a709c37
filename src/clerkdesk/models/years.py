"""The license year's own records: when it was opened, the notices mailed for it, and to
whom."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from sqlalchemy import ForeignKey, Index, Numeric, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from clerkdesk.models.base import Base
from clerkdesk.models.enums import stored_enum
from clerkdesk.rules.kinds import NoticeKind, NoticeLevel


class LicenseYearOpening(Base):
    """A license year opened: once per year, so opening it again changes nothing."""

    __tablename__ = "license_year_opening"
    __table_args__ = (UniqueConstraint("license_year_start"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    license_year_start: Mapped[dt.date]
    license_year_end: Mapped[dt.date]
    license_year_label: Mapped[str] = mapped_column(String(10))
    # The fee schedule the year sells by (its effective date), and the first day of the
    # early sale, as the town's profile gave them when the year was opened.
    schedule_effective: Mapped[dt.date]
    early_sale_from: Mapped[dt.date | None]
    tags_on_hand: Mapped[int]
    opened_at: Mapped[dt.datetime]
    opened_by: Mapped[str] = mapped_column(String(80))


class NoticeRun(Base):
    """A batch of renewal notices or reminder letters made for a license year: what the
    office can show when a resident says nobody reminded them."""

    __tablename__ = "notice_run"
    __table_args__ = (Index(None, "license_year_start", "kind"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[NoticeKind] = mapped_column(stored_enum(NoticeKind, "notice_kind"))
    license_year_start: Mapped[dt.date]
    owners: Mapped[int]
    dogs: Mapped[int]
    kennels: Mapped[int]
    postcards: Mapped[bool]
    made_at: Mapped[dt.datetime]
    made_by: Mapped[str] = mapped_column(String(80))
    printed: Mapped[str | None] = mapped_column(Text)
    """What every notice of the run shared as printed (``reports.notice_data.NoticeSet`` as
    JSON: the office, the year, the dates, the level): with each ``NoticeSent.printed`` a
    notice is reprinted exactly. ``None`` for runs made before revision 0018."""


class NoticeSent(Base):
    """One owner sent a notice of a run: whom a renewal notice or reminder letter went to,
    and on what date it was printed. A late fee counted from the renewal notice
    (``counted_from = "notice"``) runs from the last of these for the owner and year.

    Written in the same transaction as its ``NoticeRun``; ``license_year_start`` and
    ``kind`` repeat the run's, so the counter finds an owner's notices without a join."""

    __tablename__ = "notice_sent"
    __table_args__ = (
        UniqueConstraint("notice_run_id", "owner_id"),
        Index(None, "owner_id", "license_year_start"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    notice_run_id: Mapped[int] = mapped_column(ForeignKey("notice_run.id"))
    owner_id: Mapped[int] = mapped_column(ForeignKey("owner.id"))
    """The owner the notice is addressed to (a kennel's keeper for a kennel's notice)."""
    license_year_start: Mapped[dt.date]
    kind: Mapped[NoticeKind] = mapped_column(stored_enum(NoticeKind, "notice_kind"))
    sent_on: Mapped[dt.date]
    """The notice's date as printed on it: the office's business day the run was made."""
    level: Mapped[NoticeLevel] = mapped_column(stored_enum(NoticeLevel, "notice_level"))
    """First notice, reminder or final notice."""
    total: Mapped[Decimal | None] = mapped_column(Numeric(10, 2))
    """The total the notice asked for on its date; ``None`` when a dog or kennel on it could
    not be quoted, and for notices recorded before revision 0018."""
    printed: Mapped[str | None] = mapped_column(Text)
    """The notice as printed (``reports.notice_data.Notice`` as JSON: the name and address,
    each dog and kennel with its amounts, the schedule); ``None`` before revision 0018."""
