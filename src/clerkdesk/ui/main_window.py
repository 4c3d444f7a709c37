"""The main window: navigation rail, one search box, the area screens, the status bar."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMainWindow,
    QStackedWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from clerkdesk.ui.about import AboutDialog
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.nav import AREAS, NavRail
from clerkdesk.ui.status import StatusBar
from clerkdesk.ui.style import icon
from clerkdesk.ui.views.base import AreaView
from clerkdesk.ui.views.counter import CounterView
from clerkdesk.ui.views.owners import OwnersView
from clerkdesk.ui.views.placeholders import placeholder_views


class MainWindow(QMainWindow):
    def __init__(self, ctx: UiContext) -> None:
        super().__init__()
        self.ctx = ctx
        town = ctx.town.name if ctx.town else "no town set up"
        self.setWindowTitle(f"ClerkDesk — {town}")
        self.setAccessibleName("ClerkDesk main window")
        self.resize(1280, 800)

        self.nav = NavRail(self)
        self.search = QLineEdit(self)
        self.search.setObjectName("GlobalSearch")
        self.search.setPlaceholderText(
            "Search owners and dogs: name, street, phone, tag…  (Ctrl+K)"
        )
        self.search.setAccessibleName("Search owners and dogs")
        search_action = self.search.addAction(
            icon("search"), QLineEdit.ActionPosition.LeadingPosition
        )
        search_action.setToolTip("Search")
        for button in self.search.findChildren(QToolButton):
            button.setAccessibleName("Search")
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        town_label = QLabel(town, self)
        town_label.setObjectName("TownName")

        top = QWidget(self)
        top.setObjectName("TopBar")
        top_row = QHBoxLayout(top)
        top_row.setContentsMargins(16, 8, 16, 8)
        top_row.addWidget(self.search, 1)
        top_row.addStretch(0)
        top_row.addWidget(town_label)

        self.views: dict[str, AreaView] = {
            "counter": CounterView(ctx),
            "owners": OwnersView(ctx),
            **placeholder_views(),
        }
        self.stack = QStackedWidget(self)
        for area in AREAS:
            self.stack.addWidget(self.views[area.key])

        right = QWidget(self)
        column = QVBoxLayout(right)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        column.addWidget(top)
        column.addWidget(self.stack, 1)
        central = QWidget(self)
        row = QHBoxLayout(central)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(0)
        row.addWidget(self.nav)
        row.addWidget(right, 1)
        self.setCentralWidget(central)
        self.status = StatusBar(ctx, self)
        self.setStatusBar(self.status)
        self._build_menus()

        focus_search = QShortcut(QKeySequence("Ctrl+K"), self)
        focus_search.activated.connect(self.focus_search)
        self.nav.area_chosen.connect(self.show_area)
        self.show_area("counter")

    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        quit_action = QAction("&Quit", self)
        quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        file_menu.addAction(quit_action)
        help_menu = self.menuBar().addMenu("&Help")
        self.about_action = QAction("&About ClerkDesk", self)
        self.about_action.setShortcut(QKeySequence("F1"))
        self.about_action.triggered.connect(self.show_about)
        help_menu.addAction(self.about_action)

    def show_area(self, key: str) -> None:
        self.stack.setCurrentWidget(self.views[key])
        self.nav.mark(key)

    @property
    def current_area(self) -> str:
        current = self.stack.currentWidget()
        return next(key for key, view in self.views.items() if view is current)

    def focus_search(self) -> None:
        self.search.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search.selectAll()

    def show_about(self) -> AboutDialog:
        dialog = AboutDialog(self.ctx, self)
        dialog.open()
        return dialog

    def busy(self) -> bool:
        return any(view.busy() for view in self.views.values() if view.isVisible())
