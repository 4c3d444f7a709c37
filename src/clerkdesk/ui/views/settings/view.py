"""The Settings area: one tab per page, Town rules first."""

from __future__ import annotations

from PySide6.QtWidgets import QTabWidget, QWidget

from clerkdesk.ui.context import UiContext
from clerkdesk.ui.views.base import AreaView
from clerkdesk.ui.views.settings.backups import BackupsPage
from clerkdesk.ui.views.settings.idle_lock import IdleLockPage
from clerkdesk.ui.views.settings.month_lock import MonthLockPage
from clerkdesk.ui.views.settings.printing import PrintingPage
from clerkdesk.ui.views.settings.seal import SealPage
from clerkdesk.ui.views.settings.town_rules import TownChanged, TownRulesPage


class SettingsView(AreaView):
    def __init__(
        self,
        ctx: UiContext,
        on_town_changed: TownChanged | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(
            "Settings",
            "The town's rules, shared by every workstation on this database, and how this "
            "computer prints.",
            parent,
        )
        self.tabs = QTabWidget(self)
        self.tabs.setAccessibleName("Settings pages")
        self.tabs.setDocumentMode(True)
        self.town_rules = TownRulesPage(ctx, on_town_changed, self.tabs)
        self.tabs.addTab(self.town_rules, "Town rules")
        self.seal = SealPage(ctx, self.tabs)
        self.tabs.addTab(self.seal, "Certificate seal")
        self.printing = PrintingPage(self.tabs)
        self.tabs.addTab(self.printing, "Printing (this computer)")
        self.idle_lock = IdleLockPage(ctx, self.tabs)
        self.tabs.addTab(self.idle_lock, "Counter lock")
        self.month_lock = MonthLockPage(ctx, self.tabs)
        self.tabs.addTab(self.month_lock, "Month lock")
        self.backups = BackupsPage(ctx, self.tabs)
        self.tabs.addTab(self.backups, "Backups")
        self.body.addWidget(self.tabs, 1)

    def busy(self) -> bool:
        return (
            self.town_rules.busy()
            or self.seal.busy()
            or self.idle_lock.busy()
            or self.month_lock.busy()
            or self.backups.busy()
        )
