"""A violated order and what follows (MGL c.140 §157(i)): Record breach… (which order, when:
the owner is barred from licensing for five years), Report sent… (the 30-day report to the
licensing authority) and Lift bar… (a court reversed the finding, or it was in error)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtWidgets import QComboBox, QLineEdit, QWidget

from clerkdesk.rules.dates import us_date
from clerkdesk.services.enforcement.bars import lift_bar, record_breach, record_report
from clerkdesk.services.enforcement.hearing_views import BarView, OrderView
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.form_base import FormDialog
from clerkdesk.ui.views.enforcement.form_bits import OrderForm, day_of


def bar_words(bar: BarView) -> str:
    return (
        f"bar {bar.id}: {bar.owner_name}, breach {us_date(bar.breached_on)}, "
        f"barred until {us_date(bar.bar_until)}"
    )


class BreachDialog(OrderForm):
    """``saved`` carries the new bar's id."""

    def __init__(
        self,
        ctx: UiContext,
        label: str,
        orders: Sequence[OrderView],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(ctx, f"Record breach — {label}", "Record breach  Enter", parent)
        self.add_intro(
            "An owner found in violation of an order may not license a dog anywhere in the "
            "Commonwealth for five years from the breach; the violation is reported to the "
            "licensing authority within 30 days."
        )
        self.add_order(orders, "&Order violated")
        self.on = QLineEdit(us_date(ctx.clock.today()), self)
        self.add_field("breached_on", "&Breached on", self.on, required=True, date=True,
                       short="date")  # fmt: skip
        self.notes = QLineEdit(self)
        self.notes.setMaxLength(500)
        self.add_field("notes", "&Notes", self.notes)
        self.finish()

    def work(self) -> Callable[[], Any]:
        order_id = self.chosen_order()
        on = day_of(self.on.text(), "breached_on")
        if order_id is None or on is None:
            return lambda: None
        database, actor, clock = self.ctx.database, self.ctx.actor, self.ctx.clock
        notes = self.notes.text() or None
        return lambda: record_breach(
            database, order_id, breached_on=on, notes=notes, actor=actor, clock=clock
        )


class _BarDialog(FormDialog):
    def __init__(
        self,
        ctx: UiContext,
        title: str,
        action: str,
        bars: Sequence[BarView],
        parent: QWidget | None,
    ) -> None:
        super().__init__(ctx, title, action, parent)
        self.bar = QComboBox(self)
        for bar in bars:
            self.bar.addItem(bar_words(bar), bar.id)
        self.add_field("bar", "&Bar", self.bar, required=True, short="bar")

    def bar_id(self) -> int | None:
        chosen = self.bar.currentData()
        if chosen is None:
            self.problem("bar", "No bar waits for this step.")
            return None
        return int(chosen)


class ReportDialog(_BarDialog):
    """``saved`` carries the bar's id."""

    def __init__(
        self, ctx: UiContext, label: str, bars: Sequence[BarView], parent: QWidget | None = None
    ) -> None:
        super().__init__(ctx, f"Report sent — {label}", "Record report  Enter", bars, parent)
        self.on = QLineEdit(us_date(ctx.clock.today()), self)
        self.add_field("reported_on", "&Reported on", self.on, required=True, date=True,
                       short="date")  # fmt: skip
        self.finish()

    def work(self) -> Callable[[], Any]:
        bar_id = self.bar_id()
        on = day_of(self.on.text(), "reported_on")
        if bar_id is None or on is None:
            return lambda: None
        database, actor, clock = self.ctx.database, self.ctx.actor, self.ctx.clock

        def job() -> int:
            record_report(database, bar_id, reported_on=on, actor=actor, clock=clock)
            return bar_id

        return job


class LiftDialog(_BarDialog):
    """``saved`` carries the bar's id."""

    def __init__(
        self, ctx: UiContext, label: str, bars: Sequence[BarView], parent: QWidget | None = None
    ) -> None:
        super().__init__(ctx, f"Lift bar — {label}", "Lift bar  Enter", bars, parent)
        self.reason = QLineEdit(self)
        self.reason.setMaxLength(200)
        self.reason.setPlaceholderText("e.g. the court reversed the finding")
        self.add_field("reason", "&Reason", self.reason, required=True, short="reason")
        self.finish()

    def work(self) -> Callable[[], Any]:
        bar_id = self.bar_id()
        if bar_id is None:
            return lambda: None
        database, actor, clock = self.ctx.database, self.ctx.actor, self.ctx.clock
        reason = self.reason.text()

        def job() -> int:
            lift_bar(database, bar_id, reason=reason, actor=actor, clock=clock)
            return bar_id

        return job
