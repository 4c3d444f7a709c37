"""Screenshots of the Kennels area at 1280×800, from a fresh Westborough demo town on
March 2, 2027, during the early sale of 2027–28: three kennels licensed last May for 2026–27,
two of them inspected again for 2027–28. The area (kennels.png), New kennel… filled in
(kennels-new.png), License / renew… for next year (kennels-license.png), Record inspection…
(kennels-inspection.png), Edit… (kennels-edit.png), Close kennel… with its reason
(kennels-close.png), Tag labels… and its preview (kennels-tag-labels.png,
kennels-tag-labels-preview.png) and Year-end renewals… with the ready ones ticked and the one not
inspected refused (kennels-renewals.png). Everything on an offscreen screen of that size
(docs/screen-1280x800.json):

    QT_QPA_PLATFORM=offscreen .venv/bin/python docs/make_kennels_screenshots.py
"""

from __future__ import annotations

import datetime as dt
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from PySide6.QtWidgets import QDialog
from screenshot_support import EASTERN, demo_administrator, save, visible, wait_until
from sqlalchemy import select

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.db.migrate import upgrade_to_head
from clerkdesk.demo.fill import fill_demo
from clerkdesk.models import Dog, DogStatus, Owner, OwnerStatus
from clerkdesk.rules.kinds import InspectionResult, TenderKind
from clerkdesk.rules.roles import Actor, Role
from clerkdesk.services.kennel_licensing import KennelSaleRequest, sell_kennel_license
from clerkdesk.services.kennels import (
    InspectionInput,
    KennelInput,
    add_kennel,
    add_to_roster,
    kennel_list,
    record_inspection,
)
from clerkdesk.services.payments import TenderInput
from clerkdesk.services.people import DogInput, create_dog
from clerkdesk.ui.app import application, build_shell, start
from clerkdesk.ui.printing.preview import PrintPreview
from clerkdesk.ui.style import apply_style
from clerkdesk.ui.views.kennels import KennelsView
from clerkdesk.ui.views.kennels.close_dialog import CloseKennelDialog
from clerkdesk.ui.views.kennels.inspection_dialog import InspectionDialog
from clerkdesk.ui.views.kennels.kennel_dialog import EditKennelDialog, KennelDialog
from clerkdesk.ui.views.kennels.renewals_dialog import RenewalsDialog
from clerkdesk.ui.views.kennels.standing_dialog import StandingDialog
from clerkdesk.ui.views.kennels.tag_labels_dialog import KennelTagLabelsDialog

HERE = Path(__file__).parent
CLERK = Actor("clerk", Role.CLERK, "docs")
ACO = Actor("aco", Role.ANIMAL_CONTROL, "docs")
KENNELS = (
    # name, street, class, most dogs, inspected again for 2027–28
    ("Maple Hill Kennel", "14 Maple Hill Rd", "commercial-breeder", 10, True),
    ("Birch Lane Boarding", "210 Birch Ln", "commercial-boarding", 20, True),
    ("Oak Street Kennel", None, "personal", 4, False),
)


def keepers(database: Database, count: int) -> list[tuple[int, list[int]]]:
    """Active owners with two or more active dogs: (owner id, two dog ids)."""
    found = []
    with database.read() as session:
        for owner in session.scalars(select(Owner).order_by(Owner.id)):
            dogs = list(
                session.scalars(
                    select(Dog.id)
                    .where(Dog.owner_id == owner.id, Dog.status == DogStatus.ACTIVE)
                    .order_by(Dog.id)
                )
            )
            if owner.status is OwnerStatus.ACTIVE and len(dogs) >= 2:
                found.append((owner.id, dogs[:2]))
            if len(found) == count:
                break
    return found


def seed_kennels(database: Database) -> None:
    last_may = FixedClock(dt.datetime(2026, 5, 14, 10, 0, tzinfo=EASTERN))
    today = FixedClock(dt.datetime(2027, 3, 1, 14, 0, tzinfo=EASTERN))
    for (owner_id, dog_ids), (name, street, kind, most, again) in zip(
        keepers(database, len(KENNELS)), KENNELS, strict=True
    ):
        kennel_id = add_kennel(
            database,
            KennelInput(
                name=name,
                keeper_id=owner_id,
                premises_street=street,
                premises_city="Westborough" if street else None,
                premises_postal_code="01581" if street else None,
                kennel_class=kind,
                max_dogs=most,
            ),
            actor=CLERK,
            clock=last_may,
        )
        for dog_id in dog_ids:
            add_to_roster(database, kennel_id, dog_id, on=last_may.today(), actor=CLERK,
                          clock=last_may)  # fmt: skip
        record_inspection(
            database,
            InspectionInput(kennel_id, 2026, last_may.today(), InspectionResult.PASSED,
                            "Officer Dana Reyes", None),
            actor=ACO,
            clock=last_may,
        )  # fmt: skip
        sell_kennel_license(
            database,
            KennelSaleRequest(kennel_id, (TenderInput(TenderKind.CHECK, None, "1042"),), 2026),
            actor=CLERK,
            clock=last_may,
        )
        puppy = create_dog(
            database,
            owner_id,
            DogInput("Pip", "Beagle", "tricolor", "male", False,
                     birth_date=dt.date(2027, 1, 20)),
            actor=CLERK,
            clock=today,
        )  # fmt: skip
        add_to_roster(database, kennel_id, puppy, on=today.today(), actor=CLERK, clock=today)
        if again:
            record_inspection(
                database,
                InspectionInput(kennel_id, 2027, today.today(), InspectionResult.PASSED,
                                "Officer Dana Reyes", "Runs and water in order"),
                actor=ACO,
                clock=today,
            )  # fmt: skip


D = TypeVar("D", bound=QDialog)


def opened(action: Callable[[], object], kind: type[D]) -> D:
    """Run the action that opens a dialog of ``kind`` and wait for it to show."""
    action()
    wait_until(lambda: visible(kind) is not None)
    dialog = visible(kind)
    assert isinstance(dialog, kind)
    return dialog


def shot_and_close(view: KennelsView, dialog: QDialog, name: str) -> None:
    wait_until(lambda: not view.busy())
    save(dialog, name)
    dialog.reject()
    wait_until(lambda: not view.busy())


def main() -> int:
    if os.environ.get("QT_QPA_PLATFORM", "offscreen") == "offscreen":
        os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={HERE / 'screen-1280x800.json'}"
    clock = FixedClock(dt.datetime(2027, 3, 2, 10, 30, tzinfo=EASTERN))
    with tempfile.TemporaryDirectory(prefix="clerkdesk-kennels-") as tmp:
        for name in ("XDG_DATA_HOME", "XDG_STATE_HOME"):
            os.environ[name] = str(Path(tmp) / name.lower())
        url = f"sqlite:///{Path(tmp) / 'demo.sqlite'}"
        database = Database.open(url)
        upgrade_to_head(database)
        fill_demo(database, dogs=450, seed=7, town_id="westborough", clock=clock, history_years=1)
        if not kennel_list(database, on=clock.today()):
            seed_kennels(database)
        database.dispose()
        app = application()
        apply_style(app)
        shell = build_shell(url, clock)
        shell.actor = demo_administrator(url, clock)
        window = start(url, shell)
        window.resize(1280, 800)
        wait_until(lambda: window.is_open and not window.busy())
        window.show_area("kennels")
        view = window.views["kennels"]
        assert isinstance(view, KennelsView)
        wait_until(lambda: bool(view.model.rows) and not view.busy())
        view.table.selectRow(0)
        wait_until(lambda: view.details.card is not None and not view.busy())
        view.details.roster.selectRow(0)
        save(window, "kennels")

        view.new_kennel()
        wait_until(lambda: visible(KennelDialog) is not None)
        new = visible(KennelDialog)
        assert isinstance(new, KennelDialog)
        new.name.setText("Cedar Run Kennel")
        new.keeper.edit.setText("smith")
        new.keeper._search()
        wait_until(lambda: not new.keeper.busy() and new.keeper.list.count() > 0)
        new.keeper.list.setCurrentRow(0)
        new.max_dogs.setText("6")
        new.keeper.list.setFocus()
        wait_until(lambda: True)
        save(new, "kennels-new")
        new.reject()

        view.year.setCurrentIndex(1)  # 2027–28, on sale early
        wait_until(lambda: not view.busy())
        view.table.selectRow(0)
        wait_until(lambda: view.details.card is not None and not view.busy())
        view.license_kennel()
        wait_until(lambda: visible(StandingDialog) is not None)
        standing = visible(StandingDialog)
        assert isinstance(standing, StandingDialog)
        save(standing, "kennels-license")
        standing.reject()
        wait_until(lambda: not view.busy())

        inspection = opened(view.record_inspection, InspectionDialog)
        inspection.notes.setText("Fence on the north run mended since the last visit")
        shot_and_close(view, inspection, "kennels-inspection")
        edit = opened(view.edit_kennel, EditKennelDialog)
        edit.max_dogs.setText("8")
        shot_and_close(view, edit, "kennels-edit")
        closing = opened(view.close_kennel, CloseKennelDialog)
        closing.field.setText("The keeper moved to Grafton")
        shot_and_close(view, closing, "kennels-close")

        view.year.setCurrentIndex(0)  # 2026–27: the license sold last May
        wait_until(lambda: not view.busy())
        view.table.selectRow(0)
        wait_until(lambda: view.details.card is not None and not view.busy())
        labels = opened(view.tag_labels, KennelTagLabelsDialog)
        save(labels, "kennels-tag-labels")
        preview = opened(labels.save, PrintPreview)
        shot_and_close(view, preview, "kennels-tag-labels-preview")
        view.year.setCurrentIndex(1)
        wait_until(lambda: not view.busy())

        view.year_end_renewals()
        wait_until(lambda: visible(RenewalsDialog) is not None)
        renewals = visible(RenewalsDialog)
        assert isinstance(renewals, RenewalsDialog)
        wait_until(lambda: not renewals.busy())
        renewals.tick_all()
        for row, due in enumerate(renewals.due):
            if due.ready:
                renewals.table.setCurrentCell(row, 0)
                renewals.number.setText(str(2210 + row))
                renewals._tender_edited()
        save(renewals, "kennels-renewals")
        renewals.run()
        wait_until(lambda: not renewals.busy())
        save(renewals, "kennels-renewed")
        renewals.reject()
        window.close()
        shell.tasks.wait()
        if window.ctx is not None:
            window.ctx.database.dispose()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
