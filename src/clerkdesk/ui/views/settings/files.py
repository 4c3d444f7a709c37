"""Import TOML…, Export TOML… and View version… on the Town rules page.

Files are chosen through the ``Dialogs`` seam and read or written off the UI thread."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from PySide6.QtWidgets import QDialog, QTreeWidget, QWidget

from clerkdesk.rules.town_time import town_moment
from clerkdesk.services.town import (
    ProfileExported,
    ProfileSaved,
    StoredProfileVersion,
    TownInUse,
    export_profile_file,
    profile_version,
    read_profile_file,
)
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.views.settings.editor import TomlEditorDialog
from clerkdesk.ui.views.settings.tables import KEY_ROLE


class RulesPage(Protocol):
    """What these actions use of the Town rules page (``TownRulesPage`` is one); the page
    comes beside it as the dialogs' parent."""

    ctx: UiContext
    history: QTreeWidget

    @property
    def town(self) -> TownInUse | None: ...

    def say(self, message: str) -> None: ...

    def failed(self, exc: Exception) -> None: ...

    def editor_saved(self, result: ProfileSaved) -> None: ...

    def open_dialog(self, dialog: QDialog) -> None: ...


TOML_FILTER = "TOML files (*.toml);;All files (*)"


class RulesFiles:
    def __init__(self, page: RulesPage, parent: QWidget) -> None:
        self._page = page
        self._parent = parent

    def import_file(self) -> None:
        path = self._page.ctx.dialogs.choose_open_path(
            self._parent, "Import town rules", Path.home(), TOML_FILTER
        )
        if path is None:
            return
        self._page.ctx.tasks.run(
            lambda: read_profile_file(path),
            lambda text: self._review_import(path, text),
            self._page.failed,
        )

    def _review_import(self, path: Path, text: str) -> None:
        town = self._page.town
        dialog = TomlEditorDialog(
            self._page.ctx,
            title=f"Import town rules from {path.name}",
            text=text,
            original="" if town is None else town.profile_toml,
            base_version_id=None if town is None else town.version_id,
            note=f"imported from {path.name}",
            parent=self._parent,
        )
        dialog.saved.connect(self._page.editor_saved)
        self._page.open_dialog(dialog)

    def export_file(self) -> None:
        town = self._page.town
        if town is None:
            return
        suggested = Path.home() / f"{town.town_id}-rules-v{town.version_id}.toml"
        path = self._page.ctx.dialogs.choose_save_path(
            self._parent, "Export town rules", suggested, TOML_FILTER
        )
        if path is None:
            return
        if not path.suffix:
            path = path.with_suffix(".toml")
        database, version = self._page.ctx.database, town.version_id
        self._page.ctx.tasks.run(
            lambda: export_profile_file(database, path, version_id=version),
            self._exported,
            self._page.failed,
        )

    def _exported(self, result: ProfileExported) -> None:
        self._page.say(f"Exported version {result.version_id} of the town rules to {result.path}.")

    def view_version(self) -> None:
        item = self._page.history.currentItem()
        if item is None:
            return
        database, version_id = self._page.ctx.database, int(item.data(0, KEY_ROLE))
        self._page.ctx.tasks.run(
            lambda: profile_version(database, version_id), self._show_version, self._page.failed
        )

    def _show_version(self, stored: StoredProfileVersion) -> None:
        info = stored.info
        dialog = TomlEditorDialog(
            self._page.ctx,
            title=f"Version {info.version_id}, saved {town_moment(info.saved_at):%b %-d, %Y} "
            f"by {info.saved_by}",
            text=stored.profile_toml,
            original=stored.profile_toml,
            base_version_id=None,
            read_only=True,
            parent=self._parent,
        )
        self._page.open_dialog(dialog)
