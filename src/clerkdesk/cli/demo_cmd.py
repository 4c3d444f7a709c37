"""``clerkdesk demo``: fill an empty database with a realistic synthetic town."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from clerkdesk.cli.context import CliContext, err, fail, out
from clerkdesk.db.checks import shown
from clerkdesk.rules.counts import counted

if TYPE_CHECKING:
    from clerkdesk.db.database import Database

HISTORY_YEARS = 2
HISTORY_DOGS = 20_000
MAX_HISTORY_YEARS = 10  # as many as fill_demo writes


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "demo",
        help="fill an empty database with a synthetic town (deterministic per seed)",
        description="Fill an empty database with a realistic synthetic town: owners with "
        "addresses and phones, 1-3 dogs each, and their rabies certificates; tag stock for "
        "this license year (and next year's during its early sale); and an office's history "
        "up to yesterday: past years' and this year's renewals (some late), lost tags "
        "replaced and dogs transferred, each through the counter's own services.",
    )
    parser.add_argument("--dogs", type=int, default=2000, metavar="N", help="dogs to make")
    parser.add_argument("--seed", type=int, default=1, metavar="S", help="random seed")
    parser.add_argument(
        "--town", default="westborough", metavar="ID", help="town preset (see `clerkdesk towns`)"
    )
    parser.add_argument(
        "--years",
        type=int,
        default=None,
        metavar="N",
        help="past license years of licenses, receipts and tags, written through the "
        "counter's own services, besides this year's so far (default "
        f"{HISTORY_YEARS} for up to {HISTORY_DOGS:,} dogs, else 0: a big town's history "
        "takes minutes; 0 writes no licenses at all, only tag stock)",
    )
    parser.add_argument(
        "--if-empty",
        action="store_true",
        help="do nothing, successfully, if the database already holds dogs",
    )
    parser.set_defaults(handler=handle)


class _Bar:
    """A progress bar on standard error, redrawn in place on a terminal; elsewhere (a log,
    a pipe) a line at each tenth passed."""

    def __init__(self, label: str = "demo", unit: str = "dogs", width: int = 30) -> None:
        self.label, self.unit = label, unit
        self.width = width
        self.tty = sys.stderr.isatty()
        self._last = -1

    def __call__(self, done: int, total: int) -> None:
        percent = done * 100 // total if total else 100
        if percent == self._last:
            return
        # Sales are counted a few hundred at a time, so a tenth may be passed, never hit.
        new_tenth = self._last < 0 or percent // 10 > self._last // 10
        self._last = percent
        filled = self.width * percent // 100
        bar = "#" * filled + "-" * (self.width - filled)
        line = f"{self.label} [{bar}] {percent:3d}%  {done:,}/{total:,} {self.unit}"
        if self.tty:
            sys.stderr.write("\r" + line + ("\n" if done >= total else ""))
        elif new_tenth:
            sys.stderr.write(line + "\n")
        sys.stderr.flush()


def _stage(words: str) -> None:
    """A step of the demo that the bars do not count, on a line of its own."""
    sys.stderr.write(f"demo: {words}…\n")
    sys.stderr.flush()


def _long_stage(words: str) -> None:
    """A big town's first step also says that the whole takes minutes."""
    _stage(f"{words}; this takes a few minutes" if words.startswith("building") else words)


def _history_years(args: argparse.Namespace) -> int:
    if args.years is not None:
        return int(args.years)
    if args.dogs <= HISTORY_DOGS:
        return HISTORY_YEARS
    err(f"demo: no past license years for {args.dogs:,} dogs unless asked (--years N)")
    return 0


def _check(args: argparse.Namespace) -> None:
    """Every option checked before the database is opened, so a mistake changes nothing."""
    from clerkdesk.demo.fill import MAX_DEMO_DOGS
    from clerkdesk.rules import presets

    if not 1 <= args.dogs <= MAX_DEMO_DOGS:
        fail(f"--dogs must be between 1 and {MAX_DEMO_DOGS:,}, not {args.dogs:,}")
    if args.years is not None and not 0 <= args.years <= MAX_HISTORY_YEARS:
        fail(f"--years must be between 0 and {MAX_HISTORY_YEARS}, not {args.years:,}")
    known = sorted(preset.id for preset in presets.list_presets())
    if args.town not in known:
        fail(f"unknown town {shown(args.town)[:60]!r}; choose one of {', '.join(known)}")


def handle(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.demo.aside import build_aside, may_build_aside
    from clerkdesk.demo.fill import DemoResult, add_demo_users, existing_dogs, fill_demo
    from clerkdesk.services.users import is_demo

    _check(args)
    database = ctx.database()
    if args.if_empty:
        held = existing_dogs(database)
        if held:
            # A demo made before sign-in existed gets its demo people, so it still opens.
            added = add_demo_users(database, ctx.clock) if is_demo(database) else 0
            out(f"{database.describe()} already holds {held:,} dogs; left as it is")
            if added:
                out(_DEMO_USERS)
            return 0
    years = _history_years(args)

    def fill(into: Database) -> DemoResult:
        return fill_demo(
            into,
            dogs=args.dogs,
            seed=args.seed,
            town_id=args.town,
            clock=ctx.clock,
            progress=_Bar(),
            history_progress=_Bar("history", "sales and changes"),
            history_years=years,
            stock_tags=True,
            stage=_stage if args.dogs < 1000 else _long_stage,
        )

    path = database.sqlite_path
    if path is not None and may_build_aside(database):
        # Built beside the file and renamed in whole: a run stopped halfway leaves the file
        # as it was, and the next `make run` builds the town again.
        ctx.close()
        result = build_aside(path, fill)
    else:
        result = fill(database)
    rate = result.dogs / result.seconds if result.seconds else 0.0
    out(
        f"made {result.owners:,} owners, {result.dogs:,} dogs, {result.certificates:,} "
        f"rabies certificates and {counted(result.licenses, 'license')} "
        f"({counted(result.lost_tags, 'lost tag')} replaced, "
        f"{counted(result.transfers, 'transfer')}, {counted(result.voids, 'receipt')} voided"
        + (
            f", {counted(result.kennel_licenses, 'kennel license')}"
            if result.kennel_licenses
            else ""
        )
        + f") for {result.town_id} "
        f"in {result.seconds:.1f} s ({rate:,.0f} dogs/s); tag stock for "
        f"{', '.join(result.stocked) or 'no year'}"
        + (f"; {counted(result.closeouts, 'business day')} closed out" if result.closeouts else "")
    )
    if result.users:
        out(_DEMO_USERS)
    return 0


_DEMO_USERS = (
    "sign in as admin, clerk, assistant, aco or treasurer; each one's password is "
    "demo-NAME (e.g. demo-clerk)"
)
