"""License / renew…, first step: what the kennel's license costs (each fee line with the rule
behind it) and every reason it cannot be licensed now, in words. Pay (Enter) goes on to the
counter's payment dialog; a kennel that cannot be licensed offers only Close."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QGridLayout, QLabel, QVBoxLayout, QWidget

from clerkdesk.rules.counts import counted
from clerkdesk.services.kennel_licensing import KennelStanding
from clerkdesk.ui.elide import ElidedLabel
from clerkdesk.ui.fields import button_row, money

PAY = "Pay  Enter"
NOTHING_DUE = "Issue the license  Enter"


def refusal_words(standing: KennelStanding) -> str:
    reasons = standing.refusals
    head = (
        "It cannot be licensed now:"
        if len(reasons) == 1
        else (f"It cannot be licensed now, for {len(reasons)} reasons:")
    )
    return head + "\n" + "\n".join(f"• {reason}" for reason in reasons)


class StandingDialog(QDialog):
    """Accepted (Pay) only when there is no refusal and a quote."""

    def __init__(self, standing: KennelStanding, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.standing = standing
        title = f"Kennel license {standing.year_label} — {standing.name}"
        self.setWindowTitle(title)
        self.setAccessibleName(title)
        self.setModal(True)
        self.setMinimumWidth(720)
        self.setMaximumWidth(1000)
        outer = QVBoxLayout(self)
        heading = ElidedLabel(title, self, role="Kennel license", hint_width=720)
        heading.setObjectName("DialogTitle")
        outer.addWidget(heading)
        dogs = QLabel(
            f"{counted(standing.dogs_counted, 'dog')} counted on the roster; the license allows at "
            f"most {standing.max_dogs}.",
            self,
        )
        dogs.setObjectName("ViewHint")
        dogs.setWordWrap(True)
        dogs.setAccessibleName("Dogs counted")
        outer.addWidget(dogs)
        self.lines = QGridLayout()
        self.lines.setHorizontalSpacing(12)
        self.lines.setColumnStretch(0, 1)
        outer.addLayout(self.lines)
        quote = standing.quote
        if quote is not None:
            for row, line in enumerate(quote.lines):
                words = QLabel(f"{line.description} ({line.citation})", self)
                words.setWordWrap(True)
                words.setAccessibleName(f"Fee line {row + 1}")
                amount = QLabel(money(line.amount), self)
                amount.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
                amount.setAccessibleName(f"Fee line {row + 1} amount")
                self.lines.addWidget(words, row, 0)
                self.lines.addWidget(amount, row, 1)
            total_caption = QLabel("Total", self)
            total_caption.setObjectName("DialogTitle")
            self.total = QLabel(money(quote.total), self)
            self.total.setObjectName("AmountDue")
            self.total.setAccessibleName("Total")
            self.total.setAlignment(Qt.AlignmentFlag.AlignRight)
            self.lines.addWidget(total_caption, len(quote.lines), 0)
            self.lines.addWidget(self.total, len(quote.lines), 1)
            for warning in (*quote.warnings, *quote.notes):
                note = QLabel(warning, self)
                note.setObjectName("ViewHint")
                note.setWordWrap(True)
                outer.addWidget(note)
        self.refusals = QLabel(refusal_words(standing) if standing.refusals else "", self)
        self.refusals.setObjectName("FieldError")
        self.refusals.setWordWrap(True)
        self.refusals.setAccessibleName("Why it cannot be licensed")
        self.refusals.setVisible(bool(standing.refusals))
        self.refusals.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByKeyboard)
        outer.addWidget(self.refusals)
        outer.addStretch(1)
        ready = self.ready
        free = quote is not None and quote.total == 0
        main = (NOTHING_DUE if free else PAY, "Issue the license" if free else "Pay")
        buttons, self.pay, self.back = button_row(self, main, ("Close  Esc", "Close"))
        self.pay.setVisible(ready)
        self.pay.setDefault(ready)
        self.back.setDefault(not ready)
        self.pay.clicked.connect(self.accept)
        self.back.clicked.connect(self.reject)
        outer.addLayout(buttons)
        (self.pay if ready else self.back).setFocus()

    @property
    def ready(self) -> bool:
        return not self.standing.refusals and self.standing.quote is not None
