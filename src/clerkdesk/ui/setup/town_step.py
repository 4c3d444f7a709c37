"""Step 2: the town's rules, from the preset closest to the bylaw or from a profile file.

A file is checked on the spot in the Town rules page's own editor, every problem listed
beside the text; it saves only once valid. Both ways save through ``services.town``."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from PySide6.QtCore import QSize, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QWidget

from clerkdesk.services.office_setup import OfficeSetup, SetupStep
from clerkdesk.services.town import (
    ProfileSaved,
    TownInUse,
    read_profile_file,
    set_up_town,
    town_presets,
)
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.setup.step_page import StepPage
from clerkdesk.ui.views.settings.editor import TomlEditorDialog
from clerkdesk.ui.views.settings.examples import ExamplesBanner
from clerkdesk.ui.views.settings.files import TOML_FILTER

LOAD_KEYS = "Ctrl+O"


def year_from(start: str) -> str:
    """``license year from April 1`` for a preset's ``04-01``."""
    try:
        month, day = (int(part) for part in start.split("-"))
        return f"license year from {dt.date(2001, month, day):%B} {day}"
    except ValueError:
        return f"license year from {start}"


def examples_words(town: TownInUse) -> str:
    count = len(town.profile.unconfirmed_examples)
    if not count:
        return ""
    return (
        f" {count} value{'s are examples' if count > 1 else ' is an example'} until confirmed "
        "in Settings → Town rules (Confirm…)."
    )


class TownStep(StepPage):
    """``town_saved`` carries the new :class:`TownInUse` before ``saved`` is said."""

    town_saved = Signal(object)

    def __init__(self, ctx: UiContext, parent: QWidget) -> None:
        super().__init__(
            ctx,
            SetupStep.TOWN,
            "The license year, the fees, late fees and exemptions all come from the town's "
            "rules, shared by every workstation on this database. Start from the preset "
            "closest to your bylaw (change it later in Settings → Town rules), or load the "
            "town's own profile file: it is checked at once and every problem is listed.",
            parent,
        )
        self.editor: TomlEditorDialog | None = None
        self.chooser = QWidget(self)
        row = QHBoxLayout(self.chooser)
        row.setContentsMargins(0, 0, 0, 0)
        label = QLabel("&Preset:", self.chooser)
        self.presets = QComboBox(self.chooser)
        self.presets.setAccessibleName("Town preset")
        self.presets.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.presets.setMinimumContentsLength(28)
        for info in town_presets():
            self.presets.addItem(f"{info.name} ({year_from(info.year_start)})", info.id)
        label.setBuddy(self.presets)
        self.use_button = self.button("Use this preset  Enter", "Use this preset", self.submit)
        row.addWidget(label)
        row.addWidget(self.presets, 1)
        row.addWidget(self.use_button)
        self.body.addWidget(self.chooser)
        self.load_button = self.button(
            f"Load a profile file…  {LOAD_KEYS}", "Load a profile file", self.load_file
        )
        load_row = QHBoxLayout()
        load_row.addWidget(self.load_button)
        load_row.addStretch(1)
        self.body.addLayout(load_row)
        shortcut = QShortcut(QKeySequence(LOAD_KEYS), self)
        shortcut.activated.connect(self.load_file)
        self.banner = ExamplesBanner(
            self,
            then="Check them against the bylaw and confirm them later in Settings → Town rules "
            "(Confirm…).",
            listed=2,
        )
        self.body.addWidget(self.banner)

    def choose(self, preset_id: str) -> None:
        self.presets.setCurrentIndex(self.presets.findData(preset_id))

    def show_state(self, state: OfficeSetup) -> None:
        town = self.ctx.town
        done = state.town_name is not None
        # A preset starts a database with no rules; once set, a file replaces them.
        self.chooser.setVisible(not done)
        self.load_button.setText(
            f"{'Load another profile file' if done else 'Load a profile file'}…  {LOAD_KEYS}"
        )
        self.banner.show_for(town)
        if town is not None:
            self.show_done(f"{town.name}'s rules are in force (version {town.version_id}).")
        else:
            self.show_done("")

    def first_focus(self) -> QWidget | None:
        return self.presets if self.chooser.isVisible() else self.load_button

    def busy(self) -> bool:
        return self.working or (self.editor is not None and self.editor.busy())

    def submit(self) -> None:
        if not self.chooser.isVisible():
            return
        preset_id = str(self.presets.currentData())
        ctx = self.ctx
        self.run(
            lambda: set_up_town(ctx.database, preset_id, actor=ctx.actor, clock=ctx.clock),
            self._town_saved,
        )

    def load_file(self) -> None:
        if self.working:
            return
        path = self.ctx.dialogs.choose_open_path(
            self, "Load the town's profile file", Path.home(), TOML_FILTER
        )
        if path is None:
            return
        self.run(lambda: read_profile_file(path), lambda text: self._review(path, text))

    def _review(self, path: Path, text: str) -> None:
        """The Town rules page's editor: every problem beside the text, Save once valid."""
        town = self.ctx.town
        dialog = TomlEditorDialog(
            self.ctx,
            title=f"Load the town's rules from {path.name}",
            text=text,
            original="" if town is None else town.profile_toml,
            base_version_id=None if town is None else town.version_id,
            note=f"imported from {path.name}",
            parent=self,
        )
        dialog.saved.connect(self._town_saved)
        dialog.finished.connect(lambda _result: self._closed(dialog))
        screen = self.screen()
        if screen is not None:  # its 1100×700 is more than a 1280×720 screen leaves
            room = screen.availableGeometry().size() - QSize(40, 60)
            dialog.resize(dialog.size().boundedTo(room))
        self.editor = dialog
        dialog.open()

    def _closed(self, dialog: TomlEditorDialog) -> None:
        if self.editor is dialog:
            self.editor = None
        dialog.deleteLater()
        self.window().activateWindow()

    def _town_saved(self, result: ProfileSaved) -> None:
        town = result.town
        self.ctx.town = town
        self.town_saved.emit(town)
        self.saved.emit(
            f"{town.name}'s rules are set up as version {town.version_id}." + examples_words(town)
        )

    def refused(self, exc: Exception) -> None:
        target = self.presets if self.chooser.isVisible() else self.load_button
        target.setFocus()
