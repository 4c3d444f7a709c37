"""Tag labels on sheet stock, read back: text (pypdf), page count and size, and the ink of
every label measured on the page rendered at 300 dpi (pypdfium2)."""

from __future__ import annotations

import hashlib
import io
import re
from dataclasses import replace
from typing import Any

import pytest
import reportlab
from pypdf import PdfReader

from clerkdesk.errors import ValidationError
from clerkdesk.reports.calibration import Calibration
from clerkdesk.reports.label_sheets import (
    ADDRESS_30,
    BUILT_IN,
    LETTER,
    ROUND_2IN,
    SQUARE_2IN,
    SheetTemplate,
)
from clerkdesk.reports.tag_labels import (
    Barcode,
    TagLabels,
    describe,
    label_problems,
    page_count,
    render_tag_labels,
)
from label_pages import label_boxes, page_sizes, page_texts

TOWN = "Town of Westborough"
YEAR = "2026–27"


def labels(first: int = 1, last: int = 45, **changes: Any) -> TagLabels:
    return replace(TagLabels(TOWN, YEAR, first, last), **changes)


def numbers_on(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"^\s*(\d+)$", text, flags=re.MULTILINE)]


def test_45_tags_from_label_7_of_a_30_up_sheet_fill_two_pages_in_order() -> None:
    # GIVEN tags 1–45 for a partly used 30-up sheet whose first six labels are gone
    data = render_tag_labels(labels(start_at=7), ADDRESS_30)

    # THEN two Letter pages: 24 labels, then 21
    assert page_sizes(data) == [LETTER, LETTER]
    texts = page_texts(data)
    assert numbers_on(texts[0]) == list(range(1, 25))
    assert numbers_on(texts[1]) == list(range(25, 46))
    # every label reads the town and the year
    for text, count in zip(texts, (24, 21), strict=True):
        assert text.count(TOWN) == count
        assert text.count(f"Dog license {YEAR}") == count
    # the first six cells of the first page are blank; every label's ink is in its cell
    boxes = label_boxes(data, ADDRESS_30)
    assert boxes[0][:6] == [None] * 6
    assert all(box is not None for box in boxes[0][6:])
    assert all(box is not None for box in boxes[1][:21])
    assert boxes[1][21:] == [None] * 9


@pytest.mark.parametrize("template", BUILT_IN, ids=lambda t: t.name)
@pytest.mark.parametrize("barcode", list(Barcode))
def test_every_label_lies_inside_its_cell_on_every_sheet(
    template: SheetTemplate, barcode: Barcode
) -> None:
    run = labels(995, 995 + template.per_sheet - 1, barcode=barcode)
    boxes = label_boxes(render_tag_labels(run, template), template)
    assert len(boxes) == 1 and None not in boxes[0]


@pytest.mark.parametrize(
    "calibration",
    [Calibration(2.5, -1.5, 1.0), Calibration(-3.0, 4.0, 0.985), Calibration(0, 0, 1.01)],
    ids=["offsets", "offsets-and-shrink", "grow"],
)
def test_a_baked_calibration_moves_each_label_with_its_cell(calibration: Calibration) -> None:
    run = labels(1, 30, barcode=Barcode.CODE128)
    data = render_tag_labels(run, ADDRESS_30, calibration=calibration)
    boxes = label_boxes(data, ADDRESS_30, calibration)
    assert None not in boxes[0]
    plain = label_boxes(render_tag_labels(run, ADDRESS_30), ADDRESS_30)
    first, moved = plain[0][0], boxes[0][0]
    assert first is not None and moved is not None
    s = calibration.scale
    assert moved.left == pytest.approx(s * (first.left + calibration.offset_x_pt), abs=0.6)
    assert moved.top == pytest.approx(s * (first.top + calibration.offset_y_pt), abs=0.6)


def test_a_long_town_name_shrinks_to_its_label_and_stays_whole() -> None:
    town = "Town of Manchester-by-the-Sea, Office of the Town Clerk and Animal Control"
    data = render_tag_labels(TagLabels(town, YEAR, 1, 12, barcode=Barcode.QR), ROUND_2IN)
    assert town in " ".join(page_texts(data)[0].split())
    assert None not in label_boxes(data, ROUND_2IN)[0]


def test_the_pdf_asks_to_be_printed_at_actual_size() -> None:
    data = render_tag_labels(labels(1, 3), SQUARE_2IN)
    preferences = PdfReader(io.BytesIO(data)).trailer["/Root"]["/ViewerPreferences"]
    assert preferences["/PrintScaling"] == "/None"


def test_the_same_labels_give_the_same_bytes() -> None:
    # ReportLab's invariant mode: no dates or random ids in the file.
    run = labels(101, 140, prefix="W-", barcode=Barcode.QR, start_at=3)
    first = render_tag_labels(run, ADDRESS_30, calibration=Calibration(1.0, -0.5, 0.99))
    again = render_tag_labels(run, ADDRESS_30, calibration=Calibration(1.0, -0.5, 0.99))
    assert first == again
    assert hashlib.sha256(first).hexdigest() == GOLDEN_SHA256, (
        f"the golden labels were made with ReportLab {GOLDEN_REPORTLAB}, this is "
        f"{reportlab.Version}: if only ReportLab changed, look at the PDF and take its new hash"
    )


# Tags W-101 to W-140 with QR codes from label 3 of a 30-up sheet, calibration baked in.
GOLDEN_SHA256 = "2f008cad70e3aa2c716743e17c868941d11bc9cf7bef01c44daf9ad2127fbc6b"
GOLDEN_REPORTLAB = "5.1.0"


def test_numbers_carry_the_prefix_given() -> None:
    text = page_texts(render_tag_labels(labels(7, 8, prefix="W-"), ADDRESS_30))[0]
    assert "W-7" in text and "W-8" in text


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"first": 0}, "first"),
        ({"first": 10, "last": 9}, "last"),
        ({"first": 1, "last": 100_001}, "last"),
        ({"start_at": 31}, "start_at"),
        ({"start_at": 0}, "start_at"),
        ({"town": "  "}, "town"),
        ({"prefix": "W\n"}, "prefix"),
        ({"year_label": ""}, "year"),
    ],
)
def test_a_run_that_cannot_be_printed_says_which_value_is_wrong(
    changes: dict[str, object], field: str
) -> None:
    run = labels(**changes)
    assert field in label_problems(run, ADDRESS_30)
    with pytest.raises(ValidationError) as raised:
        render_tag_labels(run, ADDRESS_30)
    assert raised.value.field == field


def test_describe_and_page_count() -> None:
    run = labels(start_at=7)
    assert page_count(run, ADDRESS_30) == 2
    assert describe(run, ADDRESS_30) == (
        "45 labels (tags 1–45) on 2 sheets of avery-5160, starting at label 7"
    )
    assert page_count(labels(1, 12), ROUND_2IN) == 1
