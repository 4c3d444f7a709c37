"""Screenshots of File → Import register…, one per step, from a fresh Westborough demo town
on June 1, 2026 and a small old register with the usual mess (a row with no dog's name, a
sex the import cannot read, a rabies date in the future): import-register-file.png,
import-register-columns.png, import-register-dry-run.png and import-register-done.png. On an
offscreen screen of 1280×800 (docs/screen-1280x800.json):

    QT_QPA_PLATFORM=offscreen .venv/bin/python docs/make_import_screenshots.py
"""

from __future__ import annotations

import csv
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
from clerkdesk.ui.importing.register_dialog import ImportRegisterDialog
from clerkdesk.ui.records_menu import TASKS
from clerkdesk.ui.style import apply_style

HERE = Path(__file__).parent
HEADERS = [
    "Owner Last", "Owner First", "Address", "Town", "Zip", "Phone", "Dog Name", "Breed",
    "Color", "M/F", "Neutered", "DOB", "Lic Year", "Tag #", "License #", "Fee",
    "Rabies Vacc", "Rabies Exp", "Vet",
]  # fmt: skip
ROWS = [
    ["Green", "Ada", "5 Birch Rd", "Westborough", "01581", "(508) 555-0111", "Pepper",
     "Poodle", "Black", "F (spayed)", "", "03/02/2019", "2025", "9501", "97001", "$10.00",
     "04/10/2025", "04/10/2028", "Dr. Hu"],
    ["GREEN", "Ada", "5 Birch Road", "Westborough", "01581", "508.555.0111", "Salt",
     "Mixed", "White", "M", "Neutered: Y", "2020-06-01", "2025", "9502", "97002", "10",
     "5/1/25", "5/1/26", "Dr. Hu"],
    ["Stone", "Roy", "9 Ash St", "Westborough", "01581", "", "Bolt", "Boxer", "Fawn",
     "Male", "N", "", "2024", "9503", "97003", "15", "", "", ""],
    ["Ortiz", "Lena", "14 Cedar St", "Westborough", "01581", "508-555-0177", "",
     "Beagle", "Tri", "F", "Y", "7/7/2021", "2025", "9504", "97004", "10", "", "", ""],
    ["Park", "Jun", "2 Maple Ave", "Westborough", "01581", "508-555-0190", "Miso",
     "Shiba Inu", "Red", "M/F", "Y", "2022-02-02", "2025", "9505", "97005", "10",
     "02/02/2025", "02/02/2028", "Dr. Hu"],
    ["Quinn", "Tess", "30 Oak St", "Westborough", "01581", "508-555-0133", "Juniper",
     "Collie", "Sable", "F", "N", "1/1/2018", "2025", "9506", "97006", "15",
     "01/05/2031", "01/05/2034", "Dr. Vet"],
]  # fmt: skip


def write_register(path: Path) -> Path:
    with path.open("w", encoding="utf-8", newline="") as handle:
        csv.writer(handle).writerows([HEADERS, *ROWS])
    return path


def main() -> int:
    if os.environ.get("QT_QPA_PLATFORM", "offscreen") == "offscreen":
        os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={HERE / 'screen-1280x800.json'}"
    clock = FixedClock(dt.datetime(2026, 6, 1, 10, 30, tzinfo=EASTERN))
    with tempfile.TemporaryDirectory(prefix="clerkdesk-import-") as tmp:
        for name in ("XDG_DATA_HOME", "XDG_STATE_HOME"):
            os.environ[name] = str(Path(tmp) / name.lower())
        url = f"sqlite:///{Path(tmp) / 'demo.sqlite'}"
        database = Database.open(url)
        upgrade_to_head(database)
        fill_demo(database, dogs=450, seed=7, town_id="westborough", clock=clock)
        database.dispose()
        register = write_register(Path(tmp) / "old-register.csv")
        app = application()
        apply_style(app)
        shell = build_shell(url, clock)
        shell.actor = demo_administrator(url, clock)
        window = start(url, shell)
        window.resize(1280, 800)
        wait_until(lambda: window.is_open and not window.busy())
        task = next(t for t in TASKS if t.key == "import_register")
        dialog = window.records.open(task)
        assert isinstance(dialog, ImportRegisterDialog)
        dialog.file_page.path.setText(str(register))
        dialog.load()
        wait_until(lambda: dialog.preview is not None and not dialog.busy)
        save(dialog, "import-register-file")
        dialog.forward()
        wait_until(lambda: dialog.isVisible())
        save(dialog, "import-register-columns")
        dialog.forward()
        wait_until(lambda: dialog.report is not None and not dialog.busy)
        save(dialog, "import-register-dry-run")
        dialog.forward()
        wait_until(lambda: dialog.outcome is not None and not dialog.busy)
        save(dialog, "import-register-done")
        dialog.reject()
        window.close()
        shell.tasks.wait()
        if window.ctx is not None:
            window.ctx.database.dispose()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
