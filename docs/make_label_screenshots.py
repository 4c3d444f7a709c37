"""Screenshots of tag labels: the Tags area with its two buttons, Print tag labels… filled
in, the preview of tags 1–45 from label 7 of a 30-up sheet, Calibrate printer… with three
measurements typed, and the label sheets and calibration page themselves (drawn by
pypdfium2 at 80 dpi). Westborough, June 1, 2026, tags 1–500 in stock, on an offscreen
1280×800 screen:

    QT_QPA_PLATFORM=offscreen .venv/bin/python docs/make_label_screenshots.py
"""

from __future__ import annotations

import datetime as dt
import os
import tempfile
from pathlib import Path

import pypdfium2 as pdfium
from PySide6.QtCore import QSettings
from screenshot_support import EASTERN, SHOTS, demo_administrator, save, visible, wait_until

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.db.migrate import upgrade_to_head
from clerkdesk.demo.fill import fill_demo
from clerkdesk.reports.calibration_page import render_calibration_page
from clerkdesk.reports.label_sheets import ADDRESS_30, ROUND_2IN
from clerkdesk.reports.tag_labels import Barcode, TagLabels, render_tag_labels
from clerkdesk.rules.roles import Actor, Role
from clerkdesk.services import tags
from clerkdesk.ui.app import application, build_shell, start
from clerkdesk.ui.printing.preview import PrintPreview
from clerkdesk.ui.printing.settings import PrintSettings
from clerkdesk.ui.style import apply_style
from clerkdesk.ui.views.tags import TagsView
from clerkdesk.ui.views.tags.calibration_dialog import CalibrationDialog
from clerkdesk.ui.views.tags.labels_dialog import TagLabelsDialog
from clerkdesk.ui.views.tags.template_dialog import TemplateDialog

HERE = Path(__file__).parent


def pdf_png(data: bytes, name: str) -> None:
    document = pdfium.PdfDocument(data)
    try:
        document[0].render(scale=80 / 72).to_pil().save(SHOTS / f"{name}.png")
    finally:
        document.close()


def main() -> int:
    if os.environ.get("QT_QPA_PLATFORM", "offscreen") == "offscreen":
        os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={HERE / 'screen-1280x800.json'}"
    clock = FixedClock(dt.datetime(2026, 6, 1, 10, 30, tzinfo=EASTERN))
    town = "Town of Westborough"
    pdf_png(
        render_tag_labels(TagLabels(town, "2026–27", 1, 45, start_at=7), ADDRESS_30),
        "tag-labels-5160",
    )
    pdf_png(
        render_tag_labels(TagLabels(town, "2026–27", 101, 112, barcode=Barcode.QR), ROUND_2IN),
        "tag-labels-round-qr",
    )
    pdf_png(render_calibration_page(ADDRESS_30), "calibration-page")
    with tempfile.TemporaryDirectory(prefix="clerkdesk-labels-") as tmp:
        for name in ("XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME"):
            os.environ[name] = str(Path(tmp) / name.lower())
        url = f"sqlite:///{Path(tmp) / 'demo.sqlite'}"
        database = Database.open(url)
        upgrade_to_head(database)
        fill_demo(database, dogs=200, seed=7, town_id="westborough", clock=clock)
        tags.receive_stock(
            database,
            dt.date(2026, 4, 1),
            1,
            500,
            actor=Actor("clerk", Role.CLERK, "docs"),
            clock=clock,
        )
        database.dispose()
        app = application()
        apply_style(app)
        shell = build_shell(url, clock)
        shell.actor = demo_administrator(url, clock)
        window = start(url, shell)
        window.resize(1280, 800)
        wait_until(lambda: window.is_open and not window.busy())
        window.show_area("tags")
        view = window.views["tags"]
        assert isinstance(view, TagsView)
        wait_until(lambda: not view.busy() and view.summary is not None)
        save(window, "tags-labels-buttons")

        view.print_labels()
        wait_until(lambda: visible(TagLabelsDialog) is not None)
        dialog = visible(TagLabelsDialog)
        assert isinstance(dialog, TagLabelsDialog)
        for key, text in (("first", "1"), ("last", "45"), ("start_at", "7")):
            dialog.edit(key).setText(text)
        save(dialog, "tags-labels-dialog")
        dialog.new_sheet()
        wait_until(lambda: visible(TemplateDialog) is not None)
        sheet = visible(TemplateDialog)
        assert isinstance(sheet, TemplateDialog)
        sheet.edit("title").setText("Round 1.5 in tag labels, 20 per sheet")
        for key, text in (
            ("columns", "4"), ("rows", "5"), ("label_width", "1.5"), ("label_height", "1.5"),
            ("top_margin", "0.75"), ("left_margin", "0.5"), ("horizontal_pitch", "2"),
            ("vertical_pitch", "2"), ("corner_radius", "0.75"),
        ):  # fmt: skip
            sheet.edit(key).setText(text)
        sheet.round.setChecked(True)
        wait_until(lambda: False, 200)
        save(sheet, "tags-new-sheet-dialog")
        sheet.reject()
        dialog.save()
        wait_until(lambda: visible(PrintPreview) is not None)
        preview = visible(PrintPreview)
        assert preview is not None
        wait_until(lambda: False, 600)  # the PDF view renders its pages
        save(preview, "tags-labels-preview")
        preview.close()

        assert window.ctx is not None
        settings = PrintSettings(
            QSettings(str(Path(tmp) / "print.ini"), QSettings.Format.IniFormat)
        )
        calibration = CalibrationDialog(
            window.ctx,
            (ADDRESS_30, ROUND_2IN),
            window,
            settings=settings,
            printers=["Front desk HP LaserJet", "Back office Brother"],
        )
        calibration.show()
        for key, text in (
            ("measured_left", "26.1"),
            ("measured_top", "24.8"),
            ("measured_span", "229.4"),
        ):
            calibration.edit(key).setText(text)
        wait_until(lambda: False, 200)
        save(calibration, "tags-calibration-dialog")
        calibration.close()
        shell.tasks.wait()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
