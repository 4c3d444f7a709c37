"""Kennel tag labels: one label per dog kept under a kennel license, on the same sheet stock
and in the same layout as dog tag labels. Each shows the town, "Kennel license" and the
license year, and the tag (the kennel license number and the dog's place on it: ``K001 #2``),
what MGL c.140 §137A asks a kennel tag to carry.
"""

from __future__ import annotations

from dataclasses import dataclass

from clerkdesk.errors import ValidationError
from clerkdesk.reports.calibration import NO_CALIBRATION, Calibration
from clerkdesk.reports.label_sheets import SheetTemplate
from clerkdesk.reports.tag_labels import Barcode, LabelRun, draw_labels, sheet_problems

HEADING = "Kennel license"
TAG_LENGTH = 24


@dataclass(frozen=True)
class KennelTagLabels:
    """The tags of one kennel license: ``tags`` as each label prints it (``K001 #2``);
    ``license_label`` is the license as the certificate names it (``2026–27-K001``)."""

    town: str
    year_label: str
    license_label: str
    tags: tuple[str, ...]
    barcode: Barcode = Barcode.NONE
    start_at: int = 1

    @property
    def count(self) -> int:
        return len(self.tags)


def kennel_label_problems(labels: KennelTagLabels, template: SheetTemplate) -> dict[str, str]:
    """Every problem with a run of kennel tag labels, by field; empty when it can be printed."""
    problems = sheet_problems(labels.town, labels.start_at, template)
    if not labels.tags:
        problems["tags"] = (
            f"Kennel license {labels.license_label} has no tags: no dog on its roster was "
            "counted when it was sold or since."
        )
    elif any(not t.strip() or len(t) > TAG_LENGTH for t in labels.tags):
        problems["tags"] = f"A kennel tag is 1 to {TAG_LENGTH} characters."
    return problems


def render_kennel_tag_labels(
    labels: KennelTagLabels,
    template: SheetTemplate,
    *,
    calibration: Calibration = NO_CALIBRATION,
) -> bytes:
    """The labels as a PDF, checked first; ``calibration`` as for dog tag labels."""
    problems = kennel_label_problems(labels, template)
    if problems:
        field, message = next(iter(problems.items()))
        raise ValidationError(message, field=field)
    run = LabelRun(
        title=f"Kennel tag labels {labels.license_label}",
        town=labels.town,
        heading=f"{HEADING} {labels.year_label.strip()}",
        barcode=labels.barcode,
        start_at=labels.start_at,
    )
    # Code 128 holds plain ASCII: the year's dash and the tag's space are left out.
    year = labels.year_label.replace("–", "-")
    items = ((tag, f"{year}-{tag.replace(' #', '-')}") for tag in labels.tags)
    return draw_labels(run, items, template, calibration=calibration)
