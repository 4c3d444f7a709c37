"""The notices of one run as CSV for a mail house: one row per owner, written as read."""

from __future__ import annotations

import csv
from decimal import Decimal
from typing import TextIO

from clerkdesk.reports.cells import safe_text
from clerkdesk.reports.notice_data import Notice, NoticeSet

HEADER = (
    "owner_id",
    "name",
    "address_1",
    "address_2",
    "address_3",
    "dogs",
    "kennels",
    "amount_now",
    "amount_late",
    "due_date",
    "late_from",
    "bring_rabies_certificate",
    "notes",
)


def _money(value: Decimal | None) -> str:
    return "" if value is None else f"{value.quantize(Decimal('0.01'))}"


class NoticesCsv:
    """Rows written to ``out`` as notices are added (ISO dates, amounts as plain numbers,
    text escaped so a spreadsheet never runs it)."""

    def __init__(self, out: TextIO, notices: NoticeSet) -> None:
        self._set = notices
        self._writer = csv.writer(out, lineterminator="\r\n")
        self._writer.writerow(HEADER)

    def add(self, notice: Notice) -> None:
        s = self._set
        address = [*notice.address, "", "", ""][:3]
        dogs = "; ".join(
            d.name + (f" (tag {d.last_tag})" if d.last_tag else "") for d in notice.dogs
        )
        kennels = "; ".join(f"{k.name} ({k.last_license})" for k in notice.kennels)
        notes = [d.problem for d in notice.dogs if d.problem]
        notes += [k.problem for k in notice.kennels if k.problem]
        rabies = "; ".join(d.name for d in notice.dogs if d.rabies_note)
        late = notice.total_late
        self._writer.writerow(
            [
                notice.owner_id,
                safe_text(notice.owner_name),
                *(safe_text(line) for line in address),
                safe_text(dogs),
                safe_text(kennels),
                _money(notice.total_now),
                _money(late) if not s.reminder else "",
                s.due_date.isoformat(),
                s.late_from.isoformat() if s.late_from else "",
                safe_text(rabies),
                safe_text(" ".join(n for n in notes if n)),
            ]
        )
