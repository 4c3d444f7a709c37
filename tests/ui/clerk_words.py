"""The words a clerk reads on a screen, and any command line or TOML key among them.

A screen speaks the clerk's words: no ``clerkdesk year open … --tags``, no
``licensed_here_before``, no ``town.examples``. File paths are set aside (a folder may hold
an underscore); a tree's tooltips that locate a rule in the TOML editor are not read.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from PySide6.QtWidgets import (
    QAbstractButton,
    QLabel,
    QLineEdit,
    QListWidget,
    QTableWidget,
    QTreeWidget,
    QWidget,
)

_MACHINE = (
    re.compile(r"`"),  # a command quoted as in a terminal
    re.compile(r"\bclerkdesk [a-z]"),  # a command line
    re.compile(r"(?<![\w-])--[a-z]"),  # an option of one
    re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b"),  # a snake_case key (licensed_here_before)
    re.compile(r"\b[a-z_]{3,}\.(?!(?:pdf|csv|xlsx|png|toml|sqlite|ini|txt|log)\b)[a-z_]{3,}\b"),
    re.compile(r"\b[a-z_]+\[\d+\]"),  # a key path into a list (schedules[0])
)


def machine_words(text: str) -> list[str]:
    """Each command line or TOML key in ``text``, paths aside."""
    plain = " ".join(word for word in text.split() if "/" not in word and "\\" not in word)
    return [found.group(0) for pattern in _MACHINE for found in pattern.finditer(plain)]


def visible_texts(root: QWidget) -> Iterator[str]:
    """Every text ``root`` and the widgets in it show: labels, buttons, fields, list, table
    and tree cells, window titles and tooltips."""
    for widget in [root, *root.findChildren(QWidget)]:
        if not widget.isVisibleTo(root) and widget is not root:
            continue
        yield widget.windowTitle() if widget.isWindow() else ""
        yield widget.toolTip()
        if isinstance(widget, (QLabel, QAbstractButton)):
            yield widget.text()
        elif isinstance(widget, QLineEdit):
            yield widget.text()
            yield widget.placeholderText()
        elif isinstance(widget, QListWidget):
            for row in range(widget.count()):
                item = widget.item(row)
                yield item.text()
                yield item.toolTip()
        elif isinstance(widget, QTableWidget):
            for row in range(widget.rowCount()):
                for column in range(widget.columnCount()):
                    cell = widget.item(row, column)
                    if cell is not None:
                        yield cell.text()
                        yield cell.toolTip()
        elif isinstance(widget, QTreeWidget):
            stack = [widget.topLevelItem(i) for i in range(widget.topLevelItemCount())]
            while stack:
                item = stack.pop()
                if item is None:
                    continue
                yield from (item.text(column) for column in range(widget.columnCount()))
                stack.extend(item.child(i) for i in range(item.childCount()))


def machine_words_on(root: QWidget) -> dict[str, list[str]]:
    """Each text on ``root`` that holds a command line or TOML key, with what it holds."""
    return {text: found for text in visible_texts(root) if (found := machine_words(text))}
