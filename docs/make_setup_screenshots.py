"""Screenshots of a new office's set-up at 1280×800, from an empty database on June 1,
2026: the first-run page (setup-first-run.png), the town's rules (setup-town.png), a
profile file with its problems listed (setup-town-problems.png), the seal, the first tag
stock and its form, the staff, the printers, and the counter it ends at
(setup-counter.png). Everything on an offscreen screen of that size
(docs/screen-1280x800.json):

    QT_QPA_PLATFORM=offscreen .venv/bin/python docs/make_setup_screenshots.py
"""

from __future__ import annotations

import datetime as dt
import os
import tempfile
from pathlib import Path

from screenshot_support import EASTERN, save, visible, wait_until

from clerkdesk.clock import FixedClock
from clerkdesk.rules.presets import preset_toml
from clerkdesk.services.office_setup import SetupStep
from clerkdesk.ui.app import application, build_shell, start
from clerkdesk.ui.dialogs import Dialogs
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.setup.page import OfficeSetupPage
from clerkdesk.ui.setup.staff_step import StaffStep
from clerkdesk.ui.sign_in_pages import FirstRunPage
from clerkdesk.ui.style import apply_style
from clerkdesk.ui.views.settings.editor import TomlEditorDialog
from clerkdesk.ui.views.tags.receive_dialog import ReceiveTagsDialog

HERE = Path(__file__).parent


def town_file_with_problems(folder: Path) -> Path:
    """A town's own profile with two mistakes: a fee typed as words, a late fee with no day."""
    text = preset_toml("westborough").replace("male_intact = 15.00", 'male_intact = "fifteen"', 1)
    text = text.replace('due = "04-01"', 'due = "04-31"', 1)
    path = folder / "our-town.toml"
    path.write_text(text, encoding="utf-8")
    return path


def setup_page(window: MainWindow, step: SetupStep) -> OfficeSetupPage:
    wait_until(lambda: isinstance(window.gate, OfficeSetupPage))
    page = window.gate
    assert isinstance(page, OfficeSetupPage)
    wait_until(lambda: page.current is step and not page.busy())
    return page


def main() -> int:
    if os.environ.get("QT_QPA_PLATFORM", "offscreen") == "offscreen":
        os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={HERE / 'screen-1280x800.json'}"
    clock = FixedClock(dt.datetime(2026, 6, 1, 9, 0, tzinfo=EASTERN))
    with tempfile.TemporaryDirectory(prefix="clerkdesk-setup-") as tmp:
        folder = Path(tmp)
        for name in ("XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME"):
            os.environ[name] = str(folder / name.lower())
        os.environ["CLERKDESK_SITE_DATA_DIR"] = str(folder / "site-data")
        problems = town_file_with_problems(folder)
        url = f"sqlite:///{folder / 'new-office.sqlite'}"
        app = application()
        apply_style(app)
        shell = build_shell(url, clock, Dialogs(choose_open_path=lambda *_args: problems))
        window = start(url, shell)
        window.resize(1280, 800)
        wait_until(lambda: isinstance(window.gate, FirstRunPage))
        first = window.gate
        assert isinstance(first, FirstRunPage)
        for field, text in (
            (first.name, "pchief"),
            (first.full_name, "Pat Chief"),
            (first.password, "a-long-password"),
            (first.again, "a-long-password"),
        ):
            field.setText(text)
        save(window, "setup-first-run")
        first.submit()

        page = setup_page(window, SetupStep.TOWN)
        page.town.choose("westborough")
        save(window, "setup-town")
        page.town.load_file()
        wait_until(lambda: visible(TomlEditorDialog) is not None)
        editor = visible(TomlEditorDialog)
        assert isinstance(editor, TomlEditorDialog)
        editor.resize(1100, 640)
        wait_until(lambda: True)
        save(editor, "setup-town-problems")
        editor.reject()
        page.town.submit()

        page = setup_page(window, SetupStep.SEAL)
        save(window, "setup-seal")
        page.next()
        page = setup_page(window, SetupStep.TAGS)
        page.steps[SetupStep.TAGS].submit()
        wait_until(lambda: visible(ReceiveTagsDialog) is not None)
        receive = visible(ReceiveTagsDialog)
        assert isinstance(receive, ReceiveTagsDialog)
        receive.edit("first").setText("1")
        receive.edit("last").setText("500")
        receive.prefix.setText("W-")
        receive.shape.setCurrentText("bone")
        receive.color.setCurrentText("blue")
        wait_until(lambda: True)
        save(window, "setup-tags")
        save(receive, "setup-tags-receive")
        receive.save()

        page = setup_page(window, SetupStep.STAFF)
        staff = page.steps[SetupStep.STAFF]
        assert isinstance(staff, StaffStep)
        for field, text in (
            (staff.name, "ann"),
            (staff.full_name, "Ann Clerk"),
            (staff.password, "ann-password"),
            (staff.again, "ann-password"),
        ):
            field.setText(text)
        staff.submit()
        wait_until(lambda: not page.busy() and "ann" in page.notice.text())
        staff.name.setText("bob")
        staff.full_name.setText("Bob Assistant")
        staff.role.setCurrentIndex(1)
        save(window, "setup-staff")
        for field in (staff.name, staff.full_name):
            field.clear()
        page.next()

        page = setup_page(window, SetupStep.PRINTERS)
        save(window, "setup-printers")
        page.next()
        wait_until(lambda: window.is_open and window.gate is None and not window.busy())
        save(window, "setup-counter")
        window.close()
        shell.tasks.wait()
        if window.workspace is not None:
            window.workspace.database.dispose()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
