"""The one print path through a real QPrinter writing a PDF: the document's own paper,
text that stays text, and label marks that land where the PDF drew them."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.reports.calibration import MM, Calibration
from clerkdesk.ui.counter.documents import PrintedDocuments, write_documents
from clerkdesk.ui.printing.jobs import DocumentKind, PrintJob
from clerkdesk.ui.printing.printer import calibration_for, page_layout, print_to
from clerkdesk.ui.printing.settings import PrintSettings
from document_support import license_two_dogs
from printing_support import MARKS, ink_box, label_sheet, pdf_printer

TOLERANCE = 0.5  # points


@pytest.fixture
def printed(
    qapp: QApplication, sqlite_database: Database, clock: FixedClock, tmp_path: Path
) -> PrintedDocuments:
    sale = license_two_dogs(sqlite_database, clock)
    return write_documents(sqlite_database, sale.receipt_id, folder=tmp_path / "documents")


@pytest.fixture
def settings(tmp_path: Path) -> PrintSettings:
    return PrintSettings(QSettings(str(tmp_path / "printing.ini"), QSettings.Format.IniFormat))


def _reader(path: Path) -> PdfReader:
    return PdfReader(io.BytesIO(path.read_bytes()))


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def test_a_letter_certificate_comes_out_letter_with_its_text_as_text(
    printed: PrintedDocuments, tmp_path: Path
) -> None:
    # GIVEN a printer whose paper is A4 by default
    out = tmp_path / "printed.pdf"
    job = printed.certificates
    assert job is not None
    # WHEN the certificates go through the print path
    pictures = print_to(pdf_printer(out), job)
    # THEN every page is Letter, drawn as vectors, and reads as it did
    assert pictures == []
    source, result = _reader(job.path), _reader(out)
    assert len(result.pages) == len(source.pages) == 2
    for page in result.pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == (612.0, 792.0)
    text = _flat(result.pages[0].extract_text())
    for words in ("Westborough", "DOG", "LICENSE", "2026–27", "mjones"):
        assert words in text
    assert out.stat().st_size < 200_000  # a picture of two pages would be megabytes


def test_a_receipt_keeps_its_size_and_words(printed: PrintedDocuments, tmp_path: Path) -> None:
    out = tmp_path / "receipt.pdf"
    assert print_to(pdf_printer(out), printed.receipt) == []
    source, result = _reader(printed.receipt.path), _reader(out)
    assert [tuple(map(float, p.mediabox[2:])) for p in result.pages] == [
        tuple(map(float, p.mediabox[2:])) for p in source.pages
    ]
    text = _flat(result.pages[0].extract_text())
    assert printed.receipt_label in text and "Check" in text
    assert out.stat().st_size < 150_000


def _marks(path: Path) -> list[tuple[float, float, float, float]]:
    return [ink_box(path, x, y) for x, y in MARKS]


def test_label_marks_land_where_the_pdf_drew_them(qapp: QApplication, tmp_path: Path) -> None:
    sheet = label_sheet(tmp_path / "sheet.pdf")
    out = tmp_path / "printed.pdf"
    print_to(pdf_printer(out), PrintJob("Tags", DocumentKind.TAG_LABELS, sheet))
    for drawn, landed in zip(_marks(sheet), _marks(out), strict=True):
        for a, b in zip(drawn, landed, strict=True):
            assert abs(a - b) <= TOLERANCE, (drawn, landed)


def test_a_calibration_moves_label_marks_by_exactly_its_offsets(
    qapp: QApplication, tmp_path: Path, settings: PrintSettings
) -> None:
    # GIVEN this workstation's PDF printer prints 2 mm left and 1 mm low, so the sheet is
    # calibrated 2 mm right and 1 mm up
    sheet = label_sheet(tmp_path / "sheet.pdf")
    out = tmp_path / "printed.pdf"
    printer = pdf_printer(out)
    settings.set_calibration("PDF file", Calibration(2.0, -1.0, 1.0))
    job = PrintJob("Tags", DocumentKind.TAG_LABELS, sheet)
    # WHEN the sheet is printed
    print_to(printer, job, calibration_for(job, printer, settings))
    # THEN every mark moved 2 mm right and 1 mm up, and nothing else
    for drawn, landed in zip(_marks(sheet), _marks(out), strict=True):
        moved = [b - a for a, b in zip(drawn, landed, strict=True)]
        assert abs(moved[0] - 2 * MM) <= TOLERANCE and abs(moved[2] - 2 * MM) <= TOLERANCE
        assert abs(moved[1] + 1 * MM) <= TOLERANCE and abs(moved[3] + 1 * MM) <= TOLERANCE


def test_a_calibration_scales_about_the_top_left_corner(qapp: QApplication, tmp_path: Path) -> None:
    sheet = label_sheet(tmp_path / "sheet.pdf")
    out = tmp_path / "printed.pdf"
    scale = 1.01
    print_to(
        pdf_printer(out), PrintJob("Tags", DocumentKind.TAG_LABELS, sheet), Calibration(0, 0, scale)
    )
    for drawn, landed in zip(_marks(sheet), _marks(out), strict=True):
        for a, b in zip(drawn, landed, strict=True):
            assert abs(a * scale - b) <= TOLERANCE, (drawn, landed)


def test_a_receipt_is_never_calibrated(
    qapp: QApplication, tmp_path: Path, settings: PrintSettings
) -> None:
    sheet = label_sheet(tmp_path / "sheet.pdf")
    out = tmp_path / "printed.pdf"
    printer = pdf_printer(out)
    settings.set_calibration("PDF file", Calibration(2.0, -1.0, 1.02))
    job = PrintJob("Receipt", DocumentKind.RECEIPT, sheet)
    assert calibration_for(job, printer, settings).is_identity
    print_to(printer, job, calibration_for(job, printer, settings))
    for drawn, landed in zip(_marks(sheet), _marks(out), strict=True):
        for a, b in zip(drawn, landed, strict=True):
            assert abs(a - b) <= TOLERANCE


@pytest.mark.parametrize(
    ("size", "name"), [((612, 792), "Letter"), ((396, 612), "Statement"), ((842, 595), "A4")]
)
def test_the_paper_is_the_documents_own(
    qapp: QApplication, size: tuple[int, int], name: str
) -> None:
    layout = page_layout(*size)
    points = layout.fullRectPoints()
    assert (round(points.width()), round(points.height())) == size
    assert layout.margins().isNull()
    assert name.lower() in layout.pageSize().name().lower()


def _sealed_page(path: Path) -> Path:
    """Text and a round seal on a transparent ground, as a certificate carries it."""
    from PIL import Image, ImageDraw
    from reportlab.lib.pagesizes import letter
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen import canvas

    from clerkdesk.reports.layout import FONT

    seal = Image.new("RGBA", (300, 300), (0, 0, 0, 0))
    ImageDraw.Draw(seal).ellipse((10, 10, 290, 290), fill=(20, 20, 120, 255))
    sheet = canvas.Canvas(str(path), pagesize=letter, invariant=1)
    sheet.setFont(FONT, 14)
    sheet.drawString(72, 700, "Town of Westborough seal")
    sheet.drawImage(ImageReader(seal), 400, 600, 144, 144, mask="auto")
    sheet.showPage()
    sheet.save()
    return path


def test_a_seal_with_a_transparent_ground_prints_where_it_was_drawn(
    qapp: QApplication, tmp_path: Path
) -> None:
    source = _sealed_page(tmp_path / "sealed.pdf")
    out = tmp_path / "printed.pdf"
    assert print_to(pdf_printer(out), PrintJob("Seal", DocumentKind.CERTIFICATE, source)) == []
    assert "Westborough seal" in _flat(_reader(out).pages[0].extract_text())
    # The seal's disc: 144 pt wide at (400, 48) from the top-left, less the 10/300 margin.
    drawn, landed = ink_box(source, 420, 60), ink_box(out, 420, 60)
    for a, b in zip(drawn, landed, strict=True):
        assert abs(a - b) <= TOLERANCE, (drawn, landed)


def test_a_page_the_vector_path_cannot_draw_goes_as_a_picture_of_that_page_only(
    qapp: QApplication, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    from reportlab.lib.colors import blue, white
    from reportlab.lib.pagesizes import letter
    from reportlab.pdfgen import canvas

    source = tmp_path / "shaded.pdf"
    sheet = canvas.Canvas(str(source), pagesize=letter, invariant=1)
    sheet.linearGradient(72, 72, 300, 300, (blue, white))  # a shading: no QPainter twin
    sheet.showPage()
    sheet.drawString(72, 700, "Second page")
    sheet.showPage()
    sheet.save()
    out = tmp_path / "printed.pdf"
    assert print_to(pdf_printer(out), PrintJob("Shaded", DocumentKind.REPORT, source)) == [0]
    assert "printed as a 600 dpi picture" in caplog.text
    result = _reader(out)
    assert [tuple(map(float, p.mediabox[2:])) for p in result.pages] == [(612.0, 792.0)] * 2
    assert "Second page" in _flat(result.pages[1].extract_text())


def test_a_page_range_chosen_in_the_printer_dialog_is_honoured(
    printed: PrintedDocuments, tmp_path: Path
) -> None:
    from PySide6.QtPrintSupport import QPrinter

    out = tmp_path / "second.pdf"
    printer = pdf_printer(out)
    printer.setPrintRange(QPrinter.PrintRange.PageRange)
    printer.setFromTo(2, 2)
    job = printed.certificates
    assert job is not None
    print_to(printer, job)
    pages = _reader(out).pages
    source = _reader(job.path).pages
    assert len(pages) == 1
    assert (
        _flat(pages[0].extract_text()).split()[:40] == _flat(source[1].extract_text()).split()[:40]
    )
