"""The public-records export of the dog register: only the fields the office releases (its
setting, or a one-off choice), as CSV or XLSX, escaped, audited, and nothing left behind
when cancelled."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import openpyxl
import pytest
from export_support import FORMULA_NAME, leftovers
from sqlalchemy import select

from actors import staff
from clerkdesk.errors import ValidationError
from clerkdesk.models import AuditEntry, Role
from clerkdesk.services import people
from clerkdesk.services.acting import PermissionDenied
from clerkdesk.services.exports.public_export import export_public
from clerkdesk.services.exports.public_fields import (
    DEFAULT_KEYS,
    office_public_fields,
    save_public_fields,
)
from clerkdesk.services.progress import Cancelled
from small_town import CLERK, Town


def _csv(path: Path) -> list[list[str]]:
    return list(csv.reader(io.StringIO(path.read_text(encoding="utf-8-sig"), newline="")))


def test_by_default_the_register_leaves_out_phone_email_and_notes(town: Town, out: Path) -> None:
    done = export_public(town.database, out / "dogs.csv", actor=CLERK, clock=town.clock)

    rows = _csv(out / "dogs.csv")
    assert rows[0] == [
        "License year", "License number", "Tag number", "Dog name", "Breed", "Owner name",
        "Street",
    ]  # fmt: skip
    assert done.fields == DEFAULT_KEYS and done.rows == len(rows) - 1 == 2
    assert {r[3] for r in rows[1:]} == {"Rex", "Bella"}
    assert rows[1][5:] == ["Jane Doe", "12 Elm St"]
    text = (out / "dogs.csv").read_text(encoding="utf-8-sig")
    assert "508-555-0101" not in text and "1960" not in text


def test_the_office_choice_is_kept_and_used(town: Town, out: Path) -> None:
    # GIVEN the office releases the dog's name and the owner's phone only
    save_public_fields(town.database, ["phone", "dog_name"], actor=CLERK, clock=town.clock)
    assert office_public_fields(town.database) == ("dog_name", "phone")

    # WHEN the register is exported as a workbook
    export_public(town.database, out / "dogs.xlsx", actor=CLERK, clock=town.clock)

    # THEN it holds those two columns and nothing else
    sheet = openpyxl.load_workbook(out / "dogs.xlsx").active
    assert sheet is not None
    rows = [[c.value for c in row] for row in sheet.iter_rows()]
    assert rows[0] == ["Dog name", "Phone"]
    assert sorted(rows[1:]) == [["Bella", "508-555-0101"], ["Rex", "508-555-0101"]]


def test_a_one_off_choice_does_not_change_the_office_setting(town: Town, out: Path) -> None:
    done = export_public(
        town.database, out / "dogs.csv", fields=["breed"], actor=CLERK, clock=town.clock
    )
    assert done.fields == ("breed",) and _csv(out / "dogs.csv")[0] == ["Breed"]
    assert office_public_fields(town.database) == DEFAULT_KEYS


def test_an_unknown_field_or_none_at_all_is_refused(town: Town, out: Path) -> None:
    with pytest.raises(ValidationError, match="shoe_size is not a field"):
        export_public(town.database, out / "d.csv", fields=["shoe_size"], actor=CLERK,
                      clock=town.clock)  # fmt: skip
    with pytest.raises(ValidationError, match="at least one field"):
        save_public_fields(town.database, [], actor=CLERK)
    assert leftovers(out) == []


def test_only_a_role_that_sets_the_office_rules_chooses_what_is_released(town: Town) -> None:
    with pytest.raises(PermissionDenied):
        save_public_fields(town.database, ["phone"], actor=staff("a", Role.ASSISTANT_CLERK))
    assert office_public_fields(town.database) == DEFAULT_KEYS


def test_names_a_spreadsheet_would_run_are_escaped_in_both_kinds(town: Town, out: Path) -> None:
    people.update_owner(
        town.database, town.jane,
        people.OwnerInput(first_name=FORMULA_NAME, last_name="Doe", street="+1 Elm St",
                          city="Westborough", postal_code="01581"),
        actor=CLERK, clock=town.clock,
    )  # fmt: skip
    export_public(town.database, out / "d.csv", actor=CLERK, clock=town.clock)
    export_public(town.database, out / "d.xlsx", actor=CLERK, clock=town.clock)

    assert _csv(out / "d.csv")[1][5:] == ["'" + FORMULA_NAME + " Doe", "'+1 Elm St"]
    sheet = openpyxl.load_workbook(out / "d.xlsx").active
    assert sheet is not None
    cells = [c for c in sheet[2]]
    assert [c.value for c in cells][5:] == ["'" + FORMULA_NAME + " Doe", "'+1 Elm St"]
    assert all(c.data_type != "f" for c in cells)


def test_a_cancelled_public_export_leaves_no_file(town: Town, out: Path) -> None:
    for name in ("d.csv", "d.xlsx"):
        with pytest.raises(Cancelled):
            export_public(
                town.database, out / name, actor=CLERK, clock=town.clock, cancelled=lambda: True
            )
    assert leftovers(out) == []


def test_the_public_export_is_audited_with_its_fields(town: Town, out: Path) -> None:
    export_public(town.database, out / "d.csv", fields=["dog_name"], actor=CLERK, clock=town.clock)
    with town.database.read() as session:
        entry = session.scalars(select(AuditEntry).where(AuditEntry.action == "export")).one()
    assert entry.record_id == "public" and entry.user_name == "clerk"
    assert entry.after is not None and '"fields": ["dog_name"]' in entry.after
    assert '"license": 2' in entry.after
