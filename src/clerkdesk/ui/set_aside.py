"""The dialogs open over the window when it locks: hidden under the lock, so nobody at an
unattended counter can go on with a half-filled form in the clerk's name; brought back as
they were when the same person unlocks, and cancelled when someone else signs in."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QFileDialog,
    QLineEdit,
    QMessageBox,
    QWidget,
)


def _cannot_wait(dialog: QDialog) -> bool:
    """Dialogs that run a loop of their own (exec): hidden, that loop ends and their answer
    with it, so the lock waits for them instead."""
    # Here, not at the top: printing's module is not loaded before the window first paints.
    from PySide6.QtPrintSupport import QAbstractPrintDialog

    return isinstance(dialog, (QMessageBox, QFileDialog, QAbstractPrintDialog))


def _depth(dialog: QWidget) -> int:
    """How many dialogs stand under this one (0: opened over the main window)."""
    depth = 0
    parent = dialog.parentWidget()
    while parent is not None:
        window = parent.window()
        if isinstance(window, QDialog):
            depth += 1
            parent = window.parentWidget()
        else:
            break
    return depth


class SetAside:
    def __init__(self) -> None:
        self.dialogs: list[QDialog] = []
        self._cursors: dict[int, int] = {}  # a dialog's id → where its text cursor stood

    def take(self, window: QWidget, *, waiting_too: bool = False) -> bool:
        """Hide the modal dialogs open over ``window``; False (nothing hidden) when one of
        them cannot wait hidden. ``waiting_too``: those are taken as well (to be cancelled,
        at a sign-out: a message's own loop then ends with no answer)."""
        open_ = [
            w
            for w in QApplication.topLevelWidgets()
            if isinstance(w, QDialog) and w.isVisible() and w.isModal() and w is not window
        ]
        if not waiting_too and any(_cannot_wait(d) for d in open_):
            return False
        # Bottom first, so that showing them again stacks each over the one it came from.
        self.dialogs = sorted(open_, key=_depth)
        self._cursors = {}
        for dialog in reversed(self.dialogs):
            edit = dialog.focusWidget()
            if isinstance(edit, QLineEdit):
                self._cursors[id(dialog)] = edit.cursorPosition()
            dialog.hide()
        if self.dialogs:
            # The keyboard comes back to the window, for the lock's password.
            window.activateWindow()
        return True

    def bring_back(self, window: QWidget) -> None:
        """The same person unlocked: each dialog as it was, the top one with the keyboard."""
        dialogs, self.dialogs = self.dialogs, []
        if not dialogs:
            return
        window.activateWindow()
        for dialog in dialogs:  # bottom first: each shown over the one it came from
            dialog.show()
            # Shown again, a dialog tabs into its field, which selects the text there: the
            # next key would type over what the clerk had written.
            edit = dialog.focusWidget()
            if isinstance(edit, QLineEdit) and id(dialog) in self._cursors:
                edit.deselect()
                edit.setCursorPosition(self._cursors[id(dialog)])
        self._cursors = {}
        dialogs[-1].activateWindow()

    def cancel(self) -> None:
        """Someone else signed in: what the one before left open is cancelled, top first."""
        dialogs, self.dialogs = self.dialogs, []
        for dialog in reversed(dialogs):
            # A form asks before throwing typing away; not when its typist is gone.
            getattr(dialog, "discard", dialog.reject)()
