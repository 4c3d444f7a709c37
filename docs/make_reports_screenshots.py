"""A screenshot of the Reports area at 1280×800: the remittance for May 2026 previewed
from a fresh Westborough demo town with a year of history (reports-remittance.png), on an
offscreen screen of that size (docs/screen-1280x800.json):

    QT_QPA_PLATFORM=offscreen .venv/bin/python docs/make_reports_screenshots.py
"""

from __future__ import annotations

import datetime as dt
import os
import tempfile
from pathlib import Path

from screenshot_support import EASTERN, demo_administrator, save, wait_until

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.db.migrate import upgrade_to_head
from clerkdesk.demo.fill import fill_demo
from clerkdesk.ui.app import application, build_shell, start
from clerkdesk.ui.style import apply_style
from clerkdesk.ui.views.reports import ReportsView

HERE = Path(__file__).parent


def main() -> int:
    if os.environ.get("QT_QPA_PLATFORM", "offscreen") == "offscreen":
        os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={HERE / 'screen-1280x800.json'}"
    clock = FixedClock(dt.datetime(2026, 6, 20, 10, 30, tzinfo=EASTERN))
    with tempfile.TemporaryDirectory(prefix="clerkdesk-reports-") as tmp:
        for name in ("XDG_DATA_HOME", "XDG_STATE_HOME"):
            os.environ[name] = str(Path(tmp) / name.lower())
        url = f"sqlite:///{Path(tmp) / 'demo.sqlite'}"
        database = Database.open(url)
        upgrade_to_head(database)
        fill_demo(database, dogs=450, seed=7, town_id="westborough", clock=clock, history_years=1)
        database.dispose()
        app = application()
        apply_style(app)
        shell = build_shell(url, clock)
        shell.actor = demo_administrator(url, clock)
        window = start(url, shell)
        window.resize(1280, 800)
        wait_until(lambda: window.is_open and not window.busy())
        window.show_area("reports")
        view = window.views["reports"]
        assert isinstance(view, ReportsView)
        view.show_page(view.remittance)
        view.remittance.preview()
        wait_until(lambda: view.remittance.result is not None)
        save(window, "reports-remittance")
        window.close()
        shell.tasks.wait()
        if window.ctx is not None:
            window.ctx.database.dispose()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
