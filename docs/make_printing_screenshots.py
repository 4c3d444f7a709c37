"""Regenerate docs/screenshots/settings-printing.png and print-day-certificates.png.

    QT_QPA_PLATFORM=offscreen python docs/make_printing_screenshots.py

Settings → Printing with two calibrated printers and the printers last used, kept in a
throw-away settings file; the end-of-day dialog over a fresh Westborough demo town on
June 1, 2026, after one renewal of two dogs.
"""

from __future__ import annotations

import datetime as dt
import sys
import tempfile
from pathlib import Path
from zoneinfo import ZoneInfo

from PySide6.QtCore import QElapsedTimer, QEventLoop, QSettings, QTimer
from PySide6.QtWidgets import QWidget

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.db.migrate import upgrade_to_head
from clerkdesk.reports.calibration import Calibration
from clerkdesk.ui.app import application
from clerkdesk.ui.printing.batch_dialog import BatchPrintDialog
from clerkdesk.ui.printing.jobs import DocumentKind
from clerkdesk.ui.printing.settings import PrintSettings
from clerkdesk.ui.style import apply_style
from clerkdesk.ui.tasks import TaskRunner
from clerkdesk.ui.views.settings.printing import PrintingPage

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parent / "tests"))
from document_support import license_two_dogs  # noqa: E402

EASTERN = ZoneInfo("America/New_York")


def _settle(widget: QWidget, ready: object = None) -> None:
    """Let queued work arrive and the widget paint once."""
    elapsed = QElapsedTimer()
    elapsed.start()
    loop = QEventLoop()

    def check() -> None:
        busy = getattr(widget, "busy", None)
        if callable(busy) and busy() and elapsed.elapsed() < 20000:
            QTimer.singleShot(30, check)
            return
        QTimer.singleShot(80, loop.quit)

    QTimer.singleShot(30, check)
    loop.exec()


def _save(widget: QWidget, target: Path) -> None:
    widget.show()
    _settle(widget)
    if not widget.grab().save(str(target), "PNG"):
        raise OSError(f"could not write {target}")
    widget.close()


def main() -> int:
    app = application()
    apply_style(app)
    target = HERE / "screenshots"
    target.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="clerkdesk-docs-") as tmp:
        folder = Path(tmp)
        settings = PrintSettings(
            QSettings(str(folder / "workstation.ini"), QSettings.Format.IniFormat)
        )
        settings.set_calibration("Front desk laser", Calibration(0.8, -0.4, 1.002))
        settings.set_calibration("PDF file", Calibration())
        settings.remember(DocumentKind.RECEIPT, "Front desk laser", "Auto")
        settings.remember(DocumentKind.TAG_LABELS, "Front desk laser", "Manual")
        page = PrintingPage(settings=settings)
        page.setWindowTitle("Settings → Printing")
        page.printer.setCurrentIndex(page.printer.findText("Front desk laser"))
        page.resize(900, 560)
        _save(page, target / "settings-printing.png")

        clock = FixedClock(dt.datetime(2026, 6, 1, 16, 45, tzinfo=EASTERN))
        database = Database.open(f"sqlite:///{folder / 'demo.sqlite'}")
        upgrade_to_head(database)
        license_two_dogs(database, FixedClock(dt.datetime(2026, 6, 1, 10, 30, tzinfo=EASTERN)))
        tasks = TaskRunner()
        dialog = BatchPrintDialog(
            database, tasks, clock.today(), lambda _p, _j: False, folder=folder / "docs"
        )
        _save(dialog, target / "print-day-certificates.png")
        tasks.wait()
        database.dispose()
    sys.stdout.write(f"settings-printing.png and print-day-certificates.png written to {target}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
