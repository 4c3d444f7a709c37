"""The cart: every fee line of every dog being licensed, the owner's fines and an impounded
dog's release charges taken with them (issue 28), the total large, and Pay (F12).

Any line can be removed before paying (Del removes that dog with its fees, or that fine or
release), and a late fee or arrears line can be waived with a reason (W), which checkout
records on the receipt.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from clerkdesk.rules import QuoteLine
from clerkdesk.services.licensing import LicenseItem, waivable
from clerkdesk.services.standing import DogStanding
from clerkdesk.ui.elide import ElidedLabel
from clerkdesk.ui.fields import money
from clerkdesk.ui.wrapped_columns import SHORT, Column, ColumnFit

ZERO = Decimal("0.00")
EMPTY = "Empty — R renews all due, A adds a dog."
# A late fee's words say what the line counts ("Late fee — 27 weeks late (from 06/01/2026)"):
# in the narrow cart they take two lines rather than lose the date; the dog's name gives
# way first (whole on hover), the amount never does.
CART_FIT = (
    Column(weight=1, floor=60, most=120),
    Column(weight=3, floor=100, lines=2),
    SHORT,
)
SALE_ROW = 0  # the row key of a fee charged once per sale: no dog's id is 0
FINE_ROW, RELEASE_ROW = -1, -2  # the row keys of a fine's and a release's lines


@dataclass(frozen=True)
class MoneyOwed:
    """A fine or an impounded dog's release in the cart: its record and what it charges, as
    the owner's card showed it (checkout charges it again, and refuses a total changed)."""

    record_id: int
    label: str
    who: str
    lines: tuple[QuoteLine, ...]

    @property
    def total(self) -> Decimal:
        return sum((line.amount for line in self.lines), ZERO)


@dataclass
class CartEntry:
    standing: DogStanding
    owner_name: str
    waivers: dict[str, str] = field(default_factory=dict)

    @property
    def lines(self) -> tuple[QuoteLine, ...]:
        return self.standing.quote.lines if self.standing.quote else ()

    def charged(self, line: QuoteLine) -> Decimal:
        return ZERO if line.code in self.waivers else line.amount


def short_fee(line: QuoteLine, year_label: str) -> str:
    """A cart line's words: "License 2026–27", "Late fee — 6 weeks late (from 06/01/2026)"
    (what the line counts, so a base and its weeks are two lines a resident tells apart);
    the whole rule on hover."""
    if line.code == "dog_license":
        return f"License {year_label}"
    head = line.description.split(":")[0].split(" — ")[0]
    return f"{head} — {line.counts}" if line.counts else head


def _fee_name(line: QuoteLine) -> str:
    """ "late fee", "arrears": a waiver covers every line of its kind for the dog."""
    return line.description.split(":")[0].split(" — ")[0].lower()


class Cart:
    """What one customer is paying for. The payer is the owner of the first dog added; the
    dogs of another owner join only when the clerk says so (``join``), so one resident's
    dog never slips onto another's receipt."""

    def __init__(self) -> None:
        self.entries: list[CartEntry] = []
        self.payer_owner_id: int | None = None
        self.payer_name = ""
        self.joined: dict[int, str] = {}  # other owners whose dogs this payer pays for
        # Fees charged once per sale (``transaction_fees``), as the first dog's card said.
        self.sale_fees: tuple[QuoteLine, ...] = ()
        self.fines: list[MoneyOwed] = []
        self.releases: list[MoneyOwed] = []

    @property
    def empty(self) -> bool:
        return not (self.entries or self.fines or self.releases)

    def accepts(self, owner_id: int) -> bool:
        """May this owner's dogs go on this receipt without asking?"""
        return self.empty or owner_id == self.payer_owner_id or owner_id in self.joined

    def _payer(self, owner_id: int, owner_name: str) -> None:
        if self.empty:
            self.payer_owner_id, self.payer_name = owner_id, owner_name
            self.joined = {}

    def add_owed(self, kind: str, owed: MoneyOwed, owner_id: int, owner_name: str) -> bool:
        """A fine (``kind`` "fine") or a release ("release"); False when it is in already."""
        held = self.fines if kind == "fine" else self.releases
        if any(o.record_id == owed.record_id for o in held):
            return False
        self._payer(owner_id, owner_name)
        held.append(owed)
        return True

    def remove_owed(self, kind: str, record_id: int) -> MoneyOwed | None:
        held = self.fines if kind == "fine" else self.releases
        found = next((o for o in held if o.record_id == record_id), None)
        if found is not None:
            held.remove(found)
        if self.empty:
            self.clear()
        return found

    def join(self, owner_id: int, owner_name: str) -> None:
        if owner_id != self.payer_owner_id:
            self.joined[owner_id] = owner_name

    def add(
        self, standing: DogStanding, owner_name: str, sale_fees: tuple[QuoteLine, ...] = ()
    ) -> bool:
        """False when the dog is in the cart already (for any license year: one receipt
        licenses a dog once)."""
        if any(e.standing.dog_id == standing.dog_id for e in self.entries):
            return False
        if not self.entries:
            self._payer(standing.owner_id, owner_name)
            self.sale_fees = sale_fees
        self.entries.append(CartEntry(standing, owner_name))
        return True

    def remove(self, dog_id: int) -> None:
        self.entries = [e for e in self.entries if e.standing.dog_id != dog_id]
        if not self.entries:
            self.sale_fees = ()
        if self.empty:
            self.clear()

    def clear(self) -> None:
        self.entries.clear()
        self.payer_owner_id, self.payer_name = None, ""
        self.joined = {}
        self.sale_fees = ()
        self.fines = []
        self.releases = []

    def entry(self, dog_id: int) -> CartEntry | None:
        return next((e for e in self.entries if e.standing.dog_id == dog_id), None)

    def summary(self) -> str:
        """ "Jane Doe (2 dogs, 24.00)": whose cart, how many dogs, how much."""
        count = len(self.entries)
        dogs = f"{count} dog" if count == 1 else f"{count} dogs"
        for many, word in ((len(self.fines), "fine"), (len(self.releases), "release")):
            if many:
                dogs += f", {many} {word}" + "s" * (many > 1)
        return f"{self.payer_name} ({dogs}, {money(self.total)})"

    @property
    def total(self) -> Decimal:
        dogs = sum((e.charged(line) for e in self.entries for line in e.lines), ZERO)
        if self.entries:
            dogs += sum((f.amount for f in self.sale_fees), ZERO)
        return dogs + sum((o.total for o in (*self.fines, *self.releases)), ZERO)

    def fine_ids(self) -> tuple[int, ...]:
        return tuple(o.record_id for o in self.fines)

    def release_ids(self) -> tuple[int, ...]:
        return tuple(o.record_id for o in self.releases)

    def items(self, tags: dict[int, int | None] | None = None) -> tuple[LicenseItem, ...]:
        tags = tags or {}
        return tuple(
            LicenseItem(
                e.standing.dog_id,
                # The year the clerk was shown: checkout quotes it again, and refuses it
                # rather than charge another year if it is no longer on sale.
                license_year=e.standing.license_year.starts_in if e.standing.license_year else None,
                tag_number=tags.get(e.standing.dog_id),
                waivers=dict(e.waivers),
            )
            for e in self.entries
        )


class CartPanel(QWidget):
    changed = Signal()

    def __init__(self, actions: dict[str, QAction], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Cart")
        self.cart = Cart()
        self._rows: list[tuple[int, str]] = []
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        heading = QLabel("CART", self)
        heading.setObjectName("ColumnTitle")
        # Whose cart this is stays in sight: one customer per receipt.
        # One line however long the names: the whole text is on hover and read aloud.
        self.payer = ElidedLabel("", self, role="Cart")
        self.payer.setObjectName("CartPayer")
        # An empty cart says what fills it, whole, on as many lines as the column needs.
        self.empty = QLabel(EMPTY, self)
        self.empty.setObjectName("CartPayer")
        self.empty.setProperty("empty", True)
        self.empty.setWordWrap(True)
        self.empty.setAccessibleName(f"Cart: {EMPTY}")
        self.held: list[Cart] = []
        self.held_label = QLabel("", self)
        self.held_label.setObjectName("HeldCarts")
        self.held_label.setWordWrap(True)
        self.held_label.setAccessibleName("Held carts")
        self.held_label.setVisible(False)
        self._held_key = actions["held"].shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        self.table = QTableWidget(0, 3, self)
        self.table.setObjectName("CartLines")
        self.table.setAccessibleName("Cart lines")
        self.table.setHorizontalHeaderLabels(["Dog", "Fee", "Amount"])
        # Dog, fee, amount read as a receipt does without titles; the room goes to the fees.
        self.table.horizontalHeader().setVisible(False)
        self.table.verticalHeader().setVisible(False)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setTabKeyNavigation(False)
        rows = self.table.verticalHeader()
        rows.setMinimumSectionSize(rows.defaultSectionSize())  # a one-line row as before
        self.fit = ColumnFit(self.table, CART_FIT, follow_data=False)
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        for key in ("remove", "waive"):
            self.table.addAction(actions[key])
        self.reason = QLineEdit(self)
        self.reason.setAccessibleName("Reason for waiving the late fee")
        self.reason.setPlaceholderText("Why is this fee waived? Enter to waive, Esc to keep it")
        self.reason.setVisible(False)
        self.reason.returnPressed.connect(self._waive_confirmed)
        self._waiving: tuple[int, str] | None = None
        total_caption = QLabel("TOTAL", self)
        total_caption.setObjectName("ColumnTitle")
        self.total = QLabel(money(ZERO), self)
        self.total.setObjectName("CartTotal")
        self.total.setAccessibleName("Cart total")
        self.total.setAlignment(Qt.AlignmentFlag.AlignRight)
        self.message = QLabel("", self)
        self.message.setObjectName("FieldError")
        self.message.setWordWrap(True)
        self.message.setAccessibleName("Cart message")
        self.pay = QPushButton("Pay  F12", self)
        self.pay.setObjectName("PayButton")
        self.pay.setAccessibleName("Pay")
        self.pay.setAutoDefault(False)
        self.pay.clicked.connect(actions["pay"].trigger)
        hint = QLabel(
            "Del removes the selected dog · W waives its late fee · F shows its fee lines", self
        )
        hint.setObjectName("ViewHint")
        hint.setWordWrap(True)
        top = (
            heading,
            self.payer,
            self.empty,
            self.held_label,
            self.table,
            self.reason,
            hint,
            total_caption,
        )
        for widget in top:
            layout.addWidget(widget, 1 if widget is self.table else 0)
        layout.addWidget(self.total)
        layout.addWidget(self.message)
        layout.addWidget(self.pay)
        self.refresh()

    # contents ---------------------------------------------------------------------
    def add(
        self, standing: DogStanding, owner_name: str, sale_fees: tuple[QuoteLine, ...] = ()
    ) -> bool:
        added = self.cart.add(standing, owner_name, sale_fees)
        self.refresh()
        return added

    def refresh(self) -> None:
        self._rows = []
        self.table.setRowCount(0)
        for entry in self.cart.entries:
            for line in entry.lines:
                row = self.table.rowCount()
                self.table.insertRow(row)
                self._rows.append((entry.standing.dog_id, line.code))
                waived = entry.waivers.get(line.code)
                year = entry.standing.license_year.label if entry.standing.license_year else ""
                fee = short_fee(line, year)
                # "waived" where its amount was: the fee's words keep to two lines.
                amount = QTableWidgetItem("waived" if waived else money(entry.charged(line)))
                amount.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                dog = entry.standing.dog_name
                if entry.standing.owner_id != self.cart.payer_owner_id:
                    dog += f" ({entry.owner_name})"  # another owner's dog on this receipt
                for column, item in enumerate(
                    (QTableWidgetItem(dog), QTableWidgetItem(fee), amount)
                ):
                    why = f"\nWaived: {waived}" if waived else ""
                    named = f"{dog}\n" if column == 0 else ""  # the name may be cut
                    item.setToolTip(
                        f"{named}{line.description}: {money(line.amount)} ({line.citation}){why}"
                    )
                    self.table.setItem(row, column, item)
        for line in self.cart.sale_fees if self.cart.entries else ():
            row = self.table.rowCount()
            self.table.insertRow(row)
            self._rows.append((SALE_ROW, line.code))
            amount = QTableWidgetItem(money(line.amount))
            amount.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            cells = (QTableWidgetItem("This sale"), QTableWidgetItem(short_fee(line, "")), amount)
            for column, item in enumerate(cells):
                item.setToolTip(f"{line.description}: {money(line.amount)} ({line.citation})")
                self.table.setItem(row, column, item)
        for key, kind, owed in [
            *((FINE_ROW, "Fine", o) for o in self.cart.fines),
            *((RELEASE_ROW, "Release", o) for o in self.cart.releases),
        ]:
            self._owed_row(key, kind, owed)
        self.fit.fit()
        if self._rows and self.table.currentRow() < 0:
            self.table.setCurrentCell(0, 0)
        self.total.setText(money(self.cart.total))
        filled = not self.cart.empty
        self.payer.setText(self._payer_words() if filled else "")
        self.payer.setVisible(filled)
        self.empty.setVisible(not filled)
        self._show_held()
        self.pay.setText(f"Pay {money(self.cart.total)}  F12" if filled else "Pay  F12")
        self.changed.emit()

    def _owed_row(self, key: int, kind: str, owed: MoneyOwed) -> None:
        """One row for a fine or a release: its record, its words, its amount; every line
        with its citation on hover."""
        row = self.table.rowCount()
        self.table.insertRow(row)
        self._rows.append((key, str(owed.record_id)))
        amount = QTableWidgetItem(money(owed.total))
        amount.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        words = f"{kind} {owed.label}"
        tip = "\n".join(
            f"{line.description}: {money(line.amount)} ({line.citation})" for line in owed.lines
        )
        for column, item in enumerate(
            (QTableWidgetItem(owed.who), QTableWidgetItem(words), amount)
        ):
            item.setToolTip(f"{owed.who}\n{tip}" if column == 0 else tip)
            self.table.setItem(row, column, item)

    def _payer_words(self) -> str:
        words = f"Paid by {self.cart.payer_name}"
        if self.cart.joined:
            words += ", with the dogs of " + " and ".join(self.cart.joined.values())
        return words

    def _show_held(self) -> None:
        if not self.held:
            self.held_label.setText("")
            self.held_label.setVisible(False)
            return
        carts = " · ".join(cart.summary() for cart in self.held)
        back = "brings it back" if len(self.held) == 1 else "brings back the first"
        self.held_label.setText(f"Held: {carts} — {self._held_key} {back}")
        self.held_label.setVisible(True)

    # one customer at a time -------------------------------------------------------
    def hold(self) -> Cart | None:
        """Set the cart aside (unpaid, unsaved) and start an empty one; the held cart."""
        if self.cart.empty:
            return None
        held, self.cart = self.cart, Cart()
        self.held.append(held)
        self._drop_waiver()
        self.refresh()
        return held

    def bring_back(self) -> Cart | None:
        """The first held cart comes back; the cart in hand, if any, is held in its place."""
        if not self.held:
            return None
        back = self.held.pop(0)
        if not self.cart.empty:
            self.held.append(self.cart)
        self.cart = back
        self._drop_waiver()
        self.refresh()
        return back

    def requote(self, standings: list[DogStanding], names: dict[int, str]) -> list[str]:
        """Put each dog's standing as it is now (after a certificate, a transfer, a status
        change or an edit) in place of the one it was added with; a dog that can no longer
        be licensed, or now belongs to an owner not on this receipt, leaves the cart.
        ``names`` gives owners' names by id. Returns what the clerk should be told."""
        told: list[str] = []
        fresh = {s.dog_id: s for s in standings}
        for entry in list(self.cart.entries):
            now = fresh.get(entry.standing.dog_id)
            if now is None:
                continue
            gone = ""
            if now.owner_id != entry.standing.owner_id:
                owner = names.get(now.owner_id, "another owner")
                if not (
                    now.owner_id == self.cart.payer_owner_id or now.owner_id in self.cart.joined
                ):
                    gone = f"it now belongs to {owner}"
                entry.owner_name = owner
            if not now.can_license:
                gone = " ".join(now.blockers) or "it cannot be licensed now"
            if gone:
                self.cart.remove(entry.standing.dog_id)
                told.append(f"{entry.standing.dog_name} left the cart: {gone}")
                continue
            codes = {line.code for line in now.quote.lines} if now.quote else set()
            entry.waivers = {c: w for c, w in entry.waivers.items() if c in codes}
            entry.standing = now
        self.refresh()
        return told

    def held_for(self, owner_id: int) -> Cart | None:
        return next((c for c in self.held if c.payer_owner_id == owner_id), None)

    def selected(self) -> tuple[int, str] | None:
        row = self.table.currentRow()
        return self._rows[row] if 0 <= row < len(self._rows) else None

    def remove_selected(self) -> str:
        chosen = self.selected()
        if chosen is None:
            return "Choose a cart line first (Tab to the cart, arrows to move)."
        if chosen[0] == SALE_ROW:
            return "The sale's own fee is charged once per sale; remove the dogs instead."
        if chosen[0] in (FINE_ROW, RELEASE_ROW):
            kind = "fine" if chosen[0] == FINE_ROW else "release"
            owed = self.cart.remove_owed(kind, int(chosen[1]))
            row = self.table.currentRow()
            self.refresh()
            if self._rows:
                self.table.setCurrentCell(min(row, len(self._rows) - 1), 0)
            what = f"{kind} {owed.label}" if owed else f"the {kind}"
            return f"Removed the {what} from the cart."
        entry = self.cart.entry(chosen[0])
        self.cart.remove(chosen[0])
        row = self.table.currentRow()
        self.refresh()
        if self._rows:
            self.table.setCurrentCell(min(row, len(self._rows) - 1), 0)
        return f"Removed {entry.standing.dog_name if entry else 'the dog'} from the cart."

    # waivers ----------------------------------------------------------------------
    def start_waiver(self) -> str:
        chosen = self.selected()
        entry = self.cart.entry(chosen[0]) if chosen else None
        if chosen is None or entry is None:
            return "Choose the late fee line in the cart first."
        line = next(line for line in entry.lines if line.code == chosen[1])
        if not waivable(line):
            return f"Only late fees and arrears can be waived, not “{line.description}”."
        if line.code in entry.waivers:
            del entry.waivers[line.code]
            self.refresh()
            return f"The {_fee_name(line)} for {entry.standing.dog_name} is charged again."
        self._waiving = chosen
        self.reason.clear()
        self.reason.setVisible(True)
        self.reason.setFocus()
        return f"Say why the {_fee_name(line)} for {entry.standing.dog_name} is waived."

    def _waive_confirmed(self) -> None:
        reason = self.reason.text().strip()
        if self._waiving is None:
            return
        if not reason:
            self.message.setText("Enter the reason the fee is waived; it prints on the receipt.")
            return
        entry = self.cart.entry(self._waiving[0])
        if entry is not None:
            entry.waivers[self._waiving[1]] = reason
        self._waiving = None
        self.reason.setVisible(False)
        self.message.setText("")
        self.refresh()
        self.table.setFocus()

    def cancel_waiver(self) -> None:
        self._drop_waiver()
        self.table.setFocus()

    def _drop_waiver(self) -> None:
        self._waiving = None
        self.reason.setVisible(False)
        self.message.setText("")
