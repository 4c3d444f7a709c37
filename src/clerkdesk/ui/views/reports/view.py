"""The Reports area: the season's home first (how this year's licensing compares with last
year's, what is still due, and the year-end tasks), then the remittance to the treasurer.

The season's home lives here rather than on the counter: the counter's screen belongs to
the resident at the window, and the animal control officer and the treasurer, who read
reports, have no counter."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QKeySequence, QShortcut, QShowEvent
from PySide6.QtWidgets import QTabWidget, QWidget

from clerkdesk.ui.context import UiContext
from clerkdesk.ui.views.base import AreaView
from clerkdesk.ui.views.reports.enforcement_panel import EnforcementReportsPanel, may_read
from clerkdesk.ui.views.reports.remittance_panel import RemittancePanel
from clerkdesk.ui.views.yearend.season_panel import SeasonPanel

SEASON_KEYS = "Ctrl+1"
REMITTANCE_KEYS = "Ctrl+2"
ENFORCEMENT_KEYS = "Ctrl+3"


class ReportsView(AreaView):
    def __init__(self, ctx: UiContext, parent: QWidget | None = None) -> None:
        super().__init__(
            "Reports",
            f"The season ({SEASON_KEYS}): licenses sold against last year, money by month, "
            f"what is still due. The remittance to the treasurer ({REMITTANCE_KEYS}): a month's "
            "(or any period's) receipts less its voids, with the certification to sign. "
            f"Enforcement ({ENFORCEMENT_KEYS}): the unpaid fines for court and the month's "
            "summary for the selectmen.",
            parent,
        )
        self.ctx = ctx
        self.tabs = QTabWidget(self)
        self.tabs.setAccessibleName("Reports")
        self.season = SeasonPanel(ctx, self.tabs)
        self.remittance = RemittancePanel(ctx, self.tabs)
        self.tabs.addTab(self.season, f"Season  {SEASON_KEYS}")
        self.tabs.addTab(self.remittance, f"Remittance  {REMITTANCE_KEYS}")
        pages: list[tuple[str, QWidget]] = [
            (SEASON_KEYS, self.season),
            (REMITTANCE_KEYS, self.remittance),
        ]
        self.enforcement: EnforcementReportsPanel | None = None
        if may_read(ctx.actor):  # the services refuse anyone else in words all the same
            self.enforcement = EnforcementReportsPanel(ctx, self.tabs)
            self.tabs.addTab(self.enforcement, f"Enforcement  {ENFORCEMENT_KEYS}")
            pages.append((ENFORCEMENT_KEYS, self.enforcement))
        self.body.addWidget(self.tabs, 1)
        for keys, page in pages:
            shortcut = QShortcut(QKeySequence(keys), self)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(lambda p=page: self.show_page(p))
        # A page coming forward gives its first field the keyboard (Qt would pick the first
        # button it finds).
        self.tabs.currentChanged.connect(
            lambda _i: QTimer.singleShot(0, lambda: self._take_focus(anew=True))
        )

    def show_page(self, page: QWidget) -> None:
        self.tabs.setCurrentWidget(page)
        self._take_focus(anew=True)

    def busy(self) -> bool:
        enforcement = self.enforcement is not None and self.enforcement.busy()
        return self.remittance.running or self.season.busy or enforcement

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        QTimer.singleShot(0, self._take_focus)

    def _take_focus(self, *, anew: bool = False) -> None:
        focus = self.focusWidget()
        page = self.tabs.currentWidget()
        if self.isVisible() and (anew or focus is None or not page.isAncestorOf(focus)):
            if page is self.remittance:
                first = self.remittance.first_field()
            elif self.enforcement is not None and page is self.enforcement:
                first = self.enforcement.first_field()
            else:
                first = self.season.first_field()
            first.setFocus(Qt.FocusReason.OtherFocusReason)
