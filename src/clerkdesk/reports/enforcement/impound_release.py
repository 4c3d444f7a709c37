"""The impound release receipt: the dog taken in (when, where, by whom, where held), released
when and to whom, the charges paid as the lines of the receipt that paid them, and the license
sold in the same visit when the dog had none."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from reportlab.platypus import Flowable, Spacer

from clerkdesk.reports.enforcement.letter_page import WIDTH, Letter, render_letter
from clerkdesk.reports.enforcement.paper_data import Addressee, DogEntry, PaperHead, Printed
from clerkdesk.reports.enforcement.paper_parts import (
    GAP,
    NOTE,
    amounts_table,
    bold_then,
    dogs_table,
    facts,
    section,
    text,
    title,
    when,
)


@dataclass(frozen=True)
class ImpoundRelease:
    head: PaperHead
    label: str
    """``I2026-0001``."""
    released_to: Addressee | None
    """The owner (or the adopter); ``None`` when no one is on file."""
    dog: DogEntry
    taken_at: dt.datetime
    place: str
    taken_by: str
    held_at: str
    licensed_when_taken: bool
    released_at: dt.datetime
    released_by: str
    disposition: str
    """``returned`` or ``adopted``."""
    receipt_label: str | None
    """The receipt that paid the charges; ``None`` when nothing was charged."""
    receipt_void: bool
    charges: tuple[tuple[str, Decimal], ...]
    license_sold: str | None
    """``license 31, 2026–27, tag W-14`` when one was sold on the same receipt."""

    @property
    def total(self) -> Decimal:
        return sum((amount for _, amount in self.charges), Decimal("0.00"))


def render_impound_release(
    release: ImpoundRelease, *, printed: Printed | None = None, invariant: bool | None = None
) -> bytes:
    heading = release.head.heading
    to_whom = "adopter" if release.disposition == "adopted" else "owner"
    story: list[Flowable] = [*title(f"Impound release — {release.label}")]
    name = release.released_to.name if release.released_to is not None else f"its {to_whom}"
    story.append(
        bold_then(
            f"Released {when(release.released_at)} to {name}.",
            f"The dog below, impounded by the animal control officer of the {heading.town}, "
            f"was released by {release.released_by}"
            + (" once its charges were paid." if release.charges else "."),
        )
    )
    story.append(Spacer(1, GAP))
    story += section("The dog", dogs_table((release.dog,), WIDTH))
    story += section(
        "The impound",
        facts(
            [
                ("Taken in", when(release.taken_at)),
                ("Where found", release.place),
                ("Taken by", release.taken_by),
                ("Held at", release.held_at),
                ("Licensed then", "yes" if release.licensed_when_taken else "no"),
                ("Released", when(release.released_at)),
            ],
            WIDTH,
        ),
    )
    if release.charges:
        receipt = f"Receipt No. {release.receipt_label}" if release.receipt_label else "Receipt"
        body: list[Flowable] = [
            amounts_table(release.charges, ("Total paid", release.total), WIDTH)
        ]
        if release.receipt_void:
            body.insert(0, bold_then("VOID.", "The receipt that paid these charges was voided."))
        story += section(f"Charges paid — {receipt}", *body)
    else:
        story += section("Charges", text("No charges were due on release."))
    if release.license_sold is not None:
        story += section(
            "License sold at release",
            text(f"The dog was licensed in the same visit: {release.license_sold}."),
        )
    story.append(
        text(
            f"Kept by the {heading.office} of the {heading.town}. Please keep this receipt "
            "for your records.",
            NOTE,
        )
    )
    letter = Letter(
        release.head,
        "Impound release",
        release.label,
        release.released_to,
        f"{heading.town} · Impound release {release.label}"
        + (f" · Receipt {release.receipt_label}" if release.receipt_label else ""),
    )
    return render_letter(letter, story, printed=printed, invariant=invariant)
