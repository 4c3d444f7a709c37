"""Receive tags…: a range from the supplier recorded for a license year.

The main button says what is still missing or wrong, or how many tags it will record;
every problem shows beside its field at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QRegularExpression
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import QCheckBox, QComboBox, QLineEdit, QWidget

from clerkdesk.rules.tag_text import PREFIX_LENGTH
from clerkdesk.services.tag_input import LOOKS_LENGTH, MAX_TAG_NUMBER, NOTE_LENGTH, range_problems
from clerkdesk.services.tags import ReceiveTags, TagYear, receive_tags
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.fields import BadInput, say
from clerkdesk.ui.form_base import FormDialog

ACTION = "Receive tags  Enter"
_FIELD_WORDS = {"first": "the first tag", "last": "the last tag"}
# What suppliers sell; any other word may be typed.
SHAPES = ("", "bone", "circle", "heart", "hydrant", "house", "oval", "rectangle", "shield",
          "square", "star", "tag")  # fmt: skip
COLORS = ("", "blue", "gold", "green", "orange", "pink", "purple", "red", "silver", "yellow")


def year_caption(year: TagYear) -> str:
    role = "" if year.role == "past" else f" ({year.role})"
    return f"{year.label}{role}"


class ReceiveTagsDialog(FormDialog):
    """``saved`` carries the :class:`TagsReceived`."""

    def __init__(
        self,
        ctx: UiContext,
        years: tuple[TagYear, ...],
        chosen: int | None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(ctx, "Receive tags", ACTION, parent)
        self.setMinimumWidth(640)
        self.add_intro(
            "Record a box of tags from the supplier: the license year they are for, the "
            "numbers of the first and last tag, and what the year's tags look like. The "
            "counter then proposes them in order."
        )
        self.year = QComboBox(self)
        for year in years:
            self.year.addItem(year_caption(year), year.starts_in)
        if chosen is not None and (at := self.year.findData(chosen)) >= 0:
            self.year.setCurrentIndex(at)
        self.add_field("year", "License &year", self.year)
        digits = QRegularExpressionValidator(QRegularExpression(r"\d{0,9}"))
        for key, label, example in (
            ("first", "&First tag", "e.g. 5001"),
            ("last", "&Last tag", "e.g. 5100"),
        ):
            edit = QLineEdit(self)
            edit.setValidator(digits)
            edit.setPlaceholderText(example)
            self.add_field(key, label, edit, required=True)
            edit.textChanged.connect(lambda _t: self.refresh_button())
        self.prefix = QLineEdit(self)
        self.prefix.setMaxLength(PREFIX_LENGTH)
        self.prefix.setPlaceholderText("optional, printed before the number, e.g. W-")
        self.add_field("prefix", "&Prefix", self.prefix)
        self.shape = self._looks_box(SHAPES, "e.g. heart (blank: the year's)")
        self.add_field("shape", "&Shape", self.shape)
        self.color = self._looks_box(COLORS, "e.g. red (blank: the year's)")
        self.add_field("color", "C&olor", self.color)
        self.in_house = QCheckBox("Printed &in-house (labels); otherwise pre-stamped", self)
        self.add_field("in_house", "Made", self.in_house)
        self.note = QLineEdit(self)
        self.note.setMaxLength(NOTE_LENGTH)
        self.note.setPlaceholderText("optional, e.g. invoice 4471, box 2")
        self.add_field("note", "&Note", self.note)
        self.finish()

    def _looks_box(self, words: tuple[str, ...], hint: str) -> QComboBox:
        box = QComboBox(self)
        box.setEditable(True)
        box.addItems(list(words))
        box.setCurrentIndex(0)
        line = box.lineEdit()
        assert line is not None
        line.setMaxLength(LOOKS_LENGTH)
        line.setPlaceholderText(hint)
        return box

    def _number(self, key: str) -> int | None:
        text = self.text(key)
        return int(text) if text else None

    def problems(self) -> dict[str, str]:
        return range_problems(self._number("first"), self._number("last"))

    def refresh_button(self) -> None:
        super().refresh_button()
        if self.saving or self.missing():
            return
        problems = self.problems()
        if problems:
            self.save_button.setText(f"Check {' and '.join(_FIELD_WORDS[k] for k in problems)}")
            return
        first, last = self._number("first"), self._number("last")
        assert first is not None and last is not None
        count = last - first + 1
        self.save_button.setText(f"Receive {count:,} tag{'s' if count != 1 else ''}  Enter")

    def work(self) -> Callable[[], Any]:
        problems = self.problems()
        for key, message in problems.items():
            say(self.messages[key], message)
        if problems:
            key = next(iter(problems))
            raise BadInput(problems[key], key)
        first, last = self._number("first"), self._number("last")
        assert first is not None and last is not None and first <= MAX_TAG_NUMBER
        request = ReceiveTags(
            int(self.year.currentData()),
            first,
            last,
            self.note.text(),
            prefix=self.prefix.text(),
            shape=self.shape.currentText(),
            color=self.color.currentText(),
            printed_in_house=self.in_house.isChecked(),
        )
        database, actor, clock = self.ctx.database, self.ctx.actor, self.ctx.clock
        return lambda: receive_tags(database, request, actor=actor, clock=clock)
