"""File → Import census…: the annual street listing's "dogs in household" answers kept per
household for the census year, each matched to the owners on file; the households reporting
dogs with none licensed are marked, and Year end → Unlicensed dogs lists them with their
census record. Reading and keeping run off the UI thread with progress and Cancel; the same
listing imported again changes nothing."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QSpinBox, QTableWidgetItem, QWidget

from clerkdesk.rules.counts import counted
from clerkdesk.services.importing.census import (
    FIRST_YEAR,
    LAST_YEAR,
    CensusImported,
    Change,
    HouseholdResult,
    import_census,
    read_census,
)
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.importing.open_file_field import OpenFileField
from clerkdesk.ui.importing.rows_table import rows_table
from clerkdesk.ui.views.yearend.job_dialog import JobDialog

TITLE = "Import the census"
COLUMNS = ("Rows", "Address", "Residents", "Dogs", "Owner on file", "Kept", "Unlicensed list")
STRETCHED = (2, 4)


def owner_words(result: HouseholdResult) -> str:
    match = result.match
    if match is None:
        return "— (no town set up)"
    return match.owner_names if match.owners else f"— ({match.reason})"


def imported_words(done: CensusImported) -> str:
    skipped = f"; {counted(len(done.skipped), 'row')} skipped" if done.skipped else ""
    kept = (
        f"{done.file_name}: {counted(len(done.households), 'household')} of the {done.year} "
        f"census — {done.count(Change.ADDED):,} added, {done.count(Change.UPDATED):,} updated, "
        f"{done.count(Change.UNCHANGED):,} unchanged{skipped}."
    )
    evidence = len(done.evidence)
    if not evidence:
        return kept + " No household reports dogs with none licensed."
    return (
        f"{kept} {counted(evidence, 'household')} reporting dogs with none licensed "
        f"{'is' if evidence == 1 else 'are'} on Year end → Unlicensed dogs for {done.year}, "
        "with the census record."
    )


class CensusDialog(JobDialog):
    imported = Signal(object)
    """The ``CensusImported`` once shown (tests wait for it)."""

    def __init__(self, ctx: UiContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, TITLE, parent)
        self.setMinimumWidth(1120)
        self.kept: CensusImported | None = None
        self.file = OpenFileField("Census file", "Choose…  Alt+O", ctx.dialogs, self)
        self.file.choose.setShortcut(QKeySequence("Alt+O"))
        self.add_row("file", "&Listing file *", self.file)
        self.year = QSpinBox(self)
        self.year.setAccessibleName("Census year")
        self.year.setRange(FIRST_YEAR, LAST_YEAR)
        self.year.setValue(ctx.clock.today().year)
        self.year.setGroupSeparatorShown(False)
        self.add_row("year", "Census &year", self.year)
        self.add_summary()
        self.say_summary(
            "Choose the street listing (CSV or XLSX) with each household's address, its "
            "residents' names and how many dogs it keeps; rows at one address are one household."
        )
        self.table = rows_table(
            self, "The census's households", COLUMNS, STRETCHED, wrap=False, least_height=280
        )
        self.setMinimumHeight(560)
        self.outer.addWidget(self.table, 1)
        self.add_progress(stretch=False)
        self.main = self.button("Import the census  Enter", "Import the census", self.run)
        self.add_buttons(self.main)
        QWidget.setTabOrder(self.year, self.table)
        QWidget.setTabOrder(self.table, self.main)
        self.file.edit.returnPressed.connect(self.run)

    def cancelled_words(self) -> str:
        return "Cancelled: no census answer was kept."

    def run(self) -> None:
        if self.running:
            return
        self.clear_messages()
        problem = self.file.problem()
        path = self.file.path()
        if problem or path is None:
            self.beside("file", problem or "")
            self.file.setFocus()
            return
        year = self.year.value()
        ctx, progress = self.ctx, self.progress

        def work() -> CensusImported:
            listing = read_census(path, year)
            return import_census(
                ctx.database,
                listing,
                actor=ctx.actor,
                clock=ctx.clock,
                step=progress.step,
                cancelled=progress.cancelled,
            )

        self.start(work, self._imported, "Reading the listing…")

    def _imported(self, done: CensusImported) -> None:
        self.kept = done
        self.table.setRowCount(len(done.households))
        for index, result in enumerate(done.households):
            house = result.household
            texts = (
                house.rows_text,
                house.street + (f", {house.unit}" if house.unit else ""),
                "; ".join(house.residents) or "—",
                str(house.dogs),
                owner_words(result),
                result.change.value,
                "yes" if result.evidence else "",
            )
            for column, text in enumerate(texts):
                item = QTableWidgetItem(text)
                item.setToolTip(text)
                if column == 3:
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                self.table.setItem(index, column, item)
        self.say_summary("")
        self.tell(imported_words(done))
        if done.households:
            self.table.setFocus()
            self.table.selectRow(0)
        self.imported.emit(done)
