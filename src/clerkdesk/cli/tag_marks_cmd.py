"""``clerkdesk tags void|lost|return|unmark|history``: what became of single tags.

Imports of the database layer stay inside the handlers, so that listing the commands stays
quick.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from clerkdesk.cli.context import CliContext, err, fail, out
from clerkdesk.rules.tag_text import typed_tag
from clerkdesk.rules.town_time import town_day

if TYPE_CHECKING:
    from clerkdesk.services.tag_history import TagHistory

MARK_EPILOG = """\
Only a spare tag (received for the year, never given out) can be voided or marked lost; it is
then never proposed nor accepted at the counter. `tags return` records a tag given out that
its owner handed back (the dog died or moved): it stays with its license's history and counts
as returned. Nothing is deleted: `tags unmark` clears a mistaken mark with a reason, and the
mark stays on file, cleared, with who, when and why.
"""

HISTORY_EPILOG = """\
One line per license year the number was received, given out or marked, newest first,
tab-separated:
  YEAR  TAG  STATUS  LICENSE  DOG  OWNER  DETAIL
TAG is the number as the tag read that year, its stock's prefix first ("W-5003"). STATUS is
spare, issued, lost, void, returned or "not in stock". DETAIL names the tag it
replaced or was replaced by, and each mark with its date, who and why. A number never seen
prints nothing (a note on standard error) and exits 0.
"""

REASON_TEXT = "200"


def register(
    actions: argparse._SubParsersAction[argparse.ArgumentParser],
    *,
    year_option: Callable[[argparse.ArgumentParser], None],
) -> None:
    for name, helped, required in (
        ("void", "void a spare tag (spoiled, misprinted), with the reason", True),
        ("lost", "mark a spare tag lost from stock, with the reason", True),
        ("return", "record a tag given out that its owner handed back", False),
        ("unmark", "clear a mistaken void, lost or returned mark, with the reason", True),
    ):
        parser = actions.add_parser(
            name,
            help=helped,
            description=helped[0].upper() + helped[1:] + ".",
            epilog=MARK_EPILOG,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        year_option(parser)
        parser.add_argument(
            "--tag", required=True, metavar="N", help="the tag number (W-5003 or 5003)"
        )
        parser.add_argument(
            "--reason",
            required=required,
            metavar="TEXT",
            help=f"why (at most {REASON_TEXT} characters)" + ("" if required else "; optional"),
        )
        parser.set_defaults(handler=handle_unmark if name == "unmark" else handle_mark)
        parser.set_defaults(mark_kind=name)
    history = actions.add_parser(
        "history",
        help="which dog held a tag number in each year, and its replacements",
        description="The history of tag number N across license years.",
        epilog=HISTORY_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    history.add_argument("number", metavar="N", help="the tag number (a prefix is ignored)")
    history.add_argument("--json", action="store_true", help="print the history as JSON")
    history.set_defaults(handler=handle_history)


def year_number(text: str) -> int:
    cleaned = text.strip()
    if len(cleaned) != 4 or not (cleaned.isascii() and cleaned.isdigit()):
        fail(f"--year must be a year written YYYY, not {text[:40]!r}")
    return int(cleaned)


def tag_number(option: str, text: str) -> int:
    from clerkdesk.services.tag_input import MAX_TAG_NUMBER

    cleaned = text.strip().replace(",", "")
    if not (cleaned.isascii() and cleaned.isdigit()) or len(cleaned) > 9:
        fail(f"{option} must be a tag number from 1 to {MAX_TAG_NUMBER:,}, not {text[:40]!r}")
    return int(cleaned)


def one_tag(text: str) -> int:
    """--tag: a number of the year's stock, so never 0; typed as the tag reads ("W-5") or
    as the number alone."""
    # A prefix begins with a letter here, so "-1" and "1e3" stay refused as numbers.
    typed = typed_tag(text) if text.strip()[:1].isalpha() else None
    number = tag_number("--tag", str(typed.number) if typed else text)
    if number == 0:
        fail(f"--tag must be a tag number from 1, not {text[:40]!r}")
    return number


def handle_mark(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.rules.kinds import TagMarkKind
    from clerkdesk.services.tag_marks import MarkTag, clean_reason, mark_tag

    kind = {"void": TagMarkKind.VOID, "lost": TagMarkKind.LOST}.get(
        args.mark_kind, TagMarkKind.RETURNED
    )
    year, number = year_number(args.year), one_tag(args.tag)
    reason = clean_reason(args.reason, required=kind is not TagMarkKind.RETURNED)
    marked = mark_tag(
        ctx.database(),
        MarkTag(year, number, kind, reason),
        actor=ctx.actor(),
        clock=ctx.clock,
    )
    out(marked.words)
    return 0


def handle_unmark(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.services.tag_marks import clean_reason, clear_mark

    year, number = year_number(args.year), one_tag(args.tag)
    reason = clean_reason(args.reason, required=True)
    assert reason is not None
    cleared = clear_mark(ctx.database(), year, number, reason, actor=ctx.actor(), clock=ctx.clock)
    out(
        f"Tag {cleared.tag} ({cleared.license_year_label}): the {cleared.kind.value} mark is "
        f"cleared: {cleared.reason}"
    )
    return 0


def _detail(entry: Any) -> str:
    from clerkdesk.rules.dates import us_date

    parts = []
    if entry.replaces_tag is not None:
        parts.append(f"replaces lost tag {entry.replaces_tag}")
    if entry.replaced_by_tag is not None:
        parts.append(f"replaced by tag {entry.replaced_by_tag}")
    for mark in entry.marks:
        said = f"{mark.kind.value} {us_date(town_day(mark.marked_at))} by {mark.marked_by}"
        if mark.reason:
            said += f": {mark.reason}"
        if mark.cleared_at is not None:
            said += (
                f" (cleared {us_date(town_day(mark.cleared_at))} by {mark.cleared_by}: "
                f"{mark.cleared_reason})"
            )
        parts.append(said)
    return "; ".join(parts)


def history_as_json(history: TagHistory) -> dict[str, Any]:
    def when(value: Any) -> str | None:
        return None if value is None else str(value.isoformat())

    return {
        "number": history.number,
        "years": [
            {
                "license_year": e.license_year_label,
                "start": e.license_year_start.isoformat(),
                "tag": e.tag,
                "status": e.status,
                "in_stock": e.in_stock,
                "prefix": e.prefix,
                "shape": e.shape,
                "color": e.color,
                "license_number": e.license_number,
                "license_status": e.license_status,
                "dog": e.dog_name,
                "owner": e.owner_name,
                "issued_at": when(e.issued_at),
                "issued_by": e.issued_by,
                "replaces": e.replaces,
                "replaced_by": e.replaced_by,
                "replaces_tag": e.replaces_tag,
                "replaced_by_tag": e.replaced_by_tag,
                "marks": [
                    {
                        "kind": m.kind.value,
                        "reason": m.reason,
                        "marked_at": when(m.marked_at),
                        "marked_by": m.marked_by,
                        "cleared_at": when(m.cleared_at),
                        "cleared_by": m.cleared_by,
                        "cleared_reason": m.cleared_reason,
                    }
                    for m in e.marks
                ],
            }
            for e in history.entries
        ],
    }


def handle_history(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.services.tag_history import parse_tag, tag_history

    number = parse_tag(args.number)
    history = tag_history(ctx.database(), number)
    if args.json:
        out(json.dumps(history_as_json(history), ensure_ascii=False, indent=2))
        return 0
    if not history.entries:
        err(f"clerkdesk: tag {number} was never received, given out or marked")
        return 0
    for e in history.entries:
        license_text = "" if e.license_number is None else str(e.license_number)
        cells = (
            e.license_year_label,
            e.tag,
            e.status,
            license_text,
            e.dog_name or "",
            e.owner_name or "",
        )
        out("\t".join((*cells, _detail(e))))
    return 0
