"""Render the main window once, after its data has arrived, and save it as a PNG."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QElapsedTimer, QTimer

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.ui.app import application, build_context
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.nav import AREAS
from clerkdesk.ui.style import apply_style

VIEW_NAMES = (*tuple(area.key for area in AREAS), "about")


def take_screenshot(
    database: Database,
    clock: Clock,
    target: Path,
    *,
    view: str = "counter",
    size: tuple[int, int] = (1280, 800),
    timeout_ms: int = 15000,
) -> Path:
    app = application()
    apply_style(app)
    ctx = build_context(database, clock)
    window = MainWindow(ctx)
    window.resize(*size)
    if view != "about":
        window.show_area(view)
    window.show()
    dialog = window.show_about() if view == "about" else None
    clock_ms = QElapsedTimer()
    clock_ms.start()

    def settle() -> None:
        if window.busy() and clock_ms.elapsed() < timeout_ms:
            QTimer.singleShot(30, settle)
            return
        # One more turn of the loop so the arrived rows are painted.
        QTimer.singleShot(60, app.quit)

    QTimer.singleShot(30, settle)
    app.exec()
    target.parent.mkdir(parents=True, exist_ok=True)
    picture = (dialog or window).grab()
    if not picture.save(str(target), "PNG"):
        raise OSError(f"could not write {target}")
    if dialog is not None:
        dialog.close()
    window.close()
    ctx.tasks.wait()
    return target
