"""Kennels in the Westborough demo town, set up through the services as the office would:
a keeper found in the demo, a kennel with two grown dogs and a puppy on its roster, the
animal control officer's inspection, and a license sold for it."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal
from zoneinfo import ZoneInfo

from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot
from sqlalchemy import select

from actors import staff
from clerkdesk.clock import Clock, FixedClock
from clerkdesk.db.database import Database
from clerkdesk.models import Dog, DogStatus, Owner, OwnerStatus
from clerkdesk.rules.kinds import InspectionResult, TenderKind
from clerkdesk.rules.roles import Role
from clerkdesk.services.kennel_licensing import KennelSaleRequest, sell_kennel_license
from clerkdesk.services.kennels import (
    InspectionInput,
    KennelInput,
    add_kennel,
    add_to_roster,
    record_inspection,
)
from clerkdesk.services.payments import TenderInput
from clerkdesk.services.people import DogInput, create_dog
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.views.kennels import KennelsView

EASTERN = ZoneInfo("America/New_York")
ACO = staff("aco", Role.ANIMAL_CONTROL)


@dataclass(frozen=True)
class Keeper:
    owner_id: int
    first_name: str
    last_name: str
    dog_ids: tuple[int, ...]
    dog_names: tuple[str, ...]

    @property
    def search_text(self) -> str:
        return f"{self.first_name} {self.last_name}"


@dataclass(frozen=True)
class SeededKennel:
    kennel_id: int
    name: str
    keeper: Keeper
    puppy_id: int


def keepers(database: Database, count: int = 2) -> list[Keeper]:
    """Active owners, unique by name, each with two or more active grown dogs."""
    found: list[Keeper] = []
    with database.read() as session:
        names: dict[str, int] = {}
        for first, last in session.execute(select(Owner.first_name, Owner.last_name)):
            names[f"{first} {last}"] = names.get(f"{first} {last}", 0) + 1
        for owner in session.scalars(select(Owner).order_by(Owner.id)):
            if owner.status is not OwnerStatus.ACTIVE:
                continue
            if names[f"{owner.first_name} {owner.last_name}"] != 1:
                continue
            dogs = [
                d
                for d in session.scalars(select(Dog).where(Dog.owner_id == owner.id))
                if d.status is DogStatus.ACTIVE
                and (d.birth_date is None or d.birth_date < dt.date(2025, 1, 1))
            ]
            if len(dogs) < 2 or len({d.name for d in dogs}) != len(dogs):
                continue
            found.append(
                Keeper(
                    owner.id,
                    owner.first_name,
                    owner.last_name,
                    tuple(d.id for d in dogs[:2]),
                    tuple(d.name for d in dogs[:2]),
                )
            )
            if len(found) == count:
                return found
    raise AssertionError("the demo town has too few owners with two grown dogs")


def seed_kennel(
    database: Database,
    keeper: Keeper,
    clock: Clock,
    *,
    name: str = "Maple Hill Kennel",
    license_year: int = 2026,
    inspected: bool = True,
    max_dogs: int = 4,
    kennel_class: str = "personal",
) -> SeededKennel:
    """A personal kennel with the keeper's two dogs and a puppy born a month ago (not
    counted), inspected (passed) for ``license_year`` unless told otherwise."""
    clerk = staff()
    today = clock.today()
    kennel_id = add_kennel(
        database,
        KennelInput(
            name=name,
            keeper_id=keeper.owner_id,
            premises_street="14 Maple Hill Rd",
            premises_unit=None,
            premises_city="Westborough",
            premises_postal_code="01581",
            kennel_class=kennel_class,
            category=None,
            max_dogs=max_dogs,
            notes=None,
        ),
        actor=clerk,
        clock=clock,
    )
    for dog_id in keeper.dog_ids:
        add_to_roster(database, kennel_id, dog_id, on=today, actor=clerk, clock=clock)
    puppy_id = create_dog(
        database,
        keeper.owner_id,
        DogInput("Pip", "Beagle", "tricolor", "male", False, birth_date=today - dt.timedelta(30)),
        actor=clerk,
        clock=clock,
    )
    add_to_roster(database, kennel_id, puppy_id, on=today, actor=clerk, clock=clock)
    if inspected:
        record_inspection(
            database,
            InspectionInput(kennel_id, license_year, today, InspectionResult.PASSED, "aco", None),
            actor=ACO,
            clock=clock,
        )
    return SeededKennel(kennel_id, name, keeper, puppy_id)


def license_kennel(
    database: Database,
    kennel: SeededKennel,
    clock: Clock,
    license_year: int,
    *,
    free: bool = False,
) -> None:
    """Sold for cash (100.00 handed over), or with no tender for a kennel licensed free."""
    tenders = () if free else (TenderInput(TenderKind.CASH, Decimal("100.00")),)
    sell_kennel_license(
        database,
        KennelSaleRequest(kennel.kennel_id, tenders, license_year),
        actor=staff(),
        clock=clock,
    )


def last_year_clock() -> FixedClock:
    return FixedClock(dt.datetime(2025, 6, 2, 9, 0, tzinfo=EASTERN))


def open_kennels(qtbot: QtBot, window: MainWindow) -> KennelsView:
    """The Kennels area, opened by its function key as the clerk does."""
    from PySide6.QtCore import Qt

    qtbot.keyClick(window, Qt.Key.Key_F4)
    view = window.views["kennels"]
    assert isinstance(view, KennelsView)
    qtbot.waitUntil(lambda: view.isVisible() and not view.busy(), timeout=10000)
    return view


def choose_kennel(qtbot: QtBot, view: KennelsView, name: str) -> None:
    """Arrows down the list to the kennel named."""
    from PySide6.QtCore import Qt

    view.table.setFocus()
    names = [row.name for row in view.model.rows]
    target = names.index(name)
    while view.table.currentIndex().row() != target:
        key = Qt.Key.Key_Down if view.table.currentIndex().row() < target else Qt.Key.Key_Up
        qtbot.keyClick(view.table, key)
    qtbot.waitUntil(
        lambda: (
            not view.busy() and view.details.card is not None and view.details.card.name == name
        ),
        timeout=10000,
    )


def dog_named(database: Database, dog_id: int) -> str:
    with database.read() as session:
        dog = session.get(Dog, dog_id)
        assert dog is not None
        return dog.name


def unnamed(root: QWidget) -> list[str]:
    """Inputs, buttons, lists and tables shown under ``root`` that a screen reader could not
    name."""
    from PySide6.QtWidgets import (
        QAbstractButton,
        QAbstractItemView,
        QComboBox,
        QHeaderView,
        QLineEdit,
    )

    kinds = (QAbstractButton, QLineEdit, QComboBox, QAbstractItemView)
    return [
        f"{type(w).__name__} {w.objectName()}"
        for w in root.findChildren(QWidget)
        if isinstance(w, kinds)
        and w.isVisibleTo(root)
        and not w.accessibleName()
        and not isinstance(w, QHeaderView)  # a table's header: its columns name the cells
        and not isinstance(w.parent(), QComboBox)  # a combo box's own list, named by it
    ]


def kennel_chosen(
    qtbot: QtBot, window: MainWindow, database: Database, clock: Clock, **seeded: object
) -> tuple[KennelsView, SeededKennel]:
    """A kennel seeded for the first keeper found (``seed_kennel``'s options), the Kennels
    area opened by its key, and that kennel chosen in the list."""
    (keeper,) = keepers(database, 1)
    kennel = seed_kennel(database, keeper, clock, **seeded)  # type: ignore[arg-type]
    view = open_kennels(qtbot, window)
    choose_kennel(qtbot, view, kennel.name)
    return view, kennel


def licensed_last_year(
    database: Database, clock: Clock, names: tuple[str, ...], inspected: int
) -> list[SeededKennel]:
    """Kennels named ``names``, licensed for 2026–27 (in June 2026), the first ``inspected``
    of them inspected again (passed) for 2027–28 on ``clock``'s day."""
    june = FixedClock(dt.datetime(2026, 6, 2, 9, 0, tzinfo=EASTERN))
    seeded = []
    for keeper, name in zip(keepers(database, len(names)), names, strict=True):
        kennel = seed_kennel(database, keeper, june, name=name, license_year=2026)
        license_kennel(database, kennel, june, 2026)
        seeded.append(kennel)
    for kennel in seeded[:inspected]:
        record_inspection(
            database,
            InspectionInput(kennel.kennel_id, 2027, clock.today(), InspectionResult.PASSED,
                            "aco", None),
            actor=ACO,
            clock=clock,
        )  # fmt: skip
    return seeded
