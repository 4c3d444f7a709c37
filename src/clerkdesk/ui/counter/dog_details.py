"""One dog opened (Enter or F on the card, F on a cart line): who it is, its rabies
certificate and license, and every fee line it owes with the rule and the citation behind
it — the breakdown the card's tooltip holds, reachable from the keyboard.

Adding the dog to the cart is its own key (A), never what Enter does. The dog's
enforcement — its open violations, a held impound with its charges, orders in force, a bar
on its owner — is read off the UI thread and shown in the owner card's words (issue 28).
"""

from __future__ import annotations

from decimal import Decimal
from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clerkdesk.errors import ClerkDeskError
from clerkdesk.rules.dates import us_date
from clerkdesk.services.enforcement.counter_facts import CounterFacts, dog_facts_on_file
from clerkdesk.services.owner_card import CardDog
from clerkdesk.services.standing import DogStanding
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.counter.enforcement_box import fact_lines, facts_html
from clerkdesk.ui.fields import money


def facts(dog: CardDog) -> str:
    """ "Beagle, tan and white · M/N · born 05/02/2019 · microchip 985…": one line."""
    d = dog.details
    breed = d.breed + (f" / {d.breed_secondary}" if d.breed_secondary else "")
    parts = [f"{breed}, {d.color}" if d.color else breed, dog.sex_label]
    if d.birth_date is not None:
        parts.append(
            f"born {us_date(d.birth_date)}" + (" (about)" if d.birth_date_estimated else "")
        )
    if d.microchip:
        parts.append(f"microchip {d.microchip}")
    if not dog.active:
        parts.append(dog.status.value)
    return " · ".join(parts)


def rabies_words(standing: DogStanding) -> str:
    expires = standing.rabies_expires
    if expires is None:
        return "Rabies: no certificate on file."
    if standing.certificate_id is None:
        return f"Rabies: the last certificate ended {us_date(expires)}."
    return f"Rabies: vaccinated to {us_date(expires)}."


def license_words(standing: DogStanding, dog: CardDog | None) -> str:
    if dog is not None and dog.held is not None:
        held = dog.held
        tag = f", tag {held.tag}" if held.tag else ""
        return f"Licensed for {held.license_year_label}: license {held.number}{tag}."
    last = standing.last_licensed
    said = f"Last licensed {last}." if last else "Never licensed here."
    if dog is not None and dog.voided:
        # The sale of this year's license was voided: say so, or the clerk wonders why.
        said += f" This year's license was voided — {dog.voided}."
    return said


class DogDetailsDialog(QDialog):
    """``add_requested`` carries the dog's id when the clerk presses A (Add to cart);
    ``history_requested`` when they press H (History of changes)."""

    add_requested = Signal(int)
    history_requested = Signal(int)

    def __init__(
        self,
        standing: DogStanding,
        owner_name: str,
        parent: QWidget | None = None,
        *,
        dog: CardDog | None = None,
        waivers: dict[str, str] | None = None,
        in_cart: bool = False,
        can_add: bool = True,
        can_see_history: bool = False,
        ctx: UiContext | None = None,
    ) -> None:
        """``waivers`` are the cart's (a line waived there shows 0.00 and the reason);
        ``in_cart`` says the dog is in the cart; ``can_add`` False hides Add to cart (the
        cart is another customer's); ``can_see_history`` shows History of changes (for a
        role that may read the audit trail); ``ctx`` reads the dog's enforcement facts."""
        super().__init__(parent)
        self.standing = standing
        waivers = waivers or {}
        title = f"{standing.dog_name}, dog of {owner_name}"
        self.setWindowTitle(title)
        self.setAccessibleName(title)
        self.setModal(True)
        self.setMinimumWidth(620)
        self.setMaximumWidth(900)
        layout = QVBoxLayout(self)
        heading = QLabel(title, self)
        heading.setObjectName("DialogTitle")
        heading.setWordWrap(True)
        layout.addWidget(heading)
        about = [rabies_words(standing), license_words(standing, dog)]
        if dog is not None:
            about.insert(0, facts(dog))
        for text in about:
            layout.addWidget(self._label(text, "Dog details"))
        layout.addLayout(self._fee_lines(waivers))
        problems = [f"Cannot be licensed: {b}" for b in standing.blockers]
        if problems:
            why = self._label("\n".join(problems), "Why the dog cannot be licensed")
            why.setObjectName("Why")
            layout.addWidget(why)
        if standing.warnings:
            notes = self._label("\n".join(standing.warnings), "Notes on the dog")
            notes.setObjectName("DogNotes")
            layout.addWidget(notes)
        # Shown once read, and only when there is something to say.
        self.enforcement = QLabel("", self)
        self.enforcement.setObjectName("EnforcementFacts")
        self.enforcement.setWordWrap(True)
        self.enforcement.setTextFormat(Qt.TextFormat.RichText)
        self.enforcement.setAccessibleName("Violations, impounds, orders and bars")
        self.enforcement.setVisible(False)
        layout.addWidget(self.enforcement)
        self.reading = False
        if ctx is not None:
            self._read_facts(ctx)
        if in_cart:
            layout.addWidget(self._label("In the cart.", "In the cart"))
        layout.addStretch(1)  # any height to spare goes below the words, not between them
        row = QHBoxLayout()
        row.addStretch(1)
        self.add: QPushButton | None = None
        held = dog is not None and dog.held is not None
        if can_add and not in_cart and standing.can_license and not held:
            self.add = QPushButton("Add to cart  A", self)
            self.add.setAccessibleName("Add to cart")
            self.add.setAutoDefault(False)
            self.add.clicked.connect(self._add)
            key = QShortcut(QKeySequence("A"), self)
            key.activated.connect(self._add)
            row.addWidget(self.add)
        self.history: QPushButton | None = None
        if can_see_history:
            self.history = QPushButton("History of changes…  H", self)
            self.history.setAccessibleName("History of changes")
            self.history.setAutoDefault(False)
            self.history.clicked.connect(self._history)
            history_key = QShortcut(QKeySequence("H"), self)
            history_key.activated.connect(self._history)
            row.addWidget(self.history)
        self.close_button = QPushButton("Close  Esc", self)
        self.close_button.setAccessibleName("Close")
        self.close_button.setAutoDefault(False)
        self.close_button.clicked.connect(self.reject)
        row.addWidget(self.close_button)
        layout.addLayout(row)
        self.close_button.setFocus()

    def busy(self) -> bool:
        return self.reading

    def _read_facts(self, ctx: UiContext) -> None:
        self.reading = True
        database, dog_id, now = ctx.database, self.standing.dog_id, ctx.clock.now()
        ctx.tasks.run(lambda: dog_facts_on_file(database, dog_id, now), self._show_facts,
                      self._facts_failed)  # fmt: skip

    def _show_facts(self, facts: CounterFacts) -> None:
        self.reading = False
        lines = fact_lines(facts)
        self.enforcement.setText(facts_html(lines))
        # What a screen reader says: the lines without their markup.
        self.enforcement.setAccessibleDescription("\n".join(text for text, _c in lines))
        self.enforcement.setVisible(bool(lines))
        if lines:
            self.adjustSize()

    def _facts_failed(self, exc: Exception) -> None:
        self.reading = False
        if not isinstance(exc, ClerkDeskError):
            raise exc
        self.enforcement.setText(escape(f"Enforcement could not be read: {exc}"))
        self.enforcement.setVisible(True)

    def enforcement_text(self) -> str:
        return self.enforcement.accessibleDescription() if self.enforcement.isVisible() else ""

    def _label(self, text: str, name: str) -> QLabel:
        label = QLabel(text, self)
        label.setWordWrap(True)
        label.setAccessibleName(name)
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByKeyboard)
        return label

    def _fee_lines(self, waivers: dict[str, str]) -> QGridLayout:
        """Each line: what it is, the amount, and the rule it comes from."""
        grid = QGridLayout()
        grid.setColumnStretch(0, 3)
        grid.setColumnStretch(2, 2)
        grid.setHorizontalSpacing(14)
        quote = self.standing.quote
        self.lines: list[tuple[str, str, str]] = []
        if quote is None:
            return grid
        caption = QLabel(f"Owes for license year {quote.license_year.label}", self)
        caption.setObjectName("SectionCaption")
        grid.addWidget(caption, 0, 0, 1, 3)
        for header, column in (("Fee", 0), ("Amount", 1), ("Rule", 2)):
            label = QLabel(header, self)
            label.setObjectName("ColumnTitle")
            grid.addWidget(label, 1, column)
        total = Decimal("0.00")
        for row, line in enumerate(quote.lines, start=2):
            why = waivers.get(line.code)
            amount = Decimal("0.00") if why is not None else line.amount
            total += amount
            words = line.description + (f" — waived: {why}" if why is not None else "")
            cells = (words, money(amount), line.citation)
            self.lines.append(cells)
            for column, text in enumerate(cells):
                label = self._label(text, ("Fee", "Amount", "Rule")[column])
                side = Qt.AlignmentFlag.AlignRight if column == 1 else Qt.AlignmentFlag.AlignLeft
                label.setAlignment(side | Qt.AlignmentFlag.AlignTop)
                grid.addWidget(label, row, column)
        end = len(quote.lines) + 2
        total_label = QLabel("Total", self)
        total_label.setObjectName("SectionCaption")
        total_amount = QLabel(money(total), self)
        total_amount.setObjectName("SectionCaption")
        total_amount.setAccessibleName("Total owed")
        total_amount.setAlignment(Qt.AlignmentFlag.AlignRight)
        grid.addWidget(total_label, end, 0)
        grid.addWidget(total_amount, end, 1)
        return grid

    def _history(self) -> None:
        self.accept()
        self.history_requested.emit(self.standing.dog_id)

    def _add(self) -> None:
        self.add_requested.emit(self.standing.dog_id)
        self.accept()
