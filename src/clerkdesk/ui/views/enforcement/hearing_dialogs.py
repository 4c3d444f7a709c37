"""A complaint's steps (MGL c.140 §157): File complaint… (the dog, who complains and what),
Schedule hearing… (when, where, the notice), Decide… (dismissed, nuisance or dangerous, and
the orders), and Court result… (the district court's answer to a petition)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QWidget,
)

from clerkdesk.rules.dates import us_date
from clerkdesk.rules.enforcement_kinds import ORDER_WORDS, HearingDecision, OrderKind
from clerkdesk.services import checks
from clerkdesk.services.enforcement.hearings import (
    LONG_TEXT,
    ComplaintInput,
    DecisionInput,
    OrderInput,
    decide,
    file_complaint,
    record_court_result,
    schedule_hearing,
)
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.fields import BadInput
from clerkdesk.ui.form_base import FormDialog
from clerkdesk.ui.views.enforcement.form_bits import caption_at_top, day_of, town_time_of
from clerkdesk.ui.views.kennels.finder import Finder

DECISIONS = (
    (HearingDecision.DANGEROUS, "Dangerous dog"),
    (HearingDecision.NUISANCE, "Nuisance dog"),
    (HearingDecision.DISMISSED, "Complaint dismissed"),
)


def _text(widget: QPlainTextEdit) -> str:
    return widget.toPlainText()


class ComplaintDialog(FormDialog):
    """``saved`` carries (id, reference)."""

    def __init__(self, ctx: UiContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, "File complaint", "File complaint  Enter", parent)
        self.add_intro(
            "A written complaint that a dog is a nuisance or dangerous (MGL c.140 §157). "
            "The respondent is the dog's owner on file now."
        )
        self.dog = Finder(ctx, "dog", "Dog complained of", self)
        self.add_field("dog", "&Dog", self.dog, required=True, short="dog")
        self.on = QLineEdit(us_date(ctx.clock.today()), self)
        self.add_field("complaint_on", "Complaint &date", self.on, required=True, date=True,
                       short="date")  # fmt: skip
        self.complainant = QLineEdit(self)
        self.complainant.setMaxLength(160)
        self.add_field("complainant", "&Complainant", self.complainant, required=True,
                       short="complainant")  # fmt: skip
        self.complaint = QPlainTextEdit(self)
        self.complaint.setFixedHeight(64)
        self.complaint.setTabChangesFocus(True)
        self.add_field("complaint", "&What happened", self.complaint)
        caption_at_top(self, "dog", "complaint")
        self.finish()
        self.dog.setFocus()
        self.dog.chosen.connect(lambda _hit: self.refresh_button())
        self.dog.picked.connect(lambda: self.on.setFocus())

    def busy(self) -> bool:
        return self.dog.busy()

    def missing(self) -> list[str]:
        gaps = super().missing()
        dog = getattr(self, "dog", None)
        return ["dog", *gaps] if dog is not None and dog.hit is None else gaps

    def work(self) -> Callable[[], Any]:
        hit = self.dog.hit
        if hit is None or hit.dog_id is None:
            self.problem("dog", "Find the dog: type its name, tag or microchip, Down, Enter.")
        self.check(checks.required, self.complainant.text(), "complainant", "The complainant",
                   max_length=160)  # fmt: skip
        self.check(checks.required, _text(self.complaint), "complaint", "The complaint",
                   max_length=LONG_TEXT, lines=True)  # fmt: skip
        day = day_of(self.on.text(), "complaint_on")
        if hit is None or hit.dog_id is None or day is None:
            return lambda: None
        data = ComplaintInput(hit.dog_id, day, self.complainant.text(), _text(self.complaint))
        database, actor, clock = self.ctx.database, self.ctx.actor, self.ctx.clock
        return lambda: file_complaint(database, data, actor=actor, clock=clock)


class ScheduleDialog(FormDialog):
    """``saved`` carries the complaint's reference."""

    def __init__(
        self, ctx: UiContext, hearing_id: int, label: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(ctx, f"Schedule hearing — {label}", "Schedule  Enter", parent)
        self.hearing_id, self.label = hearing_id, label
        self.day = QLineEdit(self)
        self.add_field("hearing_at", "Hearing &date", self.day, required=True, date=True,
                       short="date")  # fmt: skip
        self.time = QLineEdit("18:00", self)
        self.add_field("time", "&Time", self.time, required=True, short="time")
        self.place = QLineEdit("Town Hall", self)
        self.place.setMaxLength(200)
        self.add_field("place", "&Place", self.place, required=True, short="place")
        self.notice = QLineEdit(self)
        self.add_field("notice_sent", "&Notice sent on", self.notice, date=True)
        self.finish()

    def work(self) -> Callable[[], Any]:
        try:
            at = town_time_of(self.day.text(), self.time.text(), "hearing_at", "time")
        except BadInput as exc:
            self.problem(exc.field or "hearing_at", str(exc))
            return lambda: None
        notice = day_of(self.notice.text(), "notice_sent", required=False)
        database, actor, clock = self.ctx.database, self.ctx.actor, self.ctx.clock
        hearing_id, place, label = self.hearing_id, self.place.text(), self.label

        def job() -> str:
            schedule_hearing(
                database, hearing_id, hearing_at=at, place=place, notice_sent_on=notice,
                actor=actor, clock=clock,
            )  # fmt: skip
            return label

        return job


class OrderChecklist(QListWidget):
    """The orders §157 allows, each ticked with Space."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Orders")
        self.setFixedHeight(6 * 22 + 8)
        for kind in OrderKind:
            item = QListWidgetItem(f"{kind.value.replace('_', ' ')} — {ORDER_WORDS[kind]}")
            item.setData(Qt.ItemDataRole.UserRole, kind.value)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.addItem(item)
        self.setCurrentRow(0)

    def tick(self, kind: OrderKind) -> None:
        for row in range(self.count()):
            item = self.item(row)
            if item is not None and item.data(Qt.ItemDataRole.UserRole) == kind.value:
                item.setCheckState(Qt.CheckState.Checked)

    def ticked(self) -> list[OrderKind]:
        found = []
        for row in range(self.count()):
            item = self.item(row)
            if item is not None and item.checkState() == Qt.CheckState.Checked:
                found.append(OrderKind(str(item.data(Qt.ItemDataRole.UserRole))))
        return found


class DecideDialog(FormDialog):
    """``saved`` carries the complaint's reference."""

    def __init__(
        self, ctx: UiContext, hearing_id: int, label: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(ctx, f"Decide — {label}", "Record decision  Enter", parent)
        self.hearing_id, self.label = hearing_id, label
        self.decision = QComboBox(self)
        for decision, words in DECISIONS:
            self.decision.addItem(words, decision.value)
        self.add_field("decision", "De&cision", self.decision, required=True)
        self.on = QLineEdit(us_date(ctx.clock.today()), self)
        self.add_field("decided_on", "Decided &on", self.on, required=True, date=True,
                       short="date")  # fmt: skip
        self.authority = QLineEdit("Select Board", self)
        self.authority.setMaxLength(160)
        self.add_field("authority", "&Hearing authority", self.authority, required=True,
                       short="authority")  # fmt: skip
        self.orders = OrderChecklist(self)
        self.add_field("orders", "O&rders (Space ticks)", self.orders)
        self.conditions = QLineEdit(self)
        self.conditions.setMaxLength(500)
        self.conditions.setPlaceholderText("an order of another kind, in words")
        self.add_field("conditions", "Other order's &words", self.conditions)
        self.findings = QPlainTextEdit(self)
        self.findings.setFixedHeight(48)
        self.findings.setTabChangesFocus(True)
        self.add_field("findings", "&Findings", self.findings)
        caption_at_top(self, "orders", "findings")
        self.finish()

    def work(self) -> Callable[[], Any]:
        decision = HearingDecision(str(self.decision.currentData()))
        day = day_of(self.on.text(), "decided_on")
        assert day is not None
        words = self.conditions.text().strip()
        orders = tuple(
            OrderInput(kind, words if kind is OrderKind.OTHER else "")
            for kind in self.orders.ticked()
        )
        data = DecisionInput(
            decision, day, self.authority.text(), _text(self.findings) or None, orders
        )
        database, actor, clock = self.ctx.database, self.ctx.actor, self.ctx.clock
        hearing_id, label = self.hearing_id, self.label

        def job() -> str:
            decide(database, hearing_id, data, actor=actor, clock=clock)
            return label

        return job


class CourtResultDialog(FormDialog):
    """``saved`` carries the complaint's reference."""

    def __init__(
        self, ctx: UiContext, hearing_id: int, label: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(ctx, f"Court result — {label}", "Record court result  Enter", parent)
        self.hearing_id, self.label = hearing_id, label
        self.court_words = QLineEdit(self)
        self.court_words.setMaxLength(300)
        self.court_words.setPlaceholderText("e.g. petition denied; order affirmed")
        self.add_field("result", "&Result", self.court_words, required=True, short="result")
        self.on = QLineEdit(us_date(ctx.clock.today()), self)
        self.add_field("on", "&Court's date", self.on, required=True, date=True, short="date")
        self.ends = QCheckBox("The court reversed the order or dismissed the complaint", self)
        self.add_field("orders_end", "&Orders end", self.ends)
        self.finish()

    def work(self) -> Callable[[], Any]:
        on = day_of(self.on.text(), "on")
        assert on is not None
        database, actor, clock = self.ctx.database, self.ctx.actor, self.ctx.clock
        hearing_id, label, result = self.hearing_id, self.label, self.court_words.text()
        ends = self.ends.isChecked()

        def job() -> str:
            record_court_result(
                database, hearing_id, result=result, on=on, orders_end=ends,
                actor=actor, clock=clock,
            )  # fmt: skip
            return label

        return job
