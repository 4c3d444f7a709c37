"""After a kennel license is sold, or a year-end batch renewed: the receipts and kennel
certificates as PDFs in the documents folder, for the shared print path (preview first, or
straight to the printer, as the workstation is set)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from clerkdesk.db.database import Database
from clerkdesk.ui.printing.jobs import DocumentKind, PrintJob, documents_dir, safe_name
from clerkdesk.whole_files import write_whole


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


@dataclass(frozen=True)
class KennelBatchPapers:
    """A year-end batch's paper: its certificates in one PDF and its receipts in another,
    each sent to the printer this workstation keeps for that kind of document."""

    certificates: PrintJob
    receipts: PrintJob
    count: int

    @property
    def jobs(self) -> tuple[PrintJob, ...]:
        return (self.certificates, self.receipts)

    @property
    def tab_names(self) -> list[str]:
        plural = "s" if self.count != 1 else ""
        return [f"Kennel certificate{plural} ({self.count})", f"Receipt{plural} ({self.count})"]


def write_kennel_batch(
    database: Database,
    sold: Sequence[tuple[int, int]],
    *,
    folder: Path | None = None,
) -> KennelBatchPapers:
    """Each renewed kennel's certificate and receipt, ``sold`` as (kennel license id,
    receipt id) in the order renewed; for the task runner (no widgets)."""
    from clerkdesk.reports.kennel_batch_pdf import render_kennel_receipts
    from clerkdesk.reports.kennel_certificate_pdf import render_kennel_certificates
    from clerkdesk.services.documents import receipt_document
    from clerkdesk.services.kennel_documents import kennel_certificates

    if not sold:
        raise ValueError("no kennel renewed: no papers to write")
    folder = folder or documents_dir()
    folder.mkdir(parents=True, exist_ok=True)
    certificates = kennel_certificates(database, [license_id for license_id, _r in sold])
    receipts = [receipt_document(database, receipt_id) for _l, receipt_id in sold]
    first, last = certificates[0].license_label, certificates[-1].license_label
    span = safe_name(first if first == last else f"{first}-to-{last.rsplit('-', 1)[-1]}")
    certificate_path = folder / f"kennel-licenses-{span}.pdf"
    write_whole(certificate_path, render_kennel_certificates(certificates))
    receipt_path = folder / f"kennel-receipts-{span}.pdf"
    write_whole(receipt_path, render_kennel_receipts(receipts))
    what = first if first == last else f"{first} to {last}"
    return KennelBatchPapers(
        PrintJob(f"Kennel licenses {what}", DocumentKind.CERTIFICATE, certificate_path),
        PrintJob(f"Receipts for kennel licenses {what}", DocumentKind.RECEIPT, receipt_path),
        len(sold),
    )
