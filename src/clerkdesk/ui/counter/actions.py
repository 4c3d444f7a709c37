"""The counter's actions, each with its key printed on its button and in its tooltip.

Letters are scoped to the counter screen and, being text, never fire while the cursor is
in a text box (Qt gives a typed letter to the line edit first). F12, Del and Ctrl+E have
no text, so they work wherever the cursor is on the screen.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QWidget


@dataclass(frozen=True)
class ActionSpec:
    key: str
    text: str
    shortcut: str
    tip: str


SPECS = (
    ActionSpec(
        "renew", "Renew all due", "R", "Put every dog of this owner that is due in the cart"
    ),
    ActionSpec("add", "Add to cart", "A", "Put the selected dog in the cart"),
    ActionSpec(
        "details",
        "Fees and details",
        "F",
        "Show the selected dog's details and every fee line with its rule and citation "
        "(Enter on a dog does the same)",
    ),
    ActionSpec("new_dog", "New dog", "N", "Add a dog to this owner"),
    ActionSpec("rabies", "Rabies cert.", "V", "Record a rabies certificate for the selected dog"),
    ActionSpec("edit_dog", "Edit dog", "Ctrl+E", "Correct the selected dog's details"),
    ActionSpec("transfer", "Transfer", "T", "Give the selected dog to another owner"),
    ActionSpec("lost_tag", "Lost tag", "L", "Replace the selected dog's lost tag"),
    ActionSpec("status", "Deceased/moved", "D", "Mark the selected dog deceased, moved or lost"),
    ActionSpec("edit_owner", "Edit owner", "E", "Correct the owner's name, address or phone"),
    ActionSpec("new_owner", "New owner", "O", "Add a new owner"),
    ActionSpec(
        "year",
        "Next/this year",
        "Y",
        "Switch between this license year and next year's while next year's are on sale early",
    ),
    ActionSpec(
        "documents",
        "Documents…",
        "P",
        "This owner's receipts and license certificates, with their reprints; reprint one",
    ),
    ActionSpec(
        "find_document",
        "Find receipt/cert…",
        "Ctrl+F",
        "Find a receipt or license certificate by its number and reprint it",
    ),
    ActionSpec(
        "fines",
        "Fines to cart",
        "I",
        "Put this owner's unpaid fines in the cart, on the same receipt as the licenses",
    ),
    ActionSpec(
        "release",
        "Release dog",
        "G",
        "Put the held dog's impound charges in the cart (and its license, if it has none for "
        "this year): it goes home when they are paid",
    ),
    ActionSpec("pay", "Pay", "F12", "Take payment for the cart"),
    ActionSpec("remove", "Remove from cart", "Del", "Remove the selected dog and its fees"),
    ActionSpec("waive", "Waive late fee", "W", "Waive the selected late fee, with a reason"),
    ActionSpec(
        "held",
        "Bring back held cart",
        "H",
        "Bring back the cart held for another customer; the cart in hand is held instead",
    ),
)


def build_actions(owner: QWidget) -> dict[str, QAction]:
    actions: dict[str, QAction] = {}
    for spec in SPECS:
        action = QAction(spec.text, owner)
        action.setShortcut(QKeySequence(spec.shortcut))
        # Pay and finding a document work from the search box too; the rest only on the
        # counter screen itself.
        context = Qt.ShortcutContext.WidgetWithChildrenShortcut
        if spec.key in ("pay", "find_document"):
            context = Qt.ShortcutContext.WindowShortcut
        action.setShortcutContext(context)
        action.setToolTip(f"{spec.tip} ({spec.shortcut})")
        action.setStatusTip(spec.tip)
        owner.addAction(action)
        actions[spec.key] = action
    return actions


def button_text(action: QAction) -> str:
    """The text of an action's button: its words and its key, e.g. "Renew all due  R"."""
    key = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
    return f"{action.text()}  {key}" if key else action.text()
