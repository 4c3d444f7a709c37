"""The Counter screen: results | owner card | cart, driven from the keyboard.

The main window's search box is the search: typing there fills the results column and
brings the counter forward. With no owner open, the middle column shows today's figures.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut, QShowEvent
from PySide6.QtWidgets import (
    QDialog,
    QLabel,
    QLineEdit,
    QMainWindow,
    QSizePolicy,
    QSplitter,
    QStackedWidget,
    QWidget,
)

from clerkdesk.errors import EnvironmentProblem, ValidationError
from clerkdesk.rules.roles import Permission
from clerkdesk.rules.searched_name import name_from_search
from clerkdesk.services.audit_trail import AuditQuery
from clerkdesk.services.owner_card import OwnerCard, StandingsNow, owner_card, standings_now
from clerkdesk.services.search import SearchHit
from clerkdesk.ui.area_stack import tighten
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.counter.actions import build_actions
from clerkdesk.ui.counter.cart import Cart, CartPanel
from clerkdesk.ui.counter.change_flows import ChangeFlows
from clerkdesk.ui.counter.checkout_flow import CheckoutFlow
from clerkdesk.ui.counter.customer import CustomerDesk
from clerkdesk.ui.counter.documents_dialog import DocumentsDialog
from clerkdesk.ui.counter.dog_details import DogDetailsDialog
from clerkdesk.ui.counter.enforcement_flow import EnforcementDesk
from clerkdesk.ui.counter.find_document import FindDocumentDialog
from clerkdesk.ui.counter.forms import DogForm, OwnerForm
from clerkdesk.ui.counter.owner_card import OwnerCardPanel
from clerkdesk.ui.counter.rabies_form import RabiesForm
from clerkdesk.ui.counter.results import ResultsPanel
from clerkdesk.ui.form_base import FormDialog
from clerkdesk.ui.printing.batch_dialog import BatchPrintDialog
from clerkdesk.ui.views.audit import open_audit_dialog
from clerkdesk.ui.views.base import AreaView
from clerkdesk.ui.views.counter import BATCH_KEYS
from clerkdesk.ui.views.counter import CounterView as CounterHome


class CounterView(AreaView):
    def __init__(self, ctx: UiContext, parent: QWidget | None = None) -> None:
        super().__init__(
            "Counter",
            "Search (Ctrl+K), Enter to open the owner, R to renew all due, A to add one dog, "
            "I the owner's fines, G a held dog's release, F12 to pay, Ctrl+F to find a receipt "
            "or certificate to reprint. Letter keys work when the cursor is not in a text box.",
            parent,
        )
        self.ctx = ctx
        self.body.setContentsMargins(16, 10, 16, 10)
        tighten(self.body)  # the counter fits 1280×720 whole, an owner's card and all
        self.counter_actions = build_actions(self)
        self.results = ResultsPanel(ctx, self)
        self.home = CounterHome(ctx, self)
        for name in ("ViewTitle", "ViewHint"):  # this screen has its own title and hint
            direct = Qt.FindChildOption.FindDirectChildrenOnly
            for label in self.home.findChildren(QLabel, name, direct):
                label.setVisible(False)
        # The "unconfirmed example values" banner stays in sight above the columns while fees
        # are charged, not only on the home figures.
        self.examples: QWidget | None = getattr(self.home, "examples", None)
        if self.examples is not None:
            banner = self.examples.layout()
            if banner is not None:  # a line's height less than in Settings, where it leads
                banner.setContentsMargins(12, 5, 12, 5)
            self.body.addWidget(self.examples)
        self.card = OwnerCardPanel(self.counter_actions, self)
        self.middle = QStackedWidget(self)
        self.middle.setAccessibleName("Owner")
        # The home figures may be clipped on a narrow screen; the three columns must fit 1024 px.
        self.home.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.middle.addWidget(self.home)
        self.middle.addWidget(self.card)
        self.cart = CartPanel(self.counter_actions, self)
        columns = QSplitter(Qt.Orientation.Horizontal, self)
        columns.setChildrenCollapsible(False)
        for widget, stretch in ((self.results, 3), (self.middle, 6), (self.cart, 3)):
            columns.addWidget(widget)
            columns.setStretchFactor(columns.indexOf(widget), stretch)
        # At 1280×800 the card's six columns and the cart's two-line fees need the room more
        # than the results do (their streets give way with "…").
        columns.setSizes([230, 635, 350])
        self.cart.setMinimumWidth(240)
        self.body.addWidget(columns, 1)
        self.flow = CheckoutFlow(self, self)
        self.changes = ChangeFlows(self, self)
        self.enforcement = EnforcementDesk(self)
        self.form: FormDialog | None = None
        self.form_dialog: QDialog | None = None  # the documents or find dialog, kept alive
        self.printing = False
        self._loading = False
        self._requoting = False
        self._wanted: tuple[int, int | None] | None = None
        # The license year being sold while next year's is on sale early (None: the year in
        # force). It stays chosen from owner to owner, as the clerk works through a line.
        self.sale_year: int | None = None
        self.customer = CustomerDesk(self, self)
        self._bring_forward: Callable[[], None] = lambda: None
        self.details: DogDetailsDialog | None = None
        self.results.opened.connect(self.open_hit)
        self.results.wants_new_owner.connect(self.new_owner)
        self.card.dog_activated.connect(lambda _id: self.show_details())
        self.card.year_chosen.connect(self.choose_year)
        connect = {
            "renew": self.renew_all_due,
            "add": self.add_selected,
            "details": self.show_details,
            "held": self.customer.bring_back,
            "new_dog": self.new_dog,
            "rabies": self.rabies,
            "edit_dog": self.edit_dog,
            "transfer": self.changes.transfer,
            "lost_tag": self.changes.lost_tag,
            "status": self.changes.mark_status,
            "edit_owner": self.edit_owner,
            "new_owner": lambda: self.new_owner(),
            "year": self.switch_year,
            "documents": self.documents,
            "find_document": self.find_document,
            "pay": self.pay,
            "remove": lambda: self.say(self.cart.remove_selected()),
            "waive": lambda: self.say(self.cart.start_waiver()),
            "fines": self.enforcement.add_fines,
            "release": self.enforcement.release,
        }
        for key, slot in connect.items():
            self.counter_actions[key].triggered.connect(slot)
        # End of the day: the mail-in renewals' certificates, all at once.
        self.batch_dialog: BatchPrintDialog | None = None
        batch = QShortcut(QKeySequence(BATCH_KEYS), self)
        batch.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        batch.activated.connect(self.print_day)
        self.home.batch_button.clicked.connect(self.print_day)
        escape = QShortcut(QKeySequence("Esc"), self.cart.reason)
        escape.setContext(Qt.ShortcutContext.WidgetShortcut)
        escape.activated.connect(self.cart.cancel_waiver)

    def print_day(self) -> None:
        ctx = self.ctx
        self.batch_dialog = BatchPrintDialog(
            ctx.database, ctx.tasks, ctx.clock.today(), ctx.dialogs.print_job, self
        )
        self.batch_dialog.open()
        self.batch_dialog.activateWindow()

    # compatibility with the home tiles ---------------------------------------------
    @property
    def tiles(self) -> dict[str, QWidget]:
        return self.home.tiles  # type: ignore[return-value]

    def attach_search(self, box: QLineEdit, bring_forward: Callable[[], None]) -> None:
        """Use the window's search box as the counter's."""
        self.results.attach(box)
        self._bring_forward = bring_forward
        box.textEdited.connect(lambda _t: bring_forward())
        box.returnPressed.connect(bring_forward)

    def show_owner(self, owner_id: int, dog_id: int = 0) -> None:
        """Bring the counter forward with this owner open (from Owners & Dogs); ``dog_id``
        0 selects none in particular."""
        self._bring_forward()
        self.open_owner(owner_id, dog_id=dog_id or None)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        show_for = getattr(self.examples, "show_for", None)
        if show_for is not None:
            show_for(self.ctx.town)  # the rules may have changed in Settings

    def busy(self) -> bool:
        return (
            self.home.busy()
            or self.results.busy()
            or self._loading
            or self.printing
            or self._requoting
        )

    def say(self, text: str, *, problem: bool = False) -> None:
        self.card.say(text, problem=problem)
        window = self.window()
        if isinstance(window, QMainWindow) and not problem:
            window.statusBar().showMessage(text, 8000)

    # the owner ----------------------------------------------------------------------
    def open_hit(self, hit: SearchHit) -> None:
        self.open_owner(hit.owner_id, dog_id=hit.dog_id)

    def open_owner(self, owner_id: int, *, dog_id: int | None = None, focus: bool = True) -> None:
        self._loading = True
        self._wanted = (owner_id, dog_id)
        database, today, year = self.ctx.database, self.ctx.clock.today(), self.sale_year
        now = self.ctx.clock.now()  # an impounded dog's charges are counted to this moment
        self.ctx.tasks.run(
            lambda: owner_card(database, owner_id, today, license_year=year, now=now),
            lambda card: self._card_arrived(card, dog_id, focus),
            self._failed,
        )

    def reload_card(self) -> None:
        if self.card.card is not None:
            dog = self.card.current_dog()
            self.open_owner(
                self.card.card.owner_id, dog_id=dog.dog_id if dog else None, focus=False
            )

    def _card_arrived(self, card: OwnerCard, dog_id: int | None, focus: bool) -> None:
        if self._wanted is None or self._wanted[0] != card.owner_id:
            return  # another owner was asked for since
        self._loading = False
        self.customer.arrived(card, lambda: self._show_card(card, dog_id, focus))

    def _show_card(self, card: OwnerCard, dog_id: int | None, focus: bool) -> None:
        # A year no longer on sale gives the year in force: keep to what the card shows.
        in_force = card.license_year == card.years_on_sale[0]
        self.sale_year = None if in_force else card.license_year.starts_in
        self.card.show_card(card, dog_id)
        self.middle.setCurrentWidget(self.card)
        if focus:
            self.card.table.setFocus(Qt.FocusReason.OtherFocusReason)

    def _failed(self, exc: Exception) -> None:
        self._loading = False
        if isinstance(exc, ValidationError):
            self.say(exc.message, problem=True)
        elif isinstance(exc, EnvironmentProblem):
            self.ctx.dialogs.show_error(self, "The counter could not read the database", str(exc))
        else:
            raise exc

    def need_owner(self) -> OwnerCard | None:
        return self._need_owner()

    def _need_owner(self) -> OwnerCard | None:
        if self.card.card is None or self.middle.currentWidget() is not self.card:
            self.say("Open an owner first: type in the search box (Ctrl+K).", problem=True)
            return None
        return self.card.card

    # the license year sold ------------------------------------------------------------
    def switch_year(self) -> None:
        card = self._need_owner()
        if card is None:
            return
        if len(card.years_on_sale) < 2:
            self.say(
                f"Only license year {card.license_year.label} is on sale today; next year's "
                "licenses go on sale as the town's rules allow (Settings, F8).",
                problem=True,
            )
            return
        others = [y for y in card.years_on_sale if y != card.license_year]
        self.choose_year(others[0].starts_in)

    def choose_year(self, starts_in: int) -> None:
        card = self._need_owner()
        if card is None or card.license_year.starts_in == starts_in:
            return
        chosen = next((y for y in card.years_on_sale if y.starts_in == starts_in), None)
        if chosen is None:
            return
        self.sale_year = None if chosen == card.years_on_sale[0] else starts_in
        self.say(f"Selling licenses for {chosen.label}.")
        self.reload_card()

    # the cart -----------------------------------------------------------------------
    def renew_all_due(self) -> None:
        card = self._need_owner()
        if card is None:
            return
        if self._cart_refuses(card):
            return
        added = [
            d for d in card.due if self.cart.add(d.standing, card.display_name, card.sale_fees)
        ]
        there = [d for d in card.due if d not in added]
        blocked = [
            f"{d.name}: {' '.join(d.standing.blockers)}"
            for d in card.dogs
            if d.active and d.held is None and not d.standing.can_license
        ]
        parts = []
        if added:
            parts.append(f"Added {', '.join(d.name for d in added)} to the cart.")
        elif not there:
            parts.append(f"No dog of this owner is due for {card.license_year.label}.")
        parts += [self._already_in_cart(d.dog_id, d.name) for d in there]
        if blocked:
            parts.append("Not added — " + " ".join(blocked))
        words = " ".join(parts)
        self.say(words, problem=bool(blocked) and not added)

    def add_selected(self) -> None:
        card = self._need_owner()
        dog = self.card.current_dog() if card else None
        if card is not None and dog is None:
            self.say("Choose the dog first (arrow keys), then A.", problem=True)
        elif dog is not None:
            self.add_dog(dog.dog_id)

    def add_dog(self, dog_id: int) -> None:
        card = self._need_owner()
        dog = card.dog(dog_id) if card else None
        if card is None or dog is None:
            return
        if self._cart_refuses(card):
            return
        if dog.held is not None:
            self.say(
                f"{dog.name} is licensed for {dog.held.license_year_label} already.", problem=True
            )
        elif not dog.standing.can_license:
            self.say(
                f"{dog.name} cannot be licensed: {' '.join(dog.standing.blockers)}", problem=True
            )
        elif self.cart.add(dog.standing, card.display_name, card.sale_fees):
            self.say(f"Added {dog.name} to the cart.")
        else:
            self.say(self._already_in_cart(dog.dog_id, dog.name))

    def _cart_refuses(self, card: OwnerCard) -> bool:
        """Never slip a dog onto another customer's receipt (the question on opening an
        owner keeps this from happening; this holds if a card was shown another way)."""
        if self.cart.cart.accepts(card.owner_id):
            return False
        self.say(
            f"The cart is {self.cart.cart.payer_name}'s: open {card.display_name} again from "
            "the search to add to that receipt or hold it.",
            problem=True,
        )
        return True

    def show_details(self) -> None:
        """The focused dog opened: the cart line's dog when the cart has the focus, else the
        card's; its details and every fee line with its citation."""
        entry = None
        if self.cart.table.hasFocus() and (chosen := self.cart.selected()) is not None:
            entry = self.cart.cart.entry(chosen[0])
        if entry is not None:
            dialog = DogDetailsDialog(
                entry.standing,
                entry.owner_name,
                self,
                waivers=entry.waivers,
                in_cart=True,
                ctx=self.ctx,
            )
        else:
            card = self._need_owner()
            dog = self.card.current_dog() if card else None
            if card is None or dog is None:
                if card is not None:
                    self.say("Choose the dog first (arrow keys), then F or Enter.", problem=True)
                return
            entry = self.cart.cart.entry(dog.dog_id)
            dialog = DogDetailsDialog(
                dog.standing,
                card.display_name,
                self,
                dog=dog,
                waivers=entry.waivers if entry else None,
                in_cart=entry is not None,
                can_add=self.cart.cart.accepts(card.owner_id),
                can_see_history=self.ctx.actor.may(Permission.READ_AUDIT),
                ctx=self.ctx,
            )
            dialog.add_requested.connect(self.add_dog)
            dialog.history_requested.connect(self.show_dog_history)
        self.details = dialog
        self.return_here(dialog)
        dialog.open()
        dialog.activateWindow()

    def show_dog_history(self, dog_id: int) -> None:
        """Every change to the dog's record, in the Audit screen's own window."""
        self.history_window = open_audit_dialog(self.ctx, self, AuditQuery("dog", str(dog_id)))

    def _already_in_cart(self, dog_id: int, name: str) -> str:
        entry = self.cart.cart.entry(dog_id)
        year = entry.standing.license_year if entry else None
        card = self.card.card
        if year is None or card is None or year == card.license_year:
            return f"{name} is already in the cart."
        return (
            f"{name} is already in the cart for {year.label}; a receipt licenses a dog once, "
            "so pay for it first to sell another year."
        )

    # after a change -------------------------------------------------------------------
    def after_change(self, *, open_owner: int | None = None, dog_id: int | None = None) -> None:
        """A certificate, a transfer, a status or an edit was saved: every panel shows it —
        the card (or ``open_owner``'s), the search results, today's figures and the cart."""
        if open_owner is not None:
            self.open_owner(open_owner, dog_id=dog_id)
        else:
            self.reload_card()
        if self.results.model.rowCount():
            self.results.run_search()
        self.home.refresh()
        self.requote_cart()

    def requote_cart(self) -> None:
        """Quote the cart's dogs again as they stand now."""
        entries = self.cart.cart.entries
        if not entries:
            return
        wanted = [
            (
                e.standing.dog_id,
                e.standing.license_year.starts_in if e.standing.license_year else None,
            )
            for e in entries
        ]
        database, today = self.ctx.database, self.ctx.clock.today()
        cart = self.cart.cart
        self._requoting = True
        self.ctx.tasks.run(
            lambda: standings_now(database, wanted, today),
            lambda now: self._requoted(cart, now),
            self._requote_failed,
        )

    def _requoted(self, cart: Cart, now: StandingsNow) -> None:
        self._requoting = False
        if cart is not self.cart.cart:
            return  # the cart was held or paid meanwhile; it is quoted again when it is back
        told = self.cart.requote(list(now.standings), now.owner_names)
        if told:
            self.say(" ".join(told), problem=True)

    def _requote_failed(self, exc: Exception) -> None:
        self._requoting = False
        self._failed(exc)

    def pay(self) -> None:
        if self.isVisible():
            self.flow.start()

    # forms --------------------------------------------------------------------------
    def return_here(self, dialog: QDialog) -> None:
        """When ``dialog`` (the last of its flow) closes, the counter's window is active
        again with the keyboard where it was, whatever the window manager does."""
        dialog.finished.connect(lambda _r: self.window().activateWindow())

    def _open_form(self, form: FormDialog, then: Callable[[object], None]) -> None:
        self.form = form
        self.return_here(form)
        form.saved.connect(then)
        form.open()
        form.activateWindow()

    def new_owner(self, searched: object = None) -> None:
        """The New owner form, started with the name just searched for (``searched``, or
        what the search box holds when it found no one) when those words are a name."""
        words = searched if isinstance(searched, str) else self.results.searched_in_vain()
        form = OwnerForm(self.ctx, self, starting_name=name_from_search(words))
        self._open_form(form, lambda oid: self.open_owner(int(str(oid))))

    def edit_owner(self) -> None:
        card = self._need_owner()
        if card is not None:
            form = OwnerForm(self.ctx, self, owner_id=card.owner_id, current=card.details)
            self._open_form(form, lambda _id: self.after_change())

    def new_dog(self) -> None:
        card = self._need_owner()
        if card is not None:
            form = DogForm(self.ctx, card.owner_id, card.display_name, self)
            self._open_form(
                form, lambda dog_id: self.open_owner(card.owner_id, dog_id=int(str(dog_id)))
            )

    def edit_dog(self) -> None:
        card = self._need_owner()
        dog = self.card.current_dog() if card else None
        if card is None or dog is None:
            return
        form = DogForm(
            self.ctx, card.owner_id, card.display_name, self, dog_id=dog.dog_id, current=dog.details
        )
        self._open_form(form, lambda _id: self.after_change())

    def documents(self) -> None:
        card = self._need_owner()
        if card is not None:
            dialog = DocumentsDialog(self.ctx, card.owner_id, card.display_name, self)
            self.form_dialog = dialog
            self.return_here(dialog)
            dialog.open()

    def find_document(self) -> None:
        dialog = FindDocumentDialog(self.ctx, self)
        self.form_dialog = dialog
        self.return_here(dialog)
        dialog.open()

    def rabies(self) -> None:
        card = self._need_owner()
        dog = self.card.current_dog() if card else None
        if card is None or dog is None:
            if card is not None:
                self.say("Choose the dog first (arrow keys), then V.", problem=True)
            return
        self._open_form(
            RabiesForm(self.ctx, dog.dog_id, dog.name, self), lambda _id: self.after_change()
        )
