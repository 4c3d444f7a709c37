"""Print tag labels… (Ctrl+L) and Calibrate printer…, keyboard only, from the Tags area."""

from __future__ import annotations

from pathlib import Path

import pytest
from counter_fixtures import active_dialog, focused
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QLineEdit
from pytestqt.qtbot import QtBot

from clerkdesk.reports.calibration import Calibration
from clerkdesk.reports.label_sheets import BUILT_IN
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.printing.jobs import DocumentKind
from clerkdesk.ui.printing.preview import PrintPreview
from clerkdesk.ui.printing.settings import PrintSettings
from clerkdesk.ui.question import QuestionDialog
from clerkdesk.ui.views.tags import TagsView
from clerkdesk.ui.views.tags.calibration_dialog import CalibrationDialog
from clerkdesk.ui.views.tags.labels_dialog import TagLabelsDialog
from label_pages import page_texts
from qt_support import RecordedDialogs

CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


@pytest.fixture
def tags_view(qtbot: QtBot, window: MainWindow) -> TagsView:
    window.activateWindow()
    qtbot.keyClick(focused(), Qt.Key.Key_F5)
    view = window.views["tags"]
    assert isinstance(view, TagsView)
    qtbot.waitUntil(lambda: not view.busy() and view.summary is not None, timeout=10000)
    return view


def _type(qtbot: QtBot, text: str) -> None:
    edit = focused()
    assert isinstance(edit, QLineEdit)
    edit.selectAll()
    qtbot.keyClicks(edit, text)


def _tab_to(qtbot: QtBot, dialog: TagLabelsDialog | CalibrationDialog, key: str) -> None:
    for _ in range(12):
        if focused() is dialog.widgets[key]:
            return
        qtbot.keyClick(focused(), Qt.Key.Key_Tab)
    pytest.fail(f"Tab never reached {key}")


def test_labels_are_made_from_the_keyboard_and_previewed(
    qtbot: QtBot, tags_view: TagsView, ui_context: UiContext
) -> None:
    assert tags_view.labels_button.text() == "Print tag labels…  Ctrl+L"
    # WHEN the clerk presses Ctrl+L in the Tags area
    qtbot.keyClick(focused(), Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    dialog = active_dialog(qtbot, TagLabelsDialog)
    assert isinstance(dialog, TagLabelsDialog)
    # THEN the sheet comes first, the 30-up sheet chosen, its size beside it
    assert focused() is dialog.template
    assert dialog.chosen_template().name == "avery-5160"
    assert "30 per sheet" in dialog.sheet_size.text()
    assert dialog.save_button.text() == "Make labels  Enter — needs first tag, last tag"

    # WHEN tags 1–45 are asked for from label 7, the last below the first at first
    _tab_to(qtbot, dialog, "first")
    _type(qtbot, "45")
    qtbot.keyClick(focused(), Qt.Key.Key_Tab)
    _type(qtbot, "1")
    assert dialog.save_button.text() == "Check the last tag"
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    assert dialog.messages["last"].text() == "The last tag must not be below the first (45)."
    dialog.widgets["first"].setFocus()
    _type(qtbot, "1")
    qtbot.keyClick(focused(), Qt.Key.Key_Tab)
    _type(qtbot, "45")
    qtbot.keyClick(focused(), Qt.Key.Key_Tab)
    _type(qtbot, "31")
    assert dialog.save_button.text() == "Check start at"
    _type(qtbot, "7")
    assert dialog.save_button.text() == "Make 45 labels  Enter"
    qtbot.keyClick(focused(), Qt.Key.Key_Return)

    # THEN the preview shows the labels, made off the UI thread, ready for Ctrl+P
    preview = active_dialog(qtbot, PrintPreview, timeout=10000)
    assert isinstance(preview, PrintPreview)
    assert "45 labels (tags 1–45) on 2 sheets of avery-5160, starting at label 7" in (
        preview.message.text()
    )
    job = preview.jobs[0]
    assert job.kind is DocumentKind.TAG_LABELS and job.label_sheet
    texts = page_texts(job.path.read_bytes())
    assert len(texts) == 2 and "Town of Westborough" in texts[0]
    qtbot.keyClick(focused(), Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    dialogs = ui_context.dialogs
    assert isinstance(dialogs, RecordedDialogs)
    assert dialogs.jobs == [job]


@pytest.fixture
def print_settings(tmp_path: Path) -> PrintSettings:
    return PrintSettings(QSettings(str(tmp_path / "print.ini"), QSettings.Format.IniFormat))


def test_the_calibration_page_prints_and_the_measurements_are_kept_per_printer(
    qtbot: QtBot, ui_context: UiContext, print_settings: PrintSettings, tmp_path: Path
) -> None:
    print_settings.set_calibration("Front desk", Calibration(0.5, 0, 1))
    dialog = CalibrationDialog(
        ui_context,
        BUILT_IN,
        settings=print_settings,
        printers=["Back office", "Front desk"],
        folder=tmp_path,
    )
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    qtbot.waitUntil(lambda: focused() is dialog.printer)
    # the second printer's calibration is shown when it is chosen
    qtbot.keyClick(focused(), Qt.Key.Key_Down)
    assert dialog.printer_name() == "Front desk"
    assert dialog.text("offset_x") == "0.5"

    # WHEN the clerk prints the calibration page (Ctrl+P)
    qtbot.keyClick(focused(), Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    dialogs = ui_context.dialogs
    assert isinstance(dialogs, RecordedDialogs)
    assert [j.kind for j in dialogs.jobs] == [DocumentKind.CALIBRATION]
    assert "25.4 mm" in page_texts(dialogs.jobs[0].path.read_bytes())[0]

    # AND types what was measured: 1 mm too far right, 0.5 mm too high, true to scale
    _tab_to(qtbot, dialog, "measured_left")
    _type(qtbot, "26.4")
    qtbot.keyClick(focused(), Qt.Key.Key_Tab)
    _type(qtbot, "24.9")
    qtbot.keyClick(focused(), Qt.Key.Key_Tab)
    _type(qtbot, "228.6")
    # THEN the offsets are worked out on top of the calibration the page was printed with
    assert dialog.text("offset_x") == "-0.5"
    assert dialog.text("offset_y") == "0.5"
    assert dialog.text("scale") == "1"
    assert dialog.worked_out.text().startswith("Worked out from your measurements")
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    assert print_settings.calibration("Front desk") == Calibration(-0.5, 0.5, 1.0)
    assert print_settings.calibration("Back office") == Calibration()


def test_an_offset_out_of_reach_is_named_beside_its_field(
    qtbot: QtBot, ui_context: UiContext, print_settings: PrintSettings, tmp_path: Path
) -> None:
    dialog = CalibrationDialog(ui_context, BUILT_IN, settings=print_settings, printers=[])
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    qtbot.waitUntil(lambda: focused() is dialog.printer)
    assert dialog.printer.currentText() == "The default printer (no printer is installed)"
    _tab_to(qtbot, dialog, "offset_y")
    _type(qtbot, "40")
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    assert dialog.messages["offset_y"].text() == "Type a distance in mm from −25 to 25."
    assert dialog.isVisible() and print_settings.calibration("") == Calibration()


def test_a_new_sheet_is_measured_kept_and_chosen(
    qtbot: QtBot, tags_view: TagsView, ui_context: UiContext
) -> None:
    from clerkdesk.services.label_templates import custom_templates
    from clerkdesk.ui.views.tags.template_dialog import TemplateDialog

    qtbot.keyClick(focused(), Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    labels = active_dialog(qtbot, TagLabelsDialog)
    assert isinstance(labels, TagLabelsDialog)
    # WHEN the clerk asks for a new sheet (Ctrl+N) and types one in mm that runs off the page
    qtbot.keyClick(focused(), Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    dialog = active_dialog(qtbot, TemplateDialog)
    assert isinstance(dialog, TemplateDialog)
    assert focused() is dialog.widgets["title"]
    qtbot.keyClicks(focused(), "Round 38 mm, 20 per sheet")
    qtbot.keyClick(focused(), Qt.Key.Key_Tab)  # page: Letter
    qtbot.keyClick(focused(), Qt.Key.Key_Tab)
    qtbot.keyClick(focused(), Qt.Key.Key_Down)  # measured in mm
    for key, text in (
        ("columns", "4"), ("rows", "5"), ("label_width", "38"), ("label_height", "38"),
        ("top_margin", "20"), ("left_margin", "20"), ("horizontal_pitch", "60"),
        ("vertical_pitch", "50"), ("corner_radius", "19"),
    ):  # fmt: skip
        _tab_to(qtbot, dialog, key)
        _type(qtbot, text)
    qtbot.keyClick(focused(), Qt.Key.Key_Tab)
    qtbot.keyClick(focused(), Qt.Key.Key_Space)  # round
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    # THEN the measurement at fault is named beside it
    assert "past the page" in dialog.messages["left_margin"].text()
    # WHEN the pitch is put right
    _tab_to(qtbot, dialog, "horizontal_pitch")
    _type(qtbot, "47")
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    # THEN the sheet is kept for the office and chosen in Print tag labels
    qtbot.waitUntil(lambda: not dialog.isVisible())
    assert labels.chosen_template().name == "round-38-mm-20-per-sheet"
    assert "20 per sheet (4 × 5), round" in labels.sheet_size.text()
    kept = custom_templates(ui_context.database)
    assert [t.name for t in kept] == ["round-38-mm-20-per-sheet"]
    assert kept[0].label_width == pytest.approx(38 * 72 / 25.4)
    # WHEN the clerk forgets it again (Ctrl+Shift+F, then F)
    assert labels.forget_button.isEnabled()
    labels.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is labels)
    qtbot.keyClick(labels.template, Qt.Key.Key_F, CTRL_SHIFT)
    question = active_dialog(qtbot, QuestionDialog)
    qtbot.keyClick(question, Qt.Key.Key_F)
    # THEN it is gone from the office's sheets and from the list; a built-in one is chosen
    qtbot.waitUntil(lambda: custom_templates(ui_context.database) == ())
    qtbot.waitUntil(lambda: labels.template.findData("round-38-mm-20-per-sheet") < 0)
    assert not labels.chosen_template().custom and not labels.forget_button.isEnabled()
