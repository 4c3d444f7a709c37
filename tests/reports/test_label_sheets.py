"""Sheet templates: the built-in stock at its real sizes, and the checks a custom one must
pass before anything is printed on it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from clerkdesk.reports.label_sheets import (
    ADDRESS_30,
    BUILT_IN,
    INCH,
    LETTER,
    ROUND_2IN,
    SQUARE_2IN,
    TemplateError,
    built_in,
    check,
    from_json,
)


def test_the_30_up_address_sheet_is_avery_5160_to_the_point() -> None:
    t = ADDRESS_30
    assert (t.page_width, t.page_height) == LETTER
    assert (t.columns, t.rows, t.per_sheet) == (3, 10, 30)
    assert (t.label_width, t.label_height) == (2.625 * INCH, 1 * INCH)
    assert (t.left_margin, t.top_margin) == (0.1875 * INCH, 0.5 * INCH)
    assert (t.horizontal_pitch, t.vertical_pitch) == (2.75 * INCH, 1 * INCH)
    # the margins either side and top and bottom are equal: the sheet is centred
    last = t.cell(29)
    assert last.right == pytest.approx(t.page_width - t.left_margin)
    assert last.bottom == pytest.approx(t.page_height - t.top_margin)


@pytest.mark.parametrize("template", [ROUND_2IN, SQUARE_2IN], ids=lambda t: t.name)
def test_the_2_inch_tag_sheets_hold_12_labels_centred(template: Any) -> None:
    assert (template.columns, template.rows) == (3, 4)
    assert (template.label_width, template.label_height) == (2 * INCH, 2 * INCH)
    last = template.cell(11)
    assert last.right == pytest.approx(template.page_width - template.left_margin)
    assert last.bottom == pytest.approx(template.page_height - template.top_margin)
    assert ROUND_2IN.round and not SQUARE_2IN.round


def test_cells_run_across_then_down() -> None:
    cell = ADDRESS_30.cell(4)
    assert (cell.row, cell.column) == (1, 1)
    assert cell.left == pytest.approx(0.1875 * INCH + 2.75 * INCH)
    assert cell.top == pytest.approx(1.5 * INCH)
    assert built_in("avery-22807") is ROUND_2IN and built_in("nope") is None
    assert "30 per sheet" in ADDRESS_30.size_text()


@pytest.mark.parametrize(
    ("changes", "field", "says"),
    [
        ({"name": "Avery 5160"}, "name", "lower-case"),
        ({"title": ""}, "title", "title"),
        ({"label_width": 0.0}, "label_width", "more than 0"),
        ({"label_height": float("nan")}, "label_height", "more than 0"),
        ({"top_margin": -1.0}, "top_margin", "below 0"),
        ({"horizontal_pitch": 2.5 * INCH}, "horizontal_pitch", "overlap"),
        ({"vertical_pitch": 0.9 * INCH}, "vertical_pitch", "overlap"),
        ({"left_margin": 0.5 * INCH}, "left_margin", "past the page"),
        ({"rows": 11}, "top_margin", "past the page"),
        ({"rows": 0}, "rows", "at least one row"),
        ({"corner_radius": 0.6 * INCH}, "corner_radius", "half the label"),
        ({"round": True}, "label_height", "as wide as it is high"),
        ({"page_width": 40 * INCH}, "page_width", "larger than"),
    ],
)
def test_a_template_that_cannot_be_printed_on_says_why(
    changes: dict[str, Any], field: str, says: str
) -> None:
    with pytest.raises(TemplateError) as raised:
        check(replace(ADDRESS_30, **changes))
    assert raised.value.field == field
    assert says in raised.value.message


def test_a_template_goes_to_json_and_back() -> None:
    for template in BUILT_IN:
        again = from_json(template.as_json())
        assert again == replace(template, custom=True)


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"colour": "red"}, "colour"),
        ({"rows": "10"}, "rows"),
        ({"rows": True}, "rows"),
        ({"label_width": "wide"}, "label_width"),
        ({"round": "yes"}, "round"),
        ({"name": 5160}, "name"),
    ],
)
def test_json_of_the_wrong_shape_is_refused(data: dict[str, Any], field: str) -> None:
    with pytest.raises(TemplateError) as raised:
        from_json({**ADDRESS_30.as_json(), **data})
    assert raised.value.field == field


def test_json_without_a_measurement_is_refused() -> None:
    data = ADDRESS_30.as_json()
    del data["vertical_pitch"]
    with pytest.raises(TemplateError, match="vertical pitch"):
        from_json(data)
