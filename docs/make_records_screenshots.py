"""Screenshots of the screens that keep an office's records and take them in and out, from a
fresh Westborough demo town on June 1, 2026, the dialogs filled in by code as a clerk would:

- the status bar's backup warning with its words on hover (backup-warning.png), File → Back
  up now… once written (backup-now.png), Settings → Backups (settings-backups.png);
- File → Restore from a backup… once the backup is checked, its question on top
  (restore-check.png); on a new PC, the first page's Restore from a backup… (restore-first-run.png)
  and the restore it opens, done (restore-done.png);
- File → Export records…: every record (export-full.png), the public register (export-public.png);
- File → Import rabies list… and Import census…, a small list matched (import-rabies-list.png,
  import-census.png);
- the Kennels area's State report… and Inspections… PDFs, first page (kennels-state-report.png,
  kennels-inspection-record.png).

Each is at most 1040 pixels wide and kept small (a palette image where that is smaller). On
an offscreen screen of 1280×800 (docs/screen-1280x800.json):

    QT_QPA_PLATFORM=offscreen .venv/bin/python docs/make_records_screenshots.py
"""

from __future__ import annotations

import datetime as dt
import io
import os
import sys
import tempfile
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image
from PySide6.QtCore import QBuffer, QIODevice, QPoint, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPixmap
from PySide6.QtWidgets import QFrame, QLabel, QToolTip, QWidget
from screenshot_support import EASTERN, SHOTS, demo_administrator, visible, wait_until
from sqlalchemy import select

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.db.migrate import upgrade_to_head
from clerkdesk.demo.fill import fill_demo
from clerkdesk.models import Dog, DogStatus, Owner, OwnerStatus
from clerkdesk.rules.kinds import InspectionResult, TenderKind
from clerkdesk.rules.roles import Actor, Role
from clerkdesk.services.backups.schedule import BackupSchedule, BackupWhen, set_backup_schedule
from clerkdesk.services.kennel_licensing import KennelSaleRequest, sell_kennel_license
from clerkdesk.services.kennels import (
    InspectionInput,
    KennelInput,
    add_kennel,
    add_to_roster,
    record_inspection,
)
from clerkdesk.services.payments import TenderInput
from clerkdesk.ui.app import application, build_shell, start
from clerkdesk.ui.backups.backup_dialog import BackupDialog
from clerkdesk.ui.backups.restore_dialog import RestoreDialog
from clerkdesk.ui.exports.export_dialog import ExportDialog
from clerkdesk.ui.importing.census_dialog import CensusDialog
from clerkdesk.ui.importing.rabies_list_dialog import RabiesListDialog
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.question import QuestionDialog
from clerkdesk.ui.records_menu import TASKS
from clerkdesk.ui.sign_in_pages import FirstRunPage
from clerkdesk.ui.style import apply_style
from clerkdesk.ui.views.kennels.report_actions import write_inspection_record, write_state_report
from clerkdesk.ui.views.settings.backups import BackupsPage
from clerkdesk.ui.views.settings.view import SettingsView

HERE = Path(__file__).parent
WIDEST = 1040
LARGEST = 150 * 1024
CLERK = Actor("clerk", Role.CLERK, "docs")


# saving ---------------------------------------------------------------------------------------
def write_png(picture: QPixmap, name: str) -> None:
    """``picture`` as screenshots/NAME.png: scaled to at most ``WIDEST`` pixels wide, and
    written as a palette image when that is smaller (flat UI colours lose nothing visible)."""
    if picture.width() > WIDEST:
        picture = picture.scaledToWidth(WIDEST, Qt.TransformationMode.SmoothTransformation)
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    picture.save(buffer, "PNG")
    image = Image.open(io.BytesIO(bytes(buffer.data().data()))).convert("RGB")
    target = SHOTS / f"{name}.png"
    full, palette = io.BytesIO(), io.BytesIO()
    image.save(full, "PNG", optimize=True)
    image.quantize(colors=256, method=Image.Quantize.MEDIANCUT).save(palette, "PNG", optimize=True)
    best = min(full.getvalue(), palette.getvalue(), key=len)
    target.write_bytes(best)
    sys.stdout.write(f"{target} ({len(best) // 1024} KB)\n")
    if len(best) > LARGEST:
        raise SystemExit(f"{target} is {len(best) // 1024} KB, more than the docs allow")


def shot(widget: QWidget, name: str) -> None:
    write_png(widget.grab(), name)


def with_question(under: QWidget, name: str) -> QuestionDialog:
    """The dialog with the question it asks drawn on top, centred, as the clerk sees it."""
    wait_until(lambda: visible(QuestionDialog) is not None)
    question = visible(QuestionDialog)
    assert isinstance(question, QuestionDialog)
    wait_until(question.isVisible)
    # The question opens over the dialog's buttons (what the check said stays in sight);
    # the two are drawn on a plain ground the size of both.
    below, top = under.grab(), question.grab()
    at = QPoint(max(24, (below.width() - top.width()) // 2), below.height() - 42)
    base = QPixmap(max(below.width(), at.x() + top.width() + 24), at.y() + top.height() + 24)
    base.fill(QColor("#d8dce2"))
    painter = QPainter(base)
    painter.drawPixmap(0, 0, below)
    painter.fillRect(below.rect(), QColor(0, 0, 0, 40))
    painter.setPen(QColor("#555555"))
    painter.drawRect(at.x() - 1, at.y() - 1, top.width() + 1, top.height() + 1)
    painter.drawPixmap(at, top)
    painter.end()
    write_png(base, name)
    return question


def pdf_page(path: Path, name: str, width: int = WIDEST) -> None:
    """The PDF's first page, ``width`` pixels wide (a landscape page the widest allowed, a
    portrait one as the other documents' pictures are)."""
    document = pdfium.PdfDocument(str(path))
    try:
        page = document[0]
        image = page.render(scale=width / page.get_width()).to_pil().convert("RGB")
    finally:
        document.close()
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    write_png(QPixmap.fromImage(QImage.fromData(buffer.getvalue(), "PNG")), name)


# the office's files ---------------------------------------------------------------------------
def write_csv(path: Path, headers: tuple[str, ...], rows: list[tuple[str, ...]]) -> Path:
    import csv

    with path.open("w", encoding="utf-8", newline="") as handle:
        csv.writer(handle).writerows([headers, *rows])
    return path


def owners_with_dogs(database: Database, count: int) -> list[tuple[Owner, Dog]]:
    found: list[tuple[Owner, Dog]] = []
    with database.read() as session:
        rows = session.execute(
            select(Owner, Dog)
            .join(Dog, Dog.owner_id == Owner.id)
            .where(Owner.status == OwnerStatus.ACTIVE, Dog.status == DogStatus.ACTIVE)
            .order_by(Owner.id, Dog.id)
        )
        seen: set[int] = set()
        for owner, dog in rows:
            if owner.id not in seen:
                seen.add(owner.id)
                session.expunge(owner)
                session.expunge(dog)
                found.append((owner, dog))
            if len(found) == count:
                break
    return found


def street(owner: Owner) -> str:
    return owner.street + (f" Apt {owner.unit}" if owner.unit else "")


def rabies_list(database: Database, folder: Path) -> Path:
    """A clinic's list: three dogs on file (one at an address the town does not have for its
    owner) and one the town has never seen."""
    (a, rex), (b, dog_b), (c, dog_c) = owners_with_dogs(database, 3)
    rows = [
        (f"{a.last_name}, {a.first_name}", street(a), rex.name, "05/28/2026", "3", "26-0412",
         "Dr. Maya Lee", "Westborough Animal Hospital"),
        (f"{b.last_name}, {b.first_name}", street(b), dog_b.name, "05/29/2026", "1", "26-0413",
         "Dr. Maya Lee", "Westborough Animal Hospital"),
        (f"{c.last_name}, {c.first_name}", "77 Lyman St", dog_c.name, "05/30/2026", "3",
         "26-0414", "Dr. Sam Ortiz", "Westborough Animal Hospital"),
        ("Quill, Ann", "999 Nowhere Ln", "Biscuit", "05/30/2026", "1", "26-0415",
         "Dr. Sam Ortiz", "Westborough Animal Hospital"),
    ]  # fmt: skip
    headers = ("Owner", "Address", "Pet Name", "Date Vaccinated", "Duration", "Rabies Tag #",
               "Veterinarian", "Clinic")  # fmt: skip
    return write_csv(folder / "westborough-animal-hospital-may.csv", headers, rows)


def census_listing(database: Database, folder: Path) -> Path:
    """The street listing's dog answers: households on file, and one reporting dogs with
    none licensed."""
    found = owners_with_dogs(database, 3)
    rows = [
        (o.street, o.unit or "", f"{o.first_name} {o.last_name}", str(n))
        for (o, _d), n in zip(found, (1, 0, 2), strict=True)
    ]
    rows.append(("999 Nowhere Lane", "", "Ann & Bo Quill", "2"))
    headers = ("Address", "Unit", "Residents", "Number of Dogs")
    return write_csv(folder / "census-2026.csv", headers, rows)


# the shots ------------------------------------------------------------------------------------
def backup_warning(window: MainWindow) -> None:
    """The status bar's right end with the warning's words on hover above it."""
    status = window.status
    wait_until(status.backup.isVisible)
    badge = status.backup
    # Drawn as the tooltip draws (its palette and font): an offscreen screen shows no tooltip.
    tip = QLabel(badge.toolTip())
    tip.setPalette(QToolTip.palette())
    tip.setFont(QToolTip.font())
    tip.setAutoFillBackground(True)
    tip.setFrameShape(QFrame.Shape.Box)
    tip.setMargin(6)
    tip.setWordWrap(True)
    tip.setFixedWidth(460)
    tip.adjustSize()
    bar = status.grab()
    at = badge.mapTo(status, QPoint(0, 0)).x()
    start = max(0, at - 240)
    right = bar.copy(start, 0, bar.width() - start, bar.height())
    tip_picture = tip.grab()
    picture = QPixmap(right.width(), tip_picture.height() + right.height() + 10)
    picture.fill(QColor("#ffffff"))
    painter = QPainter(picture)
    painter.drawPixmap(max(0, at - start - 40), 0, tip_picture)
    painter.drawPixmap(0, tip_picture.height() + 10, right)
    painter.end()
    write_png(picture, "backup-warning")


def back_up_now(window: MainWindow, folder: Path) -> Path:
    dialog = window.records.open(next(t for t in TASKS if t.key == "back_up"))
    assert isinstance(dialog, BackupDialog)
    wait_until(lambda: dialog.file.edit.text().startswith(str(folder)))
    path = Path(dialog.file.edit.text())
    dialog.back_up()
    wait_until(lambda: path.exists() and not dialog.running)
    shot(dialog, "backup-now")
    dialog.reject()
    return path


def settings_backups(window: MainWindow) -> None:
    """Settings → Backups as the next visit reads it: with the schedule and the backup just
    taken (the page read the office's settings when the window was built, before either)."""
    assert window.ctx is not None
    window.show_area("settings")
    view = window.views["settings"]
    assert isinstance(view, SettingsView)
    index = view.tabs.indexOf(view.backups)
    view.tabs.removeTab(index)
    view.backups.deleteLater()
    view.backups = BackupsPage(window.ctx, view.tabs)
    view.tabs.insertTab(index, view.backups, "Backups")
    view.tabs.setCurrentIndex(index)
    page = view.backups
    wait_until(lambda: not page.busy())
    # Down to the last line the page says: below it the page is empty.
    bottom = page.standing.mapTo(view.tabs, QPoint(0, page.standing.height())).y() + 16
    write_png(view.tabs.grab().copy(0, 0, view.tabs.width(), bottom), "settings-backups")
    window.show_area("counter")


def exports(window: MainWindow, folder: Path) -> None:
    task = next(t for t in TASKS if t.key == "export")
    dialog = window.records.open(task)
    assert isinstance(dialog, ExportDialog)
    wait_until(lambda: not dialog.running)
    dialog.zip.edit.setText(str(folder / "westborough-records-2026-06-01.zip"))
    dialog.with_xlsx.setChecked(True)
    dialog.xlsx.edit.setText(str(folder / "westborough-records-2026-06-01.xlsx"))
    dialog.export()
    wait_until(lambda: not dialog.running and dialog.message.text().startswith("Wrote"), 60000)
    shot(dialog, "export-full")
    dialog.reject()
    dialog = window.records.open(task)
    assert isinstance(dialog, ExportDialog)
    wait_until(lambda: not dialog.running)
    dialog.public.setChecked(True)
    dialog.register_file.edit.setText(str(folder / "dog-register-2026-06-01.csv"))
    dialog.field_checks["color"].setChecked(True)
    dialog.export()
    wait_until(lambda: not dialog.running and bool(dialog.message.text()), 60000)
    shot(dialog, "export-public")
    dialog.reject()


def imports(window: MainWindow, folder: Path) -> None:
    assert window.ctx is not None
    database = window.ctx.database
    dialog = window.records.open(next(t for t in TASKS if t.key == "import_rabies"))
    assert isinstance(dialog, RabiesListDialog)
    dialog.file.edit.setText(str(rabies_list(database, folder)))
    dialog.match()
    wait_until(lambda: dialog.found is not None and not dialog.running)
    shot(dialog, "import-rabies-list")
    dialog.reject()
    dialog = window.records.open(next(t for t in TASKS if t.key == "import_census"))
    assert isinstance(dialog, CensusDialog)
    dialog.file.edit.setText(str(census_listing(database, folder)))
    dialog.run()
    wait_until(lambda: dialog.kept is not None and not dialog.running)
    shot(dialog, "import-census")
    dialog.reject()


def restore_checked(window: MainWindow, backup: Path) -> None:
    dialog = window.records.open(next(t for t in TASKS if t.key == "restore"))
    assert isinstance(dialog, RestoreDialog)
    dialog.file.edit.setText(str(backup))
    dialog.check()
    question = with_question(dialog, "restore-check")
    question.reject()  # Not now: the demo town stays as it is
    dialog.reject()


KENNELS = (
    # name, premises (None: the keeper's home), state class, most dogs
    ("Maple Hill Kennel", "14 Maple Hill Rd", "commercial-breeder", 10),
    ("Birch Lane Boarding", "210 Birch Ln", "commercial-boarding", 20),
    ("Oak Street Kennel", None, "personal", 4),
)


def seed_kennels(database: Database, clock: FixedClock) -> list[int]:
    """Three kennels licensed for 2026 (two dogs each, inspected first)."""
    officer = Actor("aco", Role.ANIMAL_CONTROL, "docs")
    keepers: dict[int, list[int]] = {}
    with database.read() as session:
        for owner_id, dog_id in session.execute(
            select(Dog.owner_id, Dog.id)
            .join(Owner, Owner.id == Dog.owner_id)
            .where(Owner.status == OwnerStatus.ACTIVE, Dog.status == DogStatus.ACTIVE)
            .order_by(Dog.owner_id, Dog.id)
        ):
            keepers.setdefault(owner_id, []).append(dog_id)
    pairs = [(owner, dogs[:2]) for owner, dogs in keepers.items() if len(dogs) >= 2]
    made = []
    for (owner_id, dog_ids), (name, premises, kind, most) in zip(pairs, KENNELS, strict=False):
        kennel_id = add_kennel(
            database,
            KennelInput(name=name, keeper_id=owner_id, premises_street=premises,
                        premises_city="Westborough" if premises else None,
                        premises_postal_code="01581" if premises else None,
                        kennel_class=kind, max_dogs=most),
            actor=CLERK, clock=clock,
        )  # fmt: skip
        for dog_id in dog_ids:
            add_to_roster(database, kennel_id, dog_id, on=clock.today(), actor=CLERK, clock=clock)
        for year, on, notes in (
            (2025, dt.date(2025, 5, 14), "Water bowls to be kept full; to be seen again"),
            (
                2026,
                clock.today() - dt.timedelta(days=12),
                "Runs and water in order; fence on the north run mended",
            ),
        ):
            record_inspection(
                database,
                InspectionInput(kennel_id, year, on, InspectionResult.PASSED,
                                "Officer Dana Reyes", notes),
                actor=officer, clock=clock,
            )  # fmt: skip
        sell_kennel_license(
            database,
            KennelSaleRequest(kennel_id, (TenderInput(TenderKind.CHECK, None, "1042"),), 2026),
            actor=CLERK,
            clock=clock,
        )
        made.append(kennel_id)
    return made


def kennel_reports(url: str, folder: Path, clock: FixedClock) -> None:
    """State report… and Inspections… write these PDFs (the Kennels area's buttons call the
    same two functions); their first pages, as images."""
    database = Database.open(url)
    try:
        kennels = seed_kennels(database, clock)
        state = write_state_report(database, 2026, CLERK, clock, folder)
        pdf_page(state.job.path, "kennels-state-report")
        record = write_inspection_record(database, kennels[0], CLERK, clock, folder)
        pdf_page(record.job.path, "kennels-inspection-record", 780)
    finally:
        database.dispose()


def first_run_restore(folder: Path, backup: Path, clock: FixedClock) -> None:
    """A new PC after a disk failure: the first page's Restore from a backup…, and the
    restore it opens, done."""
    url = f"sqlite:///{folder / 'new-pc.sqlite'}"
    shell = build_shell(url, clock)
    window = start(url, shell)
    window.resize(1280, 800)
    wait_until(lambda: isinstance(window.gate, FirstRunPage))
    page = window.gate
    assert isinstance(page, FirstRunPage)
    wait_until(page.restore_choice.isVisible)
    shot(window, "restore-first-run")
    page.restore_choice.button.click()
    wait_until(lambda: page.restore_choice.dialog is not None)
    dialog = page.restore_choice.dialog
    assert dialog is not None
    dialog.file.edit.setText(str(backup))
    dialog.check()
    wait_until(lambda: visible(QuestionDialog) is not None)
    question = visible(QuestionDialog)
    assert isinstance(question, QuestionDialog)
    question.choose("restore")
    wait_until(lambda: dialog.done_restoring and not dialog.running, 60000)
    shot(dialog, "restore-done")
    dialog.reject()
    window.close()
    shell.tasks.wait()
    if window.ctx is not None:
        window.ctx.database.dispose()


def main() -> int:
    if os.environ.get("QT_QPA_PLATFORM", "offscreen") == "offscreen":
        os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={HERE / 'screen-1280x800.json'}"
    clock = FixedClock(dt.datetime(2026, 6, 1, 17, 2, tzinfo=EASTERN))
    with tempfile.TemporaryDirectory(prefix="office-") as tmp:
        folder = Path(tmp)
        for name in ("XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME"):
            os.environ[name] = str(folder / name.lower())
        share = folder / "townhall-fs" / "clerk" / "clerkdesk"
        share.mkdir(parents=True)
        url = f"sqlite:///{folder / 'office.sqlite'}"
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
        assert window.ctx is not None
        backup_warning(window)
        set_backup_schedule(
            window.ctx.database,
            BackupSchedule(share, 14, BackupWhen.CLOSE_OUT, 7),
            actor=CLERK,
        )
        backup = back_up_now(window, share)
        settings_backups(window)
        exports(window, folder)
        imports(window, folder)
        restore_checked(window, backup)
        window.close()
        shell.tasks.wait()
        if window.ctx is not None:
            window.ctx.database.dispose()
        kennel_reports(url, folder, clock)
        first_run_restore(folder, backup, clock)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
