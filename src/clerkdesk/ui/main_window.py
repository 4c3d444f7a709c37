"""The main window: navigation rail, one search box, the area screens, the status bar.

It is shown at once with its rail and search, and fills its screens when the database
has been opened in the background (see ``workspace``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QKeySequence, QPaintEvent, QShortcut
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLineEdit,
    QMainWindow,
    QStackedWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from clerkdesk.ui.context import Shell, UiContext
from clerkdesk.ui.elide import ElidedLabel
from clerkdesk.ui.nav import AREAS, NavRail
from clerkdesk.ui.status import StatusBar
from clerkdesk.ui.style import icon
from clerkdesk.ui.views.base import AreaView, PlaceholderView

if TYPE_CHECKING:
    from clerkdesk.services.town import TownInUse
    from clerkdesk.ui.about import AboutDialog
    from clerkdesk.ui.workspace import Workspace


class MainWindow(QMainWindow):
    opened = Signal()
    first_painted = Signal()

    def __init__(self, shell: Shell) -> None:
        super().__init__()
        self.shell = shell
        self.ctx: UiContext | None = None
        self.setWindowTitle("ClerkDesk")
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
        # A town's full name can be long; it gives way before the search box does.
        self.town_label = ElidedLabel("", self, role="Town", hint_width=360)
        self.town_label.setObjectName("TownName")

        top = QWidget(self)
        top.setObjectName("TopBar")
        top_row = QHBoxLayout(top)
        top_row.setContentsMargins(16, 8, 16, 8)
        top_row.addWidget(self.search, 1)
        top_row.addWidget(self.town_label)

        self.views: dict[str, AreaView] = {}
        self.stack = QStackedWidget(self)
        self.waiting = PlaceholderView(
            "Opening the database",
            shell.database_label,
            "One moment: ClerkDesk is opening the database and checking its schema.",
        )
        self.stack.addWidget(self.waiting)

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
        self.status = StatusBar(shell, self)
        self.setStatusBar(self.status)
        self._build_menus()

        focus_search = QShortcut(QKeySequence("Ctrl+K"), self)
        focus_search.activated.connect(self.focus_search)
        self.nav.area_chosen.connect(self.show_area)
        self.nav.setEnabled(False)
        self._wanted_area = "counter"
        self._painted = False

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

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if not self._painted:
            self._painted = True
            self.first_painted.emit()

    # Opening -----------------------------------------------------------------------
    def open_workspace(self, workspace: Workspace) -> None:
        """Build the screens over the opened database."""
        from clerkdesk.ui.screens import build_views

        ctx = UiContext.from_workspace(self.shell, workspace)
        self.ctx = ctx
        town = ctx.town.name if ctx.town else "no town set up"
        self.setWindowTitle(f"ClerkDesk — {town}")
        self.town_label.setText(town)
        self.views = build_views(ctx, self.town_changed)
        for area in AREAS:
            self.stack.addWidget(self.views[area.key])
        # The one search box is the counter's: typing there brings the counter forward.
        attach = getattr(self.views["counter"], "attach_search", None)
        if attach is not None:
            attach(self.search, lambda: self.show_area("counter"))
        self.status.show_workspace(ctx)
        self.nav.setEnabled(True)
        self.show_area(self._wanted_area)
        self.opened.emit()

    def town_changed(self, town: TownInUse) -> None:
        """A screen saved a new version of the town's rules: every screen reads them from
        ``ctx.town``, and the title and the status bar's license year follow."""
        if self.ctx is None:
            return
        self.ctx.town = town
        self.setWindowTitle(f"ClerkDesk — {town.name}")
        self.town_label.setText(town.name)
        self.status.show_workspace(self.ctx)

    def show_open_failure(self, exc: Exception) -> None:
        from clerkdesk.ui.crash import crash_message

        message = crash_message(exc, self.shell.log_file)
        self.waiting.hint.setText(message)
        self.waiting.setAccessibleName("The database could not be opened")
        self.status.show_failure()
        self.shell.dialogs.show_error(self, "The database could not be opened", message)

    @property
    def is_open(self) -> bool:
        return self.ctx is not None

    # Navigation --------------------------------------------------------------------
    def show_area(self, key: str) -> None:
        if key not in self.views:
            self._wanted_area = key
            return
        self.stack.setCurrentWidget(self.views[key])
        self.nav.mark(key)

    @property
    def current_area(self) -> str:
        current = self.stack.currentWidget()
        return next((key for key, view in self.views.items() if view is current), "")

    def focus_search(self) -> None:
        self.search.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search.selectAll()

    def show_about(self) -> AboutDialog | None:
        if self.ctx is None:
            return None
        from clerkdesk.ui.about import AboutDialog

        dialog = AboutDialog(self.ctx, self)
        dialog.open()
        return dialog

    def busy(self) -> bool:
        if self.ctx is None:
            return True
        return any(view.busy() for view in self.views.values() if view.isVisible())
