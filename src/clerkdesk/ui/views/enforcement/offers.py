"""The area's action buttons: each with its key printed on it and the permission it needs.

A role that may read the records but not take an action (the assistant clerk) sees the
button disabled, the refusal in words as its tooltip; an action that waits on the record
(a violation already dismissed, a hearing not yet held) says that instead. Its key never
goes silent: pressed while not offered, it says the reason in the area's message line.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QPushButton, QWidget

from clerkdesk.rules.roles import Actor, Permission


class ActionButton(QPushButton):
    def __init__(
        self,
        text: str,
        name: str,
        keys: str,
        permission: Permission | tuple[Permission, ...],
        parent: QWidget,
        *,
        says: str = "",
    ) -> None:
        super().__init__(f"{text}  {keys}" if keys else text, parent)
        self.setAccessibleName(name)
        self.setAutoDefault(False)
        self.keys, self.says = keys, says or name
        # Any one of them will do (a paper is reprinted by its own role or one who reprints).
        self.permissions = permission if isinstance(permission, tuple) else (permission,)
        self.reason = ""

    def offer_to(self, actor: Actor, waits_on: str = "") -> None:
        """Enabled when ``actor`` may and nothing is waited on; else the reason, in words."""
        may = any(actor.may(p) for p in self.permissions)
        reason = "" if may else actor.refusal(self.permissions[0])
        self.reason = reason or waits_on
        self.setEnabled(not self.reason)
        self.setToolTip(self.reason or (f"{self.says} ({self.keys})" if self.keys else self.says))
        self.setAccessibleDescription(self.reason)

    @property
    def offered(self) -> bool:
        return not self.isHidden() and self.isEnabled()


def bind_key(
    button: ActionButton,
    where: QWidget,
    refused: Callable[[str], None],
    context: Qt.ShortcutContext = Qt.ShortcutContext.WindowShortcut,
) -> QShortcut:
    """The button's key while ``where`` is shown: the action when offered, its reason when
    not."""
    shortcut = QShortcut(QKeySequence(button.keys), where)
    shortcut.setContext(context)

    def pressed() -> None:
        if button.offered:
            button.click()
        elif button.reason:
            refused(button.reason)

    shortcut.activated.connect(pressed)
    return shortcut
