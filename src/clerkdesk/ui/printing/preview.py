"""A preview of one or more documents, a tab each, with Print… and Print all.

The pages are drawn by pdfium through ``pdf_pages.PdfPages`` (not QtPdf, which would pull
in PySide6's Addons for one widget; issue 24)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QGuiApplication, QKeySequence, QShortcut
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
from clerkdesk.ui.printing.pdf_pages import PdfPages

ONCE = (DocumentKind.RECEIPT, DocumentKind.CERTIFICATE)
COUNTER_REPRINTS = (
    "Documents… (P) on the owner's card or Find receipt/cert… (Ctrl+F) at the counter"
)


class DocumentPage(QWidget):
    """One document's pages, and a line saying which page is shown and how to move."""

    def __init__(self, job: PrintJob, parent: QWidget) -> None:
        super().__init__(parent)
        self.job = job
        self.setAccessibleName(job.title)
        self.view = PdfPages(job.path, self)
        self.view.setAccessibleName(f"{job.title} preview")
        self.where = QLabel("", self)
        self.where.setObjectName("ViewHint")
        self.where.setAccessibleName(f"{job.title}: page shown")
        self.view.page_changed.connect(lambda _page: self._say_where())
        self.view.zoom_changed.connect(self._say_where)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.where)
        self._say_where()

    def _say_where(self) -> None:
        count = self.view.page_count()
        zoom = "fit to width" if self.view.zoom is None else f"{self.view.zoom_percent()}%"
        moves = "PgUp/PgDn pages · " if count > 1 else ""
        self.where.setText(
            f"Page {self.view.current_page() + 1} of {count} · {zoom} · "
            f"{moves}Ctrl+Plus / Ctrl+Minus zoom, Ctrl+0 fits the width"
        )
        self.view.setAccessibleDescription(self.where.text())


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
        # Zoom wherever the focus is (the pages also take them, and PgUp/PgDn, themselves).
        for keys, act in (
            (("Ctrl++", "Ctrl+="), PdfPages.zoom_in),
            (("Ctrl+-",), PdfPages.zoom_out),
            (("Ctrl+0",), PdfPages.fit_width),
        ):
            for key in keys:
                zoom = QShortcut(QKeySequence(key), self)
                zoom.activated.connect(lambda act=act: self._on_pages(act))

    def _on_pages(self, act: Callable[[PdfPages], None]) -> None:
        page = self.tabs.currentWidget()
        if isinstance(page, DocumentPage):
            act(page.view)

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
