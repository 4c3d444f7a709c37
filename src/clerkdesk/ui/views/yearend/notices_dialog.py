"""Renewal notices… (and Reminder letters…): the license year, renewal or reminder,
letters or postcards, the PDF and an optional CSV for a mail house. The count comes from
``notice_count`` before anything is written; ``write_notices`` runs off the UI thread with
progress, and Esc cancels it for real (the service asks ``cancelled`` between batches and
leaves no file). Then the PDF is offered to open, and what did not print as asked (a
postcard sent as a letter, a name or address cut to fit) is listed under the message."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QButtonGroup,
    QHBoxLayout,
    QPlainTextEdit,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from clerkdesk.rules.counts import counted
from clerkdesk.rules.kinds import NoticeKind
from clerkdesk.rules.roles import Permission
from clerkdesk.services.notices import (
    NoticeChoice,
    NoticeCount,
    NoticeRunResult,
    notice_count,
    write_notices,
)
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.printing.jobs import documents_dir
from clerkdesk.ui.views.yearend.job_dialog import NO_TOWN, JobDialog
from clerkdesk.ui.views.yearend.path_field import PathField
from clerkdesk.ui.views.yearend.years import YearBox, years_around

TITLE = "Renewal notices and reminder letters"
SUMMARY_LINES = 6
"""The height of the list of what did not print as asked, in lines: it scrolls beyond."""
WORDS = {
    NoticeKind.RENEWAL: ("renewal notice", "renewal-notices"),
    NoticeKind.REMINDER: ("reminder letter", "reminder-letters"),
}


class NoticesDialog(JobDialog):
    def __init__(
        self,
        ctx: UiContext,
        parent: QWidget | None = None,
        *,
        kind: NoticeKind = NoticeKind.RENEWAL,
        year: int | None = None,
    ) -> None:
        super().__init__(ctx, TITLE, parent)
        self.count: NoticeCount | None = None
        self.written: NoticeRunResult | None = None
        self._asked = 0  # the newest count asked for; older answers are dropped
        self.year_box = YearBox("License year", self)
        self.add_row("year", "License &year  Alt+Y", self.year_box)
        self.renewal = QRadioButton("&Renewal notices, before the due date  Alt+R", self)
        self.renewal.setAccessibleName("Renewal notices")
        self.reminder = QRadioButton(
            "Re&minder letters, after it: dogs still unlicensed  Alt+M", self
        )
        self.reminder.setAccessibleName("Reminder letters")
        self.add_row("kind", "Notices", self._pair(self.renewal, self.reminder, stacked=True))
        self.letters = QRadioButton("&Letters  Alt+L", self)
        self.letters.setAccessibleName("Letters")
        self.postcards = QRadioButton("P&ostcards  Alt+O", self)
        self.postcards.setAccessibleName("Postcards")
        self.add_row("form", "Printed as", self._pair(self.letters, self.postcards))
        dialogs = ctx.dialogs
        self.pdf = PathField("PDF file", "pdf", "PDF files (*.pdf)", "Choose…  Alt+P", dialogs)
        self.csv = PathField("CSV file", "csv", "CSV files (*.csv)", "Choose…  Alt+C", dialogs)
        self.pdf.choose.setShortcut(QKeySequence("Alt+P"))
        self.csv.choose.setShortcut(QKeySequence("Alt+C"))
        self.add_row("pdf", "PDF file *", self.pdf)
        self.add_row("csv", "CSV for a mail house", self.csv)
        self.add_progress()
        self.not_as_asked = self._not_as_asked_list()
        self.write_button = self.button("Write notices  Enter", "Write notices", self.write)
        self.add_buttons(self.write_button)
        (self.reminder if kind is NoticeKind.REMINDER else self.renewal).setChecked(True)
        self.letters.setChecked(True)
        # Last year, this year, next year, the one after; none without a town.
        self._years = years_around(ctx.town.profile, ctx.clock.today()) if ctx.town else ()
        if self._years:
            chosen = year if year is not None else self._years[2].starts_in
            self.year_box.fill(self._years, chosen)
        else:
            self.tell(NO_TOWN, problem=True)
        self.year_box.currentIndexChanged.connect(self.recount)
        self.renewal.toggled.connect(self._kind_chosen)
        self.postcards.toggled.connect(self._propose)
        self.pdf.edit.textChanged.connect(lambda _t: self._edited("pdf"))
        self.csv.edit.textChanged.connect(lambda _t: self._edited("csv"))
        if not ctx.actor.may(Permission.MAIL_NOTICES):
            self.write_button.setVisible(False)
            self.tell(
                "Your role may not mail notices: the clerk or an assistant clerk writes them.",
                problem=True,
            )
        self.recount()

    def _kind_chosen(self) -> None:
        """Renewal notices go out for next year, before it starts; reminders for this year,
        after its due date: the year follows the kind."""
        if self._years:
            wanted = self._years[2 if self.kind is NoticeKind.RENEWAL else 1].starts_in
            if self.year_box.year() != wanted:
                self.year_box.setCurrentIndex(self.year_box.findData(wanted))
                return  # the year's change counts again
        self.recount()

    def _not_as_asked_list(self) -> QPlainTextEdit:
        """The run's summary under the message: read-only, a few lines high (it scrolls when
        a run cut many names), hidden until a run has something to say."""
        box = QPlainTextEdit(self)
        box.setReadOnly(True)
        box.setAccessibleName("Notices not printed as asked")
        box.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        box.setMaximumHeight(box.fontMetrics().lineSpacing() * SUMMARY_LINES + 12)
        box.setVisible(False)
        self.outer.insertWidget(self.outer.indexOf(self.message) + 1, box)
        return box

    def _pair(self, first: QRadioButton, second: QRadioButton, *, stacked: bool = False) -> QWidget:
        box = QWidget(self)
        row = QVBoxLayout(box) if stacked else QHBoxLayout(box)
        row.setContentsMargins(0, 0, 0, 0)
        group = QButtonGroup(box)
        for button in (first, second):
            group.addButton(button)
            row.addWidget(button)
        row.addStretch(1)
        return box

    # the choice ---------------------------------------------------------------------
    @property
    def kind(self) -> NoticeKind:
        return NoticeKind.REMINDER if self.reminder.isChecked() else NoticeKind.RENEWAL

    def choice(self) -> NoticeChoice | None:
        year = self.year_box.year()
        if year is None:
            return None
        return NoticeChoice(self.kind, year, postcards=self.postcards.isChecked())

    def _propose(self) -> None:
        choice = self.choice()
        if choice is None:
            return
        stem = f"{WORDS[choice.kind][1]}-{choice.year}"
        if choice.postcards:
            stem += "-postcards"
        self.pdf.propose(documents_dir() / f"{stem}.pdf")

    def _edited(self, key: str) -> None:
        self.beside(key, "")
        self.refresh()

    def recount(self) -> None:
        """Ask how many notices the choice makes; the answer arrives off the UI thread."""
        self._propose()
        choice = self.choice()
        self.count = None
        if choice is None:
            self.refresh()
            return
        self.tell("")  # a reason given for another year no longer holds
        self._asked += 1
        asked = self._asked
        self.say_summary("Counting…")
        database, today = self.ctx.database, self.ctx.clock.today()
        self.ctx.tasks.run(
            lambda: notice_count(database, choice, on=today),
            lambda count: self._counted(asked, count),
            lambda exc: self._count_failed(asked, exc),
        )
        self.refresh()

    def _counted(self, asked: int, count: NoticeCount) -> None:
        if asked != self._asked:
            return
        self.count = count
        self.say_summary(count_words(count, self.kind, self.year_box.label()))
        self.refresh()

    def _count_failed(self, asked: int, exc: Exception) -> None:
        if asked != self._asked:
            return
        self.say_summary("")
        self._failed(exc)

    @property
    def counting(self) -> bool:
        return self.count is None and self.year_box.year() is not None

    def refresh(self) -> None:
        if self.running:
            return
        noun = WORDS[self.kind][0]
        if self.pdf.path() is None:
            text = "Write notices — needs a PDF file"
        elif self.count is None:
            text = f"Write {noun}s"
        else:
            text = f"Write {counted(self.count.owners, noun)}"
        ready = self.count is not None and self.count.owners > 0
        # The key is printed only while the button would take it.
        self.write_button.setText(f"{text}  Enter" if ready else text)
        self.write_button.setAccessibleName(text)
        self.write_button.setEnabled(ready)

    # writing ------------------------------------------------------------------------
    def write(self) -> None:
        if self.running or not self.ctx.actor.may(Permission.MAIL_NOTICES):
            return
        self.clear_messages()
        self.not_as_asked.clear()
        self.not_as_asked.setVisible(False)
        choice, pdf, csv = self.choice(), self.pdf.path(), self.csv.path()
        problems = {
            "pdf": "Name the PDF file to write." if pdf is None else self.pdf.problem(),
            "csv": self.csv.problem(),
        }
        found = {key: text for key, text in problems.items() if text}
        for key, text in found.items():
            self.beside(key, text)
        if found:
            (self.pdf if "pdf" in found else self.csv).setFocus()
            return
        if choice is None or pdf is None:
            return
        ctx, progress = self.ctx, self.progress
        self.start(
            lambda: write_notices(
                ctx.database,
                choice,
                pdf=pdf,
                csv=csv,
                actor=ctx.actor,
                clock=ctx.clock,
                step=progress.step,
                cancelled=progress.cancelled,
            ),
            self._written,
            f"Writing {WORDS[choice.kind][0]}s…",
        )

    def _written(self, result: NoticeRunResult) -> None:
        self.written = result
        words = written_words(result, self.kind)
        if result.summary:
            self.not_as_asked.setPlainText("\n".join(result.summary))
            self.not_as_asked.setVisible(True)
        self.tell(words)
        self.offer_pdf(f"{WORDS[self.kind][0].capitalize()}s written", words, Path(result.pdf))

    def cancelled_words(self) -> str:
        return "Cancelled: no notices were written and no file was left behind."


def count_words(count: NoticeCount, kind: NoticeKind, year_label: str) -> str:
    noun = WORDS[kind][0]
    if count.owners == 0:
        if kind is NoticeKind.RENEWAL:
            return f"No one is due a renewal notice for {year_label}: every license is renewed."
        return f"No one is due a reminder letter for {year_label}: every dog is renewed."
    what = [counted(count.dogs, "dog")]
    if count.kennels:
        what.append(counted(count.kennels, "kennel"))
    owners = counted(count.owners, "owner")
    return f"{owners} will get a {noun} for {year_label}, for {' and '.join(what)}."


def written_words(result: NoticeRunResult, kind: NoticeKind) -> str:
    noun = WORDS[kind][0]
    words = (
        f"Wrote {counted(result.owners, noun)} ({counted(result.pages, 'page')}) to {result.pdf}"
    )
    if result.csv is not None:
        words += f", and the mail house's CSV to {result.csv}"
    if result.summary:
        words += ". Not everything printed as asked: see the list below"
    return words + "."
