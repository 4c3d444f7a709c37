"""Step 4: the first tag stock, with the Tags area's own Receive tags… form and service."""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QLabel, QWidget

from clerkdesk.rules.tag_text import tag_text
from clerkdesk.services.office_setup import OfficeSetup, SetupStep, StockReceived
from clerkdesk.services.tags import TagsReceived, TagYear, tag_years
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.setup.step_page import StepPage
from clerkdesk.ui.views.tags.receive_dialog import ReceiveTagsDialog


class TagsStep(StepPage):
    def __init__(self, ctx: UiContext, parent: QWidget) -> None:
        super().__init__(
            ctx,
            SetupStep.TAGS,
            "Record the box of license tags from the supplier: the license year they are for, "
            "the first and last number, and any prefix printed before the number (such as "
            "W-). The counter then offers them in order, one to each dog licensed. More "
            "boxes are received later in Tags (F5).",
            parent,
        )
        self.dialog: ReceiveTagsDialog | None = None
        self.receive_button = self.button("Receive tags…  Enter", "Receive tags", self.submit)
        row = QHBoxLayout()
        row.addWidget(self.receive_button)
        row.addStretch(1)
        self.body.addLayout(row)
        self.stock = QLabel("", self)
        self.stock.setWordWrap(True)
        self.stock.setAccessibleName("Tag stock received")
        self.body.addWidget(self.stock)

    def show_state(self, state: OfficeSetup) -> None:
        lines = [self._range_words(stock) for stock in state.stock]
        self.stock.setText("\n".join(lines))
        self.stock.setVisible(bool(lines))
        count = sum(stock.last - stock.first + 1 for stock in state.stock)
        self.show_done(f"{count:,} tag{'s' * (count != 1)} received." if count else "")
        self.receive_button.setText(
            f"{'Receive more tags' if state.stock else 'Receive tags'}…  Enter"
        )

    def _range_words(self, stock: StockReceived) -> str:
        town = self.ctx.town
        year = (
            town.profile.license_year_containing(stock.license_year_start).label
            if town is not None
            else f"the year from {stock.license_year_start:%m/%d/%Y}"
        )
        count = stock.last - stock.first + 1
        return (
            f"{year}: {tag_text(stock.first, stock.prefix)} to "
            f"{tag_text(stock.last, stock.prefix)} ({count:,} tag{'s' * (count != 1)})"
        )

    def first_focus(self) -> QWidget | None:
        return self.receive_button

    def busy(self) -> bool:
        return self.working or (self.dialog is not None and self.dialog.saving)

    def submit(self) -> None:
        if self.dialog is not None:
            return
        database, clock = self.ctx.database, self.ctx.clock
        self.run(lambda: tag_years(database, clock=clock, receiving=True), self._open_form)

    def _open_form(self, years: tuple[TagYear, ...]) -> None:
        # This year first: a new office sells this year's licenses.
        chosen = years[0].starts_in if years else None
        dialog = ReceiveTagsDialog(self.ctx, years, chosen, self)
        dialog.saved.connect(self._received)
        dialog.finished.connect(lambda _result: self._closed(dialog))
        self.dialog = dialog
        dialog.open()
        dialog.activateWindow()

    def _closed(self, dialog: ReceiveTagsDialog) -> None:
        if self.dialog is dialog:
            self.dialog = None
        dialog.deleteLater()
        # The window is active again with the keyboard here, whatever the window manager does.
        self.window().activateWindow()
        self.receive_button.setFocus()

    def _received(self, result: TagsReceived) -> None:
        self.saved.emit(
            f"Received {result.count:,} tag{'s' * (result.count != 1)} for "
            f"{result.license_year_label}: {tag_text(result.first, result.prefix)} to "
            f"{tag_text(result.last, result.prefix)}."
        )
