"""Who may change owners, dogs and the town's rules: each write service refuses a role
without the permission before it writes anything, and records who wrote what it keeps."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from sqlalchemy import func, select

from actors import staff
from clerkdesk.db.database import Database
from clerkdesk.models import (
    AuditEntry,
    DesignationKind,
    DogDesignation,
    DogStatus,
    OwnerStatus,
    Setting,
    TownProfileVersion,
)
from clerkdesk.reports.label_sheets import BUILT_IN
from clerkdesk.rules import presets
from clerkdesk.rules.roles import ROLE_PERMISSIONS, Actor, Permission, Role
from clerkdesk.services import label_templates, people, seal, town_changes
from clerkdesk.services import town as town_rules
from clerkdesk.services.acting import PermissionDenied
from small_town import CLERK, Town, dog_input, owner_input


def _without(permission: Permission) -> list[Role]:
    return [role for role, allowed in ROLE_PERMISSIONS.items() if permission not in allowed]


Call = Callable[[Town, Actor], object]


def _designation(town_: Town) -> int:
    return people.add_designation(
        town_.database,
        town_.rex,
        DesignationKind.NUISANCE,
        since=dt.date(2026, 5, 1),
        order_text="Board of Selectmen, May 1, 2026",
        evidence=None,
        actor=CLERK,
        clock=town_.clock,
    )


RECORD_CALLS: dict[str, Call] = {
    "create_owner": lambda t, a: people.create_owner(
        t.database, owner_input("Ann", "Lee"), actor=a, clock=t.clock
    ),
    "update_owner": lambda t, a: people.update_owner(
        t.database, t.jane, owner_input(phone="508-555-0177"), actor=a, clock=t.clock
    ),
    "set_owner_status": lambda t, a: people.set_owner_status(
        t.database, t.john, OwnerStatus.MOVED, on=dt.date(2026, 5, 30), actor=a, clock=t.clock
    ),
    "create_dog": lambda t, a: people.create_dog(
        t.database, t.jane, dog_input("Max", "male", True), actor=a, clock=t.clock
    ),
    "update_dog": lambda t, a: people.update_dog(
        t.database, t.rex, dog_input("Rex", "male", False, color="Black"), actor=a, clock=t.clock
    ),
    "set_dog_status": lambda t, a: people.set_dog_status(
        t.database, t.bella, DogStatus.DECEASED, on=dt.date(2026, 5, 30), actor=a, clock=t.clock
    ),
    "add_designation": lambda t, a: people.add_designation(
        t.database,
        t.rex,
        DesignationKind.DANGEROUS,
        since=dt.date(2026, 5, 1),
        order_text=None,
        evidence=None,
        actor=a,
        clock=t.clock,
    ),
    "end_designation": lambda t, a: people.end_designation(
        t.database, _designation(t), on=dt.date(2026, 5, 30), actor=a
    ),
}


def _edited_profile() -> str:
    return presets.preset_toml("westborough").replace(
        'name = "Town of Westborough"', 'name = "Town of Westborough, Mass."', 1
    )


TOWN_CALLS: dict[str, Call] = {
    "save_town_profile": lambda t, a: town_rules.save_town_profile(
        t.database, _edited_profile(), actor=a, clock=t.clock
    ),
    "add_fee_schedule": lambda t, a: town_changes.add_fee_schedule(
        t.database, dt.date(2027, 4, 1), actor=a, clock=t.clock
    ),
    "save_template": lambda t, a: label_templates.save_template(
        t.database, replace(BUILT_IN[0], name="ours"), actor=a
    ),
    "delete_template": lambda t, a: label_templates.delete_template(t.database, "ours", actor=a),
    "clear_seal": lambda t, a: seal.clear_seal(t.database, actor=a),
}


def _written(database: Database) -> tuple[int, ...]:
    with database.read() as session:
        return tuple(
            session.scalar(select(func.count()).select_from(model)) or 0
            for model in (AuditEntry, DogDesignation, Setting, TownProfileVersion)
        )


@pytest.mark.parametrize("role", _without(Permission.EDIT_RECORDS))
def test_a_role_that_may_not_edit_records_changes_no_owner_or_dog(town: Town, role: Role) -> None:
    # GIVEN someone whose role may not change records (the treasurer reads; the animal
    # control officer inspects)
    someone = staff("pat", role)
    for name, call in RECORD_CALLS.items():
        before = _written(town.database)
        # WHEN they call each service that changes an owner, a dog or a designation
        with pytest.raises(PermissionDenied, match="may not change owners, dogs") as refused:
            call(town, someone)
        # THEN it is refused naming their role, and nothing at all was written
        assert role.words in str(refused.value), name
        if name != "end_designation":  # its designation was made by the clerk first
            assert _written(town.database) == before, name


@pytest.mark.parametrize("role", _without(Permission.MANAGE_TOWN))
def test_a_role_that_may_not_manage_the_town_changes_none_of_its_rules(
    town: Town, role: Role
) -> None:
    someone = staff("pat", role)
    before = _written(town.database)
    for name, call in TOWN_CALLS.items():
        with pytest.raises(PermissionDenied, match="may not change the town's rules") as refused:
            call(town, someone)
        assert role.words in str(refused.value), name
    assert _written(town.database) == before


def test_an_assistant_clerk_edits_records_and_the_records_name_them(town: Town) -> None:
    ann = staff("ann", Role.ASSISTANT_CLERK, "front-desk")
    for call in RECORD_CALLS.values():
        call(town, ann)
    with town.database.read() as session:
        recorded_by = session.scalars(
            select(DogDesignation.recorded_by).where(DogDesignation.dog_id == town.rex)
        ).all()
        assert "ann" in recorded_by
        ann_wrote = session.scalars(
            select(AuditEntry.table_name).where(AuditEntry.user_name == "ann").distinct()
        ).all()
    assert {"owner", "dog", "dog_designation"} <= set(ann_wrote)


def test_a_town_profile_version_names_who_saved_it(town: Town, tmp_path: Path) -> None:
    administrator = staff("root", Role.ADMINISTRATOR)
    saved = town_rules.save_town_profile(
        town.database, _edited_profile(), actor=administrator, clock=town.clock
    )
    assert saved.town.saved_by == "root"
    exported = town_rules.export_profile_file(town.database, tmp_path / "rules.toml")
    assert exported.version_id == saved.town.version_id
