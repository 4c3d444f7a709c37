"""The calibration page: outlines where the labels are, crosses where the words say, and
the measurements it asks for turned into a calibration that puts marks back in place."""

from __future__ import annotations

import pytest

from clerkdesk.errors import ValidationError
from clerkdesk.reports.calibration import MM, Calibration
from clerkdesk.reports.calibration_page import (
    CROSS_INSET,
    corrected,
    cross_a,
    cross_b,
    render_calibration_page,
    span_mm,
)
from clerkdesk.reports.label_sheets import ADDRESS_30, BUILT_IN, ROUND_2IN
from label_pages import PX, Rect, ink_box, page_sizes, page_texts, pages


@pytest.mark.parametrize("template", BUILT_IN, ids=lambda t: t.name)
def test_the_page_says_what_to_measure_and_where_to_type_it(template: object) -> None:
    from clerkdesk.reports.label_sheets import SheetTemplate

    assert isinstance(template, SheetTemplate)
    data = render_calibration_page(template)
    assert page_sizes(data) == [template.page_size]
    text = " ".join(page_texts(data)[0].split())
    assert "LEFT edge of the paper to the vertical line of cross A: it should be 25.4 mm" in text
    assert "TOP edge" in text and "228.6 mm" in text
    assert "Tags (F5) → Calibrate printer…" in text


def test_cross_a_is_drawn_where_the_words_say() -> None:
    image = pages(render_calibration_page(ADDRESS_30))[0]
    x, y = cross_a(ADDRESS_30)
    # the vertical arm, just above the circle, between 5 and 8 mm above the centre
    arm = ink_box(image, Rect(x - 3, y - 8 * MM, x + 3, y - 5 * MM))
    assert arm is not None
    assert (arm.left + arm.right) / 2 == pytest.approx(x, abs=1 / PX + 0.2)
    arm = ink_box(image, Rect(x - 8 * MM, y - 3, x - 5 * MM, y + 3))
    assert arm is not None
    assert (arm.top + arm.bottom) / 2 == pytest.approx(y, abs=1 / PX + 0.2)
    assert pytest.approx(25.4) == CROSS_INSET / MM
    assert cross_b(ADDRESS_30)[1] - y == pytest.approx(span_mm(ADDRESS_30) * MM)


def test_each_outline_sits_on_its_label() -> None:
    image = pages(render_calibration_page(ROUND_2IN))[0]
    cell = ROUND_2IN.cell(2)  # top right: clear of cross A and of the words
    box = ink_box(image, Rect(cell.left - 3, cell.top - 3, cell.right + 3, cell.bottom + 3))
    assert box is not None
    for found, drawn in zip(
        (box.left, box.top, box.right, box.bottom),
        (cell.left, cell.top, cell.right, cell.bottom),
        strict=True,
    ):
        assert found == pytest.approx(drawn, abs=0.5)


def printed(mark_mm: float, *, shift: float, stretch: float, cal: Calibration, axis: str) -> float:
    """Where a printer that shifts by ``shift`` mm and stretches by ``stretch`` puts a mark
    drawn ``mark_mm`` from the edge, with ``cal`` applied first."""
    offset = cal.offset_x_mm if axis == "x" else cal.offset_y_mm
    return shift + stretch * cal.scale * (mark_mm + offset)


@pytest.mark.parametrize("start", [Calibration(), Calibration(1.2, -0.7, 0.995)])
def test_the_measurements_give_a_calibration_that_puts_marks_back(start: Calibration) -> None:
    # GIVEN a printer that puts everything 1.8 mm right, 0.9 mm up and 0.6% large
    shift_x, shift_y, stretch = 1.8, -0.9, 1.006
    a, span = CROSS_INSET / MM, span_mm(ADDRESS_30)

    def measure(cal: Calibration) -> tuple[float, float, float]:
        left = printed(a, shift=shift_x, stretch=stretch, cal=cal, axis="x")
        top = printed(a, shift=shift_y, stretch=stretch, cal=cal, axis="y")
        bottom = printed(a + span, shift=shift_y, stretch=stretch, cal=cal, axis="y")
        return left, top, bottom - top

    # WHEN the clerk measures a page printed with the calibration there is, and types it in
    left, top, run = measure(start)
    new = corrected(start, ADDRESS_30, left_mm=left, top_mm=top, span=run)

    # THEN the page printed with the new calibration measures as it should
    assert measure(new) == pytest.approx((a, a, span), abs=0.01)


@pytest.mark.parametrize(
    ("left", "top", "span", "field"),
    [
        (0, 25.4, 228.6, "left"),
        (25.4, float("nan"), 228.6, "top"),
        (25.4, 25.4, 150, "span"),
        (60, 25.4, 228.6, "left"),
    ],
)
def test_measurements_that_cannot_be_right_are_refused(
    left: float, top: float, span: float, field: str
) -> None:
    with pytest.raises(ValidationError) as raised:
        corrected(Calibration(), ADDRESS_30, left_mm=left, top_mm=top, span=span)
    assert raised.value.field == field
