"""Settings → Town rules: the rules in force with their citations, schedules and history."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from clerkdesk.errors import ValidationError
from clerkdesk.rules.town_time import town_moment
from clerkdesk.services.town import (
    ProfileSaved,
    ProfileVersionInfo,
    TownInUse,
    profile_history,
    set_up_town,
)
from clerkdesk.services.town_changes import ExamplesConfirmed, ScheduleAdded
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.views.settings.confirm_dialog import ConfirmExamplesDialog
from clerkdesk.ui.views.settings.editor import TomlEditorDialog
from clerkdesk.ui.views.settings.examples import ExamplesBanner
from clerkdesk.ui.views.settings.files import RulesFiles
from clerkdesk.ui.views.settings.rule_rows import profile_rows
from clerkdesk.ui.views.settings.schedule_dialog import AddScheduleDialog
from clerkdesk.ui.views.settings.setup import SetupPanel
from clerkdesk.ui.views.settings.tables import (
    HISTORY_FIT,
    KEY_ROLE,
    RULES_FIT,
    SCHEDULES_FIT,
    fill_history,
    fill_rules,
    fill_schedules,
    make_list,
    select_row,
)
from clerkdesk.ui.wrapped_columns import ColumnFit

TownChanged = Callable[[TownInUse], None]


class TownRulesPage(QWidget):
    def __init__(
        self, ctx: UiContext, on_town_changed: TownChanged | None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setAccessibleName("Town rules")
        self.ctx = ctx
        self._on_town_changed = on_town_changed
        self._loading = False
        self.dialog: QDialog | None = None
        self.last_message = ""

        self.heading = QLabel("", self)
        self.heading.setObjectName("TownRulesHeading")
        self.heading.setWordWrap(True)
        self.version = QLabel("", self)
        self.version.setAccessibleName("Version in force")
        self.version.setWordWrap(True)
        self.banner = ExamplesBanner(
            self,
            then="Check against the bylaw, then choose Confirm…",
            button_text="Confirm…  Ctrl+Shift+C",
            listed=3,
        )
        assert self.banner.button is not None
        self.banner.button.setShortcut(QKeySequence("Ctrl+Shift+C"))
        self.banner.button.clicked.connect(self.confirm_examples)
        self.edit_button = self._button("Edit TOML…", "Ctrl+E", self.edit)
        self.add_button = self._button("Add schedule…", "Ctrl+N", self.add_schedule)
        self.add_button.setAccessibleName("Add schedule effective from a date")
        self.add_button.setToolTip("Add a fee schedule effective from a future date (Ctrl+N)")
        self.files = RulesFiles(self, self)
        self.import_button = self._button("Import TOML…", "Ctrl+I", self.files.import_file)
        self.export_button = self._button("Export TOML…", "Ctrl+Shift+E", self.files.export_file)
        self.setup = SetupPanel(self)
        self.setup.chosen.connect(self.set_up)

        self.rules = make_list(self, "Town rules", ["Rule", "Value", "Citation"], tree=True)
        self.schedules = make_list(self, "Fee schedules", ["Effective", "License years"])
        self.view_button = self._button("View version…", "Ctrl+Shift+V", self.files.view_version)
        self.history = make_list(self, "History", ["Version", "Saved", "By", "Note"])
        self.rules_fit = ColumnFit(self.rules, RULES_FIT, follow_data=False)
        self.schedules_fit = ColumnFit(self.schedules, SCHEDULES_FIT, follow_data=False)
        self.history_fit = ColumnFit(self.history, HISTORY_FIT, follow_data=False)
        self.history.itemActivated.connect(lambda *_: self.files.view_version())

        buttons = QHBoxLayout()
        for button in (self.edit_button, self.add_button, self.import_button, self.export_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        right = QWidget(self)
        column = QVBoxLayout(right)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(_caption("Fee &schedules", self.schedules, right))
        column.addWidget(self.schedules, 1)
        history_row = QHBoxLayout()
        history_row.addWidget(_caption("&History", self.history, right), 1)
        history_row.addWidget(self.view_button)
        column.addLayout(history_row)
        column.addWidget(self.history, 2)
        left = QWidget(self)
        left_column = QVBoxLayout(left)
        left_column.setContentsMargins(0, 0, 0, 0)
        left_column.addWidget(
            _caption("R&ules in force, with the citation for each", self.rules, left)
        )
        left_column.addWidget(self.rules, 1)
        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.setChildrenCollapsible(False)
        splitter.addWidget(left)
        splitter.addWidget(right)
        # The history's notes want more room than the rules' citations need.
        splitter.setSizes([640, 460])
        self.body = splitter

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 8, 0, 0)
        layout.addWidget(self.heading)
        layout.addWidget(self.version)
        layout.addWidget(self.banner)
        layout.addLayout(buttons)
        layout.addWidget(self.setup)
        layout.addWidget(splitter, 1)
        self.refresh()

    def _button(self, text: str, keys: str, action: Callable[[], None]) -> QPushButton:
        button = QPushButton(f"{text}  {keys}", self)
        button.setAccessibleName(text.rstrip("…"))
        button.setShortcut(QKeySequence(keys))
        button.setAutoDefault(False)
        button.clicked.connect(action)
        return button

    # Showing -----------------------------------------------------------------------
    @property
    def town(self) -> TownInUse | None:
        return self.ctx.town

    def refresh(self) -> None:
        town = self.town
        today = self.ctx.clock.today()
        self.setup.setVisible(town is None)
        self.body.setVisible(town is not None)
        for button in (self.edit_button, self.add_button, self.export_button):
            button.setEnabled(town is not None)
        self.banner.show_for(town)
        if town is None:
            self.heading.setText("No town is set up yet")
            self.version.setText("")
            return
        self.heading.setText(f"{town.name} — {town.profile.bylaw}".rstrip(" —"))
        note = f" — “{town.note}”" if town.note else ""
        self.version.setText(
            f"Version {town.version_id} is in force, saved "
            f"{town_moment(town.saved_at):%m/%d/%Y at %H:%M} by {town.saved_by}{note}."
        )
        fill_rules(self.rules, profile_rows(town.profile, today))
        self.rules_fit.fit()
        fill_schedules(self.schedules, town.profile, today)
        self.schedules_fit.fit()
        self._loading = True
        database = self.ctx.database
        self.ctx.tasks.run(lambda: profile_history(database), self._show_history, self.failed)

    def _show_history(self, versions: tuple[ProfileVersionInfo, ...]) -> None:
        self._loading = False
        fill_history(self.history, versions)
        self.history_fit.fit()

    def busy(self) -> bool:
        dialog_busy = getattr(self.dialog, "busy", None)
        return self._loading or bool(dialog_busy and dialog_busy())

    def say(self, message: str) -> None:
        self.last_message = message
        window = self.window()
        if isinstance(window, QMainWindow):
            window.statusBar().showMessage(message, 15000)

    def failed(self, exc: Exception) -> None:
        self._loading = False
        if not isinstance(exc, ValidationError):
            raise exc
        self.ctx.dialogs.show_error(self, "Town rules", exc.message)

    def _saved(self, town: TownInUse, message: str) -> None:
        if self._on_town_changed is not None:
            self._on_town_changed(town)
        else:
            self.ctx.town = town
        self.refresh()
        self.say(message)

    def open_dialog(self, dialog: QDialog) -> None:
        self.dialog = dialog
        dialog.finished.connect(lambda _result: self._closed(dialog))
        dialog.open()

    def _closed(self, dialog: QDialog) -> None:
        if self.dialog is dialog:
            self.dialog = None
        dialog.deleteLater()

    # Actions -----------------------------------------------------------------------
    def edit(self) -> None:
        town = self.town
        if town is None:
            return
        item = self.rules.currentItem()
        dialog = TomlEditorDialog(
            self.ctx,
            title=f"Edit the town rules (version {town.version_id})",
            text=town.profile_toml,
            original=town.profile_toml,
            base_version_id=town.version_id,
            jump_to=None if item is None else str(item.data(0, KEY_ROLE)),
            parent=self,
        )
        dialog.saved.connect(self.editor_saved)
        self.open_dialog(dialog)

    def editor_saved(self, result: ProfileSaved) -> None:
        self._saved(result.town, f"Saved version {result.town.version_id} of the town rules.")

    def add_schedule(self) -> None:
        if self.town is None:
            return
        dialog = AddScheduleDialog(self.ctx, self.town, self)
        dialog.added.connect(self._schedule_added)
        self.open_dialog(dialog)

    def _schedule_added(self, result: ScheduleAdded) -> None:
        self._saved(
            result.saved.town,
            f"Added a fee schedule effective {result.effective:%b %-d, %Y} (license year "
            f"{result.first_license_year.label} on), a copy of the one effective "
            f"{result.copied_from:%b %-d, %Y}: Edit TOML… (Ctrl+E) to change its fees.",
        )
        select_row(self.schedules, result.schedule_index)
        select_row(self.rules, self.rules.topLevelItemCount() - 1)

    def confirm_examples(self) -> None:
        if self.town is None or not self.town.profile.unconfirmed_examples:
            return
        dialog = ConfirmExamplesDialog(self.ctx, self.town, self)
        dialog.confirmed.connect(self._examples_confirmed)
        self.open_dialog(dialog)

    def _examples_confirmed(self, result: ExamplesConfirmed) -> None:
        left = f"; {len(result.remaining)} still to confirm" if result.remaining else ""
        count = len(result.confirmed)
        self._saved(
            result.saved.town,
            f"Confirmed {count} example value{'s' if count > 1 else ''}{left}.",
        )

    def set_up(self, preset_id: str) -> None:
        ctx = self.ctx
        self.ctx.tasks.run(
            lambda: set_up_town(ctx.database, preset_id, actor=ctx.actor, clock=ctx.clock),
            lambda result: self._saved(
                result.town,
                f"{result.town.name}'s rules are set up as version {result.town.version_id}.",
            ),
            self.failed,
        )


def _caption(text: str, buddy: QWidget, parent: QWidget) -> QLabel:
    label = QLabel(text, parent)
    label.setBuddy(buddy)
    label.setObjectName("SectionCaption")
    return label
