"""The end of a complaint's life: End order… (one order no longer binds — complied with,
lifted by the hearing authority, the dog died) and Close hearing… (a decided case closed;
its orders stay in force until each is ended). Both the hearing authority's (HEARINGS): an
assistant clerk sees the steps refused in words."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtWidgets import QLineEdit, QWidget

from clerkdesk.rules.dates import us_date
from clerkdesk.services.enforcement.hearing_views import OrderView
from clerkdesk.services.enforcement.hearings import close_hearing
from clerkdesk.services.enforcement.orders import end_order
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.form_base import FormDialog
from clerkdesk.ui.views.enforcement.form_bits import OrderForm, day_of


class EndOrderDialog(OrderForm):
    """``saved`` carries the order's words."""

    def __init__(
        self,
        ctx: UiContext,
        label: str,
        orders: Sequence[OrderView],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(ctx, f"End order — {label}", "End order  Enter", parent)
        self.add_intro(
            "The order no longer binds from the day it ended. The dog's designation stays; "
            "only the court's result ends that."
        )
        self.add_order(orders, "&Order")
        self.on = QLineEdit(us_date(ctx.clock.today()), self)
        self.add_field("on", "&Ended on", self.on, required=True, date=True, short="date")
        self.reason = QLineEdit(self)
        self.reason.setMaxLength(200)
        self.reason.setPlaceholderText("e.g. complied with; lifted by the hearing authority")
        self.add_field("reason", "&Reason", self.reason, required=True, short="reason")
        self.finish()

    def work(self) -> Callable[[], Any]:
        order_id = self.chosen_order()
        on = day_of(self.on.text(), "on")
        if order_id is None or on is None:
            return lambda: None
        database, actor, clock = self.ctx.database, self.ctx.actor, self.ctx.clock
        reason, words = self.reason.text(), self.order.currentText()

        def job() -> str:
            end_order(database, order_id, on=on, reason=reason, actor=actor, clock=clock)
            return f"Order ended: {words}"

        return job


class CloseHearingDialog(FormDialog):
    """``saved`` carries the complaint's reference."""

    def __init__(
        self, ctx: UiContext, hearing_id: int, label: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(ctx, f"Close {label}", "Close hearing  Enter", parent)
        self.hearing_id, self.label = hearing_id, label
        self.add_intro(
            f"A decided case is closed when the hearing authority is done with it. {label}'s "
            "orders stay in force until each is ended (End order…)."
        )
        self.finish()

    def work(self) -> Callable[[], Any]:
        database, actor, clock = self.ctx.database, self.ctx.actor, self.ctx.clock
        hearing_id, label = self.hearing_id, self.label

        def job() -> str:
            close_hearing(database, hearing_id, actor=actor, clock=clock)
            return f"{label} closed"

        return job
