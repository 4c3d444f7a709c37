"""A state kennel report and an inspection record from literals: Maple Hill as sold, a
keeper with a 60-character name and a 12-dog kennel, an empty kennel, a voided license and
a free charitable kennel since closed, then enough ordinary licenses to run onto more pages."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from clerkdesk.reports.documents import OfficeHeading
from clerkdesk.reports.kennel_inspections_pdf import InspectionEntry, InspectionRecord
from clerkdesk.reports.state_kennels_data import StateKennelLine, StateKennelReport

HEADING = OfficeHeading(
    "Town of Westborough", "Office of the Town Clerk", "Westborough General Bylaws, Article 19"
)
LONG_NAME = "Bartholomew Alexander Wolfeschlegel-Steinhausen Bergerdorff Jr"
LONG_STREET = "1234 Northwest Old Marlborough Turnpike Extension, Apt 12B"


def line(number: int, **changes: Any) -> StateKennelLine:
    values: dict[str, Any] = dict(
        license_number=f"2026–27-K{number:03d}",
        kennel_name="Maple Hill Kennel",
        keeper_name="John Smith",
        keeper_address=("12 Elm St", "Westborough, MA 01581"),
        keeper_phone="508-555-0101",
        premises=("40 Oak St", "Westborough, MA 01581"),
        kennel_type="personal kennel",
        max_dogs=10,
        dogs_counted=3,
        issued_on=dt.date(2026, 6, 1),
        expires_on=dt.date(2027, 3, 31),
        status="new",
        status_note=None,
        inspected_on=dt.date(2026, 5, 15),
        inspection_result="passed",
        inspector="Officer Dana Reyes",
        kennel_tags=(1, 2, 3),
        fee=Decimal("36.50"),
        fee_note=None,
    )
    values.update(changes)
    return StateKennelLine(**values)


def stress_lines() -> tuple[StateKennelLine, ...]:
    return (
        line(1),
        line(
            2,
            kennel_name=f"{LONG_NAME} Kennel",
            keeper_name=LONG_NAME,
            keeper_address=(LONG_STREET, "Westborough, MA 01581-1234"),
            kennel_type="commercial boarding or training kennel (Doggy daycare)",
            max_dogs=40,
            dogs_counted=12,
            kennel_tags=tuple(range(1, 13)),
            status="renewal",
            fee=Decimal("250.00"),
            fee_note="Kennel license 200.00; Kennel application fee (first license only) 50.00",
        ),
        line(3, kennel_name="Empty Acres", max_dogs=4, dogs_counted=0, kennel_tags=(),
             fee=Decimal("15.00")),
        line(4, kennel_name="Birch Lane Kennel", status="voided",
             status_note="06/03/2026 (wrong kennel)", dogs_counted=1, kennel_tags=(1,)),
        line(5, kennel_name="Westborough Animal Rescue",
             kennel_type="domestic charitable corporation kennel", fee=Decimal("0.00"),
             fee_note="No charge: domestic charitable corporation kennel (MGL c.140 §137A)",
             status="closed", status_note="kennel closed 09/01/2026"),
        *(line(n) for n in range(6, 30)),
    )  # fmt: skip


def report(lines: tuple[StateKennelLine, ...] | None = None) -> StateKennelReport:
    return StateKennelReport(
        heading=HEADING,
        year_label="2026–27",
        year_start=dt.date(2026, 4, 1),
        year_end=dt.date(2027, 3, 31),
        as_of=dt.date(2026, 10, 1),
        preparer="Mary Q. Clerk",
        count_age_months=3,
        lines=stress_lines() if lines is None else lines,
    )


def inspection_record(entries: tuple[InspectionEntry, ...] | None = None) -> InspectionRecord:
    found = (
        InspectionEntry(dt.date(2026, 5, 24), "2026–27", "Officer Dana Reyes", True,
                        "corrected", "by 03/31/2027, before the 2027–28 license"),
        InspectionEntry(dt.date(2026, 5, 10), "2026–27", LONG_NAME, False,
                        "water bowls empty; no records of owners kept; " * 4,
                        "re-inspected 05/24/2026"),
    )  # fmt: skip
    return InspectionRecord(
        heading=HEADING,
        kennel_name=f"{LONG_NAME} Kennel",
        keeper=LONG_NAME,
        keeper_address=(LONG_STREET, "Westborough, MA 01581"),
        keeper_phone="508-555-0101",
        premises=("40 Oak St", "Westborough, MA 01581"),
        kennel_type="commercial boarding or training kennel",
        max_dogs=40,
        license_words="2026–27-K002, expires 03/31/2027",
        status="active",
        printed_on=dt.date(2026, 6, 1),
        printed_by="Mary Q. Clerk",
        entries=found if entries is None else entries,
    )
