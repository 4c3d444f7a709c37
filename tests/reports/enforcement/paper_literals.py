"""Each enforcement paper from literals (Fairhaven's office, Jane Doe and Rex), for the
report tests and the docs' page images: ``LONG`` is a 300-character name."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from decimal import Decimal
from zoneinfo import ZoneInfo

from clerkdesk.reports.documents import OfficeHeading
from clerkdesk.reports.enforcement.hearing_notice import HearingNotice
from clerkdesk.reports.enforcement.hearing_order import HearingOrder, OrderEntry
from clerkdesk.reports.enforcement.impound_release import ImpoundRelease
from clerkdesk.reports.enforcement.month_summary import BarDue, CodeCount, MonthSummary
from clerkdesk.reports.enforcement.paper_data import Addressee, DogEntry, PaperHead, Printed
from clerkdesk.reports.enforcement.unpaid_fines import UnpaidFine, UnpaidFines
from clerkdesk.reports.enforcement.violation_notice import ViolationNotice

ZONE = ZoneInfo("America/New_York")
LONG = ("Maximiliana Wolfeschlegelsteinhausenbergerdorff-" * 7)[:300]
HEADING = OfficeHeading(
    "Town of Fairhaven",
    "Office of the Town Clerk",
    "Chapter 87, Part 1",
    address=("40 Center Street", "Fairhaven, MA 02719"),
    hours="Mon–Fri 8:30 AM–4:30 PM",
    phone="508-979-4023",
)
HEAD = PaperHead(HEADING, None, dt.date(2026, 2, 2))
JANE = Addressee("Jane Doe", ("12 Elm St", "Fairhaven, MA 02719"))
REX = DogEntry("Rex", "Beagle, tricolor, male", "license 12, 2025–26, tag 5")
PRINTED = Printed(dt.datetime(2026, 3, 1, 10, 5, tzinfo=ZONE), "mjones")


def at(day: dt.date, hour: int, minute: int = 0) -> dt.datetime:
    return dt.datetime.combine(day, dt.time(hour, minute), tzinfo=ZONE)


def violation(**changes: object) -> ViolationNotice:
    values: dict[str, object] = dict(
        head=HEAD,
        label="V2026-0001",
        owner=JANE,
        occurred_at=at(dt.date(2026, 2, 2), 9, 15),
        place="Fort Street at Main Street",
        officer="Officer Dana Reyes",
        dogs=(REX, DogEntry("Bella", "Mixed breed, black, female", "not licensed")),
        code="violation",
        description="Violation of Chapter 87, Part 1",
        citation="Ch. 87 Pt. 1, Penalties ¶A, ¶C (MGL c.140 §173A)",
        offense_number=2,
        warning=False,
        amount=Decimal("100.00"),
        maximum=False,
        pay_by=dt.date(2026, 2, 23),
        payment_methods=("check", "money_order"),
    )
    values.update(changes)
    return ViolationNotice(**values)  # type: ignore[arg-type]


def hearing(**changes: object) -> HearingNotice:
    values: dict[str, object] = dict(
        head=HEAD,
        label="H2026-0003",
        owner=JANE,
        dog=REX,
        complaint_on=dt.date(2026, 1, 20),
        complainant="Robert Smith, 14 Elm St",
        complaint="Rex bit the complainant's dog on Elm Street on January 18, 2026.",
        hearing_at=at(dt.date(2026, 2, 17), 18, 30),
        hearing_place="Town Hall, Banquet Room, 40 Center Street",
        authority="The Board of Selectmen",
    )
    values.update(changes)
    return HearingNotice(**values)  # type: ignore[arg-type]


def order(**changes: object) -> HearingOrder:
    values: dict[str, object] = dict(
        head=PaperHead(HEADING, None, dt.date(2026, 2, 18)),
        label="H2026-0003",
        owner=JANE,
        dog=REX,
        complaint_on=dt.date(2026, 1, 20),
        complainant="Robert Smith",
        hearing_at=at(dt.date(2026, 2, 17), 18, 30),
        hearing_place="Town Hall, Banquet Room",
        decision="dangerous",
        decided_on=dt.date(2026, 2, 18),
        authority="The Board of Selectmen",
        findings="Rex attacked a leashed dog on a public way without provocation, causing "
        "injuries that needed a veterinarian's care.",
        orders=(
            OrderEntry(
                "muzzled and leashed off the owner's premises",
                "A basket muzzle and a leash of no more than 6 feet, held by an adult.",
                dt.date(2026, 2, 18),
            ),
            OrderEntry(
                "proof of liability insurance",
                "Not less than $100,000; proof to the clerk within 30 days.",
                dt.date(2026, 2, 18),
            ),
        ),
    )
    values.update(changes)
    return HearingOrder(**values)  # type: ignore[arg-type]


def release(**changes: object) -> ImpoundRelease:
    values: dict[str, object] = dict(
        head=PaperHead(HEADING, None, dt.date(2026, 1, 5)),
        label="I2026-0002",
        released_to=JANE,
        dog=DogEntry("Bella", "Mixed breed, black, female", "not licensed when taken"),
        taken_at=at(dt.date(2026, 1, 2), 9, 0),
        place="Fort Phoenix beach parking lot",
        taken_by="Officer Dana Reyes",
        held_at="Fairhaven Animal Shelter",
        licensed_when_taken=False,
        released_at=at(dt.date(2026, 1, 5), 9, 5),
        released_by="mjones",
        disposition="returned",
        receipt_label="2026-000031",
        receipt_void=False,
        charges=(("Impound: $40.00 per calendar day × 4", Decimal("160.00")),),
        license_sold="license 31, 2025–26, tag 114",
    )
    values.update(changes)
    return ImpoundRelease(**values)  # type: ignore[arg-type]


def unpaid(count: int = 3, **changes: object) -> UnpaidFines:
    fines = tuple(
        UnpaidFine(
            label=f"V2026-{n + 1:04d}",
            owner="Jane Doe" if n % 2 == 0 else "John Smith",
            address="12 Elm St, Fairhaven, MA 02719",
            code="violation",
            amount=Decimal("50.00") * (n + 1),
            maximum=False,
            occurred_on=dt.date(2026, 1, 5) + dt.timedelta(days=n),
            pay_by=dt.date(2026, 1, 26) + dt.timedelta(days=n),
            days_overdue=36 - n,
            court_filed_on=dt.date(2026, 2, 27) if n == 0 else None,
        )
        for n in range(count)
    )
    values: dict[str, object] = dict(heading=HEADING, on=dt.date(2026, 3, 3), fines=fines)
    values.update(changes)
    return UnpaidFines(**values)  # type: ignore[arg-type]


def month(**changes: object) -> MonthSummary:
    values: dict[str, object] = dict(
        heading=HEADING,
        first=dt.date(2026, 2, 1),
        last=dt.date(2026, 2, 28),
        prepared_on=dt.date(2026, 3, 2),
        by_code=(
            CodeCount("violation", "Violation of Chapter 87, Part 1", 0, 3, Decimal("450.00")),
            CodeCount("tethering", "Tethering or confinement violation", 2, 1, Decimal("200.00")),
        ),
        dismissed=1,
        fines_paid=Decimal("150.00"),
        fines_paid_count=2,
        impounds_taken=4,
        dispositions=(("returned to the owner", 2), ("adopted", 1), ("still held", 1)),
        release_charges=Decimal("200.00"),
        release_count=2,
        complaints=2,
        hearings_held=1,
        decisions=(("dangerous dog", 1),),
        orders=(("muzzled and leashed off the owner's premises", 1),),
        bars=1,
        reports_due=(BarDue("Jane Doe", dt.date(2026, 2, 3), dt.date(2026, 3, 5), None),),
    )
    values.update(changes)
    return MonthSummary(**values)  # type: ignore[arg-type]


def unpaid_named(owner: str) -> UnpaidFines:
    """One unpaid fine whose owner is ``owner``."""
    fine = unpaid(1).fines[0]
    return unpaid(0, fines=(replace(fine, owner=owner),))
