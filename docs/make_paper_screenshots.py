"""Regenerate the enforcement papers' page images in docs/screenshots/ (paper-*.png) from the
records of the enforcement tests (tests/enforcement_records.py: Westborough, Jane Doe's Rex
and Bella, May 2026), drawn through the same services the commands use, by pdfium at 80 dpi:

    QT_QPA_PLATFORM=offscreen .venv/bin/python docs/make_paper_screenshots.py
"""

from __future__ import annotations

import datetime as dt
import sys
import tempfile
from pathlib import Path

import pypdfium2 as pdfium

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parent / "tests"))

from actors import staff  # noqa: E402
from clerkdesk.clock import FixedClock  # noqa: E402
from clerkdesk.db.database import Database  # noqa: E402
from clerkdesk.db.migrate import upgrade_to_head  # noqa: E402
from clerkdesk.models import PrintedKind  # noqa: E402
from clerkdesk.reports.enforcement.month_summary import render_month_summary  # noqa: E402
from clerkdesk.reports.enforcement.unpaid_fines import render_unpaid_fines  # noqa: E402
from clerkdesk.rules.town_time import town_zone  # noqa: E402
from clerkdesk.services.enforcement.papers import find_paper, paper  # noqa: E402
from clerkdesk.services.enforcement.papers_month import (  # noqa: E402
    enforcement_month,
    unpaid_fines,
)
from enforcement_records import add_records  # noqa: E402
from small_town import build_town  # noqa: E402

DPI = 80
TODAY = dt.date(2026, 6, 1)
PAPERS = {
    "paper-violation-notice.png": (PrintedKind.VIOLATION_NOTICE, "V2026-0001"),
    "paper-hearing-notice.png": (PrintedKind.HEARING_NOTICE, "H2026-0001"),
    "paper-hearing-order.png": (PrintedKind.HEARING_ORDER, "H2026-0001"),
    "paper-impound-release.png": (PrintedKind.IMPOUND_RELEASE, "I2026-0001"),
}


def _png(pdf: bytes, target: Path) -> None:
    document = pdfium.PdfDocument(pdf)
    try:
        document[0].render(scale=DPI / 72).to_pil().save(target)
    finally:
        document.close()


def main() -> None:
    out = HERE / "screenshots"
    clerk = staff("mjones")
    with tempfile.TemporaryDirectory() as folder:
        database = Database.open(f"sqlite:///{Path(folder) / 'town.sqlite'}")
        upgrade_to_head(database)
        clock = FixedClock(dt.datetime.combine(TODAY, dt.time(10, 30), tzinfo=town_zone()))
        add_records(build_town(database, clock))
        for name, (kind, ref) in PAPERS.items():
            made = paper(database, kind, find_paper(database, kind, ref), today=TODAY)
            _png(made.pdf, out / name)
        _png(render_unpaid_fines(unpaid_fines(database, TODAY, actor=clerk)),
             out / "paper-unpaid-fines.png")  # fmt: skip
        may = enforcement_month(
            database, dt.date(2026, 5, 1), dt.date(2026, 5, 31), actor=clerk, today=TODAY
        )
        _png(render_month_summary(may), out / "paper-enforcement-month.png")
        database.dispose()


if __name__ == "__main__":
    main()
