"""Screenshots of the Enforcement area at 1280×800, signed in as the demo's animal control
officer, from a fresh Westborough demo town on June 1, 2026 with a year of history (its few
enforcement records): the day list (enforcement-day.png), the Violations tab
(enforcement-violations.png), a held dog's card (enforcement-impound.png) and Record
violation… (enforcement-record-violation.png). On an offscreen screen of that size
(docs/screen-1280x800.json):
    QT_QPA_PLATFORM=offscreen .venv/bin/python docs/make_enforcement_screenshots.py
"""

from __future__ import annotations

import datetime as dt
import os
import tempfile
from pathlib import Path

from screenshot_support import EASTERN, save, visible, wait_until

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.db.migrate import upgrade_to_head
from clerkdesk.demo.fill import fill_demo
from clerkdesk.services.sign_in import sign_in
from clerkdesk.ui.app import application, build_shell, start
from clerkdesk.ui.style import apply_style
from clerkdesk.ui.views.enforcement import EnforcementView
from clerkdesk.ui.views.enforcement.details import RecordDialog
from clerkdesk.ui.views.enforcement.violation_dialogs import RecordViolationDialog

HERE = Path(__file__).parent


def main() -> int:
    if os.environ.get("QT_QPA_PLATFORM", "offscreen") == "offscreen":
        os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={HERE / 'screen-1280x800.json'}"
    clock = FixedClock(dt.datetime(2026, 6, 1, 10, 30, tzinfo=EASTERN))
    with tempfile.TemporaryDirectory(prefix="clerkdesk-enforcement-") as tmp:
        for name in ("XDG_DATA_HOME", "XDG_STATE_HOME"):
            os.environ[name] = str(Path(tmp) / name.lower())
        url = f"sqlite:///{Path(tmp) / 'demo.sqlite'}"
        database = Database.open(url)
        upgrade_to_head(database)
        fill_demo(database, dogs=300, seed=7, town_id="westborough", clock=clock, history_years=1)
        officer = sign_in(database, "aco", "demo-aco", clock=clock, workstation="docs")
        database.dispose()
        app = application()
        apply_style(app)
        shell = build_shell(url, clock)
        shell.actor = officer  # past the sign-in page
        window = start(url, shell)
        window.resize(1280, 800)
        wait_until(lambda: window.is_open and not window.busy())
        window.show_area("enforcement")
        view = window.views["enforcement"]
        assert isinstance(view, EnforcementView)
        wait_until(lambda: not view.busy() and bool(view.day.model.rows))
        save(window, "enforcement-day")
        view.tabs.setCurrentWidget(view.violations)
        wait_until(lambda: not view.busy() and bool(view.violations.model.rows))
        save(window, "enforcement-violations")
        view.tabs.setCurrentWidget(view.day)
        wait_until(lambda: not view.busy())
        view.day.table.selectRow(0)
        view.day.open_chosen()
        wait_until(lambda: (d := visible(RecordDialog)) is not None and not d.busy())
        details = visible(RecordDialog)
        assert details is not None
        save(details, "enforcement-impound")
        details.reject()
        view.record_violation()
        wait_until(lambda: (d := visible(RecordViolationDialog)) is not None and not d.busy())
        form = visible(RecordViolationDialog)
        assert form is not None
        save(form, "enforcement-record-violation")
        form.discard()
        shell.tasks.wait()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
