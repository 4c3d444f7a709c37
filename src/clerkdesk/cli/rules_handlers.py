"""What ``towns``, ``quote`` and ``profile`` do; loaded only when one of them runs, so
that starting the app does not pay for importing the rules engine."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from clerkdesk.cli.context import CliContext, err, fail, out
from clerkdesk.errors import ValidationError
from clerkdesk.rules import (
    DogQuoteRequest,
    KennelQuoteRequest,
    ProfileError,
    Quote,
    QuoteLine,
    TownProfile,
    load_profile_file,
    presets,
    quote_dog,
    quote_kennel,
)
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.money import plain


def towns(args: argparse.Namespace, ctx: CliContext) -> int:
    for info in presets.list_presets():
        out(f"{info.id}\t{info.name}\t{info.year_start}")
    return 0


def load_profile(args: argparse.Namespace) -> TownProfile:
    """The profile ``--town`` or ``--profile`` names; a bad one stops the command in one
    line."""
    try:
        if args.town is not None:
            return presets.load_preset(args.town)
        return load_profile_file(args.profile)
    except ProfileError as exc:
        source = args.town or args.profile
        fail(
            f"profile {source} is not valid: {exc.problems[0]}"
            + (
                f" (and {len(exc.problems) - 1} more; see clerkdesk profile check)"
                if len(exc.problems) > 1
                else ""
            )
        )
    except ValidationError as exc:
        fail(exc.message)


def quote_dog_command(args: argparse.Namespace, ctx: CliContext) -> int:
    profile = load_profile(args)
    request = DogQuoteRequest(
        on=args.on or ctx.clock.today(),
        sex=args.sex,
        altered=args.altered,
        renewal=args.renewal,
        born=args.born,
        service_animal=args.service_animal,
        designations=tuple(args.designation),
        exemptions=tuple(args.exemption),
        owner_born=args.owner_born,
        owner_exempt_dogs=args.owner_exempt_dogs,
        new_to_town_since=args.new_to_town_since,
        notice_sent_on=args.notice_sent_on,
        previous_valid_until=args.valid_until,
        rabies_vaccinated=args.vaccinated,
        missed_years=args.missed_years,
        license_year=args.license_year,
        last_licensed=args.last_licensed,
        licensed_here_before=args.licensed_here_before,
        owner_facts=tuple(
            dict.fromkeys(
                [*args.owner_fact, *(["year_round_resident"] if args.year_round_resident else [])]
            )
        ),
        tender=args.tender,
    )
    try:
        quote = quote_dog(profile, request)
    except ValidationError as exc:
        fail(exc.message)
    return _print_quote(profile, quote, as_json=args.json)


def quote_kennel_command(args: argparse.Namespace, ctx: CliContext) -> int:
    profile = load_profile(args)
    request = KennelQuoteRequest(
        on=args.on or ctx.clock.today(),
        dogs=args.dogs,
        kennel_class=args.kennel_class,
        license_year=args.license_year,
        category=args.category,
        first_license=args.first_license,
    )
    try:
        quote = quote_kennel(profile, request)
    except ValidationError as exc:
        fail(exc.message)
    return _print_quote(profile, quote, as_json=args.json)


def quote_as_json(quote: Quote) -> dict[str, Any]:
    return {
        "total": plain(quote.total),
        "license_year": {
            "start": quote.license_year.start.isoformat(),
            "end": quote.license_year.end.isoformat(),
        },
        "lines": [
            {
                "code": line.code,
                "description": line.description,
                "amount": plain(line.amount),
                "account": line.account,
                "citation": line.citation,
            }
            for line in quote.lines
        ],
        "warnings": list(quote.warnings),
        "notes": list(quote.notes),
    }


def _print_quote(profile: TownProfile, quote: Quote, *, as_json: bool) -> int:
    if as_json:
        out(json.dumps(quote_as_json(quote), ensure_ascii=False, indent=2))
        return 0
    year = quote.license_year
    out(
        f"{profile.name} — license year {year.label} ({us_date(year.start)} to {us_date(year.end)})"
    )
    print_lines(quote.lines, quote.total)
    for note in quote.notes:
        out(f"note: {note}")
    for warning in quote.warnings:
        out(f"warning: {warning}")
    return 0


def print_lines(lines: Sequence[QuoteLine], amount: Decimal) -> None:
    """The quote's lines as a table (code, description, amount, account, citation) and the
    total; ``quote fine`` and ``quote impound`` print theirs the same way."""
    rows = [
        (line.code, line.description, plain(line.amount), line.account, line.citation)
        for line in lines
    ]
    rows.append(("TOTAL", "", plain(amount), "", ""))
    header = ("CODE", "DESCRIPTION", "AMOUNT", "ACCOUNT", "CITATION")
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(4)]
    for row in [header, *rows]:
        out(
            "  ".join(
                [
                    row[0].ljust(widths[0]),
                    row[1].ljust(widths[1]),
                    row[2].rjust(widths[2]),
                    row[3].ljust(widths[3]),
                    row[4],
                ]
            ).rstrip()
        )


def profile_check(args: argparse.Namespace, ctx: CliContext) -> int:
    try:
        profile = load_profile_file(args.file)
    except ProfileError as exc:
        for problem in exc.problems:
            err(f"{args.file}: {problem}")
        if len(exc.problems) > 1:
            err(f"{args.file}: {len(exc.problems)} problem(s)")
        return 2
    out(
        f"{args.file}: ok — {profile.id} ({profile.name}), {len(profile.schedules)} fee schedule(s)"
    )
    for warning in profile.warnings:
        out(f"warning: {warning}")
    for key in profile.unconfirmed_examples:
        out(f"warning: {key} is an example value, not yet confirmed by the clerk")
    return 0


def profile_show(args: argparse.Namespace, ctx: CliContext) -> int:
    try:
        text = presets.preset_toml(args.preset_id)
    except ValidationError as exc:
        fail(exc.message)
    out(text.rstrip("\n"))
    return 0
