"""The Enforcement area (F10): the animal control officer's day list first, then the
violations, the impounds and the complaints with their hearings, each tab with a search box
(Ctrl+F), its list (Enter opens a record's details and steps) and its new record (Ins).

Paying a fine and releasing a dog are the Counter's: a record's "Take to the counter"
opens its owner there. Read off the UI thread; the officer's steps a role may not take are
disabled with the refusal as their tooltip.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut, QShowEvent
from PySide6.QtWidgets import QDialog, QLabel, QTabWidget, QWidget

from clerkdesk.rules.kinds import PrintedKind
from clerkdesk.rules.roles import Permission
from clerkdesk.services.enforcement.hearing_views import HearingView, list_hearings
from clerkdesk.services.enforcement.impound_views import ImpoundRow, list_impounds
from clerkdesk.services.enforcement.violation_lists import ViolationRow, list_violations
from clerkdesk.ui.area_stack import tighten
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.views.base import AreaView
from clerkdesk.ui.views.enforcement.day_page import DayPage
from clerkdesk.ui.views.enforcement.details import RecordDialog
from clerkdesk.ui.views.enforcement.hearing_dialogs import ComplaintDialog
from clerkdesk.ui.views.enforcement.impound_dialogs import TakeInDialog, taken_words
from clerkdesk.ui.views.enforcement.keys import (
    COMPLAINT_KEYS,
    COURT_LIST_KEYS,
    FIND_KEYS,
    IMPOUND_KEYS,
    NEW_KEYS,
    OPEN_KEYS,
    VIOLATION_KEYS,
)
from clerkdesk.ui.views.enforcement.offers import ActionButton, bind_key
from clerkdesk.ui.views.enforcement.paper_print import PaperPrinter
from clerkdesk.ui.views.enforcement.records_page import RecordsPage
from clerkdesk.ui.views.enforcement.tables import (
    HEARING_COLUMNS,
    IMPOUND_COLUMNS,
    VIOLATION_COLUMNS,
    hearing_cells,
    impound_cells,
    violation_cells,
)
from clerkdesk.ui.views.enforcement.violation_dialogs import (
    CourtFilingDialog,
    RecordViolationDialog,
    recorded_words,
)

LIMIT = 200


class EnforcementView(AreaView):
    # (owner id, dog id): the Counter opens the owner, to take a fine or release a dog.
    open_at_counter = Signal(int, int)

    def __init__(self, ctx: UiContext, parent: QWidget | None = None) -> None:
        super().__init__(
            "Animal Control",
            f"The day's work first; Violations, Impounds and Hearings each find a record "
            f"({FIND_KEYS}) and open it ({OPEN_KEYS}) with its steps; {NEW_KEYS} records a new "
            "one. Fines are paid and dogs released at the Counter.",
            parent,
        )
        tighten(self.body)
        self.ctx = ctx
        self.dialog: QDialog | None = None
        self.notice = QLabel("", self)
        self.notice.setObjectName("CounterNotice")
        self.notice.setWordWrap(True)
        self.notice.setAccessibleName("Message")
        self.notice.setVisible(False)
        self.notice.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByKeyboard)
        self.body.addWidget(self.notice)
        # The ticket, once a violation is recorded: to hand over or mail.
        self.papers = PaperPrinter(ctx, self, self._printed, self._back_from_dialog)
        enforce = Permission.ENFORCE

        def button(text: str, name: str, keys: str, says: str) -> ActionButton:
            made = ActionButton(text, name, keys, enforce, self, says=says)
            made.offer_to(ctx.actor)
            return made

        self.violation_button = button(
            "Record violation…", "Record violation", VIOLATION_KEYS,
            "A violation of the bylaw by an owner or keeper and their dogs",
        )  # fmt: skip
        self.impound_button = button(
            "Take in a dog…", "Take in a dog", IMPOUND_KEYS, "A dog taken to the pound"
        )
        self.complaint_button = button(
            "File complaint…", "File complaint", COMPLAINT_KEYS,
            "A nuisance or dangerous dog complaint (MGL c.140 §157)",
        )  # fmt: skip
        self.court_button = button(
            "File fines with court…", "File unpaid fines with court", COURT_LIST_KEYS,
            "The day list's fines past due, filed with the court (the clerk's complaint)",
        )  # fmt: skip
        for made, slot in (
            (self.violation_button, self.record_violation),
            (self.impound_button, self.take_in),
            (self.complaint_button, self.file_complaint),
            (self.court_button, self.file_with_court),
        ):
            made.clicked.connect(slot)
            bind_key(made, self, lambda reason: self.say(reason, problem=True))
        self.tabs = QTabWidget(self)
        self.tabs.setAccessibleName("Enforcement pages")
        self.tabs.setDocumentMode(True)
        self.day = DayPage(ctx, (self.court_button,), self.tabs)
        self.violations: RecordsPage[ViolationRow] = RecordsPage(
            ctx, "Violations", VIOLATION_COLUMNS, violation_cells, self._read_violations,
            lambda row: row.id, "No violations on file yet. Record the first with "
            f"Record violation… ({VIOLATION_KEYS}).", (self.violation_button,), self.tabs,
            widths=(100, 150, 170, 130, 120, 80, 80), numbers=(5, 6),
        )  # fmt: skip
        self.impounds: RecordsPage[ImpoundRow] = RecordsPage(
            ctx, "Impounds", IMPOUND_COLUMNS, impound_cells, self._read_impounds,
            lambda row: row.id, "No dogs impounded yet. Take one in with Take in a dog… "
            f"({IMPOUND_KEYS}).", (self.impound_button,), self.tabs,
            widths=(100, 150, 140, 180, 160, 50, 110), numbers=(5,),
        )  # fmt: skip
        self.hearings: RecordsPage[HearingView] = RecordsPage(
            ctx, "Hearings", HEARING_COLUMNS, hearing_cells, self._read_hearings,
            lambda row: row.id, "No complaints on file yet. File one with File complaint… "
            f"({COMPLAINT_KEYS}).", (self.complaint_button,), self.tabs,
            widths=(100, 100, 130, 180, 160, 150),
        )  # fmt: skip
        self.tabs.addTab(self.day, "&Today")
        self.tabs.addTab(self.violations, "&Violations")
        self.tabs.addTab(self.impounds, "&Impounds")
        self.tabs.addTab(self.hearings, "&Hearings")
        self.body.addWidget(self.tabs, 1)
        self.pages: dict[str, RecordsPage[Any]] = {
            "violations": self.violations,
            "impounds": self.impounds,
            "hearings": self.hearings,
        }
        for key, page in self.pages.items():
            page.opened.connect(lambda record_id, key=key: self.open_record(key, record_id))
            page.failed = lambda text: self.say(text, problem=True)
        self.day.opened.connect(self.open_record)
        self.day.failed = lambda text: self.say(text, problem=True)
        self.tabs.currentChanged.connect(lambda _i: self._page_shown())
        self._shortcut(FIND_KEYS, self.find_record)
        self._shortcut(NEW_KEYS, self.new_here)
        self._shown_once = False

    def _shortcut(self, keys: str, slot: Callable[[], None]) -> None:
        shortcut = QShortcut(QKeySequence(keys), self)
        shortcut.setContext(Qt.ShortcutContext.WindowShortcut)
        shortcut.activated.connect(slot)

    # reading ----------------------------------------------------------------------------
    def _read_violations(self, text: str) -> list[ViolationRow]:
        return list_violations(self.ctx.database, text=text or None, limit=LIMIT)

    def _read_impounds(self, text: str) -> list[ImpoundRow]:
        database, clock = self.ctx.database, self.ctx.clock
        return list_impounds(database, text=text or None, limit=LIMIT, clock=clock)

    def _read_hearings(self, text: str) -> list[HearingView]:
        return list_hearings(self.ctx.database, text=text or None, limit=LIMIT)

    def busy(self) -> bool:
        dialog = self.dialog
        open_busy = (
            dialog is not None
            and dialog.isVisible()
            and bool(getattr(dialog, "busy", lambda: False)())
        )
        pages = any(p.busy() for p in self.pages.values())
        return self.day.busy() or pages or open_busy or self.papers.busy()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._shown_once:
            self.tabs.setCurrentWidget(self.day)  # the area opens on the day list
        self._shown_once = True
        self.reload()
        QTimer.singleShot(0, self._take_focus)

    def _take_focus(self) -> None:
        if not self.isVisible() or (self.dialog is not None and self.dialog.isVisible()):
            return
        page = self.tabs.currentWidget()
        if page is not None:
            page.setFocus(Qt.FocusReason.OtherFocusReason)

    def _page_shown(self) -> None:
        if self.isVisible():
            self.reload()
            # Alt+V and the like land on the page's list, where Enter opens a record.
            QTimer.singleShot(0, self._take_focus)

    def reload(self) -> None:
        """The page shown, read again (the others when they are shown)."""
        page = self.tabs.currentWidget()
        if page is self.day:
            self.day.reload()
        elif isinstance(page, RecordsPage):
            page.reload()

    def say(self, text: str, *, problem: bool = False) -> None:
        self.notice.setText(text)
        self.notice.setProperty("problem", problem)
        self.notice.style().unpolish(self.notice)
        self.notice.style().polish(self.notice)
        self.notice.setVisible(bool(text))

    # keys -------------------------------------------------------------------------------
    def find_record(self) -> None:
        page = self.tabs.currentWidget()
        if not isinstance(page, RecordsPage):
            self.tabs.setCurrentWidget(self.violations)
            page = self.violations
        page.find_record()

    def new_here(self) -> None:
        """Ins: the new record of the tab shown (a violation from the day list)."""
        page = self.tabs.currentWidget()
        button = {
            id(self.impounds): self.impound_button,
            id(self.hearings): self.complaint_button,
        }.get(id(page), self.violation_button)
        if button.offered:
            button.click()
        elif button.reason:
            self.say(button.reason, problem=True)

    # dialogs ----------------------------------------------------------------------------
    def open_dialog(self, dialog: QDialog, saved: Callable[[Any], None] | None = None) -> bool:
        if self.dialog is not None and self.dialog.isVisible():
            dialog.deleteLater()
            return False
        self.dialog = dialog
        signal = getattr(dialog, "saved", None)
        if saved is not None and signal is not None:
            signal.connect(saved)
        dialog.finished.connect(lambda _r: self._back_from_dialog())
        dialog.open()
        dialog.activateWindow()
        return True

    def _back_from_dialog(self) -> None:
        self.window().activateWindow()
        self.reload()
        focus = self.focusWidget()
        if focus is None or not focus.isVisible():
            self._take_focus()

    def open_record(self, kind: str, record_id: int) -> None:
        dialog = RecordDialog(self.ctx, kind, record_id, self)
        dialog.changed.connect(lambda words: self.say(words))
        dialog.to_counter.connect(lambda owner: self.open_at_counter.emit(owner, 0))
        self.open_dialog(dialog)

    def record_violation(self) -> None:
        if self.violation_button.offered:
            self.open_dialog(RecordViolationDialog(self.ctx, self), self._violation_recorded)

    def _violation_recorded(self, result: Any) -> None:
        self.say(recorded_words(result))
        self.violations.reload(result.id)
        self.papers.issue(PrintedKind.VIOLATION_NOTICE, result.id)

    def _printed(self, text: str, problem: bool) -> None:
        """What printing said, after what the step did (printed at once, or refused)."""
        said = self.notice.text() if self.notice.isVisible() else ""
        self.say(f"{said} {text}".strip(), problem=problem)

    def take_in(self) -> None:
        if self.impound_button.offered:
            self.open_dialog(TakeInDialog(self.ctx, self), self._taken_in)

    def _taken_in(self, result: Any) -> None:
        self.say(taken_words(result))
        self.impounds.reload(result.id)

    def file_complaint(self) -> None:
        if self.complaint_button.offered:
            self.open_dialog(ComplaintDialog(self.ctx, self), self._complaint_filed)

    def _complaint_filed(self, result: Any) -> None:
        hearing_id, label = result
        self.say(f"{label} filed. Open it ({OPEN_KEYS}) to schedule its hearing.")
        self.hearings.reload(hearing_id)

    def file_with_court(self) -> None:
        if not self.court_button.offered:
            return
        day = self.day.day
        fines = [(fine.violation_id, fine.label) for fine in day.fines_due] if day else []
        if not fines:
            self.say("No fine is past due and unfiled today: there is nothing to file.")
            return
        self.open_dialog(
            CourtFilingDialog(self.ctx, fines, self),
            lambda count: self.say(f"{count} unpaid fine(s) filed with the court."),
        )
