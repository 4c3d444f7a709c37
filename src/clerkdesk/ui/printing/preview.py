"""A preview of one or more documents, a tab each, with Print… and Print all."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QGuiApplication, QKeySequence, QShortcut
from PySide6.QtPdf import QPdfDocument
from PySide6.QtPdfWidgets import QPdfView
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from clerkdesk.ui.elide import ElidedLabel
from clerkdesk.ui.printing.jobs import (
    DocumentKind,
    JobPrinter,
    PrintJob,
    printed_file,
    sent_words,
)

ONCE = (DocumentKind.RECEIPT, DocumentKind.CERTIFICATE)
COUNTER_REPRINTS = (
    "Documents… (P) on the owner's card or Find receipt/cert… (Ctrl+F) at the counter"
)


class DocumentPage(QWidget):
    def __init__(self, job: PrintJob, parent: QWidget) -> None:
        super().__init__(parent)
        self.job = job
        self.setAccessibleName(job.title)
        self.document = QPdfDocument(self)
        self.document.load(str(job.path))
        self.view = QPdfView(self)
        self.view.setAccessibleName(f"{job.title} preview")
        self.view.setDocument(self.document)
        self.view.setPageMode(QPdfView.PageMode.MultiPage)
        self.view.setZoomMode(QPdfView.ZoomMode.FitToWidth)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view)


# A letter page at a readable width; less on a small screen.
PREFERRED = QSize(820, 900)
# What the window manager's frame and a taskbar take from the screen.
FRAME = QSize(40, 60)


def fitting(wanted: QSize, parent: QWidget | None) -> QSize:
    """``wanted``, or as much of it as fits on the screen the dialog opens on."""
    screen = (parent.screen() if parent is not None else None) or QGuiApplication.primaryScreen()
    if screen is None:
        return wanted
    room = screen.availableGeometry().size() - FRAME
    return wanted.boundedTo(room)


class PrintPreview(QDialog):
    """Each job in a tab; Ctrl+P prints the one shown, Print all prints them in order."""

    def __init__(
        self,
        title: str,
        jobs: Sequence[PrintJob],
        print_job: JobPrinter,
        parent: QWidget,
        *,
        tab_names: Sequence[str] | None = None,
        reprint_from: str = COUNTER_REPRINTS,
    ) -> None:
        """``reprint_from``: where, in the area that printed them, another copy is had."""
        super().__init__(parent)
        self.jobs, self.print_job = tuple(jobs), print_job
        self.reprint_from = reprint_from
        self.sent: set[Path] = set()
        self.setWindowTitle(title)
        self.setAccessibleName(title)
        self.resize(fitting(PREFERRED, parent))
        layout = QVBoxLayout(self)
        # A deep data folder keeps its start and its end; the tooltip has all of it.
        folder = self.jobs[0].path.parent if self.jobs else ""
        where = ElidedLabel(
            f"Saved in {folder}",
            self,
            role="Where the documents were saved",
            mode=Qt.TextElideMode.ElideMiddle,
            hint_width=PREFERRED.width() - 40,
        )
        where.setObjectName("ViewHint")
        self.tabs = QTabWidget(self)
        self.tabs.setAccessibleName("Documents")
        names = list(tab_names or [job.title for job in self.jobs])
        for job, name in zip(self.jobs, names, strict=True):
            self.tabs.addTab(DocumentPage(job, self), name)
        self.message = QLabel("", self)
        self.message.setAccessibleName("Printing message")
        self.message.setWordWrap(True)
        buttons = QHBoxLayout()
        buttons.addWidget(self.message, 1)
        self.print_button = QPushButton("Print…  Ctrl+P", self)
        self.print_button.setAccessibleName("Print")
        self.print_button.setAutoDefault(False)
        self.print_button.clicked.connect(self.print_current)
        self.print_all_button = QPushButton("Print all", self)
        self.print_all_button.setAccessibleName("Print all")
        self.print_all_button.setAutoDefault(False)
        self.print_all_button.clicked.connect(self.print_all)
        self.print_all_button.setVisible(len(self.jobs) > 1)
        close = QPushButton("Close  Esc", self)
        close.setAccessibleName("Close")
        close.setDefault(True)
        close.clicked.connect(self.accept)
        for button in (self.print_button, self.print_all_button, close):
            buttons.addWidget(button)
        layout.addWidget(where)
        layout.addWidget(self.tabs, 1)
        layout.addLayout(buttons)
        shortcut = QShortcut(QKeySequence("Ctrl+P"), self)
        shortcut.activated.connect(self.print_current)

    def paths(self) -> list[Path]:
        return [job.path for job in self.jobs]

    def print_current(self) -> None:
        page = self.tabs.currentWidget()
        if isinstance(page, DocumentPage):
            self._send([page.job])

    def print_all(self) -> None:
        self._send(list(self.jobs))

    def _send(self, jobs: list[PrintJob]) -> None:
        # A receipt or a certificate goes to the printer once from here: a second copy is a
        # reprint, which must say REPRINT on its face and be recorded.
        again = [j for j in jobs if j.kind in ONCE and j.path in self.sent]
        sent: list[str] = []
        files: list[str] = []  # Print to file: each says where it went, in full
        for job in jobs:
            result = self.print_job(self, job) if job not in again else False
            if not result:
                continue
            self.sent.add(job.path)
            if printed_file(result) is not None:
                files.append(sent_words(job.path.name, result))
            else:
                sent.append(job.path.name)
        lines = [sent_words(", ".join(sent), True)] if sent else []
        lines += files
        if again:
            names = ", ".join(j.title for j in again)
            lines.append(
                f"{names}: already sent to the printer. Another copy is a reprint: "
                f"{self.reprint_from} marks it REPRINT and records it."
            )
        if lines:
            self.message.setText(" ".join(lines))
