"""Which of the Kennels area's actions are offered, and why not when they are not.

An action the signed-in role may not take is hidden (the services refuse it too); one that
waits for something — a kennel chosen, a kennel still open — is disabled with the reason as
its tooltip. Its key never goes silent: pressed while the action is not offered, it says the
reason in the area's message line instead.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QPushButton, QWidget

from clerkdesk.rules.roles import Actor, Permission
from clerkdesk.services.kennels import KennelRow
from clerkdesk.ui.views.kennels.keys import (
    ADD_DOG_KEYS,
    CLOSE_KEYS,
    EDIT_KEYS,
    INSPECT_KEYS,
    INSPECTIONS_KEYS,
    LABELS_KEYS,
    LICENSE_KEYS,
    NEW_KEYS,
    PAPERS_KEYS,
    REMOVE_DOG_KEYS,
    RENEWALS_KEYS,
    STATE_REPORT_KEYS,
)

CHOOSE_FIRST = "Choose a kennel in the list first (arrows, then the action)."
NO_KENNELS = "No kennels on file yet."


@dataclass(frozen=True)
class Offer:
    """``on_kennel``: acts on the chosen kennel; ``while_closed``: offered for a closed
    kennel too (its papers can still be printed again)."""

    permission: Permission
    on_kennel: bool = True
    while_closed: bool = False


def closed_words(row: KennelRow) -> str:
    return f"{row.name} is closed: it is kept on file as it was, and nothing changes it now."


def why_not(
    actor: Actor, offer: Offer, row: KennelRow | None, has_kennels: bool
) -> tuple[bool, str]:
    """(shown, the reason it cannot be taken now — empty when it can)."""
    if not actor.may(offer.permission):
        return False, actor.refusal(offer.permission)
    if not offer.on_kennel:
        return True, ""
    if not has_kennels:
        return True, NO_KENNELS
    if row is None:
        return True, CHOOSE_FIRST
    if str(row.status) == "closed" and not offer.while_closed:
        return True, closed_words(row)
    return True, ""


class ActionButton(QPushButton):
    """A button with its key printed on it; the tooltip says what it does, or why not."""

    def __init__(
        self,
        text: str,
        name: str,
        keys: str,
        offer: Offer,
        parent: QWidget,
        *,
        says: str = "",
    ) -> None:
        super().__init__(f"{text}  {keys}", parent)
        self.setAccessibleName(name)
        self.setAutoDefault(False)
        self.keys, self.offer, self.says = keys, offer, says or name
        self.reason = ""

    def offer_to(self, actor: Actor, row: KennelRow | None, has_kennels: bool) -> None:
        shown, reason = why_not(actor, self.offer, row, has_kennels)
        self.reason = reason
        self.setVisible(shown)
        self.setEnabled(shown and not reason)
        self.setToolTip(reason or f"{self.says} ({self.keys})")
        self.setAccessibleDescription(reason)

    @property
    def offered(self) -> bool:
        return not self.isHidden() and self.isEnabled()


def bind_key(button: ActionButton, view: QWidget, refused: Callable[[str], None]) -> QShortcut:
    """The button's key while ``view`` is the area shown (and no form is open over it): the
    action when offered, its reason when not."""
    shortcut = QShortcut(QKeySequence(button.keys), view)
    shortcut.setContext(Qt.ShortcutContext.WindowShortcut)

    def pressed() -> None:
        if button.offered:
            button.click()
        elif button.reason:
            refused(button.reason)

    shortcut.activated.connect(pressed)
    return shortcut


RECORDS, SELL = Offer(Permission.EDIT_RECORDS), Offer(Permission.SELL)


class KennelButtons:
    """The area's actions, each with its key and what it needs: the area's own (New kennel…,
    Year-end renewals…, State report…) and those on the chosen kennel."""

    def __init__(self, parent: QWidget) -> None:
        def button(text: str, name: str, keys: str, offer: Offer, says: str = "") -> ActionButton:
            return ActionButton(text, name, keys, offer, parent, says=says)

        self.new = button(
            "New kennel…", "New kennel", NEW_KEYS, Offer(Permission.EDIT_RECORDS, False)
        )
        self.renewals = button(
            "Year-end renewals…",
            "Year-end renewals",
            RENEWALS_KEYS,
            Offer(Permission.SELL, False),
            "Renew last year's kennels for the year chosen, with their papers",
        )
        self.state_report = button(
            "State report…",
            "State kennel report",
            STATE_REPORT_KEYS,
            # The clerk's office files it (the preparer signs it); the officer prints the
            # inspections below.
            Offer(Permission.EDIT_RECORDS, False),
            "The year chosen's kennel licenses for the state, as of today (PDF and CSV)",
        )
        self.license = button("License / renew…", "License or renew", LICENSE_KEYS, SELL)
        self.inspect = button(
            "Inspection…", "Record inspection", INSPECT_KEYS, Offer(Permission.INSPECT)
        )
        self.inspections = button(
            "Inspections…",
            "Inspection record",
            INSPECTIONS_KEYS,
            Offer(Permission.INSPECT, while_closed=True),
            "Print the kennel's inspections for the animal control officer",
        )
        self.add_dog = button("Add dog…", "Add dog to roster", ADD_DOG_KEYS, RECORDS)
        self.remove_dog = button("Remove dog…", "Remove from roster", REMOVE_DOG_KEYS, RECORDS)
        self.papers = button(
            "Papers…",
            "Kennel papers",
            PAPERS_KEYS,
            Offer(Permission.REPRINT, while_closed=True),
            "Print a license's certificate or receipt again, marked REPRINT",
        )
        self.labels = button("Tag labels…", "Kennel tag labels", LABELS_KEYS, SELL)
        self.edit = button("Edit kennel…", "Edit kennel", EDIT_KEYS, RECORDS)
        self.close = button("Close kennel…", "Close kennel", CLOSE_KEYS, RECORDS)

    @property
    def all(self) -> tuple[ActionButton, ...]:
        """In the order the keyboard reaches them."""
        return (
            self.new,
            self.renewals,
            self.state_report,
            self.license,
            self.inspect,
            self.inspections,
            self.add_dog,
            self.remove_dog,
            self.papers,
            self.labels,
            self.edit,
            self.close,
        )
