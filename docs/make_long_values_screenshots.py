"""Screenshots at 1280×800 with the longest real values, on March 26, 2027 — the end of a
season: next year on sale but not opened, today's drawer closed out, a clerk with the longest
user name (40 characters), and an owner with the longest name the register keeps who has
just paid three fee lines by check. The Money area with its two-line status bar
(money-long-values.png), that receipt (money-receipt.png), and the season's fifteen months
(reports-season-march.png). On an offscreen screen of that size
(docs/screen-1280x800.json):

    QT_QPA_PLATFORM=offscreen .venv/bin/python docs/make_long_values_screenshots.py
"""

from __future__ import annotations

import datetime as dt
import os
import tempfile
from pathlib import Path

from screenshot_support import EASTERN, save, visible, wait_until
from sqlalchemy import exists, func, select, update

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.db.migrate import upgrade_to_head
from clerkdesk.demo.fill import fill_demo
from clerkdesk.models import Dog, DogStatus, License, Owner, RabiesCertificate, TenderKind
from clerkdesk.rules.roles import Actor, Role
from clerkdesk.services.closeout import close_out, drawer_state
from clerkdesk.services.licensing import CheckoutRequest, LicenseItem, checkout
from clerkdesk.services.payments import TenderInput
from clerkdesk.services.sign_in import sign_in
from clerkdesk.services.users import NAME_MAX, add_user
from clerkdesk.ui.app import application, build_shell, start
from clerkdesk.ui.style import apply_style
from clerkdesk.ui.views.money import MoneyView
from clerkdesk.ui.views.money.receipt_dialog import ReceiptDialog
from clerkdesk.ui.views.reports import ReportsView

HERE = Path(__file__).parent
WHEN = dt.datetime(2027, 3, 26, 10, 30, tzinfo=EASTERN)
# The longest names the office can give a user and the register keeps for an owner.
USER = ("maximiliana.featherstonehaugh-" * 2)[:NAME_MAX]
PASSWORD = "a-long-enough-password-1"
FIRST = ("Maximiliana-Josephine-" * 4)[:80]
LAST = ("Featherstonehaugh-Wolfeschlegelstein-" * 3)[:80]


def due_dog(database: Database, year_start: dt.date) -> Dog:
    """A dog not licensed this year whose rabies certificate runs past it: late fees due."""
    rabies_to = (
        select(func.max(RabiesCertificate.expires_on))
        .where(RabiesCertificate.dog_id == Dog.id)
        .scalar_subquery()
    )
    licensed = exists().where(License.dog_id == Dog.id, License.license_year_start == year_start)
    with database.read() as session:
        dog = session.scalars(
            select(Dog)
            .where(Dog.status == DogStatus.ACTIVE, ~licensed, rabies_to > WHEN.date())
            .order_by(Dog.id)
        ).first()
        assert dog is not None, "the demo town has no dog still due"
        session.expunge(dog)
        return dog


def long_values(database: Database, clock: FixedClock) -> Actor:
    """The long-named clerk sells the long-named owner's late license by check, then closes
    out the day; returns the clerk, signed in."""
    dog = due_dog(database, dt.date(2026, 4, 1))
    with database.write() as session:
        session.execute(
            update(Owner).where(Owner.id == dog.owner_id).values(first_name=FIRST, last_name=LAST)
        )
    add_user(
        database,
        USER,
        Role.CLERK,
        PASSWORD,
        "Maximiliana-Josephine Featherstonehaugh",
        actor=Actor("admin", Role.ADMINISTRATOR),
        clock=clock,
    )
    clerk = sign_in(database, USER, PASSWORD, clock=clock, workstation="front-counter-by-the-door")
    tender = TenderInput(TenderKind.CHECK, None, "004417 Westborough Savings Bank")
    request = CheckoutRequest(dog.owner_id, (LicenseItem(dog.id),), (tender,))
    checkout(database, request, actor=clerk, clock=clock)
    cash = drawer_state(database, clock.today()).cash
    close_out(database, clock.today(), cash, actor=clerk, clock=clock)
    return clerk


def main() -> int:
    if os.environ.get("QT_QPA_PLATFORM", "offscreen") == "offscreen":
        os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={HERE / 'screen-1280x800.json'}"
    clock = FixedClock(WHEN)
    with tempfile.TemporaryDirectory(prefix="clerkdesk-long-") as tmp:
        for name in ("XDG_DATA_HOME", "XDG_STATE_HOME"):
            os.environ[name] = str(Path(tmp) / name.lower())
        url = f"sqlite:///{Path(tmp) / 'demo.sqlite'}"
        database = Database.open(url)
        upgrade_to_head(database)
        fill_demo(database, dogs=450, seed=7, town_id="westborough", clock=clock, history_years=1)
        clerk = long_values(database, clock)
        database.dispose()
        app = application()
        apply_style(app)
        shell = build_shell(url, clock)
        shell.actor = clerk
        window = start(url, shell)
        window.resize(1280, 800)
        wait_until(lambda: window.is_open and not window.busy())
        status = window.status
        wait_until(lambda: "closed out" in status.drawer.text() and status.facts.lines == 2)
        window.show_area("money")
        money = window.views["money"]
        assert isinstance(money, MoneyView)
        wait_until(lambda: not money.busy() and money.page is not None)
        save(window, "money-long-values")
        money.open_current()
        wait_until(lambda: visible(ReceiptDialog) is not None)
        receipt = visible(ReceiptDialog)
        assert receipt is not None
        save(receipt, "money-receipt")
        receipt.close()
        window.show_area("reports")
        reports = window.views["reports"]
        assert isinstance(reports, ReportsView)
        wait_until(lambda: reports.season.overview is not None and not reports.season.busy)
        save(window, "reports-season-march")
        window.close()
        shell.tasks.wait()
        if window.ctx is not None:
            window.ctx.database.dispose()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
