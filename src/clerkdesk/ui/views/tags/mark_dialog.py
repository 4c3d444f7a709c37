"""Mark a tag…: void a spare tag, mark it lost from stock, record a tag an owner handed back,
or clear a mistaken mark. Each needs the tag's number; all but a return need a reason."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QRegularExpression
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import QComboBox, QLineEdit, QWidget

from clerkdesk.rules.kinds import TagMarkKind
from clerkdesk.rules.tag_text import TYPED_TAG, typed_tag
from clerkdesk.services.tag_marks import REASON_LENGTH, MarkTag, clear_mark, mark_tag
from clerkdesk.services.tags import TagYear
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.fields import BadInput, say
from clerkdesk.ui.form_base import FormDialog
from clerkdesk.ui.views.tags.receive_dialog import year_caption

ACTION = "Mark the tag  Enter"
CLEAR = "clear"
WHAT = (
    (TagMarkKind.VOID.value, "Void a spare tag (spoiled, misprinted)", "Void tag"),
    (TagMarkKind.LOST.value, "A spare tag is lost from stock", "Mark tag {} lost"),
    (TagMarkKind.RETURNED.value, "An owner handed the tag back", "Record tag {} returned"),
    (CLEAR, "Clear a mistaken mark", "Clear the mark on tag"),
)


class MarkTagDialog(FormDialog):
    """``saved`` carries the :class:`TagMarked` or :class:`MarkCleared`."""

    def __init__(
        self,
        ctx: UiContext,
        years: tuple[TagYear, ...],
        chosen: int | None,
        number: int | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(ctx, "Mark a tag", ACTION, parent)
        self.add_intro(
            "A spare tag (received, never given out) that is voided or lost is never offered "
            "at the counter again. A tag handed back stays with its license and counts as "
            "returned. Nothing is deleted: a mistaken mark is cleared, with the reason."
        )
        self.year = QComboBox(self)
        for year in years:
            self.year.addItem(year_caption(year), year.starts_in)
        if chosen is not None and (at := self.year.findData(chosen)) >= 0:
            self.year.setCurrentIndex(at)
        self.add_field("year", "License &year", self.year)
        self.what = QComboBox(self)
        for key, caption, _verb in WHAT:
            self.what.addItem(caption, key)
        self.add_field("what", "&What happened", self.what)
        self.tag = QLineEdit(self)
        self.tag.setValidator(QRegularExpressionValidator(QRegularExpression(TYPED_TAG)))
        self.tag.setPlaceholderText("e.g. 5003 or W-5003")
        if number is not None:
            self.tag.setText(str(number))
        self.add_field("tag", "&Tag number", self.tag, required=True, short="tag number")
        self.reason = QLineEdit(self)
        self.reason.setMaxLength(REASON_LENGTH)
        self.reason.setPlaceholderText("e.g. misprinted, chewed, dog died")
        self.add_field("reason", "&Reason", self.reason, required=True, short="reason")
        self.what.currentIndexChanged.connect(self._what_chosen)
        self.tag.textChanged.connect(lambda _t: self.refresh_button())
        self.finish()
        if number is not None:
            self.what.setFocus()

    def kind(self) -> str:
        return str(self.what.currentData())

    def _what_chosen(self) -> None:
        returned = self.kind() == TagMarkKind.RETURNED.value
        self.set_required("reason", None if returned else "reason")
        self.refresh_button()

    def refresh_button(self) -> None:
        super().refresh_button()
        if self.saving or self.missing() or not hasattr(self, "what"):
            return
        verb = next(v for k, _c, v in WHAT if k == self.kind())
        number = self.text("tag")
        text = verb.format(number) if "{}" in verb else f"{verb} {number}"
        self.save_button.setText(f"{text}  Enter")
        self.save_button.setAccessibleName(text)

    def work(self) -> Callable[[], Any]:
        typed = typed_tag(self.text("tag"))
        number = typed.number if typed else 0
        if number < 1:
            say(self.messages["tag"], "Type the tag's number (from 1).")
            raise BadInput("Type the tag's number (from 1).", "tag")
        year = int(self.year.currentData())
        reason = self.reason.text()
        database, actor, clock = self.ctx.database, self.ctx.actor, self.ctx.clock
        if self.kind() == CLEAR:
            return lambda: clear_mark(database, year, number, reason, actor=actor, clock=clock)
        request = MarkTag(year, number, TagMarkKind(self.kind()), reason)
        return lambda: mark_tag(database, request, actor=actor, clock=clock)
