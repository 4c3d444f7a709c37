"""The owner's card: who they are, their badges, and each dog with what it owes now.

Rabies status is coloured with its date; the amount owed carries every fee line and its
citation on hover, and Enter (or F) on a dog opens them with its details; a dog that cannot
be licensed says why, in words, under the table.
"""

from __future__ import annotations

import datetime as dt

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QBrush, QColor, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from clerkdesk.rules.kinds import DesignationKind
from clerkdesk.services.owner_card import YEAR_ROUND_BADGE, CardDog, OwnerCard
from clerkdesk.ui.counter.actions import button_text
from clerkdesk.ui.counter.enforcement_box import EnforcementBox
from clerkdesk.ui.elide import ElidedLabel
from clerkdesk.ui.fields import money, show_date
from clerkdesk.ui.wrapped_columns import SHORT, Column, ColumnFit

COLUMNS = ("Dog", "Breed", "Sex", "Rabies to", "Licensed", "Owes now")
# The middle of a 1280×800 counter holds six columns only if some take two lines: the facts
# a clerk acts on (rabies, licensed, owes) are always whole, a breed wraps, and a long name
# gives way (whole on hover) after its marks ("[DANGEROUS]"), which come first to stay in sight.
CARD_FIT = (
    Column(weight=1, floor=90, most=200),
    Column(weight=2, floor=80, lines=2),
    SHORT,
    Column(lines=2),
    SHORT,
    Column(lines=2),
)
RED, AMBER, GREEN, GREY = "#b3261e", "#9a5b00", "#1e6b35", "#6b7480"
_DESIGNATION_WORDS = {
    DesignationKind.DANGEROUS: ("DANGEROUS", "danger"),
    DesignationKind.NUISANCE: ("NUISANCE", "warn"),
    DesignationKind.SERVICE_ANIMAL: ("service animal", "info"),
}


def badge(text: str, kind: str, parent: QWidget) -> QLabel:
    label = QLabel(text, parent)
    label.setProperty("class", "Badge")
    label.setProperty("kind", kind)
    label.setAccessibleName(f"Badge: {text}")
    return label


def fee_tooltip(dog: CardDog) -> str:
    quote = dog.standing.quote
    parts: list[str] = []
    if quote is not None:
        parts += [
            f"{line.description}: {money(line.amount)}  ({line.citation})" for line in quote.lines
        ]
        parts.append(f"Total {money(quote.total)} for license year {quote.license_year.label}")
    parts += dog.standing.blockers
    parts += dog.standing.warnings
    if dog.voided:
        parts.append(f"This year's license was voided — {dog.voided}")
    if dog.new_to_town_until is not None:
        parts.append(f"New to town until {show_date(dog.new_to_town_until)}")
    return "\n".join(parts)


def owes_text(dog: CardDog) -> tuple[str, str]:
    """What the Owes column says, and its colour."""
    if dog.held is not None:
        return f"licensed, tag {dog.held.tag or '—'}", GREEN
    if not dog.active:
        return dog.status.value, GREY
    standing = dog.standing
    if standing.rabies_expires is None or standing.certificate_id is None:
        return "needs rabies cert", RED
    if not standing.can_license or standing.quote is None:
        return "cannot license", RED
    return money(standing.quote.total), ""


def rabies_text(dog: CardDog, year_end: dt.date | None) -> tuple[str, str]:
    expires = dog.standing.rabies_expires
    if expires is None:
        return "none on file", RED if dog.active else GREY
    if dog.standing.certificate_id is None:
        return f"expired {show_date(expires)}", RED if dog.active else GREY
    if year_end is not None and expires < year_end:
        return f"! {show_date(expires)}", AMBER
    return show_date(expires), GREEN


# Card actions whose caption needs two of the grid's cells.
WIDE = frozenset({"find_document"})


class OwnerCardPanel(QWidget):
    dog_activated = Signal(int)  # Enter on a dog: open it (never adds it to the cart)
    # The calendar year a license year starts in, chosen while next year's is on sale.
    year_chosen = Signal(int)

    def __init__(self, actions: dict[str, QAction], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Owner card")
        self.card: OwnerCard | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        top = QHBoxLayout()
        caption = QLabel("OWNER", self)
        caption.setObjectName("ColumnTitle")
        self.name = ElidedLabel("", self, role="Owner name")
        self.name.setObjectName("OwnerName")
        self.badges = QHBoxLayout()
        top.addWidget(caption)
        top.addWidget(self.name)
        top.addLayout(self.badges)
        top.addStretch(1)
        layout.addLayout(top)
        self.address = QLabel("", self)
        self.address.setObjectName("OwnerAddress")
        self.address.setAccessibleName("Owner address and contact")
        self.address.setWordWrap(True)
        layout.addWidget(self.address)
        # The town's dog limits, in amber beside the owner's name and address.
        self.limits = QLabel("", self)
        self.limits.setObjectName("OwnerLimits")
        self.limits.setWordWrap(True)
        self.limits.setAccessibleName("Dog limit warnings")
        self.limits.setStyleSheet(f"color: {AMBER}; font-weight: 600;")
        self.limits.setVisible(False)
        layout.addWidget(self.limits)
        # Fines, impounds, orders and bars (issue 28): only when the owner has any.
        self.enforcement = EnforcementBox(actions, self)
        layout.addWidget(self.enforcement)
        layout.addLayout(self._year_row(actions["year"]))
        self.table = QTableWidget(0, len(COLUMNS), self)
        self.table.setObjectName("DogTable")
        self.table.setAccessibleName("The owner's dogs")
        self.table.setHorizontalHeaderLabels(list(COLUMNS))
        self.table.verticalHeader().setVisible(False)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.setTabKeyNavigation(False)
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        self.fit = ColumnFit(self.table, CARD_FIT, follow_data=False)
        self.table.activated.connect(self._activated)
        self.table.currentCellChanged.connect(lambda *_: self._show_why())
        layout.addWidget(self.table, 1)
        self.why = QLabel("", self)
        self.why.setObjectName("Why")
        self.why.setWordWrap(True)
        self.why.setAccessibleName("Why a dog cannot be licensed")
        layout.addWidget(self.why)
        # What the clerk should know but need not act on (a certificate ending before the
        # license year does, an early sale), apart from the red reasons a dog is refused.
        self.notes = QLabel("", self)
        self.notes.setObjectName("DogNotes")
        self.notes.setWordWrap(True)
        self.notes.setAccessibleName("Notes on the selected dog")
        layout.addWidget(self.notes)
        # Shown only when they have something to say, so an empty card asks no room for them.
        for quiet in (self.why, self.notes):
            quiet.setVisible(False)
        grid = QGridLayout()
        grid.setSpacing(4)
        self.buttons: dict[str, QPushButton] = {}
        placed = 0
        for key, action in actions.items():
            if key in ("pay", "remove", "waive", "held"):  # the cart's own
                continue
            self.table.addAction(action)
            if key in ("year", "fines", "release"):
                continue  # the year's chooser sits above the table; fines in their box
            button = QPushButton(button_text(action), self)
            button.setAccessibleName(action.text())
            button.setToolTip(action.toolTip())
            button.setAutoDefault(False)
            button.setObjectName("CardAction")
            # On a narrow screen the buttons give way before the columns do.
            button.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
            button.setMinimumWidth(72)
            # Never squashed when the card has much to say (a bar, a refusal): the dog list
            # gives way and scrolls instead.
            button.setMinimumHeight(button.sizeHint().height())
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
            button.clicked.connect(action.trigger)
            # A long caption takes two cells, so its key stays in sight.
            span = 2 if key in WIDE and placed % 3 < 2 else 1
            grid.addWidget(button, placed // 3, placed % 3, 1, span)
            placed += span
            self.buttons[key] = button
        layout.addLayout(grid)
        self.notice = QLabel("", self)
        self.notice.setObjectName("CounterNotice")
        self.notice.setWordWrap(True)
        self.notice.setAccessibleName("Counter message")
        layout.addWidget(self.notice)

    def _year_row(self, action: QAction) -> QHBoxLayout:
        """Which license year the card quotes: a caption, and a chooser while next year's
        licenses are on sale early."""
        row = QHBoxLayout()
        self.year_caption = QLabel("", self)
        self.year_caption.setObjectName("LicenseYearCaption")
        self.year_caption.setAccessibleName("License year being sold")
        self.year = QComboBox(self)
        self.year.setAccessibleName("License year to sell")
        self.year.setToolTip(action.toolTip())
        self.year.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.year.activated.connect(self._year_activated)
        key = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        self.year_hint = QLabel(f"{key} switches", self)
        self.year_hint.setObjectName("ViewHint")
        for widget in (self.year_caption, self.year, self.year_hint):
            row.addWidget(widget)
        for chooser in (self.year, self.year_hint):
            chooser.setVisible(False)  # until next year's licenses are on sale early
        row.addStretch(1)
        return row

    def _year_activated(self, index: int) -> None:
        starts_in = self.year.itemData(index)
        if isinstance(starts_in, int):
            self.year_chosen.emit(starts_in)

    def _show_year(self, card: OwnerCard) -> None:
        choosing = len(card.years_on_sale) > 1
        if choosing:
            self.year_caption.setText("Licenses for")
        else:
            self.year_caption.setText(f"Licenses for {card.license_year.label}")
        self.year.blockSignals(True)
        self.year.clear()
        for place, year in enumerate(card.years_on_sale):
            words = "this year" if place == 0 else "early sale"
            self.year.addItem(f"{year.label} ({words})", year.starts_in)
            if year == card.license_year:
                self.year.setCurrentIndex(place)
        self.year.blockSignals(False)
        self.year.setVisible(choosing)
        self.year_hint.setVisible(choosing)

    # filling ----------------------------------------------------------------------
    def show_card(self, card: OwnerCard, select_dog: int | None = None) -> None:
        keep = self.current_dog()
        self.card = card
        self.name.setText(card.display_name)
        while self.badges.count():
            item = self.badges.takeAt(0)
            if item is not None and (widget := item.widget()) is not None:
                widget.deleteLater()
        for text in card.badges:
            # "70+ exempt" or "year-round resident"; else a status such as "moved"
            kind = "info" if text[:1].isdigit() or text == YEAR_ROUND_BADGE else "danger"
            self.badges.addWidget(badge(text, kind, self))
        d = card.details
        street = d.street + (f", {d.unit}" if d.unit else "")
        contact = [f"{street}, {d.city} {d.state} {d.postal_code}"]
        contact += [value for value in (d.phone, d.email) if value]
        if card.age is not None:
            contact.append(f"age {card.age}")
        self.address.setText(" · ".join(contact))
        self.limits.setText("\n".join(f"⚠ {w}" for w in card.limit_warnings))
        self.limits.setVisible(bool(card.limit_warnings))
        self.enforcement.show_facts(card.enforcement)
        self._show_year(card)
        self.table.setRowCount(len(card.dogs))
        for row, dog in enumerate(card.dogs):
            self._fill_row(row, dog, card)
        self.fit.fit()
        wanted = select_dog if select_dog is not None else (keep.dog_id if keep else None)
        rows = [i for i, dog in enumerate(card.dogs) if dog.dog_id == wanted]
        if card.dogs:
            self.table.setCurrentCell(rows[0] if rows else 0, 0)
        self._show_why()

    def _fill_row(self, row: int, dog: CardDog, card: OwnerCard) -> None:
        marks: list[str] = []
        if dog.new_to_town_until is not None:
            marks.append("[new to town]")
        colour = ""
        for kind in dog.designations:
            word, level = _DESIGNATION_WORDS[kind]
            marks.append(f"[{word}]")
            colour = (
                RED if level == "danger" else (AMBER if level == "warn" and not colour else colour)
            )
        name = "  ".join((*marks, dog.name))
        rabies, rabies_colour = rabies_text(dog, card.license_year_end)
        owes, owes_colour = owes_text(dog)
        cells = (
            (name, colour),
            (dog.breed, ""),
            (dog.sex_label, ""),
            (rabies, rabies_colour),
            (dog.standing.last_licensed or "never", ""),
            (owes, owes_colour),
        )
        tip = fee_tooltip(dog)
        for column, (text, fg) in enumerate(cells):
            item = QTableWidgetItem(text)
            if fg:
                item.setForeground(QBrush(QColor(fg)))
            if not dog.active:
                item.setForeground(QBrush(QColor(GREY)))
            # The name and breed may be cut: whole on hover, above the fee lines.
            cut = text if column in (0, 1) else ""
            item.setToolTip("\n".join(part for part in (cut, tip) if part))
            if column == len(cells) - 1:
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            item.setData(Qt.ItemDataRole.UserRole, dog.dog_id)
            self.table.setItem(row, column, item)

    def _show_why(self) -> None:
        if self.card is None:
            self.why.setText("")
            self.notes.setText("")
            return
        words: list[str] = []
        for dog in self.card.dogs:
            if not dog.active or dog.held is not None:
                continue
            for blocker in dog.standing.blockers:
                fix = " Record a current one with V." if "rabies" in blocker else ""
                words.append(f"{dog.name} cannot be licensed: {blocker}{fix}")
        self.why.setText("\n".join(words))
        self.why.setVisible(bool(words))
        current = self.current_dog()
        notes = []
        if current is not None and current.active:
            notes = [f"{current.name}: {w}" for w in current.standing.warnings]
        self.notes.setText("\n".join(notes))
        self.notes.setVisible(bool(notes))

    # reading ----------------------------------------------------------------------
    def current_dog(self) -> CardDog | None:
        if self.card is None:
            return None
        row = self.table.currentRow()
        return self.card.dogs[row] if 0 <= row < len(self.card.dogs) else None

    def _activated(self) -> None:
        dog = self.current_dog()
        if dog is not None:
            self.dog_activated.emit(dog.dog_id)

    def say(self, text: str, *, problem: bool = False) -> None:
        self.notice.setProperty("problem", problem)
        self.notice.style().unpolish(self.notice)
        self.notice.style().polish(self.notice)
        self.notice.setText(text)
