"""The main window: navigation rail, one search box, the area screens, the status bar.

It is shown at once with its rail and search, and fills its screens when the database
has been opened in the background (see ``workspace``).
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence, QPaintEvent, QShortcut
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLineEdit,
    QMainWindow,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from clerkdesk.ui.area_stack import AreaStack, scrolled
from clerkdesk.ui.context import Shell, UiContext
from clerkdesk.ui.elide import ElidedLabel
from clerkdesk.ui.global_keys import LOCK_KEYS, SIGN_OUT_KEYS, GlobalKeys
from clerkdesk.ui.idle import IdleWatch
from clerkdesk.ui.nav import AREAS, NavRail, areas_open_to
from clerkdesk.ui.records_menu import RecordsMenu
from clerkdesk.ui.set_aside import SetAside
from clerkdesk.ui.status import StatusBar
from clerkdesk.ui.style import icon
from clerkdesk.ui.views.base import AreaView, PlaceholderView
from clerkdesk.ui.views.yearend.menu import YearEndMenu

if TYPE_CHECKING:
    from clerkdesk.rules.roles import Actor
    from clerkdesk.services.office_setup import OfficeSetup, SetupStep
    from clerkdesk.services.town import TownInUse
    from clerkdesk.ui.about import AboutDialog
    from clerkdesk.ui.workspace import Workspace

log = logging.getLogger(__name__)


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
        # Sized by the page shown, and scrolled when taller than the room (see area_stack).
        self.stack = AreaStack()
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
        column.addWidget(scrolled(self.stack, right), 1)
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
        self.search.setEnabled(False)
        self._wanted_area = "counter"
        self._painted = False
        self.workspace: Workspace | None = None
        # The sign-in, first-run or lock page while one is shown.
        self.gate: QWidget | None = None
        self.idle = IdleWatch(self)
        self.set_aside = SetAside()
        self._kept_search = ""  # the search typed before a lock, for the same person
        self._setting_up = False  # the set-up page is shown; it hands back to signed_in
        self.idle.idle.connect(self.lock)
        # Lock and Sign out over any open form, as the window's own shortcuts cannot.
        self.global_keys = GlobalKeys(self)
        self.global_keys.lock.connect(self._lock_from_anywhere)
        self.global_keys.sign_out.connect(self._sign_out_from_anywhere)

    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        self.lock_action = QAction("&Lock", self)
        self.lock_action.setShortcut(QKeySequence(LOCK_KEYS))
        self.lock_action.triggered.connect(self.lock)
        self.sign_out_action = QAction("Sign &out", self)
        self.sign_out_action.setShortcut(QKeySequence(SIGN_OUT_KEYS))
        self.sign_out_action.triggered.connect(self.sign_out)
        for action in (self.lock_action, self.sign_out_action):
            action.setEnabled(False)
            file_menu.addAction(action)
            self.addAction(action)  # the shortcut works with the menu closed
        file_menu.addSeparator()
        # The administrator's: the set-up's steps again (the staff, the printers) at any time.
        self.setup_action = QAction("Office &set-up…", self)
        self.setup_action.triggered.connect(self.open_setup)
        self.setup_action.setEnabled(False)
        self.setup_action.setVisible(False)
        file_menu.addAction(self.setup_action)
        file_menu.addSeparator()
        quit_action = QAction("&Quit", self)
        quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        file_menu.addAction(quit_action)
        # Import, export, back up and restore: shown per role at sign-in.
        self.records = RecordsMenu(self, file_menu, before=quit_action)
        # Renewal notices, the unlicensed dogs, opening a year: shown per role at sign-in.
        self.year_end = YearEndMenu(self)
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
        """The database is open: ask who is working (or, first, create the administrator)."""
        self.workspace = workspace
        town = workspace.town.name if workspace.town else "no town set up"
        self.setWindowTitle(f"ClerkDesk — {town}")
        self.town_label.setText(town)
        self.status.show_database(workspace.database)
        if self.shell.actor is not None:  # signed in already (a screenshot, say)
            self.signed_in(self.shell.actor)
        elif workspace.has_users:
            self.show_sign_in()
        else:
            self.show_first_run()

    def show_sign_in(self, locked_by: Actor | None = None) -> None:
        from clerkdesk.ui.sign_in_pages import SignInPage
        from clerkdesk.workstation import workstation_name

        assert self.workspace is not None
        self._show_gate(
            SignInPage(
                self.workspace.database,
                self.shell.clock,
                self.shell.tasks,
                workstation=workstation_name(),
                demo=self.workspace.demo,
                locked_by=locked_by,
            )
        )

    def show_first_run(self) -> None:
        from clerkdesk.ui.sign_in_pages import FirstRunPage
        from clerkdesk.workstation import workstation_name

        assert self.workspace is not None
        page = FirstRunPage(
            self.workspace.database,
            self.shell.clock,
            self.shell.tasks,
            workstation=workstation_name(),
            dialogs=self.shell.dialogs,
        )
        page.restore_choice.restored.connect(self.restored)
        self._show_gate(page)

    def restored(self) -> None:
        """A backup was put in place of the database from the first pages (before anyone
        signed in, or during the set-up): the window reads the restored office afresh (its
        town, its people) and they sign in."""
        from clerkdesk.ui.workspace import read_workspace

        assert self.workspace is not None
        self._setting_up = False
        self.shell.actor = None
        self._retire_views()
        self.ctx = None
        if self.gate is not None:
            self.gate.setEnabled(False)  # the restored database is read in a moment
        database = self.workspace.database
        self.shell.tasks.run(
            lambda: read_workspace(database), self._reopened, self.show_open_failure
        )

    def _reopened(self, workspace: Workspace) -> None:
        self.open_workspace(workspace)
        self.activateWindow()  # the keyboard comes back from the dialog to the sign-in

    def _show_gate(self, page: QWidget) -> None:
        self._drop_gate()
        self.gate = page
        page.signed_in.connect(self.signed_in)  # type: ignore[attr-defined]
        self.stack.addWidget(page)
        self.stack.setCurrentWidget(page)
        for widget in (self.nav, self.search):
            widget.setEnabled(False)
        self.nav.close_all()
        self.lock_action.setEnabled(False)
        self.sign_out_action.setEnabled(False)
        self.setup_action.setEnabled(False)
        self.year_end.close()
        self.records.close()
        self.status.show_gate(self.shell.actor)

    def _drop_gate(self) -> None:
        if self.gate is not None:
            self.stack.removeWidget(self.gate)
            self.gate.deleteLater()
            self.gate = None

    def signed_in(self, actor: Actor) -> None:
        """Someone signed in (or unlocked): the same person finds their work as they left
        it; anyone else starts afresh, which signs the one before out. An administrator of
        an office that cannot sell yet is taken through its set-up first."""
        assert self.workspace is not None
        same = self.ctx is not None and self.ctx.actor.name == actor.name
        if self._setting_up:
            self._setting_up = False  # the set-up page hands over
        elif not same and _sets_up(actor):
            self._check_set_up(actor)
            return
        self._enter(actor, same)

    # The office's set-up ------------------------------------------------------------
    def _check_set_up(self, actor: Actor) -> None:
        from clerkdesk.services.office_setup import office_setup

        assert self.workspace is not None
        if self.gate is not None:
            self.gate.setEnabled(False)  # the answer comes in a moment
        database = self.workspace.database
        self.shell.tasks.run(
            lambda: office_setup(database),
            lambda state: self._set_up_or_enter(actor, state),
            lambda exc: self._set_up_unread(actor, exc),
        )

    def _set_up_or_enter(self, actor: Actor, state: OfficeSetup) -> None:
        if not state.unfinished:
            self._enter(actor, same=False)
        else:
            self.show_setup(actor, state)

    def _set_up_unread(self, actor: Actor, exc: Exception) -> None:
        from clerkdesk.errors import ClerkDeskError

        if not isinstance(exc, ClerkDeskError):
            raise exc
        # The screens say the same problem where it matters; the set-up waits for next time.
        log.warning("the office's set-up could not be read: %s", exc)
        self._enter(actor, same=False)

    def show_setup(
        self, actor: Actor, state: OfficeSetup, start_at: SetupStep | None = None
    ) -> None:
        """The set-up page in place of the areas; it hands back through ``signed_in``."""
        from clerkdesk.ui.setup.page import OfficeSetupPage

        assert self.workspace is not None
        self.shell.actor = actor
        ctx = self.ctx
        if ctx is None or ctx.actor.name != actor.name:
            ctx = UiContext.from_workspace(self.shell, self.workspace)
        page = OfficeSetupPage(ctx, state, start_at=start_at)
        page.town_changed.connect(self.town_changed)
        page.restore_choice.restored.connect(self.restored)
        self._wanted_area = "counter"  # it ends at the counter, ready to sell
        self._show_gate(page)
        self._setting_up = True
        self.status.show_gate(None)
        self.status.user.setText(f"Setting up the office: {actor.described}")

    def open_setup(self) -> None:
        """File → Office set-up…: an administrator goes through the steps again (the staff,
        most often), starting at the first one not done."""
        from clerkdesk.services.office_setup import STEPS, office_setup

        ctx = self.ctx
        if ctx is None or self.gate is not None or not _sets_up(ctx.actor):
            return
        actor, database = ctx.actor, ctx.database

        def show(state: OfficeSetup) -> None:
            if self.ctx is ctx and self.gate is None:
                later = [s for s in STEPS if not state.done(s) and s is not STEPS[-1]]
                self.show_setup(actor, state, later[0] if later else STEPS[-1])

        self.shell.tasks.run(lambda: office_setup(database), show)

    def _enter(self, actor: Actor, same: bool) -> None:
        assert self.workspace is not None
        self.shell.actor = actor
        self._drop_gate()
        if not same:
            self.set_aside.cancel()
            self._retire_views()
            self._build_views(actor)
        self.nav.setEnabled(True)
        self.nav.open_for(actor)
        self.search.setEnabled("counter" in areas_open_to(actor))
        self.lock_action.setEnabled(True)
        self.sign_out_action.setEnabled(True)
        self.setup_action.setVisible(_sets_up(actor))
        self.setup_action.setEnabled(_sets_up(actor))
        assert self.ctx is not None
        self.year_end.open_for(self.ctx)
        self.records.open_for(self.ctx)
        self.status.show_workspace(self.ctx)
        self.show_area(self._wanted_area)
        self._settle_focus()
        self._follow_idle_setting()
        if same and self._kept_search:
            self.search.setText(self._kept_search)
        self._kept_search = ""
        if same:
            # Once the window has settled its own focus: the form then takes the keyboard.
            QTimer.singleShot(0, self, lambda: self.set_aside.bring_back(self))
        else:
            self.opened.emit()

    def _settle_focus(self) -> None:
        """The page that held the cursor is gone: the search box takes it, as when the
        window opens, or the area's first control when the role has no counter."""
        if self.search.isEnabled():
            self.search.setFocus(Qt.FocusReason.OtherFocusReason)
            return
        view = self.stack.currentWidget()
        if view is None:
            return
        first = next(
            (
                child
                for child in view.findChildren(QWidget)
                if child.focusPolicy() & Qt.FocusPolicy.TabFocus and child.isVisibleTo(view)
            ),
            view,
        )
        first.setFocus(Qt.FocusReason.OtherFocusReason)

    def _build_views(self, actor: Actor) -> None:
        from clerkdesk.ui.screens import build_views

        assert self.workspace is not None
        ctx = UiContext.from_workspace(self.shell, self.workspace)
        self.ctx = ctx
        self.views = build_views(ctx, self.town_changed)
        for area in AREAS:
            self.stack.addWidget(self.views[area.key])
        self.nav.open_for(actor)
        allowed = areas_open_to(actor)
        if self._wanted_area not in allowed:
            self._wanted_area = _landing(actor, allowed)
        # The one search box is the counter's: typing there brings the counter forward.
        attach = getattr(self.views["counter"], "attach_search", None)
        if attach is not None and "counter" in allowed:
            attach(self.search, lambda: self.show_area("counter"))

    def _retire_views(self) -> None:
        if not self.views:
            return
        if self.ctx is not None and "counter" in areas_open_to(self.ctx.actor):
            # The counter's handlers leave with it.
            self.search.textEdited.disconnect()
            self.search.returnPressed.disconnect()
        self.search.clear()
        for view in self.views.values():
            self.stack.removeWidget(view)
            view.hide()
            # Work still running for it holds it until its answer comes; then it goes.
            view.setParent(None)
        self.views = {}

    def lock(self) -> None:
        """Lock the window (File → Lock, Ctrl+Alt+L, or the idle time): the same person goes on
        with their password; anyone else may sign in instead."""
        if self.gate is not None or self.shell.actor is None or self.ctx is None:
            return
        if not self.set_aside.take(self):
            # A system dialog (a printer's, a message) runs its own loop and cannot wait
            # hidden: the idle time starts again and the lock comes after it.
            self.idle.touch()
            return
        self._wanted_area = self.current_area or self._wanted_area
        # Nothing of the last customer shows at a locked counter: the search comes back to
        # the same person only.
        self._kept_search = self.search.text()
        self.search.clear()
        self.show_sign_in(locked_by=self.shell.actor)

    def _lock_from_anywhere(self) -> None:
        if self.lock_action.isEnabled():
            self.lock()

    def _sign_out_from_anywhere(self) -> None:
        if self.sign_out_action.isEnabled():
            self.sign_out()

    def sign_out(self) -> None:
        if self.shell.actor is None or self.workspace is None:
            return
        # What the one signing out left open goes with them: set aside, then cancelled.
        self.set_aside.take(self, waiting_too=True)
        self.set_aside.cancel()
        self._wanted_area = "counter"
        self.shell.actor = None
        self._retire_views()
        self.ctx = None
        self.show_sign_in()

    def _follow_idle_setting(self) -> None:
        """The office's idle minutes, read afresh at each sign-in (Settings may change them)."""
        from clerkdesk.services.idle_lock import idle_lock_minutes

        assert self.workspace is not None
        database = self.workspace.database
        self.shell.tasks.run(lambda: idle_lock_minutes(database), self.idle.set_minutes)

    def town_changed(self, town: TownInUse) -> None:
        """A screen saved a new version of the town's rules: every screen reads them from
        ``ctx.town``, and the title and the status bar's license year follow."""
        if self.workspace is not None:
            # The next person to sign in builds their screens over these rules too (and
            # the set-up's administrator, whose screens come once the set-up is left).
            self.workspace = replace(self.workspace, town=town)
        self.setWindowTitle(f"ClerkDesk — {town.name}")
        self.town_label.setText(town.name)
        if self.ctx is None:
            return
        self.ctx.town = town
        if self.gate is None:
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
        if self.gate is not None or key not in self.views:
            if self.gate is None or self.ctx is None:
                self._wanted_area = key
            return
        if self.ctx is not None and key not in areas_open_to(self.ctx.actor):
            return  # an area the role cannot use, asked for by its function key
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


def _landing(actor: Actor, allowed: list[str]) -> str:
    """The first area for a role with no counter: the animal control officer's own work
    (Enforcement); any other, the first area the rail shows it."""
    from clerkdesk.rules.roles import Permission

    if "counter" not in allowed and "enforcement" in allowed and actor.may(Permission.ENFORCE):
        return "enforcement"
    return allowed[0] if allowed else "counter"


def _sets_up(actor: Actor) -> bool:
    """Who the office's set-up is for: the one who may change the town's settings and add
    the staff (the administrator)."""
    from clerkdesk.rules.roles import Permission

    return actor.may(Permission.MANAGE_TOWN) and actor.may(Permission.MANAGE_USERS)
