"""``clerkdesk screenshot FILE [--view NAME]``: render a screen to PNG, for docs and checks."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from clerkdesk.cli.context import CliContext, out
from clerkdesk.cli.display import has_display

VIEWS = ("counter", "owners", "kennels", "tags", "money", "reports", "settings", "about")


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "screenshot",
        help="render the main window (or one view) to a PNG and exit",
        description="Render the main window, or a named view, once and save it as a PNG.",
    )
    parser.add_argument("file", type=Path, metavar="FILE", help="PNG file to write")
    parser.add_argument("--view", choices=VIEWS, default="counter", help="screen to show")
    parser.add_argument("--size", default="1280x800", metavar="WxH", help="window size")
    parser.set_defaults(handler=handle)


def _size(text: str) -> tuple[int, int]:
    from clerkdesk.cli.context import fail

    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        fail(f"--size must look like 1280x800, not {text!r}")
    if not (320 <= width <= 8000 and 240 <= height <= 8000):
        fail(f"--size {text} is out of range (320x240 to 8000x8000)")
    return width, height


def handle(args: argparse.Namespace, ctx: CliContext) -> int:
    size = _size(args.size)
    if not has_display():
        # A screenshot needs no screen: draw offscreen.
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from clerkdesk.ui.screenshot import take_screenshot

    path = take_screenshot(ctx.database_url, ctx.clock, args.file, view=args.view, size=size)
    out(str(path))
    return 0
