"""Papers… on a kennel: each of its licenses' certificate and the receipt it was sold on,
newest first, with how often each was reprinted. Enter or Ctrl+P prints the one chosen
again, marked REPRINT with the moment and the clerk's name and recorded, through the
counter's reprint path (handed in, so the areas do not import one another) and the shared
print preview."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QDialog, QLabel, QTableView, QVBoxLayout, QWidget

from clerkdesk.errors import EnvironmentProblem, ValidationError
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.kinds import PrintedKind
from clerkdesk.rules.roles import Permission
from clerkdesk.services.kennel_papers import KennelPaper, kennel_papers
from clerkdesk.services.reprints import Reprinted
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.fields import button_row, line_edit, message_label, say, tell
from clerkdesk.ui.views.kennels.details import small_table
from clerkdesk.ui.views.kennels.tables import PAPER_FIT, paper_model

REPRINT_KEYS = "Ctrl+P"
REASON_LENGTH = 200


class Reprints(Protocol):
    """The counter's recorded reprint path (``ui.counter.reprint_job.Reprinter``)."""

    busy: bool

    def start(self, kind: PrintedKind, document_id: int, reason: str | None) -> None: ...


# Given the dialog (the preview's parent), where to say how it went, and what to do once
# the reprint is on record.
ReprinterFactory = Callable[
    [QWidget, Callable[[str, bool], None], Callable[[Reprinted], None]], Reprints
]


def reprints_text(paper: KennelPaper) -> str:
    if not paper.reprints or paper.last_reprinted_at is None:
        return f"{paper.words}: never reprinted."
    times = "once" if paper.reprints == 1 else f"{paper.reprints} times"
    return (
        f"{paper.words}: reprinted {times}; last on {us_date(paper.last_reprinted_at.date())} "
        f"by {paper.last_reprinted_by}."
    )


class KennelPapersDialog(QDialog):
    def __init__(
        self,
        ctx: UiContext,
        kennel_id: int,
        kennel_name: str,
        reprinter: ReprinterFactory,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.ctx, self.kennel_id = ctx, kennel_id
        self.papers: list[KennelPaper] = []
        self.loading = False
        title = f"Papers — {kennel_name}"
        self.setWindowTitle(title)
        self.setAccessibleName(title)
        self.setModal(True)
        self.resize(860, 460)
        outer = QVBoxLayout(self)
        heading = QLabel(f"{kennel_name}: kennel certificates and receipts", self)
        heading.setObjectName("DialogTitle")
        heading.setWordWrap(True)
        hint = QLabel(
            "Newest first. Enter or Ctrl+P prints the one chosen again, marked REPRINT with "
            "today's date and your name; every reprint is recorded.",
            self,
        )
        hint.setObjectName("ViewHint")
        hint.setWordWrap(True)
        self.model = paper_model(self)
        self.table: QTableView = small_table(
            "The kennel's certificates and receipts", self.model, PAPER_FIT, self, rows=4
        )
        self.table.activated.connect(lambda _index: self.reprint_current())
        self.history = QLabel("", self)
        self.history.setAccessibleName("Reprints of the chosen paper")
        self.history.setWordWrap(True)
        reason_caption = QLabel("&Reason for the reprint (optional)", self)
        self.reason = line_edit(self, "Reason for the reprint", "e.g. the keeper lost it")
        self.reason.setMaxLength(REASON_LENGTH)
        reason_caption.setBuddy(self.reason)
        self.message = message_label(self, "the papers")
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByKeyboard)
        buttons, self.reprint_button, close = button_row(
            self, (f"Reprint…  {REPRINT_KEYS}", "Reprint"), ("Close  Esc", "Close")
        )
        # Enter belongs to the table (reprint the row); the button is clicked, not default.
        self.reprint_button.setDefault(False)
        self.reprint_button.setAutoDefault(False)
        self.reprint_button.clicked.connect(self.reprint_current)
        close.clicked.connect(self.reject)
        may = ctx.actor.may(Permission.REPRINT)
        self.reprint_button.setEnabled(may)
        if not may:
            self.reprint_button.setToolTip(ctx.actor.refusal(Permission.REPRINT))
        for widget in (heading, hint, self.table, self.history, reason_caption, self.reason):
            outer.addWidget(widget, 1 if widget is self.table else 0)
        outer.addWidget(self.message)
        outer.addLayout(buttons)
        QShortcut(QKeySequence(REPRINT_KEYS), self).activated.connect(self.reprint_current)
        self.reprinter = reprinter(self, self._said, self._reprinted)
        self.table.selectionModel().currentRowChanged.connect(lambda *_a: self._show_history())
        self.load()

    # loading ------------------------------------------------------------------------
    def busy(self) -> bool:
        return self.loading or self.reprinter.busy

    def load(self, select: tuple[PrintedKind, int] | None = None) -> None:
        self.loading = True
        database, kennel_id = self.ctx.database, self.kennel_id
        self.ctx.tasks.run(
            lambda: kennel_papers(database, kennel_id),
            lambda papers: self._arrived(papers, select),
            self._failed,
        )

    def _arrived(self, papers: list[KennelPaper], select: tuple[PrintedKind, int] | None) -> None:
        self.loading = False
        self.papers = papers
        self.model.set_rows(papers)
        if not papers:
            say(self.message, "No license has been sold for this kennel yet: nothing to print.")
            self.reprint_button.setEnabled(False)
            self.reprint_button.setToolTip("No license has been sold for this kennel yet.")
            return
        wanted = 0
        if select is not None:
            wanted = next((i for i, p in enumerate(papers) if (p.kind, p.document_id) == select), 0)
        self.table.setCurrentIndex(self.model.index(wanted, 0))
        self.table.setFocus(Qt.FocusReason.OtherFocusReason)
        self._show_history()

    def _failed(self, exc: Exception) -> None:
        self.loading = False
        if isinstance(exc, (ValidationError, EnvironmentProblem)):
            tell(self.message, str(exc), problem=True)
        else:
            raise exc

    def current(self) -> KennelPaper | None:
        index = self.table.currentIndex()
        return self.model.row(index.row()) if index.isValid() else None

    def _show_history(self) -> None:
        paper = self.current()
        self.history.setText(reprints_text(paper) if paper else "")

    # reprinting ---------------------------------------------------------------------
    def reprint_current(self) -> None:
        if not self.ctx.actor.may(Permission.REPRINT):
            tell(self.message, self.ctx.actor.refusal(Permission.REPRINT), problem=True)
            return
        paper = self.current()
        if paper is None:
            tell(self.message, "Choose a certificate or receipt first (arrow keys).", problem=True)
            return
        self.reprinter.start(paper.kind, paper.document_id, self.reason.text() or None)

    def _said(self, text: str, problem: bool) -> None:
        tell(self.message, text, problem=problem)

    def _reprinted(self, done: Reprinted) -> None:
        self.reason.clear()
        self.load(select=(done.kind, done.document_id))
