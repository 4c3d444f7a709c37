"""Screenshots of the year-end screens at 1280×800, from a fresh Westborough demo town with
a year of history, on June 20, 2026 (after the due date): the season's home in Reports
(reports-season.png), Renewal notices… (yearend-notices.png), Open license year…
(yearend-open-year.png; yearend-open-year-opened.png once opened) and Unlicensed dogs…
(yearend-unlicensed.png):

    QT_QPA_PLATFORM=offscreen .venv/bin/python docs/make_yearend_screenshots.py
"""

from __future__ import annotations

import datetime as dt
import os
import tempfile
from pathlib import Path

from screenshot_support import EASTERN, demo_administrator, save, visible, wait_until

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.db.migrate import upgrade_to_head
from clerkdesk.demo.fill import fill_demo
from clerkdesk.services.tags import receive_stock
from clerkdesk.services.year_open import open_license_year
from clerkdesk.ui.app import application, build_shell, start
from clerkdesk.ui.style import apply_style
from clerkdesk.ui.views.reports import ReportsView
from clerkdesk.ui.views.yearend.notices_dialog import NoticesDialog
from clerkdesk.ui.views.yearend.open_year_dialog import OpenYearDialog
from clerkdesk.ui.views.yearend.unlicensed_dialog import UnlicensedDialog

HERE = Path(__file__).parent


def main() -> int:
    if os.environ.get("QT_QPA_PLATFORM", "offscreen") == "offscreen":
        os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={HERE / 'screen-1280x800.json'}"
    clock = FixedClock(dt.datetime(2026, 6, 20, 10, 30, tzinfo=EASTERN))
    with tempfile.TemporaryDirectory(prefix="clerkdesk-yearend-") as tmp:
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
        wait_until(lambda: view.season.overview is not None and not view.season.busy)
        save(window, "reports-season")
        menu = window.year_end
        menu.actions["notices"].trigger()
        notices = visible(NoticesDialog)
        assert isinstance(notices, NoticesDialog)
        wait_until(lambda: notices.count is not None)
        save(notices, "yearend-notices")
        notices.reject()
        menu.actions["open_year"].trigger()
        opening = visible(OpenYearDialog)
        assert isinstance(opening, OpenYearDialog)
        wait_until(lambda: opening.readiness is not None)
        save(opening, "yearend-open-year")
        opening.reject()
        menu.actions["unlicensed"].trigger()
        unlicensed = visible(UnlicensedDialog)
        assert isinstance(unlicensed, UnlicensedDialog)
        wait_until(lambda: unlicensed.data is not None)
        save(unlicensed, "yearend-unlicensed")
        unlicensed.reject()
        # Next year's tags received and the year opened: the dialog says by whom and when.
        assert window.ctx is not None
        ctx = window.ctx
        receive_stock(ctx.database, dt.date(2027, 4, 1), 1, 1500, actor=ctx.actor, clock=clock)
        open_license_year(ctx.database, 2027, actor=ctx.actor, clock=clock)
        menu.actions["open_year"].trigger()
        opened = visible(OpenYearDialog)
        assert isinstance(opened, OpenYearDialog)
        wait_until(lambda: opened.readiness is not None)
        save(opened, "yearend-open-year-opened")
        opened.reject()
        window.close()
        shell.tasks.wait()
        if window.ctx is not None:
            window.ctx.database.dispose()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
