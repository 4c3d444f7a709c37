"""The preview's pages, drawn by pdfium: a 200-page batch opens at once with only the pages
in sight rendered; PgDn/PgUp/Home/End move by pages and say which is shown; Ctrl++ and
Ctrl+0 zoom and fit the width again; a page shows its ink where the PDF has it."""

from __future__ import annotations

import time
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot
from reportlab.lib.pagesizes import letter
from reportlab.pdfgen import canvas

from clerkdesk.ui.printing.jobs import DocumentKind, PrintJob
from clerkdesk.ui.printing.pdf_pages import PdfPages
from clerkdesk.ui.printing.preview import DocumentPage, PrintPreview
from printing_support import label_sheet
from qt_support import RecordedDialogs

CTRL = Qt.KeyboardModifier.ControlModifier


def batch(path: Path, pages: int) -> Path:
    """``pages`` letter pages, each with its number large at the top and a black box."""
    sheet = canvas.Canvas(str(path), pagesize=letter, invariant=1)
    for number in range(1, pages + 1):
        sheet.setFont("Helvetica", 40)
        sheet.drawString(72, letter[1] - 100, f"Notice {number}")
        sheet.rect(72, 72, 200, 100, fill=1, stroke=0)
        sheet.showPage()
    sheet.save()
    return path


def window(qtbot: QtBot) -> QWidget:
    parent = QWidget()
    qtbot.addWidget(parent)
    return parent


def opened(qtbot: QtBot, path: Path, parent: QWidget) -> tuple[PrintPreview, DocumentPage]:
    job = PrintJob("Renewal notices", DocumentKind.REPORT, path)
    preview = PrintPreview("Notices", [job], RecordedDialogs().print_job, parent)
    qtbot.addWidget(preview)
    preview.resize(820, 700)
    preview.show()
    preview.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is preview)
    page = preview.tabs.currentWidget()
    assert isinstance(page, DocumentPage)
    return preview, page


def test_a_200_page_batch_opens_at_once_and_renders_only_what_is_seen(
    qtbot: QtBot, tmp_path: Path
) -> None:
    path = batch(tmp_path / "notices.pdf", 200)
    started = time.monotonic()
    parent = window(qtbot)
    _preview, page = opened(qtbot, path, parent)
    page.view.grab()
    # GIVEN a batch of 200 notices, THEN the preview opens in well under a second
    assert time.monotonic() - started < 2.0
    assert page.view.page_count() == 200
    # AND only the pages in sight are rendered, not the batch
    assert 1 <= page.view.renders <= 3
    assert page.where.text().startswith("Page 1 of 200")
    assert page.view.accessibleName() == "Renewal notices preview"

    # WHEN the clerk presses PgDn twice and End, THEN page 3 and then the last are shown
    page.view.setFocus()
    qtbot.keyClick(page.view, Qt.Key.Key_PageDown)
    qtbot.keyClick(page.view, Qt.Key.Key_PageDown)
    assert page.view.current_page() == 2
    assert page.where.text().startswith("Page 3 of 200")
    qtbot.keyClick(page.view, Qt.Key.Key_End)
    assert page.view.current_page() == 199
    page.view.grab()
    assert 199 in page.view.visible_pages()
    # AND PgUp goes back one, Home to the first
    qtbot.keyClick(page.view, Qt.Key.Key_PageUp)
    assert page.view.current_page() == 198
    qtbot.keyClick(page.view, Qt.Key.Key_Home)
    assert page.view.current_page() == 0
    page.view.grab()
    assert page.view.renders < 12


def test_ctrl_plus_zooms_and_ctrl_0_fits_the_width_again(qtbot: QtBot, tmp_path: Path) -> None:
    parent = window(qtbot)
    preview, page = opened(qtbot, batch(tmp_path / "two.pdf", 2), parent)
    view = page.view
    fitted = view.page_rect(0).width()
    assert view.zoom is None and "fit to width" in page.where.text()
    assert abs(fitted - (view.viewport().width() - 20)) <= 2

    # WHEN the clerk presses Ctrl++ (wherever the focus is), THEN the page grows
    preview.print_button.setFocus()
    qtbot.keyClick(preview, Qt.Key.Key_Equal, CTRL)
    assert view.zoom is not None
    assert view.page_rect(0).width() > fitted
    assert f"{view.zoom_percent()}%" in page.where.text()
    # AND Ctrl+- makes it smaller, Ctrl+0 fits the width again
    wider = view.page_rect(0).width()
    qtbot.keyClick(preview, Qt.Key.Key_Minus, CTRL)
    assert view.page_rect(0).width() < wider
    qtbot.keyClick(preview, Qt.Key.Key_0, CTRL)
    assert view.zoom is None and view.page_rect(0).width() == fitted


def test_the_page_shows_the_ink_where_the_pdf_has_it(qtbot: QtBot, tmp_path: Path) -> None:
    view = PdfPages(label_sheet(tmp_path / "labels.pdf"))
    qtbot.addWidget(view)
    view.resize(640, 900)
    view.show()
    qtbot.waitExposed(view)
    shot = view.viewport().grab().toImage()
    rect = view.page_rect(0)
    scale = rect.width() / letter[0]
    # the first mark's box (72, 90 from the top-left, 28×14 points) is black on the page …
    x = rect.left() + round((72 + 14) * scale)
    y = rect.top() + round((90 + 7) * scale)
    assert shot.pixelColor(x, y).lightness() < 60
    # … and the paper beside it white, the desk around the page gray
    assert shot.pixelColor(rect.left() + 5, rect.top() + 5).lightness() > 240
    assert shot.pixelColor(3, 3).lightness() < 200


def test_the_file_can_be_replaced_while_its_preview_is_open(qtbot: QtBot, tmp_path: Path) -> None:
    path = batch(tmp_path / "one.pdf", 1)
    view = PdfPages(path)
    qtbot.addWidget(view)
    # pdfium read the file into memory: a reprint may write the same name again
    path.write_bytes(b"")
    path.unlink()
    assert view.page_count() == 1
    view.resize(400, 500)
    view.grab()
    assert view.renders == 1
