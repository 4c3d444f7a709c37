"""One kennel's inspection record for the animal control officer: the kennel as it stands,
and each inspection with the conditions noted and when the next one is due."""

from __future__ import annotations

import datetime as dt

from clerkdesk.db.database import Database
from clerkdesk.models import KennelInspection
from clerkdesk.reports.kennel_inspections_pdf import InspectionEntry, InspectionRecord
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.kinds import InspectionResult
from clerkdesk.rules.profile import TownProfile
from clerkdesk.rules.roles import Actor
from clerkdesk.services.documents import mailing_lines, office_heading, residence_lines
from clerkdesk.services.kennel_facts import (
    class_words,
    full_names,
    inspector_name,
    license_for,
    license_label,
    the_kennel,
)
from clerkdesk.services.profile_source import profile_in_force
from clerkdesk.services.state_kennel_report import check_report_reader, preparer_name


def kennel_inspection_record(
    database: Database, kennel_id: int, *, on: dt.date, actor: Actor
) -> InspectionRecord:
    """The record printed on ``on`` by ``actor``, newest inspection first."""
    check_report_reader(actor)
    with database.read() as session:
        kennel = the_kennel(session, kennel_id)
        profile = profile_in_force(session)
        names = full_names(session)
        year = profile.license_year_containing(on)
        held = license_for(session, kennel.id, year.start)
        license_words = (
            f"{license_label(held.license_year_label, held.number)}, expires "
            f"{us_date(held.license_year_end)}"
            if held is not None
            else f"No license for {year.label}"
        )
        inspections = sorted(kennel.inspections, key=lambda i: (i.inspected_on, i.id))
        entries = tuple(
            InspectionEntry(
                inspected_on=i.inspected_on,
                year_label=profile.license_year_containing(i.license_year_start).label,
                inspector=inspector_name(i.inspector, names),
                passed=i.result is InspectionResult.PASSED,
                conditions=" ".join(i.notes.split()) if i.notes else None,
                next_due=_next_due(profile, i, inspections[n + 1 :]),
            )
            for n, i in reversed(list(enumerate(inspections)))
        )
        keeper = kennel.keeper
        unit = f", {kennel.premises_unit}" if kennel.premises_unit else ""
        category = f" ({kennel.category})" if kennel.category else ""
        return InspectionRecord(
            heading=office_heading(profile),
            kennel_name=kennel.name,
            keeper=keeper.display_name,
            keeper_address=mailing_lines(keeper) or residence_lines(keeper),
            keeper_phone=keeper.phone or None,
            premises=(
                f"{kennel.premises_street}{unit}",
                f"{kennel.premises_city}, MA {kennel.premises_postal_code}",
            ),
            kennel_type=class_words(kennel.kennel_class) + category,
            max_dogs=kennel.max_dogs,
            license_words=license_words,
            status=kennel.status.value,
            printed_on=on,
            printed_by=preparer_name(session, actor),
            entries=entries,
        )


def _next_due(
    profile: TownProfile, inspection: KennelInspection, later: list[KennelInspection]
) -> str:
    """A later inspection for the same license year answers this one; else a pass holds
    until the next year's license, and a failure wants another before this year's."""
    again = next((i for i in later if i.license_year_start == inspection.license_year_start), None)
    if again is not None:
        return f"re-inspected {us_date(again.inspected_on)}"
    year = profile.license_year_containing(inspection.license_year_start)
    if inspection.result is InspectionResult.PASSED:
        following = profile.license_year_containing(year.end + dt.timedelta(days=1))
        return f"by {us_date(year.end)}, before the {following.label} license"
    return f"re-inspection before a {year.label} license is issued"
