"""The notice of a hearing on a nuisance or dangerous dog complaint (MGL c.140 §157): whose
dog, what the complaint says, when and where the hearing is, and the owner's right to be
heard and to bring witnesses."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from reportlab.platypus import Flowable, Spacer

from clerkdesk.reports.enforcement.letter_page import WIDTH, Letter, render_letter
from clerkdesk.reports.enforcement.paper_data import Addressee, DogEntry, PaperHead, Printed
from clerkdesk.reports.enforcement.paper_parts import (
    GAP,
    NOTE,
    bold_then,
    dogs_table,
    facts,
    section,
    text,
    title,
    when,
)
from clerkdesk.rules.dates import us_date

STATUTE = "MGL c.140 §157"


@dataclass(frozen=True)
class HearingNotice:
    head: PaperHead
    label: str
    """``H2026-0001``."""
    owner: Addressee
    dog: DogEntry
    complaint_on: dt.date
    complainant: str
    complaint: str
    hearing_at: dt.datetime
    """In the town's time."""
    hearing_place: str
    authority: str
    """Who hears it: the board of selectmen, or its designee as recorded."""


def render_hearing_notice(
    notice: HearingNotice, *, printed: Printed | None = None, invariant: bool | None = None
) -> bytes:
    heading = notice.head.heading
    story: list[Flowable] = [*title(f"Notice of hearing — {notice.label}")]
    story.append(
        bold_then(
            f"A public hearing will be held on {when(notice.hearing_at)} at "
            f"{notice.hearing_place}.",
            f"{notice.authority}, the hearing authority under {STATUTE}, will hear a "
            f"complaint that the dog named below is a nuisance dog or a dangerous dog.",
        )
    )
    story.append(Spacer(1, GAP))
    story += section(
        "The hearing",
        facts(
            [
                ("Date and time", when(notice.hearing_at)),
                ("Place", notice.hearing_place),
                ("Hearing authority", notice.authority),
            ],
            WIDTH,
        ),
    )
    story += section("The dog", dogs_table((notice.dog,), WIDTH))
    story += section(
        "The complaint",
        facts(
            [
                ("Received", us_date(notice.complaint_on)),
                ("Complainant", notice.complainant),
                ("Complaint", notice.complaint),
            ],
            WIDTH,
        ),
    )
    story += section(
        "Your rights at the hearing",
        text(
            "You have the right to be heard: to attend, to speak, to bring witnesses and "
            "evidence (photographs, records from your veterinarian, written statements), and "
            "to have someone represent you. The complainant is examined under oath."
        ),
        text(
            "After the hearing the hearing authority may dismiss the complaint, or find the dog "
            "a nuisance dog or a dangerous dog and make orders about it (restraint, "
            "confinement, a muzzle and leash off your premises, and the others §157 allows). "
            "A dog is not found dangerous for its breed alone, nor for growling or barking "
            "alone. The decision is sent to you in writing."
        ),
        text(
            f"If you cannot attend on this date, call or write to the {heading.office} of the "
            f"{heading.town} before the hearing"
            + (f" ({heading.phone})" if heading.phone else "")
            + ". The hearing may go ahead in your absence.",
            NOTE,
        ),
    )
    letter = Letter(
        notice.head,
        "Notice of hearing",
        notice.label,
        notice.owner,
        f"{heading.town} · Notice of hearing {notice.label} · {STATUTE}",
    )
    return render_letter(letter, story, printed=printed, invariant=invariant)
