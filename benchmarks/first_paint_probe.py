"""Started by the benchmark: prints the monotonic clock at the first paint of a main window.

``bare`` shows an empty QWidget; ``app URL`` starts ClerkDesk exactly as ``clerkdesk --db URL``
does. Both create the QApplication here, so the difference is ClerkDesk's own start-up.
"""

from __future__ import annotations

import os
import sys
import time

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication, QMainWindow, QWidget


class FirstPaint(QObject):
    def __init__(self, kind: type[QWidget]) -> None:
        super().__init__()
        self.kind = kind

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        painted = event.type() == QEvent.Type.Paint
        if painted and isinstance(watched, self.kind) and watched.isWindow():
            sys.stdout.write(f"{time.monotonic():.6f}\n")
            sys.stdout.flush()
            os._exit(0)
        return False


def main() -> None:
    mode = sys.argv[1]
    app = QApplication(sys.argv[:1])
    if mode == "bare":
        probe = FirstPaint(QWidget)
        app.installEventFilter(probe)
        window = QWidget()
        window.resize(1280, 800)
        window.show()
        app.exec()
    else:
        probe = FirstPaint(QMainWindow)
        app.installEventFilter(probe)
        from clerkdesk.cli.main import main as clerkdesk

        clerkdesk(["--db", sys.argv[2]])


if __name__ == "__main__":
    main()
