"""After a kennel license is sold: its receipt and the kennel certificate as PDFs in the data
folder, for the shared print path (preview first, or straight to the printer)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from clerkdesk.db.database import Database
from clerkdesk.ui.printing.jobs import DocumentKind, PrintJob, documents_dir, safe_name


@dataclass(frozen=True)
class KennelDocuments:
    license_label: str
    certificate: PrintJob
    receipt: PrintJob | None

    @property
    def jobs(self) -> tuple[PrintJob, ...]:
        return tuple(j for j in (self.certificate, self.receipt) if j is not None)

    @property
    def tab_names(self) -> list[str]:
        return ["Kennel certificate", "Receipt"][: len(self.jobs)]


def write_kennel_documents(
    database: Database,
    kennel_license_id: int,
    receipt_id: int | None,
    *,
    folder: Path | None = None,
) -> KennelDocuments:
    """Render the certificate (and the receipt, when one is given); for the task runner."""
    from clerkdesk.reports.kennel_certificate_pdf import write_kennel_certificate
    from clerkdesk.reports.receipt_pdf import render_receipt
    from clerkdesk.services.documents import receipt_document
    from clerkdesk.services.kennel_documents import kennel_certificate

    folder = folder or documents_dir()
    folder.mkdir(parents=True, exist_ok=True)
    document = kennel_certificate(database, kennel_license_id)
    label = document.license_label
    path = folder / f"kennel-license-{safe_name(label, 'kennel')}.pdf"
    write_kennel_certificate(document, path)
    certificate = PrintJob(f"Kennel license {label}", DocumentKind.CERTIFICATE, path)
    receipt_job = None
    if receipt_id is not None:
        receipt = receipt_document(database, receipt_id)
        receipt_path = folder / f"receipt-{safe_name(receipt.label, 'receipt')}.pdf"
        receipt_path.write_bytes(render_receipt(receipt))
        receipt_job = PrintJob(f"Receipt {receipt.label}", DocumentKind.RECEIPT, receipt_path)
    return KennelDocuments(label, certificate, receipt_job)
