"""What the screenshot scripts share: waiting on the event loop, saving a widget's picture,
and finding the dialog on top."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from zoneinfo import ZoneInfo

from PySide6.QtCore import QElapsedTimer, QEventLoop, QTimer
from PySide6.QtWidgets import QApplication, QWidget

from clerkdesk.clock import Clock
from clerkdesk.rules.roles import Actor

SHOTS = Path(__file__).parent / "screenshots"
EASTERN = ZoneInfo("America/New_York")


def wait_until(done: Callable[[], bool], timeout_ms: int = 20000) -> None:
    """Let the event loop run until ``done`` (a script's wait, not the app's)."""
    elapsed = QElapsedTimer()
    elapsed.start()
    loop = QEventLoop()

    def check() -> None:
        if done() or elapsed.elapsed() > timeout_ms:
            QTimer.singleShot(120, loop.quit)  # one more turn so it is painted
        else:
            QTimer.singleShot(30, check)

    QTimer.singleShot(0, check)
    loop.exec()


def save(widget: QWidget, name: str) -> None:
    """``widget`` as ``screenshots/NAME.png``; the path goes to standard output."""
    target = SHOTS / f"{name}.png"
    target.parent.mkdir(exist_ok=True)
    if not widget.grab().save(str(target), "PNG"):
        raise OSError(f"could not write {target}")
    sys.stdout.write(f"{target}\n")


def visible(kind: type[QWidget]) -> QWidget | None:
    """The newest visible top-level window of ``kind``."""
    found = [w for w in QApplication.topLevelWidgets() if isinstance(w, kind) and w.isVisible()]
    return found[-1] if found else None


def demo_administrator(url: str, clock: Clock) -> Actor:
    """The demo's administrator, signed in with the demo's public password, for a shell that
    opens past the sign-in page."""
    from clerkdesk.db.database import Database
    from clerkdesk.services.sign_in import sign_in

    database = Database.open(url)
    try:
        return sign_in(database, "admin", "demo-admin", clock=clock, workstation="docs")
    finally:
        database.dispose()
