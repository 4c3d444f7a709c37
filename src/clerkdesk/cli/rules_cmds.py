"""``clerkdesk towns``, ``clerkdesk quote dog|kennel|fine|impound`` and ``clerkdesk profile
check|show``.

None of these touch the database: they read presets or a profile file and print.
"""

from __future__ import annotations

import argparse
import datetime as dt
import re
from collections.abc import Callable
from pathlib import Path

from clerkdesk.cli.context import CliContext

# The command-line names of the kennel classes (a contract; the rules engine is tested to agree).
KENNEL_CLASSES = (
    "personal",
    "commercial-breeder",
    "commercial-boarding",
    "charitable",
    "veterinary",
)


def _lazy(name: str) -> Callable[[argparse.Namespace, CliContext], int]:
    def handler(args: argparse.Namespace, ctx: CliContext) -> int:
        from clerkdesk.cli import rules_handlers

        result: int = getattr(rules_handlers, name)(args, ctx)
        return result

    return handler


def _lazy_enforcement(name: str) -> Callable[[argparse.Namespace, CliContext], int]:
    def handler(args: argparse.Namespace, ctx: CliContext) -> int:
        from clerkdesk.cli.enforcement import quote_handlers

        result: int = getattr(quote_handlers, name)(args, ctx)
        return result

    return handler


# -- argument types ------------------------------------------------------------------------
# The rules count years forward and back from these (a license year, ages, arrears), so the
# range leaves room on both sides of any date a clerk could mean.
FIRST_YEAR, LAST_YEAR = 1900, 2999
_TOWN_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,63}")


def _date(text: str) -> dt.date:
    try:
        day = dt.date.fromisoformat(text) if len(text) == 10 else None
    except ValueError:
        day = None
    if day is None:
        written = re.fullmatch(r"(\d{4,})-\d{2}-\d{2}", text)
        if written is None or FIRST_YEAR <= int(written[1]) <= LAST_YEAR:
            raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a date written YYYY-MM-DD")
    if day is None or not FIRST_YEAR <= day.year <= LAST_YEAR:
        raise argparse.ArgumentTypeError(
            f"{text!r} is out of range: give a date from {FIRST_YEAR}-01-01 to {LAST_YEAR}-12-31"
        )
    return day


_MOMENT = re.compile(r"(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})")


def _moment(text: str) -> dt.datetime:
    """A date and time on the town's clock, as the officer's log writes it: no seconds, no
    zone (a zone would make it a different moment from the one the officer wrote)."""
    written = _MOMENT.fullmatch(text)
    if written is None:
        raise argparse.ArgumentTypeError(
            f"{text[:40]!r} is not a date and time written YYYY-MM-DDTHH:MM (e.g. 2026-01-02T09:00)"
        )
    if not FIRST_YEAR <= int(written[1]) <= LAST_YEAR:
        raise argparse.ArgumentTypeError(
            f"{text!r} is out of range: give a date from {FIRST_YEAR}-01-01 to {LAST_YEAR}-12-31"
        )
    try:
        year, month, day, hour, minute = (int(part) for part in written.groups())
        return dt.datetime(year, month, day, hour, minute)  # noqa: DTZ001
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a real date and time") from None


def _fine_code(text: str) -> str:
    # A profile's codes are saved on receipt lines, so none is longer than that column.
    # (Imported here: parsing the command line must not load the rules engine.)
    from clerkdesk.rules.stored_lengths import FEE_CODE

    if not text.strip():
        raise argparse.ArgumentTypeError("give the fine's code (see: clerkdesk profile show ID)")
    if len(text) > FEE_CODE:
        raise argparse.ArgumentTypeError(
            f"{text[:40]!r}… is not a fine code: codes are at most {FEE_CODE} characters"
        )
    return text


def _dates(text: str) -> list[dt.date]:
    """Dates separated by commas (``2025-01-01,2024-06-01``); each read as ``--on`` is."""
    return [_date(part.strip()) for part in text.split(",")]


def _events(text: str) -> int:
    value = _count(text)
    if value > MAX_EVENTS:
        raise argparse.ArgumentTypeError(f"{text!r} is too many: give 0 to {MAX_EVENTS}")
    return value


# One impoundment is one event; a handful at most where a stay is counted as several.
MAX_EVENTS = 99


def _town(text: str) -> str:
    if not _TOWN_ID.fullmatch(text):
        raise argparse.ArgumentTypeError(
            f"{text[:40]!r}{'…' if len(text) > 40 else ''} is not a town id: lower-case "
            "letters, digits and dashes, up to 64 (see: clerkdesk towns)"
        )
    return text


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r} must be 0 or more")
    return value


def _year(text: str) -> int:
    if len(text) != 4 or not text.isdigit():
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a year written YYYY")
    if not FIRST_YEAR <= int(text) <= LAST_YEAR:
        raise argparse.ArgumentTypeError(
            f"{text!r} is out of range: give a year from {FIRST_YEAR} to {LAST_YEAR}"
        )
    return int(text)


# -- towns ---------------------------------------------------------------------------------
def register_towns(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "towns",
        help="list the town presets",
        description="One line per preset: ID, name, license-year start (MM-DD), separated by tabs.",
    )
    parser.set_defaults(handler=_lazy("towns"))


# -- quote ---------------------------------------------------------------------------------
def register_quote(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "quote",
        help="quote a dog or kennel license, a fine or impound charges (no database)",
        description="Quote a dog or kennel license, a fine or impound charges from a town "
        "preset or a profile file.",
    )
    kinds = parser.add_subparsers(dest="quote_kind", metavar="WHAT", required=True)

    dog = kinds.add_parser("dog", help="quote a dog license")
    _profile_options(dog)
    dog.add_argument("--sex", required=True, choices=("male", "female"))
    altered = dog.add_mutually_exclusive_group(required=True)
    altered.add_argument(
        "--altered", dest="altered", action="store_true", help="spayed or neutered"
    )
    altered.add_argument("--intact", dest="altered", action="store_false")
    dog.add_argument(
        "--renewal",
        action="store_true",
        help="licensed in this town last license year",
    )
    dog.add_argument(
        "--last-licensed",
        type=_year,
        metavar="YYYY",
        help="the license year (by the year it starts in) the dog was last licensed in this town",
    )
    dog.add_argument(
        "--licensed-here-before",
        action="store_true",
        help="licensed in this town in some earlier license year (not necessarily last year)",
    )
    dog.add_argument("--born", type=_date, metavar="YYYY-MM-DD", help="the dog's birth date")
    dog.add_argument(
        "--new-to-town-since",
        type=_date,
        metavar="YYYY-MM-DD",
        help="the date the dog came to town",
    )
    dog.add_argument(
        "--notice-sent-on",
        type=_date,
        metavar="YYYY-MM-DD",
        help="the date the owner's renewal notice was sent (for a late fee counted from it)",
    )
    dog.add_argument(
        "--valid-until",
        type=_date,
        metavar="YYYY-MM-DD",
        help="rolling license terms: the last day of the dog's last license in this town",
    )
    dog.add_argument(
        "--vaccinated",
        type=_date,
        metavar="YYYY-MM-DD",
        help="rolling terms counted from the rabies vaccination: its date",
    )
    dog.add_argument(
        "--missed-years",
        type=_count,
        default=0,
        metavar="N",
        help="past license years, just before this one, the dog went unlicensed",
    )
    dog.add_argument("--owner-born", type=_date, metavar="YYYY-MM-DD")
    dog.add_argument(
        "--owner-exempt-dogs",
        type=_count,
        default=0,
        metavar="N",
        help="the owner's dogs already licensed under the age exemption this year",
    )
    dog.add_argument(
        "--owner-fact",
        action="append",
        default=[],
        metavar="FACT",
        help="a fact about the owner an exemption may require; may be repeated",
    )
    dog.add_argument(
        "--year-round-resident",
        action="store_true",
        help="the owner lives in town year-round (same as --owner-fact year_round_resident)",
    )
    dog.add_argument(
        "--tender",
        metavar="HOW",
        help="how it is paid (cash, check, money_order, card): adds the town's fee for it",
    )
    dog.add_argument("--service-animal", action="store_true")
    dog.add_argument(
        "--designation",
        action="append",
        default=[],
        metavar="NAME",
        help="e.g. dangerous; may be repeated",
    )
    dog.add_argument(
        "--exemption",
        action="append",
        default=[],
        metavar="NAME",
        help="one of the profile's other named exemptions; may be repeated",
    )
    _year_and_json(dog)
    dog.set_defaults(handler=_lazy("quote_dog_command"))

    kennel = kinds.add_parser("kennel", help="quote a kennel license")
    _profile_options(kennel)
    kennel.add_argument(
        "--dogs",
        required=True,
        type=_count,
        metavar="N",
        help="dogs counted (old enough to count under the profile)",
    )
    kennel.add_argument(
        "--class",
        dest="kennel_class",
        choices=KENNEL_CLASSES,
        default="personal",
        metavar="CLASS",
        help=f"one of {', '.join(KENNEL_CLASSES)} (default: personal)",
    )
    kennel.add_argument(
        "--category",
        metavar="NAME",
        help="a kennel category the town names (kennel.categories.NAME); it decides the class",
    )
    kennel.add_argument(
        "--first-license",
        action="store_true",
        help="the kennel's first license in the town (a one-time application fee applies)",
    )
    _year_and_json(kennel)
    kennel.set_defaults(handler=_lazy("quote_kennel_command"))
    _register_enforcement_quotes(kinds)


def _register_enforcement_quotes(
    kinds: argparse._SubParsersAction[argparse.ArgumentParser],
) -> None:
    """``quote fine`` and ``quote impound``: what the profile charges, before anything about
    enforcement is recorded (issue 28)."""
    fine = kinds.add_parser(
        "fine",
        help="quote a fine by its code and the offender's earlier offenses",
        description="The fine for one violation: the offense number counted by the profile's "
        "look-back, a written warning where the bylaw gives one, the amount (or most it may "
        "be), how and by when it is paid.",
    )
    fine.add_argument(
        "code", type=_fine_code, metavar="CODE", help="the fine's code in the profile (violation…)"
    )
    _profile_options(fine)
    fine.add_argument(
        "--earlier",
        type=_dates,
        action="extend",
        default=[],
        metavar="DATE,DATE…",
        help="dates of earlier violations enforced against the same person (warnings too), "
        "separated by commas; several dogs in one incident are one date",
    )
    fine.add_argument("--json", action="store_true", help="print the fine as JSON")
    fine.set_defaults(handler=_lazy_enforcement("quote_fine_command"))

    impound = kinds.add_parser(
        "impound",
        help="quote the charges to release an impounded dog",
        description="The impound charges from the time the dog was taken in to its release, "
        "counted as the profile says (per calendar day, or per 24 hours or part), plus "
        "any handling fee. Times are the town's clock, as the officer's log writes them.",
    )
    _profile_options(impound, on=False)
    impound.add_argument(
        "--from",
        dest="impounded",
        required=True,
        type=_moment,
        metavar="YYYY-MM-DDTHH:MM",
        help="when the dog was taken in",
    )
    impound.add_argument(
        "--to",
        dest="released",
        required=True,
        type=_moment,
        metavar="YYYY-MM-DDTHH:MM",
        help="when the dog is released",
    )
    impound.add_argument(
        "--events",
        type=_events,
        default=1,
        metavar="N",
        help=f"impound events charged a handling fee (default 1; 0 to {MAX_EVENTS})",
    )
    impound.add_argument("--json", action="store_true", help="print the charges as JSON")
    impound.set_defaults(handler=_lazy_enforcement("quote_impound_command"))


def _profile_options(parser: argparse.ArgumentParser, *, on: bool = True) -> None:
    which = parser.add_mutually_exclusive_group(required=True)
    which.add_argument(
        "--town", type=_town, metavar="ID", help="a preset id (see: clerkdesk towns)"
    )
    which.add_argument("--profile", type=Path, metavar="FILE", help="a town profile (TOML)")
    if on:
        parser.add_argument(
            "--on", type=_date, metavar="YYYY-MM-DD", help="the date of issue (default: today)"
        )


def _year_and_json(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--license-year",
        type=_year,
        metavar="YYYY",
        help="the license year that starts in YYYY (default: the one containing --on)",
    )
    parser.add_argument("--json", action="store_true", help="print the quote as JSON")


# -- profile -------------------------------------------------------------------------------
def register_profile(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("profile", help="check a town profile or show a preset")
    actions = parser.add_subparsers(dest="profile_action", metavar="ACTION", required=True)
    check = actions.add_parser("check", help="validate a town profile file")
    check.add_argument("file", type=Path, metavar="FILE", help="a town profile (TOML)")
    check.set_defaults(handler=_lazy("profile_check"))
    show = actions.add_parser("show", help="print a preset's TOML")
    show.add_argument(
        "preset_id", type=_town, metavar="ID", help="a preset id (see: clerkdesk towns)"
    )
    show.set_defaults(handler=_lazy("profile_show"))


REGISTRARS = [register_towns, register_quote, register_profile]
