"""What a run of kennel tag labels needs from the database: the town, and the tags of the
kennel's license for a license year (all of them, or the ones asked for, such as the tag of
a dog that joined the roster since)."""

from __future__ import annotations

import datetime as dt

from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.reports.kennel_tag_labels import KennelTagLabels
from clerkdesk.reports.tag_labels import Barcode
from clerkdesk.services.kennel_facts import (
    kennel_number,
    license_for,
    license_label,
    license_year_of,
    the_kennel,
)
from clerkdesk.services.profile_source import profile_in_force


def kennel_tag_labels(
    database: Database,
    kennel_id: int,
    *,
    on: dt.date,
    year: int | None = None,
    positions: tuple[int, ...] = (),
    barcode: Barcode = Barcode.NONE,
    start_at: int = 1,
) -> KennelTagLabels:
    """The labels of the kennel's license for the license year starting in ``year`` (or
    the one containing ``on``): every tag in order, or only those at ``positions``."""
    with database.read() as session:
        profile = profile_in_force(session)
        license_year = license_year_of(profile, year, on)
        kennel = the_kennel(session, kennel_id)
        held = license_for(session, kennel.id, license_year.start)
        if held is None:
            raise ValidationError(
                f"{kennel.name} holds no kennel license for {license_year.label}: its tags "
                "come with the license.",
                field="kennel",
            )
        label = license_label(held.license_year_label, held.number)
        issued = sorted(tag.position for tag in held.tags)
        missing = sorted(set(positions) - set(issued))
        if missing:
            have = f"#{issued[0]}–#{issued[-1]}" if issued else "none"
            raise ValidationError(
                f"Kennel license {label} has no tag #{missing[0]} (its tags: {have}).",
                field="tags",
            )
        chosen = [p for p in issued if not positions or p in positions]
        number = kennel_number(held.number)
        return KennelTagLabels(
            town=profile.name,
            year_label=held.license_year_label,
            license_label=label,
            tags=tuple(f"{number} #{p}" for p in chosen),
            barcode=barcode,
            start_at=start_at,
        )
