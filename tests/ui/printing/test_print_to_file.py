"""Print to file in the printer dialog: the message says where the file went, in full,
never "sent to the printer"."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from clerkdesk.ui.printing.jobs import DocumentKind, PrintJob, sent_words
from clerkdesk.ui.printing.present import present
from clerkdesk.ui.printing.preview import PrintPreview
from clerkdesk.ui.printing.printer import file_printed, print_to
from clerkdesk.ui.printing.settings import PrintSettings
from printing_support import label_sheet, pdf_printer


class ToFile:
    """A printer dialog in which the clerk chose Print to file, to ``folder``."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def __call__(self, _parent: QWidget | None, job: PrintJob) -> Path:
        target = self.folder / f"copy-of-{job.path.name}"
        target.write_bytes(job.path.read_bytes())
        return target


@pytest.fixture
def receipt(tmp_path: Path) -> PrintJob:
    return PrintJob("Receipt 2026-000012", DocumentKind.RECEIPT, label_sheet(tmp_path / "r.pdf"))


def test_a_printer_set_to_a_file_tells_the_files_full_path(
    qapp: QApplication, tmp_path: Path, receipt: PrintJob, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "out" / "receipt.pdf"
    target.parent.mkdir()
    printer = pdf_printer(target)
    print_to(printer, receipt)
    assert file_printed(printer) == target and target.stat().st_size > 0
    # A bare file name is where the app stands, said in full.
    monkeypatch.chdir(tmp_path)
    assert file_printed(pdf_printer(Path("bare.pdf"))) == tmp_path / "bare.pdf"
    # A real printer has no file to tell.
    assert file_printed(QPrinter()) is None


def test_the_words_say_printer_or_file() -> None:
    assert sent_words("r.pdf", True) == "Sent r.pdf to the printer."
    assert (
        sent_words("r.pdf", Path("/home/clerk/Documents/r.pdf"))
        == "Printed r.pdf to the file /home/clerk/Documents/r.pdf."
    )


def test_the_preview_says_where_print_to_file_put_it(
    qtbot: QtBot, tmp_path: Path, receipt: PrintJob
) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    preview = PrintPreview("Documents", [receipt], ToFile(tmp_path), parent)
    qtbot.addWidget(preview)
    preview.print_current()
    target = tmp_path / "copy-of-r.pdf"
    assert preview.message.text() == f"Printed r.pdf to the file {target}."
    assert target.exists() and str(target).startswith("/")


def test_printing_at_once_to_a_file_says_where(
    qtbot: QtBot, tmp_path: Path, receipt: PrintJob
) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    settings = PrintSettings(QSettings(str(tmp_path / "p.ini"), QSettings.Format.IniFormat))
    settings.preview_first = False
    shown = present(parent, receipt.title, [receipt], ToFile(tmp_path), settings)
    assert shown.message(receipt.title) == (
        f"Receipt 2026-000012 printed to the file {tmp_path / 'copy-of-r.pdf'}."
    )
