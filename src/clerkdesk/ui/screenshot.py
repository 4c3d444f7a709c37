"""Render the main window once, after its data has arrived, and save it as a PNG."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QElapsedTimer, QEventLoop, QTimer
from PySide6.QtWidgets import QWidget

from clerkdesk.clock import Clock
from clerkdesk.rules.roles import Actor
from clerkdesk.ui.app import application, build_shell, start
from clerkdesk.ui.style import apply_style


def take_screenshot(
    url: str,
    clock: Clock,
    target: Path,
    *,
    view: str = "counter",
    size: tuple[int, int] = (1280, 800),
    timeout_ms: int = 20000,
    actor: Actor | None = None,
) -> Path:
    """With no ``actor`` the window shows its sign-in (or first-run) page."""
    app = application()
    apply_style(app)
    shell = build_shell(url, clock)
    shell.actor = actor
    window = start(url, shell)
    window.resize(*size)
    if view not in {"about", "sign-in"}:
        window.show_area(view)
    shown: list[QWidget] = [window]
    elapsed = QElapsedTimer()
    elapsed.start()
    loop = QEventLoop()

    def settle() -> None:
        waiting = window.gate is None and (window.busy() or not window.is_open)
        if elapsed.elapsed() < timeout_ms and waiting:
            QTimer.singleShot(30, settle)
            return
        if view == "about" and window.is_open:
            dialog = window.show_about()
            if dialog is not None:
                shown.append(dialog)
        # One more turn of the loop so the arrived rows are painted.
        QTimer.singleShot(80, loop.quit)

    QTimer.singleShot(30, settle)
    loop.exec()
    target.parent.mkdir(parents=True, exist_ok=True)
    if not shown[-1].grab().save(str(target), "PNG"):
        raise OSError(f"could not write {target}")
    for widget in reversed(shown):
        widget.close()
    shell.tasks.wait()
    if window.ctx is not None:
        window.ctx.database.dispose()
    return target
