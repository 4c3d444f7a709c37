"""``clerkdesk search TEXT``: the counter's search box on the command line."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

from clerkdesk.cli.context import CliContext, err, fail, out

if TYPE_CHECKING:
    from clerkdesk.services.search import SearchHit

EPILOG = """\
TEXT is read as the counter reads it: words (any order, any word's beginning) of the
owner's name, the street or a dog's name; 1-6 digits for a tag (this or past years),
license or street number ("tag 12" or "license 12" for one only); a phone number with any
punctuation; a microchip.

Output, one line per hit, tab-separated:
  KIND  OWNER  STREET  DOG  MATCHED
KIND is "owner" or "dog"; a text that names one dog or owner in full (a tag, license,
phone or microchip) puts it first as "exact-dog" or "exact-owner". OWNER is
"Last, First". DOG is the dog's name on a dog line and the owner's active dogs in
brackets on an owner line. MATCHED says what matched, e.g. "tag 123 (2026-27)".
Nothing found prints nothing on standard output (a note on standard error) and exits 0.
--json prints {"query", "exact", "hits"} with the same hits.
"""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "search",
        help="find owners and dogs by name, street, phone, tag, license or microchip",
        description="Find owners and dogs as the counter's search box does, best first.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("text", nargs="+", metavar="TEXT", help="what to look for")
    parser.add_argument(
        "--limit", default="20", metavar="N", help="show at most N hits, 1 to 200 (default 20)"
    )
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.set_defaults(handler=handle)


def _limit(text: str) -> int:
    from clerkdesk.services.search import MAX_LIMIT

    try:
        value = int(text)
    except ValueError:
        fail(f"--limit must be a whole number from 1 to {MAX_LIMIT}, not {text!r}")
    if not 1 <= value <= MAX_LIMIT:
        fail(f"--limit must be from 1 to {MAX_LIMIT}, not {value}")
    return value


def _text(words: list[str]) -> str:
    from clerkdesk.services.search import MAX_TEXT

    text = " ".join(words)
    if not text.strip():
        fail("give the text to look for: a name, street, phone, tag, license or microchip")
    if len(text) > MAX_TEXT:
        fail(f"search for at most {MAX_TEXT} characters (this is {len(text):,})")
    return text


def hit_as_json(hit: SearchHit) -> dict[str, Any]:
    return {
        "kind": hit.kind,
        "owner_id": hit.owner_id,
        "dog_id": hit.dog_id,
        "owner_name": hit.owner_name,
        "street": hit.street,
        "dog_name": hit.dog_name,
        "dogs": list(hit.dogs),
        "matched": hit.matched,
    }


def _line(hit: SearchHit, exact: bool) -> str:
    kind = f"exact-{hit.kind}" if exact else hit.kind
    dog = hit.dog_name if hit.kind == "dog" else f"[{', '.join(hit.dogs)}]"
    return "\t".join((kind, hit.owner_name, hit.street, dog or "", hit.matched))


def handle(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.services.search import search

    limit = _limit(args.limit)
    text = _text(args.text)
    result = search(ctx.database(), text, limit=limit, on=ctx.clock.today())
    if args.json:
        payload = {
            "query": result.query,
            "exact": hit_as_json(result.exact) if result.exact is not None else None,
            "hits": [hit_as_json(h) for h in result.hits],
        }
        out(json.dumps(payload, ensure_ascii=False, indent=2))
        return 0
    if not result.hits:
        err(f"clerkdesk: nothing found for {result.query!r}")
        return 0
    for hit in result.hits:
        out(_line(hit, exact=hit is result.exact))
    return 0
