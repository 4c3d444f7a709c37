"""How far a new office's set-up has come, judged from the database alone (reads only).

The set-up's steps each save through their own service (the administrator through
``users.add_user``, the town through ``town.set_up_town`` or ``save_town_profile``, the seal
through ``seal.set_seal``, the tag stock through ``tags.receive_tags``, the staff through
``users.add_user``); this module only tells which of them the database shows done, so an
office that stopped after any step comes back to the first one still to do. The printers
belong to the workstation, not the database: the screen judges that step itself.
"""

from __future__ import annotations

import datetime as dt
import enum
from dataclasses import dataclass

from sqlalchemy import select

from clerkdesk.db.database import Database
from clerkdesk.models import Setting, TagStock, TownProfileVersion
from clerkdesk.models.users import User
from clerkdesk.rules.roles import Role
from clerkdesk.services.seal import seal_info
from clerkdesk.services.users import DEMO_SETTING


class SetupStep(enum.StrEnum):
    """The steps in the order an office takes them."""

    ADMINISTRATOR = "administrator"
    TOWN = "town"
    SEAL = "seal"
    TAGS = "tags"
    STAFF = "staff"
    PRINTERS = "printers"

    @property
    def heading(self) -> str:
        return STEP_TITLES[self]

    @property
    def required(self) -> bool:
        """The office cannot sell a license without it; the others may be skipped."""
        return self in REQUIRED


STEP_TITLES = {
    SetupStep.ADMINISTRATOR: "The administrator",
    SetupStep.TOWN: "The town's rules",
    SetupStep.SEAL: "The seal",
    SetupStep.TAGS: "The first tag stock",
    SetupStep.STAFF: "The staff",
    SetupStep.PRINTERS: "The printers",
}
STEPS = tuple(SetupStep)
REQUIRED = frozenset({SetupStep.ADMINISTRATOR, SetupStep.TOWN, SetupStep.TAGS})


@dataclass(frozen=True)
class StaffMember:
    name: str
    full_name: str
    role: Role


@dataclass(frozen=True)
class StockReceived:
    """One range of tags received, as the set-up lists it."""

    license_year_start: dt.date
    first: int
    last: int
    prefix: str | None


@dataclass(frozen=True)
class OfficeSetup:
    """What the database holds of each step."""

    staff: tuple[StaffMember, ...]
    """Every active user, administrators first, then by name."""
    town_name: str | None
    seal_file: str | None
    """The town's own seal's file name; None while certificates print the default seal."""
    stock: tuple[StockReceived, ...]
    demo: bool = False
    """A demo town (``clerkdesk demo``): tried, not set up, so the set-up never comes back."""

    @property
    def administrator(self) -> StaffMember | None:
        return next((m for m in self.staff if m.role is Role.ADMINISTRATOR), None)

    def done(self, step: SetupStep) -> bool:
        """Whether the database shows the step done (the printers: never, see the module)."""
        return {
            SetupStep.ADMINISTRATOR: self.administrator is not None,
            SetupStep.TOWN: self.town_name is not None,
            SetupStep.SEAL: self.seal_file is not None,
            SetupStep.TAGS: bool(self.stock),
            # Anyone besides the administrator who set the office up.
            SetupStep.STAFF: len(self.staff) > 1,
            SetupStep.PRINTERS: False,
        }[step]

    @property
    def can_sell(self) -> bool:
        """Every step a sale needs is done: an administrator, the town's rules, tags."""
        return all(self.done(step) for step in REQUIRED)

    @property
    def unfinished(self) -> bool:
        """The set-up comes back when the administrator signs in: an office that cannot
        sell yet (a demo town is left as it was made)."""
        return not self.can_sell and not self.demo

    @property
    def resume_at(self) -> SetupStep:
        """Where an office that stopped comes back to: the first step a sale still needs.
        A skipped step before it (the seal) cannot be told from one not yet seen, so it is
        passed over (Back reaches it). With every needed step done: the staff, the first
        step that is only the office's choice after them."""
        needed = next((step for step in STEPS if step.required and not self.done(step)), None)
        return needed or SetupStep.STAFF


def office_setup(database: Database) -> OfficeSetup:
    """Which steps of the set-up the database shows done."""
    with database.read() as session:
        users = session.execute(
            select(User.name, User.full_name, User.role).where(User.disabled.is_(False))
        ).all()
        town = session.scalar(
            select(TownProfileVersion.name).order_by(TownProfileVersion.id.desc()).limit(1)
        )
        ranges = session.execute(
            select(
                TagStock.license_year_start,
                TagStock.first_number,
                TagStock.last_number,
                TagStock.prefix,
            ).order_by(TagStock.license_year_start, TagStock.first_number)
        ).all()
        demo = session.get(Setting, DEMO_SETTING) is not None
    seal = seal_info(database)
    staff = sorted(
        (StaffMember(name, full_name, role) for name, full_name, role in users),
        key=lambda m: (m.role is not Role.ADMINISTRATOR, m.name.casefold()),
    )
    return OfficeSetup(
        tuple(staff),
        town,
        seal.filename if not seal.is_default else None,
        tuple(StockReceived(*row) for row in ranges),
        demo,
    )
