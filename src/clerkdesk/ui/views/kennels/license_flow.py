"""License / renew…: the kennel's standing (fee lines and refusals) → the counter's payment
dialog → the sale (one receipt, through the ledger) → the certificate and receipt offered.

Each step reads or writes off the UI thread. A refusal from the sale that names a tender
goes back to the payment as the clerk left it; any other says why under the list, and
nothing is saved.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtWidgets import QWidget

from clerkdesk.errors import EnvironmentProblem, ValidationError
from clerkdesk.services.kennel_licensing import (
    KennelSaleRequest,
    KennelSaleResult,
    KennelStanding,
    kennel_standing,
    sell_kennel_license,
)
from clerkdesk.services.payments import FeeFor, TenderInput
from clerkdesk.services.taking_money import payment_fees_on
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.fields import money
from clerkdesk.ui.payment_dialog import PaymentDialog
from clerkdesk.ui.printing.present import present
from clerkdesk.ui.printing.preview import PrintPreview
from clerkdesk.ui.views.kennels.documents import KennelDocuments, write_kennel_documents
from clerkdesk.ui.views.kennels.keys import KENNEL_REPRINTS
from clerkdesk.ui.views.kennels.standing_dialog import StandingDialog

TENDER_FIELDS = {"cash", "check", "money_order", "card", "tenders"}


class KennelScreen(Protocol):
    """What the flow drives on the Kennels screen (``KennelsView`` is one)."""

    ctx: UiContext

    def say(self, text: str, *, problem: bool = False) -> None: ...

    def reload(self, kennel_id: int | None = None) -> None: ...


def sale_words(result: KennelSaleResult) -> str:
    tags = f"; kennel tags {', '.join(result.tags)}" if result.tags else ""
    change = f" · change due {money(result.change_due)}" if result.change_due else ""
    return (
        f"Kennel license {result.license_label} issued on receipt {result.receipt_label} "
        f"({money(result.total)}){tags}{change}."
    )


class LicenseFlow:
    def __init__(self, screen: KennelScreen, parent: QWidget) -> None:
        self.screen = screen
        self.parent = parent
        self.ctx = screen.ctx
        self.running = False
        self.standing: KennelStanding | None = None
        self.standing_dialog: StandingDialog | None = None
        self.payment: PaymentDialog | None = None
        self.preview: PrintPreview | None = None
        self.license_year: int | None = None
        self.result: KennelSaleResult | None = None

    def busy(self) -> bool:
        return self.running

    # 1. the standing ----------------------------------------------------------------
    def start(self, kennel_id: int, license_year: int | None) -> None:
        if self.running:
            return
        self.running = True
        self.license_year = license_year
        database, today = self.ctx.database, self.ctx.clock.today()

        def read() -> tuple[KennelStanding, FeeFor]:
            standing = kennel_standing(database, kennel_id, on=today, license_year=license_year)
            return standing, payment_fees_on(database, today)

        self.ctx.tasks.run(read, self._known, self._failed)

    def _known(self, found: tuple[KennelStanding, FeeFor]) -> None:
        standing, fee_for = found
        self.standing = standing
        dialog = StandingDialog(standing, self.parent)
        self.standing_dialog = dialog
        dialog.accepted.connect(lambda: self._pay(fee_for))
        dialog.rejected.connect(self._stopped)
        dialog.open()
        dialog.activateWindow()

    # 2. the payment -----------------------------------------------------------------
    def _pay(self, fee_for: FeeFor) -> None:
        standing = self.standing
        assert standing is not None and standing.quote is not None
        total = standing.quote.total
        if total == 0:
            self._sell(())
            return
        self.payment = PaymentDialog(
            total,
            f"Payment for {standing.name}",
            self.parent,
            purpose=f"Kennel license {standing.year_label} for {standing.name} "
            f"(at most {standing.max_dogs} dogs).",
            fee_for=fee_for,
        )
        self.payment.paid.connect(self._sell)
        self.payment.rejected.connect(self._stopped)
        self.payment.open()
        self.payment.activateWindow()

    def _stopped(self) -> None:
        self.running = False
        self.payment = None
        if self.standing is not None and self.standing_dialog is not None:
            ready = self.standing_dialog.ready
            self.screen.say("Payment cancelled: nothing was saved." if ready else "")
        self.parent.window().activateWindow()

    # 3. the sale --------------------------------------------------------------------
    def _sell(self, tenders: tuple[TenderInput, ...]) -> None:
        standing = self.standing
        assert standing is not None and standing.quote is not None
        request = KennelSaleRequest(
            standing.kennel_id,
            tenders,
            license_year=self.license_year,
            expected_total=standing.quote.total,
        )
        database, actor, clock = self.ctx.database, self.ctx.actor, self.ctx.clock
        self.ctx.tasks.run(
            lambda: sell_kennel_license(database, request, actor=actor, clock=clock),
            self._sold,
            self._failed,
        )

    def _sold(self, result: KennelSaleResult) -> None:
        self.running = False
        self.payment = None
        self.result = result
        self.ctx.money_events.changed.emit()  # the status bar's drawer counts it
        self.screen.say(sale_words(result))
        self.screen.reload(self.standing.kennel_id if self.standing else None)
        database = self.ctx.database
        self.running = True
        self.ctx.tasks.run(
            lambda: write_kennel_documents(database, result.kennel_license_id, result.receipt_id),
            self._written,
            lambda exc: self._print_failed(exc, result),
        )

    def _failed(self, exc: Exception) -> None:
        if isinstance(exc, ValidationError):
            field = exc.field or ""
            if field in TENDER_FIELDS and self.payment is not None:
                self.payment.show_problem(field, exc.message)
                self.payment.open()
                self.payment.activateWindow()
                return
            self.running = False
            self.payment = None
            self.screen.say(f"Not licensed: {exc.message}", problem=True)
            return
        self.running = False
        if isinstance(exc, EnvironmentProblem):
            self.ctx.dialogs.show_error(self.parent, "Not licensed: nothing was saved", str(exc))
            return
        raise exc

    # 4. the certificate -------------------------------------------------------------
    def _written(self, documents: KennelDocuments) -> None:
        self.running = False
        title = f"Kennel license {documents.license_label}"
        shown = present(
            self.parent,
            title,
            documents.jobs,
            self.ctx.dialogs.print_job,
            tab_names=documents.tab_names,
            reprint_from=KENNEL_REPRINTS,
        )
        self.preview = shown.preview
        if shown.preview is None:
            self.screen.say(shown.message(title))

    def _print_failed(self, exc: Exception, result: KennelSaleResult) -> None:
        self.running = False
        if isinstance(exc, (ValidationError, OSError, EnvironmentProblem)):
            self.ctx.dialogs.show_error(
                self.parent,
                "The kennel license was saved but could not be printed",
                f"{exc}\n\nKennel license {result.license_label} and receipt "
                f"{result.receipt_label} are saved.",
            )
            return
        raise exc
