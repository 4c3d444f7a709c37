"""Pay → tags → checkout → receipt and certificates, each step a dialog the keyboard drives.

Checkout quotes every dog again inside its own transaction, so what is charged is what the
rules say now; a refusal (a tag already used, a tender that does not pay the total) goes
back to the dialog whose field it names, and nothing is saved.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtWidgets import QWidget

from clerkdesk.errors import ConnectionLost, EnvironmentProblem, ValidationError
from clerkdesk.rules.kinds import PrintedKind
from clerkdesk.services.licensing import CheckoutRequest, CheckoutResult, checkout
from clerkdesk.services.payments import FeeFor, TenderInput
from clerkdesk.services.tags import StockSummary, shortage_note, stock_summary
from clerkdesk.services.taking_money import payment_fees_on
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.counter.cart import Cart, CartPanel
from clerkdesk.ui.counter.documents import PrintedDocuments, write_documents
from clerkdesk.ui.counter.tags_dialog import TagRequest, TagsDialog
from clerkdesk.ui.fields import money
from clerkdesk.ui.payment_dialog import PaymentDialog
from clerkdesk.ui.printing.jobs import PrintJob
from clerkdesk.ui.printing.present import present
from clerkdesk.ui.printing.preview import COUNTER_REPRINTS, PrintPreview
from clerkdesk.ui.views.enforcement.paper_print import PAPERS, write_papers


class CheckoutCounter(Protocol):
    """What the checkout drives on the Counter screen (``CounterView`` is one); the screen
    comes beside it as the dialogs' parent."""

    ctx: UiContext
    cart: CartPanel
    printing: bool

    def say(self, text: str, *, problem: bool = False) -> None: ...

    def reload_card(self) -> None: ...


TENDER_FIELDS = {"cash", "check", "money_order", "card", "tenders"}


def _listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def purpose(cart: Cart) -> str:
    """ "License 2026–27 for Rex and Bella (Bob Smith's), paid by Jane Doe"; a fine or a
    release named after the licenses ("; fine V2026-0002; release of Rex (I2026-0001)")."""
    years = sorted({e.standing.license_year.label for e in cart.entries if e.standing.license_year})
    names = []
    for entry in cart.entries:
        name = entry.standing.dog_name
        if entry.standing.owner_id != cart.payer_owner_id:
            name += f" ({entry.owner_name}'s)"
        names.append(name)
    said = []
    if names:
        kind = "License" if len(names) == 1 else "Licenses"
        said.append(f"{kind} {' and '.join(years)} for {_listed(names)}")
    if cart.fines:
        kind = "Fine" if len(cart.fines) == 1 else "Fines"
        said.append(f"{kind} {_listed([o.label for o in cart.fines])}")
    said += [f"Release of {o.who} ({o.label})" for o in cart.releases]
    return f"{'; '.join(said)}, paid by {cart.payer_name}."


class CheckoutFlow:
    def __init__(self, view: CheckoutCounter, parent: QWidget) -> None:
        self.view = view
        self.parent = parent
        self.ctx = view.ctx
        self.payment: PaymentDialog | None = None
        self.tags_dialog: TagsDialog | None = None
        self.preview: PrintPreview | None = None
        self.tenders: tuple[TenderInput, ...] = ()
        # Tags the clerk typed before going back to the payment, offered again after it.
        self.typed_tags: dict[int, int | None] = {}
        self.running = False

    # 1. payment -------------------------------------------------------------------
    def start(self) -> None:
        cart = self.view.cart.cart
        if cart.empty:
            self.view.say("The cart is empty: open an owner and press R to renew all due.")
            return
        if self.running:
            return
        self.running = True
        if cart.total == 0:
            self.tenders = ()
            self.payment = None
            self.typed_tags = {}
            self.ask_tags()
            return
        self.typed_tags = {}
        database, today = self.ctx.database, self.ctx.clock.today()
        self.ctx.tasks.run(lambda: payment_fees_on(database, today), self._pay, self._failed)

    def _pay(self, fee_for: FeeFor) -> None:
        cart = self.view.cart.cart
        self.payment = PaymentDialog(
            cart.total,
            f"Payment from {cart.payer_name}",
            self.parent,
            purpose=purpose(cart),
            fee_for=fee_for,
        )
        self.payment.paid.connect(self._paid)
        self.payment.rejected.connect(self._stopped)
        self.payment.open()
        self.payment.activateWindow()

    def _paid(self, tenders: tuple[TenderInput, ...]) -> None:
        self.tenders = tenders
        self.ask_tags()

    def _stopped(self) -> None:
        self.running = False
        self.payment = None
        self.view.say("Payment cancelled; the cart is as it was.")
        self.parent.window().activateWindow()

    # 2. tags ----------------------------------------------------------------------
    def ask_tags(self) -> None:
        entries = self.view.cart.cart.entries
        if not entries:  # fines or a release alone: no license, no tag
            self.tags_dialog = None
            self._tags_chosen({})
            return
        starts = sorted({e.standing.license_year.start for e in entries if e.standing.license_year})
        database = self.ctx.database
        self.ctx.tasks.run(
            lambda: [stock_summary(database, start) for start in starts],
            self._stock_known,
            self._failed,
        )

    def _stock_known(self, summaries: list[StockSummary]) -> None:
        by_start = {s.license_year_start: s for s in summaries}
        offset: dict[object, int] = {}
        requests: list[TagRequest] = []
        empty: dict[str, StockSummary | None] = {}
        for entry in self.view.cart.cart.entries:
            year = entry.standing.license_year
            assert year is not None
            summary = by_start.get(year.start)
            proposed = None
            if summary is not None and summary.next_tag is not None:
                proposed = summary.next_tag + offset.get(year.start, 0)
                offset[year.start] = offset.get(year.start, 0) + 1
            elif year.label not in empty:
                empty[year.label] = summary
            typed = self.typed_tags.get(entry.standing.dog_id)
            requests.append(
                TagRequest(
                    entry.standing.dog_id,
                    entry.standing.dog_name,
                    year.label,
                    typed if typed is not None else proposed,
                    summary,
                )
            )
        note = " ".join(shortage_note(label, summary) for label, summary in empty.items())
        back = (
            ("Back  Esc", "Back to payment") if self.payment else ("Back  Esc", "Back to the cart")
        )
        self.tags_dialog = TagsDialog(requests, self.parent, note=note, back=back)
        self.tags_dialog.chosen.connect(self._tags_chosen)
        self.tags_dialog.rejected.connect(self._tags_back)
        self.tags_dialog.open()
        self.tags_dialog.activateWindow()

    def _tags_back(self) -> None:
        """Back to the payment as the clerk left it (the tender kept), or to the cart when
        nothing was due."""
        if self.tags_dialog is not None:
            self.typed_tags = self.tags_dialog.tags()
        if self.payment is not None:
            self.payment.open()
            self.payment.activateWindow()
            return
        self.running = False
        self.view.say("Not issued: nothing was saved. Press F12 to pay again.")
        self.parent.window().activateWindow()

    # 3. checkout ------------------------------------------------------------------
    def _tags_chosen(self, tags: dict[int, int | None]) -> None:
        cart = self.view.cart.cart
        assert cart.payer_owner_id is not None
        request = CheckoutRequest(
            cart.payer_owner_id,
            cart.items(tags),
            self.tenders,
            expected_total=cart.total,
            fines=cart.fine_ids(),
            releases=cart.release_ids(),
        )
        database, actor, clock = self.ctx.database, self.ctx.actor, self.ctx.clock
        self.ctx.tasks.run(
            lambda: checkout(database, request, actor=actor, clock=clock),
            self._issued,
            self._failed,
        )

    def _issued(self, result: CheckoutResult) -> None:
        self.running = False
        self.payment = None
        self.view.cart.cart.clear()
        self.view.cart.refresh()
        done = [f"{lic.dog_name} tag {lic.tag}" for lic in result.licenses]
        if result.fines_paid:
            done.append(f"{len(result.fines_paid)} fine{'s' * (len(result.fines_paid) > 1)} paid")
        if result.released:
            done.append(f"{len(result.released)} dog{'s' * (len(result.released) > 1)} released")
        change = f" · change due {money(result.change_due)}" if result.change_due else ""
        self.view.say(f"Receipt {result.receipt_label} issued: {', '.join(done)}{change}.")
        self.view.reload_card()
        self.print_receipt(result.receipt_id, result.receipt_label, result.released)

    def _failed(self, exc: Exception) -> None:
        if not isinstance(exc, ValidationError):
            self.running = False
            if isinstance(exc, EnvironmentProblem):
                title = "Not issued: nothing was saved"
                if isinstance(exc, ConnectionLost) and exc.maybe_saved:
                    # Lost as the COMMIT went: the sale may be on the server after all.
                    title = "The connection was lost while saving"
                self.ctx.dialogs.show_error(self.parent, title, str(exc))
                return
            raise exc
        field = exc.field or ""
        if field.startswith("tag") and self.tags_dialog is not None:
            self.tags_dialog.show_problem(exc.message)
            self.tags_dialog.open()
            self.tags_dialog.activateWindow()
        elif field in TENDER_FIELDS and self.payment is not None:
            self.payment.show_problem(field, exc.message)
            self.payment.open()
            self.payment.activateWindow()
        else:
            self.running = False
            self.payment = None
            self.view.cart.message.setText(exc.message)
            self.view.say(f"Not issued: {exc.message}", problem=True)

    # 4. printing ------------------------------------------------------------------
    def print_receipt(
        self, receipt_id: int, label: str | None = None, releases: tuple[int, ...] = ()
    ) -> None:
        """The receipt and its certificates; beside them each dog's impound release
        receipt, when the receipt released dogs."""
        # Every receipt the counter posts (a sale, a transfer, a replacement tag) is printed
        # through here: the status bar's drawer counts it.
        self.ctx.money_events.changed.emit()
        database, today = self.ctx.database, self.ctx.clock.today()
        self.view.printing = True
        self.ctx.tasks.run(
            lambda: (
                write_documents(database, receipt_id),
                write_papers(database, PrintedKind.IMPOUND_RELEASE, releases, today),
            ),
            lambda made: self._printed(*made),
            lambda exc: self._print_failed(exc, label),
        )

    def _printed(self, printed: PrintedDocuments, releases: list[PrintJob]) -> None:
        self.view.printing = False
        tabs = ["Receipt", "License certificates"][: len(printed.jobs)]
        tabs += [f"Impound release {job.title.rsplit(' ', 1)[-1]}" for job in releases]
        title = f"Receipt {printed.receipt_label}"
        again = COUNTER_REPRINTS
        if releases:  # the release receipt is reprinted from its impound
            again += "; " + PAPERS[PrintedKind.IMPOUND_RELEASE].reprint_from
        shown = present(
            self.parent, title, [*printed.jobs, *releases], self.ctx.dialogs.print_job,
            tab_names=tabs, reprint_from=again,
        )  # fmt: skip
        self.preview = shown.preview
        if shown.preview is None:
            self.view.say(shown.message(title))

    def _print_failed(self, exc: Exception, label: str | None) -> None:
        self.view.printing = False
        if isinstance(exc, (ValidationError, OSError, EnvironmentProblem)):
            receipt = f"Receipt {label}" if label else "The receipt"
            self.ctx.dialogs.show_error(
                self.parent,
                "The receipt was saved but could not be printed",
                f"{exc}\n\n{receipt} is saved. To print it later, open the owner and choose "
                "Documents… (P), or find it by number with Find receipt/cert… (Ctrl+F).",
            )
            return
        raise exc
