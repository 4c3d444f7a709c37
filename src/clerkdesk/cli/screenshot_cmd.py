"""``clerkdesk screenshot FILE [--view NAME]``: render a screen to PNG, for docs and checks."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import TYPE_CHECKING

from clerkdesk.cli.context import CliContext, fail, out
from clerkdesk.cli.display import has_display

if TYPE_CHECKING:
    from clerkdesk.rules.roles import Actor

VIEWS = (
    "counter",
    "owners",
    "kennels",
    "tags",
    "money",
    "reports",
    "settings",
    "about",
    "sign-in",
)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "screenshot",
        help="render the main window (or one view) to a PNG and exit",
        description="Render the main window, or a named view, once and save it as a PNG. "
        "The window is signed in as --user (or $CLERKDESK_USER); on a demo database with "
        "neither, as the demo's administrator; else it shows the sign-in page.",
    )
    parser.add_argument("file", type=Path, metavar="FILE", help="PNG file to write")
    parser.add_argument("--view", choices=VIEWS, default="counter", help="screen to show")
    parser.add_argument("--size", default="1280x800", metavar="WxH", help="window size")
    parser.set_defaults(handler=handle)


def _size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        fail(f"--size must look like 1280x800, not {text!r}")
    if not (320 <= width <= 8000 and 240 <= height <= 8000):
        fail(f"--size {text} is out of range (320x240 to 8000x8000)")
    return width, height


def _target(path: Path) -> Path:
    try:
        return _checked_target(path)
    except OSError as exc:
        from clerkdesk.db.checks import shown

        fail(f"cannot write {shown(path)[:80]} ({exc.strerror}); choose another path")


def _checked_target(path: Path) -> Path:
    """Where the PNG goes, checked before anything is drawn: a folder that can be written,
    reached through folders only."""
    from clerkdesk.db.checks import shown

    where = shown(path)
    if len(os.fsencode(path.name)) > 255:
        fail(f"the file name {shown(path.name)[:40]}… is too long; choose a shorter one")
    if path.is_dir():
        fail(f"{where} is a folder; give the PNG file to write, e.g. {shown(path / 'screen.png')}")
    folder = next((p for p in path.absolute().parents if os.path.lexists(p)), None)
    if folder is None or not folder.is_dir():
        fail(f"cannot write {where}: {shown(folder or path)} is a file, not a folder")
    if not os.access(folder, os.W_OK | os.X_OK) or (path.exists() and not os.access(path, os.W_OK)):
        fail(f"you have no permission to write {where}; choose a folder you can write to")
    return path


def handle(args: argparse.Namespace, ctx: CliContext) -> int:
    size = _size(args.size)
    target = _target(args.file)
    # Open (and if need be upgrade) the database here, so that a bad one is refused with
    # its typed error rather than photographed in the window's failure message.
    ctx.database()
    if not has_display():
        # A screenshot needs no screen: draw offscreen.
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    try:
        from clerkdesk.ui.screenshot import ScreenshotFailed, take_screenshot
    except ImportError as exc:
        # An installation that lacks part of Qt or of the app: said, not a traceback.
        fail(_missing(exc))

    actor = None if args.view == "sign-in" else _actor(ctx)
    try:
        path = take_screenshot(
            ctx.database_url, ctx.clock, target, view=args.view, size=size, actor=actor
        )
    except ScreenshotFailed as exc:
        fail(str(exc))
    except OSError as exc:
        fail(f"could not write the screenshot to {target} ({exc.strerror or exc})")
    out(str(path))
    return 0


def _missing(exc: ImportError) -> str:
    what = f"the module {exc.name}" if exc.name else f"a part of the window ({exc})"
    return (
        f"the window could not be drawn: {what} is missing from this installation; "
        "`clerkdesk self-check` lists what it lacks"
    )


def _actor(ctx: CliContext) -> Actor | None:
    from clerkdesk.cli.identity import USER_VARIABLE
    from clerkdesk.services.sign_in import sign_in
    from clerkdesk.services.users import demo_accounts, has_users
    from clerkdesk.workstation import workstation_name

    database = ctx.database()
    if not has_users(database):
        return None
    if ctx.user_option is not None or os.environ.get(USER_VARIABLE):
        return ctx.actor()
    # The demo's passwords are public: a screenshot of it needs no one to type one.
    first = next(iter(demo_accounts(database)), None)
    if first is None:
        return None
    return sign_in(
        database, first.name, first.password, clock=ctx.clock, workstation=workstation_name()
    )
