"""The options every command that draws a label sheet shares, and how each is read: the
sheet, the first free label, the code on each label, the printer's offsets and scale, and
the PDF to write. Each bad value is refused in one line before anything is drawn."""

from __future__ import annotations

import argparse
import math
import os
from pathlib import Path
from typing import TYPE_CHECKING

from clerkdesk.cli.context import fail
from clerkdesk.cli.files import checked_target

if TYPE_CHECKING:
    from clerkdesk.reports.calibration import Calibration
    from clerkdesk.reports.label_sheets import SheetTemplate

MAX_OFFSET_MM = 25.0
SCALES = (0.8, 1.2)


def template_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--template",
        metavar="NAME",
        help="the label sheet (avery-5160 unless told; see `clerkdesk print templates`)",
    )


def pdf_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--pdf", required=True, metavar="FILE", help="the PDF file to write")


def start_at_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--start-at", default="1", metavar="K", help="the first free label on the sheet (1)"
    )


def barcode_option(parser: argparse.ArgumentParser, what: str) -> None:
    parser.add_argument(
        "--barcode",
        default="none",
        choices=("code128", "qr", "none"),
        help=f"a Code 128 barcode or a QR code of {what} on each label (none)",
    )


def calibration_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--offset-x", default="0", metavar="MM", help="move right by MM (0)")
    parser.add_argument("--offset-y", default="0", metavar="MM", help="move down by MM (0)")
    parser.add_argument("--scale", default="1", metavar="S", help="scale, 1 = actual size (1)")


def whole(option: str, text: str, low: int, high: int, what: str) -> int:
    cleaned = text.strip().replace(",", "")
    if not cleaned.isdigit() or len(cleaned) > 9 or not low <= int(cleaned) <= high:
        fail(f"{option} must be {what} from {low:,} to {high:,}, not {text!r}")
    return int(cleaned)


def number(option: str, text: str, low: float, high: float, unit: str) -> float:
    try:
        value = float(text.strip())
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and low <= value <= high):
        fail(f"{option} must be a number from {low:g} to {high:g}{unit}, not {text!r}")
    return value


def year_option(text: str) -> int:
    cleaned = text.strip()
    if len(cleaned) != 4 or not cleaned.isdigit():
        fail(f"--year must be a year written YYYY, not {text!r}")
    return int(cleaned)


def read_calibration(args: argparse.Namespace) -> Calibration:
    from clerkdesk.reports.calibration import Calibration

    offset = MAX_OFFSET_MM
    return Calibration(
        number("--offset-x", args.offset_x, -offset, offset, " mm"),
        number("--offset-y", args.offset_y, -offset, offset, " mm"),
        number("--scale", args.scale, *SCALES, ""),
    )


def read_start_at(text: str, template: SheetTemplate) -> int:
    start_at = whole("--start-at", text, 1, 400, "a label's place on the sheet")
    if start_at > template.per_sheet:
        fail(
            f"--start-at must be from 1 to {template.per_sheet} on {template.name}, not {start_at}"
        )
    return start_at


def pdf_target(text: str) -> Path:
    """The PDF's path, checked before anything is read or drawn."""
    if not text.strip():
        fail("--pdf needs a file name, e.g. --pdf tags.pdf")
    path = checked_target(Path(text).expanduser(), "PDF")
    if path.is_dir():
        fail(f"--pdf {text!r} is a folder; give a file name inside it")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        fail(f"--pdf: the folder {str(folder)!r} does not exist")
    if not os.access(folder, os.W_OK):
        fail(f"--pdf: no permission to write in the folder {str(folder)!r}")
    return path
