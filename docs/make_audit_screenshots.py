"""A screenshot of the Audit area at 1280×800 (audit.png), from a fresh Westborough demo
town on November 2, 2026 with a year of history, after an assistant clerk corrected a dog
and an owner and the clerk transferred the dog. On an offscreen screen of that size
(docs/screen-1280x800.json):
    QT_QPA_PLATFORM=offscreen .venv/bin/python docs/make_audit_screenshots.py
"""

from __future__ import annotations

import datetime as dt
import os
import tempfile
from pathlib import Path

from screenshot_support import EASTERN, demo_administrator, save, wait_until
from sqlalchemy import select

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.db.migrate import upgrade_to_head
from clerkdesk.demo.fill import fill_demo
from clerkdesk.models import Dog, DogStatus, Owner, OwnerStatus, TenderKind
from clerkdesk.rules.roles import Actor, Role
from clerkdesk.services import people
from clerkdesk.services.dog_changes import transfer_dog
from clerkdesk.services.payments import TenderInput
from clerkdesk.ui.app import application, build_shell, start
from clerkdesk.ui.style import apply_style
from clerkdesk.ui.views.audit import AuditView

HERE = Path(__file__).parent
ANN = Actor("ann", Role.ASSISTANT_CLERK, "front-desk")
CLERK = Actor("mary", Role.CLERK, "clerk-office")


def changes(database: Database, clock: FixedClock) -> int:
    """Ann corrects a dog's color and microchip, then its owner's phone; an hour later the
    clerk transfers the dog to a neighbour. Returns the dog's id."""
    with database.read() as session:
        dog = session.scalars(
            select(Dog).where(Dog.status == DogStatus.ACTIVE).order_by(Dog.id)
        ).first()
        assert dog is not None
        owner = session.get(Owner, dog.owner_id)
        assert owner is not None
        other = session.scalars(
            select(Owner.id).where(Owner.id != owner.id, Owner.status == OwnerStatus.ACTIVE)
        ).first()
        assert other is not None
    data = people.DogInput(
        dog.name,
        dog.breed,
        "Black and tan",
        dog.sex.value,
        dog.altered,
        altered_proof=dog.altered_proof,
        breed_secondary=dog.breed_secondary,
        birth_date=dog.birth_date,
        microchip="985112003456789",
        description=dog.description,
    )
    people.update_dog(database, dog.id, data, actor=ANN, clock=clock)
    later = FixedClock(clock.now() + dt.timedelta(minutes=4))
    moved = people.OwnerInput(
        owner.first_name,
        owner.last_name,
        owner.street,
        owner.city,
        owner.postal_code,
        unit=owner.unit,
        phone="508-555-0142",
        email=owner.email,
        birth_date=owner.birth_date,
    )
    people.update_owner(database, owner.id, moved, actor=ANN, clock=later)
    hour = FixedClock(clock.now() + dt.timedelta(hours=1))
    transfer_dog(
        database, dog.id, other, (TenderInput(TenderKind.CASH, None),), actor=CLERK, clock=hour
    )
    return dog.id


def main() -> int:
    if os.environ.get("QT_QPA_PLATFORM", "offscreen") == "offscreen":
        os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={HERE / 'screen-1280x800.json'}"
    clock = FixedClock(dt.datetime(2026, 11, 2, 10, 30, tzinfo=EASTERN))
    with tempfile.TemporaryDirectory(prefix="clerkdesk-audit-") as tmp:
        for name in ("XDG_DATA_HOME", "XDG_STATE_HOME"):
            os.environ[name] = str(Path(tmp) / name.lower())
        url = f"sqlite:///{Path(tmp) / 'demo.sqlite'}"
        database = Database.open(url)
        upgrade_to_head(database)
        fill_demo(database, dogs=200, seed=7, town_id="westborough", clock=clock, history_years=1)
        dog_id = changes(database, clock)
        database.dispose()
        app = application()
        apply_style(app)
        shell = build_shell(url, clock)
        shell.actor = demo_administrator(url, clock)  # past the sign-in page
        window = start(url, shell)
        window.resize(1280, 800)
        wait_until(lambda: window.is_open and not window.busy())
        window.show_area("audit")
        view = window.views["audit"]
        assert isinstance(view, AuditView)
        view.record_box.setText(f"dog {dog_id}")
        view.apply_filters()
        wait_until(lambda: not view.busy() and view.model.rowCount() > 0)
        view.table.selectRow(1)
        view.table.setFocus()
        wait_until(lambda: True)
        save(window, "audit")
        shell.tasks.wait()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
