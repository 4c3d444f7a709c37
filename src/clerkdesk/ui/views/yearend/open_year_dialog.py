"""Open license year…: what opening the year rests on, as a checklist read off the UI
thread (``year_readiness``): the fees from the schedule in force, the tags on hand, the
early sale; problems block the opening, warnings are shown. Open asks once more, then
``open_license_year`` runs; a second time it says who opened the year and when."""

from __future__ import annotations

import datetime as dt

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QListView,
    QListWidget,
    QListWidgetItem,
    QWidget,
)

from clerkdesk.rules.counts import counted
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.roles import Permission
from clerkdesk.rules.town_time import town_zone
from clerkdesk.services.year_open import (
    YearOpened,
    YearReadiness,
    open_license_year,
    year_readiness,
)
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.question import Choice, Question
from clerkdesk.ui.views.yearend.job_dialog import NO_TOWN, JobDialog
from clerkdesk.ui.views.yearend.years import YearBox, when_words, years_around

TITLE = "Open a license year"
MARKS = {"ok": "✓", "problem": "✗", "warning": "!", "info": "•", "fee": "     "}
NOT_YOURS = (
    "Only the clerk or an administrator opens a license year; here you can see if it is ready."
)


def opened_words(r: YearReadiness, zone: dt.tzinfo | None = None) -> str:
    who = f" by {r.opened_by}" if r.opened_by else ""
    return f"License year {r.year_label} was opened{who} on {when_words(r.opened_at, zone)}."


def checklist(r: YearReadiness, zone: dt.tzinfo | None = None) -> list[tuple[str, str]]:
    """(state, words) for each line: ok, problem, warning, info, or a fee under the fees.
    What stops the opening comes first, then what to look at, then what it rests on."""
    lines: list[tuple[str, str]] = []
    if r.opened_at is not None:
        lines.append(("ok", opened_words(r, zone)))
    lines += [("problem", text) for text in r.problems]
    lines += [("warning", text) for text in r.warnings]
    said = any("tag" in text.lower() for text in (*r.problems, *r.warnings))
    if r.tags_on_hand or not said:
        # With none on hand the service's own problem says so, and how to receive them.
        lines.append(
            (
                "ok" if r.tags_on_hand > 0 else "problem",
                f"Tags on hand for {r.year_label}: {r.tags_on_hand:,}",
            )
        )
    if r.early_sale_from is not None:
        lines.append(("info", f"Early sale from {us_date(r.early_sale_from)}"))
    else:
        lines.append(("info", f"No early sale: licenses go on sale on {us_date(r.start)}"))
    effective = when_words(r.schedule_effective) if r.schedule_effective else "its start"
    lines.append(
        (
            "ok" if r.fee_lines else "problem",
            f"Fees from the schedule in force on {effective}:"
            + ("" if r.fee_lines else " none found"),
        )
    )
    lines += [("fee", f"{name}: ${amount:,.2f}") for name, amount in r.fee_lines]
    return lines


class OpenYearDialog(JobDialog):
    opened = Signal(object)
    """The ``YearOpened`` answer (tests wait for it)."""

    def __init__(self, ctx: UiContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, TITLE, parent)
        self.readiness: YearReadiness | None = None
        self._asked = 0
        self.may_open = ctx.actor.may(Permission.OPEN_YEAR)
        self.zone = town_zone()
        self.year_box = YearBox("License year", self)
        self.add_row("year", "License &year  Alt+Y", self.year_box)
        self.checks = QListWidget(self)
        self.checks.setAccessibleName("What opening the year rests on")
        self.checks.setWordWrap(True)
        self.checks.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.checks.setMinimumHeight(330)
        # Each line wraps to the list's width rather than running off its edge.
        self.checks.setResizeMode(QListView.ResizeMode.Adjust)
        self.checks.setUniformItemSizes(False)
        self.checks.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.outer.addWidget(self.checks, 1)
        self.add_progress(stretch=False)
        self.open_button = self.button("Open license year  Enter", "Open license year", self.ask)
        self.open_button.setVisible(self.may_open)
        self.add_buttons(self.open_button)
        QWidget.setTabOrder(self.year_box, self.checks)
        town = ctx.town
        if town is not None:
            years = years_around(town.profile, ctx.clock.today())
            self.year_box.fill(years, years[2].starts_in)
        else:
            self.tell(NO_TOWN, problem=True)
        self.year_box.currentIndexChanged.connect(self.read)
        self.read()

    # reading ------------------------------------------------------------------------
    def read(self) -> None:
        year = self.year_box.year()
        self.readiness = None
        self.checks.clear()
        self.refresh()
        if year is None:
            return
        self.tell("")  # a reason given for another year no longer holds
        self._asked += 1
        asked = self._asked
        self.say_summary("Reading what the year needs…")
        database, today = self.ctx.database, self.ctx.clock.today()
        self.ctx.tasks.run(
            lambda: year_readiness(database, year, on=today),
            lambda r: self._read(asked, r),
            lambda exc: self._read_failed(asked, exc),
        )

    def _read(self, asked: int, readiness: YearReadiness) -> None:
        if asked != self._asked:
            return
        self.show_readiness(readiness)

    def _read_failed(self, asked: int, exc: Exception) -> None:
        if asked == self._asked:
            self.say_summary("")
            self._failed(exc)

    def show_readiness(self, r: YearReadiness) -> None:
        self.readiness = r
        self.checks.clear()
        for state, words in checklist(r, self.zone):
            item = QListWidgetItem(f"{MARKS[state]}  {words}")
            item.setData(Qt.ItemDataRole.UserRole, state)
            item.setToolTip(words)
            if state == "problem":
                item.setForeground(Qt.GlobalColor.darkRed)
            elif state == "warning":
                item.setForeground(Qt.GlobalColor.darkYellow)
            self.checks.addItem(item)
        if r.opened_at is not None:
            self.say_summary(f"{opened_words(r, self.zone)} Opening it again changes nothing.")
        elif r.problems:
            self.say_summary(
                f"License year {r.year_label} cannot be opened yet: "
                f"{counted(len(r.problems), 'problem')} to put right first (✗)."
            )
        else:
            span = f"{us_date(r.start)} to {us_date(r.end)}"
            text = f"License year {r.year_label} ({span}) is ready to open."
            self.say_summary(text if self.may_open else f"{text} {NOT_YOURS}")
        self.refresh()

    @property
    def reading(self) -> bool:
        return self.readiness is None and self.year_box.year() is not None

    def refresh(self) -> None:
        if self.running:
            return
        r = self.readiness
        label = self.year_box.label()
        if r is not None and r.opened_at is not None:
            text = f"License year {label} is open"
        elif r is not None and r.problems:
            text = f"Open license year {label} — needs the problems put right"
        else:
            text = f"Open license year {label}"
        ready = r is not None and r.opened_at is None and not r.problems and self.may_open
        # The key is printed only while the button would take it.
        self.open_button.setText(f"{text}  Enter" if ready else text)
        self.open_button.setAccessibleName(text)
        self.open_button.setEnabled(ready)

    # opening ------------------------------------------------------------------------
    def ask(self) -> None:
        r, year = self.readiness, self.year_box.year()
        if self.running or not self.may_open or r is None or year is None:
            return
        if r.opened_at is not None or r.problems:
            return
        fees = counted(len(r.fee_lines), "fee")
        question = Question(
            f"Open license year {r.year_label}?",
            f"Licenses for {r.year_label} ({us_date(r.start)} to {us_date(r.end)}) are then "
            f"sold with the {fees} listed, from "
            f"{us_date(r.early_sale_from or r.start)}. Opening it again later changes nothing.",
            (Choice("open", f"Open license year {r.year_label}", "O"),),
            cancel="Back",
        )
        self.ctx.dialogs.ask(self, question, lambda key: self._answered(key, year))

    def _answered(self, key: str | None, year: int) -> None:
        self.activateWindow()
        if key != "open":
            self.year_box.setFocus()
            return
        ctx = self.ctx
        self.start(
            lambda: open_license_year(ctx.database, year, actor=ctx.actor, clock=ctx.clock),
            self._opened,
            f"Opening license year {self.year_box.label()}…",
        )

    def _opened(self, result: YearOpened) -> None:
        r = result.readiness
        self.show_readiness(r)
        if result.created:
            self.tell(f"License year {r.year_label} is open. {opened_words(r, self.zone)}")
            self.ctx.year_events.opened.emit(r.start.year)
        else:
            self.tell(f"Nothing changed: {opened_words(r, self.zone)}")
        self.opened.emit(result)
        self.close_button.setFocus()

    def cancelled_words(self) -> str:
        return "Cancelled: the license year was not opened."
