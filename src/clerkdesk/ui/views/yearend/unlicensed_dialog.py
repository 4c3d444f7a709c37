"""Unlicensed dogs…: every dog of licensing age kept without a license for the year
chosen, as the records stood on the as-of day (today unless the clerk picks an earlier
one), as the animal control officer walks them (counted by street), with who was left out
and why; written as a PDF (the warrant's cover, then the list) and a CSV for the §151A
warrant. "Reminder letters…" opens the notices dialog on reminders for the same year. The
list is read off the UI thread; the files are written whole or not at all."""

from __future__ import annotations

import datetime as dt
from collections import Counter
from pathlib import Path

from PySide6.QtCore import QDate, Qt, Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QDateEdit, QHeaderView, QTableWidget, QTableWidgetItem, QWidget

from clerkdesk.reports.unlicensed_data import UnlicensedList
from clerkdesk.rules.counts import counted
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.kinds import NoticeKind
from clerkdesk.rules.roles import Permission
from clerkdesk.services.unlicensed import unlicensed_list
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.printing.jobs import documents_dir
from clerkdesk.ui.views.yearend.job_dialog import NO_TOWN, JobDialog
from clerkdesk.ui.views.yearend.notices_dialog import NoticesDialog
from clerkdesk.ui.views.yearend.path_field import PathField
from clerkdesk.ui.views.yearend.unlicensed_files import UnlicensedWritten, write_unlicensed
from clerkdesk.ui.views.yearend.years import YearBox, years_around

TITLE = "Unlicensed dogs"


def by_street(data: UnlicensedList) -> list[tuple[str, int, int]]:
    """(street, dogs, owners), in the list's own street order."""
    dogs: Counter[str] = Counter()
    owners: dict[str, set[int]] = {}
    for row in data.rows:
        dogs[row.street] += 1
        owners.setdefault(row.street, set()).add(row.owner_id)
    return [(street, dogs[street], len(owners[street])) for street in dogs]


def census_words(data: UnlicensedList) -> str:
    """What the census adds to the list, or "" when it adds nothing."""
    if not data.households:
        return ""
    households = counted(len(data.households), "household")
    return (
        f" The {data.year} census adds {households} that keep dogs with none licensed, "
        "each with its census record."
    )


def list_words(data: UnlicensedList, today: object) -> str:
    return _dog_words(data, today) + left_out_words(data) + census_words(data)


def left_out_words(data: UnlicensedList) -> str:
    """The dogs on file left off, by why: "Left off: 310 licensed, 4 under the age, …"."""
    shown = [f"{left.dogs:,} {left.words.split(' (')[0]}" for left in data.left_out if left.dogs]
    return f" Left off: {'; '.join(shown)}." if shown else ""


def _dog_words(data: UnlicensedList, today: object) -> str:
    owners = len({row.owner_id for row in data.rows})
    as_of = us_date(data.made_on) if data.made_on else "today"
    if not data.rows:
        return (
            f"No dog of licensing age on file was kept without a license for "
            f"{data.year_label} on {as_of}: no one is on the list."
        )
    streets = len({row.street for row in data.rows})
    words = (
        f"{counted(len(data.rows), 'dog')} of {counted(owners, 'owner')} on "
        f"{counted(streets, 'street')} without a license for {data.year_label} on {as_of} "
        f"({data.never_licensed} never licensed; ${data.total_due:,.2f} due that day)."
    )
    day = data.made_on or today
    if isinstance(day, type(data.due_date)) and day <= data.due_date:
        words += " The due date had not passed: the list shrinks as owners renew."
    return words


class UnlicensedDialog(JobDialog):
    listed = Signal(object)
    """The ``UnlicensedList`` once shown (tests wait for it)."""

    def __init__(self, ctx: UiContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, TITLE, parent)
        self.data: UnlicensedList | None = None
        self.notices: NoticesDialog | None = None
        self._asked = 0
        self.year_box = YearBox("License year", self)
        self.add_row("year", "License &year  Alt+Y", self.year_box)
        today = ctx.clock.today()
        self.as_of = QDateEdit(QDate(today.year, today.month, today.day), self)
        self.as_of.setAccessibleName("As of")
        self.as_of.setDisplayFormat("MM/dd/yyyy")
        self.as_of.setCalendarPopup(True)
        self.as_of.setMaximumDate(QDate(today.year, today.month, today.day))
        self.as_of.setToolTip(
            "The list as the records stood on this day: licenses issued and dogs entered by "
            "then. The same day gives the same list again."
        )
        self.add_row("as_of", "&As of  Alt+A", self.as_of)
        self.add_summary()
        self.streets = QTableWidget(0, 3, self)
        self.streets.setAccessibleName("Unlicensed dogs, by street")
        self.streets.setHorizontalHeaderLabels(["Street", "Dogs", "Owners"])
        self.streets.verticalHeader().setVisible(False)
        self.streets.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.streets.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.streets.setTabKeyNavigation(False)
        header = self.streets.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in (1, 2):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.streets.setMinimumHeight(240)
        self.setMinimumHeight(600)
        self.outer.addWidget(self.streets, 1)
        self.begin_rows()
        dialogs = ctx.dialogs
        self.pdf = PathField("PDF file", "pdf", "PDF files (*.pdf)", "Choose…  Alt+P", dialogs)
        self.csv = PathField("CSV file", "csv", "CSV files (*.csv)", "Choose…  Alt+C", dialogs)
        self.pdf.choose.setShortcut(QKeySequence("Alt+P"))
        self.csv.choose.setShortcut(QKeySequence("Alt+C"))
        self.add_row("pdf", "PDF file *", self.pdf)
        self.add_row("csv", "CSV file", self.csv)
        self.add_progress(stretch=False)
        self.write_button = self.button("Write the list  Enter", "Write the list", self.write)
        self.reminders_button = self.button(
            "&Reminder letters…  Alt+R", "Reminder letters", self.reminders
        )
        self.reminders_button.setVisible(ctx.actor.may(Permission.MAIL_NOTICES))
        self.add_buttons(self.write_button, self.reminders_button)
        QWidget.setTabOrder(self.year_box, self.as_of)
        QWidget.setTabOrder(self.as_of, self.streets)
        QWidget.setTabOrder(self.streets, self.pdf.edit)
        town = ctx.town
        if town is not None:
            years = years_around(town.profile, ctx.clock.today())
            self.year_box.fill(years, years[1].starts_in)
        else:
            self.tell(NO_TOWN, problem=True)
        self.year_box.currentIndexChanged.connect(self.read)
        self.as_of.dateChanged.connect(lambda _d: self.read())
        self.pdf.edit.textChanged.connect(lambda _t: self._edited("pdf"))
        self.csv.edit.textChanged.connect(lambda _t: self._edited("csv"))
        self.read()

    def _edited(self, key: str) -> None:
        self.beside(key, "")
        self.refresh()

    # reading ------------------------------------------------------------------------
    def read(self) -> None:
        year = self.year_box.year()
        self.data = None
        self.streets.setRowCount(0)
        self.refresh()
        if year is None:
            return
        day = self.as_of_day()
        self.pdf.propose(documents_dir() / f"unlicensed-dogs-{year}-as-of-{day:%Y-%m-%d}.pdf")
        self.csv.propose(documents_dir() / f"unlicensed-dogs-{year}-as-of-{day:%Y-%m-%d}.csv")
        self.tell("")  # a reason given for another year no longer holds
        self._asked += 1
        asked = self._asked
        self.say_summary("Reading the list…")
        ctx = self.ctx
        self.ctx.tasks.run(
            lambda: unlicensed_list(ctx.database, year=year, on=day, actor=ctx.actor),
            lambda data: self._read(asked, data),
            lambda exc: self._read_failed(asked, exc),
        )

    def _read(self, asked: int, data: UnlicensedList) -> None:
        if asked != self._asked:
            return
        self.data = data
        rows = by_street(data)
        self.streets.setRowCount(len(rows))
        for i, (street, dogs, owners) in enumerate(rows):
            self.streets.setItem(i, 0, QTableWidgetItem(street))
            for column, number in ((1, dogs), (2, owners)):
                item = QTableWidgetItem(f"{number:,}")
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.streets.setItem(i, column, item)
        self.say_summary(list_words(data, self.ctx.clock.today()))
        self.refresh()
        self.listed.emit(data)

    def _read_failed(self, asked: int, exc: Exception) -> None:
        if asked == self._asked:
            self.say_summary("")
            self._failed(exc)

    def as_of_day(self) -> dt.date:
        chosen = self.as_of.date()
        return dt.date(chosen.year(), chosen.month(), chosen.day())

    @property
    def reading(self) -> bool:
        return self.data is None and self.year_box.year() is not None

    def refresh(self) -> None:
        if self.running:
            return
        if self.pdf.path() is None:
            text = "Write the list — needs a PDF file"
        elif self.data is None:
            text = "Write the list"
        else:
            text = f"Write the list of {counted(len(self.data.rows), 'dog')}"
        ready = self.data is not None
        self.write_button.setText(f"{text}  Enter" if ready else text)
        self.write_button.setAccessibleName(text)
        self.write_button.setEnabled(ready)
        self.reminders_button.setEnabled(self.data is not None and bool(self.data.rows))

    # writing ------------------------------------------------------------------------
    def write(self) -> None:
        data, pdf, csv = self.data, self.pdf.path(), self.csv.path()
        if self.running or data is None:
            return
        self.clear_messages()
        problems = {
            "pdf": "Name the PDF file to write." if pdf is None else self.pdf.problem(),
            "csv": self.csv.problem(),
        }
        found = {key: text for key, text in problems.items() if text}
        for key, text in found.items():
            self.beside(key, text)
        if found or pdf is None:
            (self.pdf if "pdf" in found else self.csv).setFocus()
            return
        self.start(lambda: write_unlicensed(data, pdf, csv), self._written, "Writing the list…")

    def _written(self, written: UnlicensedWritten) -> None:
        words = f"Wrote the list of {counted(written.dogs, 'dog')} to {written.pdf}"
        if written.csv is not None:
            words += f", and its CSV to {written.csv}"
        words += "."
        self.tell(words)
        self.offer_pdf("The list of unlicensed dogs", words, Path(written.pdf))

    def reminders(self) -> None:
        if self.data is None or not self.ctx.actor.may(Permission.MAIL_NOTICES):
            return
        self.notices = NoticesDialog(
            self.ctx, self, kind=NoticeKind.REMINDER, year=self.year_box.year()
        )
        self.notices.open()
        self.notices.activateWindow()
