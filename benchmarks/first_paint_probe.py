"""Started by the benchmark: prints the monotonic clock at the first paint of a window.

``bare`` shows an empty QWidget; ``app URL`` starts ClerkDesk exactly as ``clerkdesk --db URL``
does, and also prints when the counter's figures are on screen (database open, upgraded,
town read, first queries done). Both create the QApplication here, so the difference is
ClerkDesk's own start-up.
"""

from __future__ import annotations

import os
import sys
import time

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow, QWidget


def _say(label: str) -> None:
    sys.stdout.write(f"{label} {time.monotonic():.6f}\n")
    sys.stdout.flush()


class FirstPaint(QObject):
    def __init__(self, kind: type[QWidget], wait_until_ready: bool) -> None:
        super().__init__()
        self.kind = kind
        self.wait_until_ready = wait_until_ready
        self.seen = False

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        painted = event.type() == QEvent.Type.Paint
        if painted and not self.seen and isinstance(watched, self.kind) and watched.isWindow():
            self.seen = True
            _say("paint")
            if not self.wait_until_ready:
                os._exit(0)
            self._poll(watched)
        return False

    def _poll(self, window: QObject) -> None:
        # Ready: the sign-in page is up (the database open, upgraded and the town read), or,
        # signed in already, the counter's first queries are done.
        at_gate = getattr(window, "gate", None) is not None
        if at_gate or (getattr(window, "is_open", False) and not window.busy()):  # type: ignore[attr-defined]
            window.repaint()  # type: ignore[attr-defined]
            _say("ready")
            os._exit(0)
        QTimer.singleShot(2, lambda: self._poll(window))


def main() -> None:
    mode = sys.argv[1]
    app = QApplication(sys.argv[:1])
    if mode == "bare":
        probe = FirstPaint(QWidget, wait_until_ready=False)
        app.installEventFilter(probe)
        window = QWidget()
        window.resize(1280, 800)
        window.show()
        app.exec()
    else:
        probe = FirstPaint(QMainWindow, wait_until_ready=True)
        app.installEventFilter(probe)
        from clerkdesk.cli.main import main as clerkdesk

        clerkdesk(["--db", sys.argv[2]])


if __name__ == "__main__":
    main()
