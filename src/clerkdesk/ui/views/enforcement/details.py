"""A record's details, opened with Enter on its line: its facts in words and its steps, each
a button with its letter. A step the person's role may not take is disabled with the refusal
as its tooltip; one that waits on the record says why. A step's form opens over the details;
once it saves, the details are read again and the area's lists follow."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QGuiApplication, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QDialog,
    QGridLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clerkdesk.errors import ClerkDeskError
from clerkdesk.rules.kinds import PrintedKind
from clerkdesk.services.enforcement.hearing_views import HearingView, hearing_view
from clerkdesk.services.enforcement.impound_views import ImpoundView, impound_view
from clerkdesk.services.enforcement.violation_lists import ViolationRow, violation_row
from clerkdesk.services.reprints import Reprinted
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.fields import message_label, tell
from clerkdesk.ui.form_base import FRAME
from clerkdesk.ui.views.enforcement import record_facts as facts
from clerkdesk.ui.views.enforcement.bar_dialogs import BreachDialog, LiftDialog, ReportDialog
from clerkdesk.ui.views.enforcement.close_dialogs import CloseHearingDialog, EndOrderDialog
from clerkdesk.ui.views.enforcement.hearing_dialogs import (
    CourtResultDialog,
    DecideDialog,
    ScheduleDialog,
)
from clerkdesk.ui.views.enforcement.impound_dialogs import DisposeDialog, IdentifyDialog
from clerkdesk.ui.views.enforcement.offers import ActionButton
from clerkdesk.ui.views.enforcement.paper_print import PaperPrinter, ReprintPaperDialog
from clerkdesk.ui.views.enforcement.violation_dialogs import (
    CourtFilingDialog,
    DismissViolationDialog,
)

Record = ViolationRow | ImpoundView | HearingView
KINDS = ("violations", "impounds", "hearings")
# The height the title, the message, three rows of steps and Close take around the facts.
AROUND_FACTS = 260
# A step's key → the paper it prints again.
PAPER_STEPS = {
    facts.VIOLATION_NOTICE: PrintedKind.VIOLATION_NOTICE,
    facts.HEARING_NOTICE: PrintedKind.HEARING_NOTICE,
    facts.HEARING_ORDER: PrintedKind.HEARING_ORDER,
    facts.RELEASE_PAPER: PrintedKind.IMPOUND_RELEASE,
}
# A step's key → the paper issued once its form is saved (the notice of the hearing set,
# the order of the decision made).
ISSUES = {"schedule": PrintedKind.HEARING_NOTICE, "decide": PrintedKind.HEARING_ORDER}


def read_record(ctx: UiContext, kind: str, record_id: int) -> Callable[[], Record]:
    database, clock = ctx.database, ctx.clock
    if kind == "violations":
        return lambda: violation_row(database, record_id)
    if kind == "impounds":
        return lambda: impound_view(database, record_id, clock.now())
    return lambda: hearing_view(database, record_id)


class RecordDialog(QDialog):
    """``changed`` carries what a step did, in words; ``to_counter`` the owner to open at
    the Counter."""

    changed = Signal(str)
    to_counter = Signal(int)

    def __init__(self, ctx: UiContext, kind: str, record_id: int, parent: QWidget) -> None:
        super().__init__(parent)
        assert kind in KINDS
        self.ctx, self.kind, self.record_id = ctx, kind, record_id
        self.record: Record | None = None
        self.form: QDialog | None = None
        self.form_key = ""
        self.loading = 0
        self.papers = PaperPrinter(ctx, self, self._said)
        self.setModal(True)
        self.setMinimumWidth(760)
        self.setWindowTitle("Record")
        self.setAccessibleName("Record details")
        layout = QVBoxLayout(self)
        self.heading = QLabel("Reading…", self)
        self.heading.setObjectName("DialogTitle")
        layout.addWidget(self.heading)
        self.facts = QLabel("", self)
        self.facts.setWordWrap(True)
        self.facts.setAccessibleName("Facts")
        self.facts.setTextFormat(Qt.TextFormat.PlainText)
        self.facts.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByKeyboard)
        self.facts.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        layout.addWidget(self.facts)
        self.message = message_label(self, "the record")
        layout.addWidget(self.message)
        self.grid = QGridLayout()
        layout.addLayout(self.grid)
        self.close_button = QPushButton("Close  Esc", self)
        self.close_button.setAccessibleName("Close")
        self.close_button.setAutoDefault(False)
        self.close_button.clicked.connect(self.reject)
        layout.addWidget(self.close_button, 0, Qt.AlignmentFlag.AlignRight)
        self.buttons: dict[str, ActionButton] = {}
        self.steps: dict[str, facts.Step] = {}
        self.reread()

    def busy(self) -> bool:
        return self.loading > 0 or self.papers.busy()

    def _said(self, text: str, problem: bool) -> None:
        tell(self.message, text, problem=problem)

    def reread(self) -> None:
        self.loading += 1
        self.ctx.tasks.run(read_record(self.ctx, self.kind, self.record_id), self._read,
                           self._failed)  # fmt: skip

    def _failed(self, exc: Exception) -> None:
        self.loading -= 1
        if not isinstance(exc, ClerkDeskError):
            raise exc
        tell(self.message, str(exc), problem=True)

    def _read(self, record: Record) -> None:
        self.loading -= 1
        self.record = record
        today = self.ctx.clock.today()
        if isinstance(record, ViolationRow):
            lines, steps = facts.violation_facts(record), facts.violation_steps(record, today)
        elif isinstance(record, ImpoundView):
            lines, steps = facts.impound_facts(record), facts.impound_steps(record)
        else:
            lines, steps = facts.hearing_facts(record), facts.hearing_steps(record)
        title = f"{record.label}"
        self.setWindowTitle(title)
        self.heading.setText(title)
        self.facts.setText("\n".join(lines))
        self._offer(steps)
        self._fit()

    def _fit(self) -> None:
        """As tall as the facts now read (it opened saying "Reading…"), within the screen:
        the facts' label holds the height its lines take at the dialog's width."""
        layout = self.layout()
        if layout is None:
            return
        margins = layout.contentsMargins()
        width = self.width()
        lines = self.facts.heightForWidth(width - margins.left() - margins.right())
        screen = self.screen() or QGuiApplication.primaryScreen()
        room = screen.availableGeometry().height() - FRAME if screen is not None else lines
        # Never taller than the screen: the title, the steps and Close keep their room.
        self.facts.setMinimumHeight(max(min(lines, room - AROUND_FACTS), 0))
        layout.activate()
        self.resize(QSize(width, min(layout.totalMinimumSize().height(), room)))

    def _offer(self, steps: list[facts.Step]) -> None:
        first = not self.buttons
        for number, step in enumerate(steps):
            button = self.buttons.get(step.key)
            if button is None:
                button = ActionButton(step.label, step.label.rstrip("…"), step.letter,
                                      step.permission, self)  # fmt: skip
                button.clicked.connect(lambda _c=False, key=step.key: self.take(key))
                shortcut = QShortcut(QKeySequence(step.letter), self)
                shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
                shortcut.activated.connect(lambda key=step.key: self._pressed(key))
                self.grid.addWidget(button, number // 4, number % 4)
                self.buttons[step.key] = button
            self.steps[step.key] = step
            button.offer_to(self.ctx.actor, step.waits_on)
        if first:
            ready = next((b for b in self.buttons.values() if b.offered), self.close_button)
            ready.setFocus()

    def _pressed(self, key: str) -> None:
        button = self.buttons[key]
        if button.offered:
            button.click()
        elif button.reason:
            tell(self.message, button.reason, problem=True)

    # steps ----------------------------------------------------------------------------
    def take(self, key: str) -> None:
        record = self.record
        button = self.buttons.get(key)
        if record is None or button is None or not button.offered:
            return
        if key == facts.COUNTER:
            owner = getattr(record, "owner_id", None)
            if owner is not None:
                self.to_counter.emit(int(owner))
                self.accept()
            return
        form = self._form(key, record)
        if form is not None:
            self.open_form(form, key)

    def _form(self, key: str, record: Record) -> QDialog | None:
        ctx, label = self.ctx, record.label
        if key in PAPER_STEPS:
            return ReprintPaperDialog(ctx, PAPER_STEPS[key], record.id, label, self)
        if isinstance(record, ViolationRow):
            if key == "dismiss":
                return DismissViolationDialog(ctx, record.id, label, self)
            return CourtFilingDialog(ctx, [(record.id, label)], self)
        if isinstance(record, ImpoundView):
            if key == "identify":
                return IdentifyDialog(ctx, record.id, label, self)
            return DisposeDialog(ctx, record.id, label, self)
        forms: dict[str, Callable[[], QDialog]] = {
            "schedule": lambda: ScheduleDialog(ctx, record.id, label, self),
            "decide": lambda: DecideDialog(ctx, record.id, label, self),
            "court": lambda: CourtResultDialog(ctx, record.id, label, self),
            "breach": lambda: BreachDialog(ctx, label, facts.orders_in_force(record), self),
            "report": lambda: ReportDialog(
                ctx, label, [b for b in record.bars if b.reported_on is None and
                             b.lifted_at is None], self),
            "lift": lambda: LiftDialog(
                ctx, label, [b for b in record.bars if b.lifted_at is None], self),
            "end_order": lambda: EndOrderDialog(
                ctx, label, facts.orders_in_force(record), self),
            "close": lambda: CloseHearingDialog(ctx, record.id, label, self),
        }  # fmt: skip
        return forms[key]() if key in forms else None

    def open_form(self, form: QDialog, key: str = "") -> None:
        self.form, self.form_key = form, key
        saved = getattr(form, "saved", None)
        if saved is not None:
            saved.connect(self._saved)
        form.finished.connect(lambda _r: self.activateWindow())
        form.open()
        form.activateWindow()

    def _saved(self, result: Any) -> None:
        if isinstance(result, tuple) and result and isinstance(result[0], Reprinted):
            self.papers.show_reprint(*result)  # a reprint changes nothing on the record
            return
        issued = ISSUES.get(self.form_key)
        if issued is not None:
            self.papers.issue(issued, self.record_id)
        record = self.record
        label = record.label if record is not None else ""
        words = f"{label}: saved." if not isinstance(result, str) else f"{result}: saved."
        tell(self.message, words, problem=False)
        self.changed.emit(words)
        self.reread()
