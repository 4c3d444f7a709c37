"""Kennel tag labels on sheet stock, read back: each label's text (pypdf), and its ink inside
its cell on every built-in sheet with every kind of code (pypdfium2 at 300 dpi)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from clerkdesk.errors import ValidationError
from clerkdesk.reports.kennel_tag_labels import (
    KennelTagLabels,
    kennel_label_problems,
    render_kennel_tag_labels,
)
from clerkdesk.reports.label_sheets import ADDRESS_30, BUILT_IN, SheetTemplate
from clerkdesk.reports.tag_labels import Barcode
from label_pages import label_boxes, page_texts

TOWN = "Town of Westborough"
YEAR = "2026–27"


def labels(count: int = 3, **changes: Any) -> KennelTagLabels:
    tags = tuple(f"K004 #{n}" for n in range(1, count + 1))
    return replace(KennelTagLabels(TOWN, YEAR, f"{YEAR}-K004", tags), **changes)


def test_each_tag_reads_the_town_the_license_year_and_its_place() -> None:
    data = render_kennel_tag_labels(labels(start_at=4), ADDRESS_30)
    text = page_texts(data)[0]
    assert text.count(TOWN) == 3
    assert text.count(f"Kennel license {YEAR}") == 3
    assert [line.strip() for line in text.splitlines() if line.strip().startswith("K004")] == [
        "K004 #1",
        "K004 #2",
        "K004 #3",
    ]
    boxes = label_boxes(data, ADDRESS_30)
    assert boxes[0][:3] == [None] * 3 and None not in boxes[0][3:6]


@pytest.mark.parametrize("template", BUILT_IN, ids=lambda t: t.name)
@pytest.mark.parametrize("barcode", list(Barcode))
def test_every_label_lies_inside_its_cell(template: SheetTemplate, barcode: Barcode) -> None:
    run = labels(template.per_sheet, barcode=barcode)
    boxes = label_boxes(render_kennel_tag_labels(run, template), template)
    assert len(boxes) == 1 and None not in boxes[0]


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"town": " "}, "town"),
        ({"town": "x" * 81}, "town"),
        ({"tags": ()}, "tags"),
        ({"tags": ("K004 #1", " ")}, "tags"),
        ({"tags": ("K" * 25,)}, "tags"),
        ({"start_at": 0}, "start_at"),
        ({"start_at": 31}, "start_at"),
    ],
)
def test_a_run_that_cannot_print_is_refused_by_field(changes: dict[str, Any], field: str) -> None:
    run = labels(**changes)
    assert field in kennel_label_problems(run, ADDRESS_30)
    with pytest.raises(ValidationError):
        render_kennel_tag_labels(run, ADDRESS_30)


def test_the_same_tags_give_the_same_bytes() -> None:
    run = labels(barcode=Barcode.QR)
    assert render_kennel_tag_labels(run, ADDRESS_30) == render_kennel_tag_labels(run, ADDRESS_30)
