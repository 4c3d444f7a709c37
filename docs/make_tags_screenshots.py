"""Screenshots of the Tags area at 1280×800, from a fresh Westborough demo town on
November 2, 2026 with two years of history: the area with a lost tag's history found from
Find tag (tags.png), Mark a tag… filled in (tags-mark.png) and Receive tags… with the year's
looks (tags-receive.png). Everything on an offscreen screen of that size
(docs/screen-1280x800.json):

    QT_QPA_PLATFORM=offscreen .venv/bin/python docs/make_tags_screenshots.py
"""

from __future__ import annotations

import datetime as dt
import os
import tempfile
from pathlib import Path

from screenshot_support import EASTERN, demo_administrator, save, visible, wait_until
from sqlalchemy import select

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.db.migrate import upgrade_to_head
from clerkdesk.demo.fill import fill_demo
from clerkdesk.models import TagIssue, TagMarkKind, TagStatus
from clerkdesk.rules.roles import Actor, Role
from clerkdesk.services.tag_marks import MarkTag, mark_tag
from clerkdesk.services.tags import ReceiveTags, receive_tags
from clerkdesk.ui.app import application, build_shell, start
from clerkdesk.ui.style import apply_style
from clerkdesk.ui.views.tags import TagsView
from clerkdesk.ui.views.tags.mark_dialog import MarkTagDialog
from clerkdesk.ui.views.tags.receive_dialog import ReceiveTagsDialog

HERE = Path(__file__).parent


def stock_and_marks(database: Database, clock: FixedClock) -> int:
    """A second box of this year's tags, two spoiled, one lost, one handed back; returns a
    tag an owner lost this year (its history names its replacement)."""
    receive_tags(
        database,
        ReceiveTags(2026, 2001, 2300, "invoice 4471", "W-", "heart", "red", True),
        actor=Actor("clerk", Role.CLERK, "docs"),
        clock=clock,
    )
    for number, kind, reason in (
        (2001, TagMarkKind.VOID, "misprinted"),
        (2002, TagMarkKind.VOID, "jammed in the printer"),
        (2003, TagMarkKind.LOST, "not in the box"),
    ):
        mark_tag(
            database,
            MarkTag(2026, number, kind, reason),
            actor=Actor("clerk", Role.CLERK, "docs"),
            clock=clock,
        )
    with database.read() as session:
        given = list(
            session.execute(
                select(TagIssue.tag_number, TagIssue.status)
                .where(TagIssue.license_year_start == dt.date(2026, 4, 1))
                .order_by(TagIssue.tag_number)
            ).all()
        )
    lost = next(number for number, status in given if status is TagStatus.LOST)
    held = next(number for number, status in given if status is TagStatus.ISSUED)
    mark_tag(
        database,
        MarkTag(2026, held, TagMarkKind.RETURNED, "dog died"),
        actor=Actor("clerk", Role.CLERK, "docs"),
        clock=clock,
    )
    return int(lost)


def main() -> int:
    if os.environ.get("QT_QPA_PLATFORM", "offscreen") == "offscreen":
        os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={HERE / 'screen-1280x800.json'}"
    clock = FixedClock(dt.datetime(2026, 11, 2, 10, 30, tzinfo=EASTERN))
    with tempfile.TemporaryDirectory(prefix="clerkdesk-tags-") as tmp:
        for name in ("XDG_DATA_HOME", "XDG_STATE_HOME"):
            os.environ[name] = str(Path(tmp) / name.lower())
        url = f"sqlite:///{Path(tmp) / 'demo.sqlite'}"
        database = Database.open(url)
        upgrade_to_head(database)
        fill_demo(
            database,
            dogs=450,
            seed=7,
            town_id="westborough",
            clock=clock,
            history_years=2,
            stock_tags=True,
        )
        lost = stock_and_marks(database, clock)
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
        wait_until(lambda: view.summary is not None and not view.busy())
        view.find_box.setText(str(lost))
        view.find_tag()
        wait_until(lambda: view.history.history is not None and not view.busy())
        save(window, "tags")

        view.mark()
        wait_until(lambda: visible(MarkTagDialog) is not None)
        mark = visible(MarkTagDialog)
        assert isinstance(mark, MarkTagDialog)
        mark.tag.setText("2004")
        mark.reason.setText("torn along the hole")
        wait_until(lambda: True)
        save(mark, "tags-mark")
        mark.reject()

        view.receive()
        wait_until(lambda: visible(ReceiveTagsDialog) is not None)
        receive = visible(ReceiveTagsDialog)
        assert isinstance(receive, ReceiveTagsDialog)
        receive.widgets["first"].setFocus()
        for key, text in (("first", "2301"), ("last", "2600"), ("note", "invoice 4502")):
            receive.edit(key).setText(text)
        receive.prefix.setText("W-")
        receive.shape.setCurrentText("heart")
        receive.color.setCurrentText("red")
        receive.in_house.setChecked(True)
        wait_until(lambda: True)
        save(receive, "tags-receive")
        receive.reject()
        window.close()
        shell.tasks.wait()
        if window.ctx is not None:
            window.ctx.database.dispose()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
