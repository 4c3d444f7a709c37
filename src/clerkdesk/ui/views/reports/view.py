"""The Reports area: the remittance to the treasurer, for a month or any period."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QWidget

from clerkdesk.ui.context import UiContext
from clerkdesk.ui.views.base import AreaView
from clerkdesk.ui.views.reports.remittance_panel import RemittancePanel


class ReportsView(AreaView):
    def __init__(self, ctx: UiContext, parent: QWidget | None = None) -> None:
        super().__init__(
            "Reports",
            "The remittance to the treasurer: a month's (or any period's) receipts less its "
            "voids, by revenue account, fee code and tender, with the certification to sign.",
            parent,
        )
        self.ctx = ctx
        self.remittance = RemittancePanel(ctx, self)
        self.body.addWidget(self.remittance, 1)

    def busy(self) -> bool:
        return self.remittance.running

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        QTimer.singleShot(0, self._take_focus)

    def _take_focus(self) -> None:
        focus = self.focusWidget()
        if self.isVisible() and (focus is None or not self.isAncestorOf(focus)):
            self.remittance.first_field().setFocus(Qt.FocusReason.OtherFocusReason)
