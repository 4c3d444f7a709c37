"""After a sale: the receipt and its license certificates as PDFs in the data folder."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from clerkdesk.db.database import Database
from clerkdesk.ui.printing.jobs import DocumentKind, PrintJob, documents_dir, safe_name


@dataclass(frozen=True)
class PrintedDocuments:
    receipt_label: str
    receipt: PrintJob
    certificates: PrintJob | None

    @property
    def jobs(self) -> tuple[PrintJob, ...]:
        return tuple(j for j in (self.receipt, self.certificates) if j is not None)


def write_documents(
    database: Database, receipt_id: int, *, folder: Path | None = None
) -> PrintedDocuments:
    """Render the receipt and its certificates; for the task runner (no widgets)."""
    from clerkdesk.reports.certificate_pdf import render_certificates
    from clerkdesk.reports.receipt_pdf import render_receipt
    from clerkdesk.services.documents import license_certificates, receipt_document

    folder = folder or documents_dir()
    folder.mkdir(parents=True, exist_ok=True)
    receipt = receipt_document(database, receipt_id)
    name = safe_name(receipt.label, "receipt")
    receipt_path = folder / f"receipt-{name}.pdf"
    receipt_path.write_bytes(render_receipt(receipt))
    receipt_job = PrintJob(f"Receipt {receipt.label}", DocumentKind.RECEIPT, receipt_path)
    certificates = license_certificates(database, receipt_id)
    certificates_job = None
    if certificates:
        path = folder / f"licenses-{name}.pdf"
        path.write_bytes(render_certificates(certificates))
        certificates_job = PrintJob(
            f"License certificates, receipt {receipt.label}", DocumentKind.CERTIFICATE, path
        )
    return PrintedDocuments(receipt.label, receipt_job, certificates_job)
