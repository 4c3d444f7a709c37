"""File menu's records entries: bringing an office's records in (the old register, vets'
rabies lists, the census), taking them out (exports), and keeping them (backups, restore).
Each entry is shown only to a role that may use it; each dialog lives in its area's folder
and is imported when first opened, so the window paints without them."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QMainWindow, QMenu, QWidget

if TYPE_CHECKING:
    from clerkdesk.rules.roles import Actor
    from clerkdesk.ui.context import UiContext

# Permissions by their values: the menu is built before the rules are imported (the window
# paints first), as the Year end menu's are.
IMPORT_RECORDS, EXPORT_RECORDS, BACK_UP, RESTORE = (
    "import_records",
    "export_records",
    "back_up",
    "restore",
)


@dataclass(frozen=True)
class RecordsTask:
    key: str
    label: str  # with its menu mnemonic
    need: str  # the permission a role must hold to be offered it
    dialog: str  # "module:Class", built as Class(ctx, parent)

    @property
    def words(self) -> str:
        return self.label.replace("&", "")

    def open_to(self, actor: Actor) -> bool:
        from clerkdesk.rules.roles import Permission

        return actor.may(Permission(self.need))

    def build(self, ctx: UiContext, parent: QWidget | None) -> QDialog:
        module, name = self.dialog.split(":")
        dialog_class: Callable[[UiContext, QWidget | None], QDialog] = getattr(
            importlib.import_module(module), name
        )
        return dialog_class(ctx, parent)


TASKS: tuple[RecordsTask, ...] = (
    RecordsTask(
        "import_register",
        "&Import register…",
        IMPORT_RECORDS,
        "clerkdesk.ui.importing.register_dialog:ImportRegisterDialog",
    ),
    RecordsTask(
        "import_rabies",
        "Import &rabies list…",
        IMPORT_RECORDS,
        "clerkdesk.ui.importing.rabies_list_dialog:RabiesListDialog",
    ),
    RecordsTask(
        "import_census",
        "Import &census…",
        IMPORT_RECORDS,
        "clerkdesk.ui.importing.census_dialog:CensusDialog",
    ),
    RecordsTask(
        "export",
        "&Export records…",
        EXPORT_RECORDS,
        "clerkdesk.ui.exports.export_dialog:ExportDialog",
    ),
    RecordsTask(
        "back_up",
        "&Back up now…",
        BACK_UP,
        "clerkdesk.ui.backups.backup_dialog:BackupDialog",
    ),
    RecordsTask(
        "restore",
        "Restore from a bac&kup…",
        RESTORE,
        "clerkdesk.ui.backups.restore_dialog:RestoreDialog",
    ),
)


class RecordsMenu:
    """The records entries, placed in the File menu before ``before``."""

    def __init__(self, window: QMainWindow, file_menu: QMenu, before: QAction) -> None:
        self.window = window
        self.ctx: UiContext | None = None
        self.dialog: QDialog | None = None
        self.actions: dict[str, QAction] = {}
        for task in TASKS:
            action = QAction(task.label, window)
            action.triggered.connect(lambda _=False, t=task: self.open(t))
            file_menu.insertAction(before, action)
            self.actions[task.key] = action
        self.separator = file_menu.insertSeparator(before)
        self.close()

    def open_for(self, ctx: UiContext) -> None:
        self.ctx = ctx
        for task in TASKS:
            allowed = task.open_to(ctx.actor)
            self.actions[task.key].setVisible(allowed)
            self.actions[task.key].setEnabled(allowed)
        self.separator.setVisible(any(t.open_to(ctx.actor) for t in TASKS))

    def close(self) -> None:
        """No one signed in (or the window locked): nothing to offer."""
        self.ctx = None
        for action in self.actions.values():
            action.setEnabled(False)
            action.setVisible(False)
        self.separator.setVisible(False)

    def open(self, task: RecordsTask) -> QDialog | None:
        if self.ctx is None or not task.open_to(self.ctx.actor):
            return None
        self.dialog = task.build(self.ctx, self.window)
        self.dialog.open()
        self.dialog.activateWindow()
        return self.dialog
