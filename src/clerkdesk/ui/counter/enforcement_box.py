"""The owner card's enforcement lines (issue 28): a licensing bar in red, unpaid fines with
their dates and pay-by, dogs held with their charges to now, orders in force with their
conditions; and the two keys that put fines and a release in the cart.

Shown only when there is something to say, so an owner with no enforcement record keeps the
card as it was.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from clerkdesk.services.enforcement.counter_facts import CounterFacts
from clerkdesk.ui.counter.actions import button_text
from clerkdesk.ui.fields import money, show_date

RED, AMBER = "#b3261e", "#9a5b00"


def fact_lines(facts: CounterFacts) -> list[tuple[str, str]]:
    """Each line the box shows, with its colour ("" for the ordinary)."""
    # Words, not a glyph: a counter PC's fonts may lack one.
    lines: list[tuple[str, str]] = [(f"BARRED: {words}", RED) for words in facts.bars]
    if facts.violations:
        lines.append((f"Unpaid fines {money(facts.unpaid_total)}:", AMBER))
    for v in facts.violations:
        due = ""
        if v.pay_by is not None:
            due = f" · pay by {show_date(v.pay_by)}" + (" — OVERDUE" if v.overdue else "")
        note = f" ({v.why_not})" if v.why_not else ""
        lines.append(
            (
                f"{v.label} of {show_date(v.occurred_on)} — {v.what}{due}{note}",
                RED if v.overdue else "",
            )
        )
    for held in facts.impounds:
        since = f"{show_date(held.taken_at.date())} {held.taken_at:%H:%M}"
        if held.held:
            license_note = "; goes home licensed (its license joins the cart)" * held.needs_license
            text = (
                f"Held: {held.dog_name} {held.label} since {since} — charges "
                f"{money(held.charges)} to now{license_note}"
            )
        else:
            text = (
                f"Returned: {held.dog_name} {held.label} — its release receipt was voided, "
                f"charges {money(held.charges)} owed"
            )
        if held.why_not:
            text += f" ({held.why_not})"
        lines.append((text, AMBER))
    for _dog_id, name, order in facts.orders:
        lines.append((f"Order — {name}: {order.words}", ""))
    return lines


def facts_html(lines: list[tuple[str, str]]) -> str:
    """The lines as the box shows them: coloured ones bold in their colour."""
    return "<br>".join(
        f'<span style="color:{colour}; font-weight:600">{escape(text)}</span>'
        if colour
        else escape(text)
        for text, colour in lines
    )


class EnforcementBox(QWidget):
    def __init__(self, actions: dict[str, QAction], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Enforcement")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 2, 0, 2)
        layout.setSpacing(2)
        self.text = QLabel("", self)
        self.text.setObjectName("EnforcementFacts")
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.RichText)
        self.text.setAccessibleName("Violations, impounds, orders and bars")
        layout.addWidget(self.text)
        row = QHBoxLayout()
        row.setSpacing(4)
        self.buttons: dict[str, QPushButton] = {}
        for key in ("fines", "release"):
            action = actions[key]
            button = QPushButton(button_text(action), self)
            button.setObjectName("CardAction")
            button.setAccessibleName(action.text())
            button.setToolTip(action.toolTip())
            button.setAutoDefault(False)
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
            button.clicked.connect(action.trigger)
            row.addWidget(button)
            self.buttons[key] = button
        row.addStretch(1)
        layout.addLayout(row)
        self.setVisible(False)

    def show_facts(self, facts: CounterFacts) -> None:
        lines = fact_lines(facts)
        self.text.setText(facts_html(lines))
        # What a screen reader says: the lines without their markup.
        self.text.setAccessibleDescription("\n".join(text for text, _c in lines))
        self.buttons["fines"].setVisible(any(v.payable for v in facts.violations))
        self.buttons["release"].setVisible(any(i.payable for i in facts.impounds))
        self.setVisible(bool(lines))

    def plain_text(self) -> str:
        return self.text.accessibleDescription()
