"""One document made and read back, in memory: a receipt from literals through the same
``reports`` code every print uses (ReportLab, the bundled font), then opened, its text read
and its page drawn with pypdfium2, as the print preview does."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from clerkdesk.reports.documents import (
    OfficeHeading,
    ReceiptDocument,
    ReceiptLineView,
    TenderView,
)
from clerkdesk.self_check.findings import Finding, Problem
from clerkdesk.self_check.modules import reinstall_fix

# A name that only prints right in the bundled font: read back, it shows the text survived.
PAYER = "Łukasz Nguyễn"


def check_pdf() -> Finding:
    finding = Finding("PDF")
    try:
        pages, text = _render_and_read()
    except Exception as exc:  # whatever stops a document is this check's to report
        finding.problems.append(
            Problem(
                f"ClerkDesk could not make a PDF and read it back "
                f"({type(exc).__name__}: {' '.join(str(exc).split())[:200]})",
                reinstall_fix(),
            )
        )
        return finding
    if pages != 1 or PAYER not in text:
        finding.problems.append(
            Problem(
                f"a receipt made here reads back wrong ({pages} pages; the payer's name "
                f"{'is' if PAYER in text else 'is not'} there)",
                reinstall_fix(),
            )
        )
        return finding
    finding.passed = "a receipt is made, read back and drawn"
    return finding


def _render_and_read() -> tuple[int, str]:
    import pypdfium2 as pdfium

    from clerkdesk.reports.receipt_pdf import render_receipt

    data = render_receipt(sample_receipt(), invariant=True)
    document = pdfium.PdfDocument(data)
    try:
        page = document[0]
        textpage = page.get_textpage()
        text = textpage.get_text_range()
        bitmap = page.render(scale=0.25)
        bitmap.close()
        textpage.close()
        page.close()
        return len(document), text
    finally:
        document.close()


def sample_receipt() -> ReceiptDocument:
    fee = Decimal("10.00")
    return ReceiptDocument(
        heading=OfficeHeading("Town of Anywhere", "Office of the Town Clerk", "Self-check"),
        receipt_id=1,
        label="SELF-CHECK",
        issued_at=dt.datetime(2026, 1, 1, 9, 0, tzinfo=dt.UTC),
        issued_by="self-check",
        payer_name=PAYER,
        payer_address=("1 Main St",),
        payer_mailing=None,
        lines=(
            ReceiptLineView(
                position=1,
                code="DOG",
                description="Dog license",
                amount=fee,
                quoted_amount=fee,
                account="Dog licenses",
                citation="",
                waiver_reason=None,
                dog_name="Rex",
                license_number=1,
                tag="1",
            ),
        ),
        tenders=(TenderView("cash", "Cash", fee, fee, Decimal("0.00"), None),),
        total=fee,
        void=None,
    )
