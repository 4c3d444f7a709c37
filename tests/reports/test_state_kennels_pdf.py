"""The state kennel report and the inspection record on paper, from literals: landscape
pages numbered "Page N of M", the column names on every page and the same as the CSV's,
and nothing cut (every license, the empty kennel, the voided one, the totals)."""

from __future__ import annotations

import re
from pathlib import Path

from clerkdesk.reports.kennel_inspections_pdf import render_kennel_inspections_pdf
from clerkdesk.reports.state_kennels_csv import headers
from clerkdesk.reports.state_kennels_data import column_names
from clerkdesk.reports.state_kennels_pdf import render_state_kennels_pdf
from pdf_support import ink, page_sizes, page_texts, render_page
from reports.kennel_report_literals import LONG_NAME, inspection_record, report


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def test_the_report_runs_onto_pages_each_numbered_and_headed(tmp_path: Path) -> None:
    pdf = render_state_kennels_pdf(report())
    pages = [flat(t) for t in page_texts(pdf)]
    assert len(pages) > 1
    assert all(width > height for width, height in page_sizes(pdf))
    for number, text in enumerate(pages, start=1):
        assert f"Page {number} of {len(pages)}" in text
        # The column names repeat on every page: the PDF's are the CSV's.
        assert all(flat(name) in text for name in column_names())
    assert headers()[4:] == column_names()
    whole = " ".join(pages)
    assert "Town of Westborough" in pages[0] and "as of 10/01/2026" in pages[0]
    assert "Prepared by Mary Q. Clerk" in pages[0]
    for n in range(1, 30):
        assert f"2026–27-K{n:03d}" in whole
    assert "Empty Acres" in whole and "none" in whole and "voided" in whole
    assert "Licenses: 28 (26 new, 1 renewal, 1 since closed); 1 voided" in whole
    assert "Fees: $1,177.50 (voided, not counted: $36.50)." in whole
    # The page is drawn, not blank.
    assert ink(render_page(pdf, tmp_path, 0, scale=0.5)) > 0.01


def test_no_license_says_so_and_still_totals() -> None:
    text = flat(page_texts(render_state_kennels_pdf(report(())))[0])
    assert "No kennel license was issued for 2026–27 by 10/01/2026." in text
    assert "Licenses: 0 (0 new, 0 renewals, 0 since closed)." in text
    assert "Page 1 of 1" in text


def test_the_inspection_record_for_the_officer() -> None:
    pdf = render_kennel_inspections_pdf(inspection_record())
    [text] = [flat(t) for t in page_texts(pdf)]
    assert "Kennel Inspection Record" in text and "Printed 06/01/2026 by Mary Q. Clerk" in text
    assert "05/24/2026" in text and "FAILED" in text and "re-inspected 05/24/2026" in text
    assert "by 03/31/2027, before the 2027–28 license" in text
    assert "Animal control officer" in text and "Page 1 of 1" in text
    assert LONG_NAME.split()[0] in text
    empty = flat(page_texts(render_kennel_inspections_pdf(inspection_record(())))[0])
    assert "No inspection of" in empty
