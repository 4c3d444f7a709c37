"""The unlicensed-dog list written to its files, off the UI thread: the PDF (and the CSV)
each written whole beside its place and renamed over it, so a failure leaves no half file."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from clerkdesk.reports.unlicensed_csv import render_unlicensed_csv
from clerkdesk.reports.unlicensed_data import UnlicensedList
from clerkdesk.reports.unlicensed_pdf import render_unlicensed_pdf
from clerkdesk.whole_files import write_whole


@dataclass(frozen=True)
class UnlicensedWritten:
    dogs: int
    pdf: Path
    csv: Path | None


def write_unlicensed(data: UnlicensedList, pdf: Path, csv: Path | None) -> UnlicensedWritten:
    write_whole(pdf, render_unlicensed_pdf(data))
    if csv is not None:
        write_whole(csv, render_unlicensed_csv(data))
    return UnlicensedWritten(len(data.rows), pdf, csv)
