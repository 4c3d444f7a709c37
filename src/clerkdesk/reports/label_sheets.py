"""Label sheet templates: where each label sits on a sheet of stock, as plain frozen data.

Every length is in PostScript points (1/72 inch), measured from the sheet's top-left corner
as a clerk would lay a ruler on it. The built-in sheets are named after the stock a clerk
buys; an office adds its own as custom templates (``services.label_templates``), checked by
the same ``check`` before they are kept.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any

from clerkdesk.errors import ValidationError

INCH = 72.0
MM = 72 / 25.4
LETTER = (8.5 * INCH, 11 * INCH)
# Looser than any printer can place a mark, tighter than rounding in inches or mm.
TOLERANCE = 0.01
NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")
TITLE_LENGTH = 80
MAX_PER_SHEET = 400
"""Labels on one sheet: far above any stock sold (80-up return-address sheets)."""


class TemplateError(ValidationError):
    """A sheet template that cannot be printed on: says which measurement is wrong."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message, field=field)


@dataclass(frozen=True)
class Cell:
    """One label's place on the page, in points from the page's top-left corner."""

    index: int
    row: int
    column: int
    left: float
    top: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.left + self.width

    @property
    def bottom(self) -> float:
        return self.top + self.height


@dataclass(frozen=True)
class SheetTemplate:
    """A sheet of label stock. ``horizontal_pitch`` is from one label's left edge to the next
    one's (label width plus the gap); ``vertical_pitch`` likewise down the sheet."""

    name: str
    title: str
    page_width: float
    page_height: float
    rows: int
    columns: int
    label_width: float
    label_height: float
    top_margin: float
    left_margin: float
    horizontal_pitch: float
    vertical_pitch: float
    corner_radius: float = 0.0
    round: bool = False
    custom: bool = False

    @property
    def per_sheet(self) -> int:
        return self.rows * self.columns

    @property
    def page_size(self) -> tuple[float, float]:
        return (self.page_width, self.page_height)

    @property
    def horizontal_gap(self) -> float:
        return self.horizontal_pitch - self.label_width

    @property
    def vertical_gap(self) -> float:
        return self.vertical_pitch - self.label_height

    def cell(self, index: int) -> Cell:
        """The ``index``-th label (0-based), across the first row, then the next row."""
        row, column = divmod(index % self.per_sheet, self.columns)
        return Cell(
            index,
            row,
            column,
            self.left_margin + column * self.horizontal_pitch,
            self.top_margin + row * self.vertical_pitch,
            self.label_width,
            self.label_height,
        )

    def cells(self) -> Iterator[Cell]:
        return (self.cell(i) for i in range(self.per_sheet))

    def size_text(self) -> str:
        """``30 per sheet, 2.625 × 1 in (66.7 × 25.4 mm), round, on 8.5 × 11 in``."""
        shape = "round, " if self.round else ""
        return (
            f"{self.per_sheet} per sheet ({self.columns} × {self.rows}), {shape}"
            f"{_inches(self.label_width)} × {_inches(self.label_height)} in "
            f"({_mm(self.label_width)} × {_mm(self.label_height)} mm), on "
            f"{_inches(self.page_width)} × {_inches(self.page_height)} in"
        )

    def as_json(self) -> dict[str, Any]:
        """The template as JSON-ready values (points), without ``custom``."""
        data = asdict(self)
        data.pop("custom")
        return data


def _inches(points: float) -> str:
    return f"{points / INCH:.4f}".rstrip("0").rstrip(".")


def _mm(points: float) -> str:
    return f"{points / MM:.1f}"


def check(template: SheetTemplate) -> SheetTemplate:
    """``template`` if it can be printed on; otherwise ``TemplateError`` naming the problem."""
    t = template
    if not NAME.match(t.name):
        raise TemplateError(
            "A template's name is 1 to 40 lower-case letters, digits and hyphens, starting "
            f"with a letter or digit (e.g. avery-5160), not {t.name!r}.",
            "name",
        )
    if not t.title.strip() or len(t.title) > TITLE_LENGTH:
        raise TemplateError(
            f"Give the template a title of 1 to {TITLE_LENGTH} characters.", "title"
        )
    for field in ("page_width", "page_height", "label_width", "label_height"):
        value = getattr(t, field)
        if not (math.isfinite(value) and value > 0):
            raise TemplateError(f"The {_words(field)} must be more than 0.", field)
    for field in ("top_margin", "left_margin", "corner_radius"):
        value = getattr(t, field)
        if not (math.isfinite(value) and value >= 0):
            raise TemplateError(f"The {_words(field)} must not be below 0.", field)
    if t.page_width > 17 * INCH or t.page_height > 22 * INCH:
        raise TemplateError("The page is larger than any sheet a desk printer takes.", "page_width")
    if not (t.rows >= 1 and t.columns >= 1 and t.rows * t.columns <= MAX_PER_SHEET):
        raise TemplateError(
            f"A sheet has at least one row and one column, and at most {MAX_PER_SHEET} labels.",
            "rows",
        )
    for field, size, count in (
        ("horizontal_pitch", t.label_width, t.columns),
        ("vertical_pitch", t.label_height, t.rows),
    ):
        pitch = getattr(t, field)
        if not (math.isfinite(pitch) and pitch >= 0):
            raise TemplateError(f"The {_words(field)} must not be below 0.", field)
        if count > 1 and pitch < size - TOLERANCE:
            raise TemplateError(
                f"The {_words(field)} ({_inches(pitch)} in) is less than the label "
                f"({_inches(size)} in): the labels would overlap.",
                field,
            )
    right = t.left_margin + (t.columns - 1) * t.horizontal_pitch + t.label_width
    if right > t.page_width + TOLERANCE:
        raise TemplateError(
            f"The labels reach {_inches(right)} in from the left edge, past the page's "
            f"{_inches(t.page_width)} in width.",
            "left_margin",
        )
    bottom = t.top_margin + (t.rows - 1) * t.vertical_pitch + t.label_height
    if bottom > t.page_height + TOLERANCE:
        raise TemplateError(
            f"The labels reach {_inches(bottom)} in from the top edge, past the page's "
            f"{_inches(t.page_height)} in height.",
            "top_margin",
        )
    if t.corner_radius > min(t.label_width, t.label_height) / 2 + TOLERANCE:
        raise TemplateError("The corner radius is more than half the label.", "corner_radius")
    if t.round and abs(t.label_width - t.label_height) > TOLERANCE:
        raise TemplateError("A round label is as wide as it is high.", "label_height")
    return template


def _words(field: str) -> str:
    return field.replace("_", " ")


def from_json(data: Mapping[str, Any], *, custom: bool = True) -> SheetTemplate:
    """A template from ``as_json``'s values, checked; ``TemplateError`` if anything is off."""
    known = {f.name: f for f in fields(SheetTemplate) if f.name != "custom"}
    unknown = sorted(set(data) - set(known))
    if unknown:
        named = "field" if len(unknown) == 1 else "fields"
        raise TemplateError(f"Unknown template {named}: {', '.join(unknown)}.", unknown[0])
    values: dict[str, Any] = {}
    for name in known:
        if name not in data:
            if name in ("corner_radius", "round"):
                continue
            raise TemplateError(f"The template has no {_words(name)}.", name)
        value = data[name]
        if name in ("name", "title"):
            if not isinstance(value, str):
                raise TemplateError(f"The {name} must be text.", name)
        elif name in ("rows", "columns"):
            if isinstance(value, bool) or not isinstance(value, int):
                raise TemplateError(f"The number of {name} must be a whole number.", name)
        elif name == "round":
            if not isinstance(value, bool):
                raise TemplateError("round must be true or false.", name)
        else:
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise TemplateError(f"The {_words(name)} must be a number.", name)
            value = float(value)
        values[name] = value
    return check(SheetTemplate(**values, custom=custom))


def _letter(
    name: str,
    title: str,
    *,
    rows: int,
    columns: int,
    label: tuple[float, float],
    top: float,
    left: float,
    pitch: tuple[float, float],
    radius: float = 0.0,
    round_: bool = False,
) -> SheetTemplate:
    """A US Letter sheet measured in inches."""
    return check(
        SheetTemplate(
            name,
            title,
            *LETTER,
            rows,
            columns,
            label[0] * INCH,
            label[1] * INCH,
            top * INCH,
            left * INCH,
            pitch[0] * INCH,
            pitch[1] * INCH,
            radius * INCH,
            round_,
        )
    )


ADDRESS_30 = _letter(
    "avery-5160",
    'Address labels 1" × 2-5/8", 30 per sheet (Avery 5160 / 8160 and look-alikes)',
    rows=10,
    columns=3,
    label=(2.625, 1.0),
    top=0.5,
    left=0.1875,
    pitch=(2.75, 1.0),
    radius=0.0625,
)
ROUND_2IN = _letter(
    "avery-22807",
    'Round tag labels 2", 12 per sheet (Avery 22807 and look-alikes)',
    rows=4,
    columns=3,
    label=(2.0, 2.0),
    top=0.75,
    left=0.75,
    pitch=(2.5, 2.5),
    radius=1.0,
    round_=True,
)
SQUARE_2IN = _letter(
    "avery-22806",
    'Square tag labels 2" × 2", 12 per sheet (Avery 22806 and look-alikes)',
    rows=4,
    columns=3,
    label=(2.0, 2.0),
    top=0.75,
    left=0.75,
    pitch=(2.5, 2.5),
    radius=0.125,
)
BUILT_IN: tuple[SheetTemplate, ...] = (ADDRESS_30, ROUND_2IN, SQUARE_2IN)
DEFAULT = ADDRESS_30


def built_in(name: str) -> SheetTemplate | None:
    return next((t for t in BUILT_IN if t.name == name), None)
