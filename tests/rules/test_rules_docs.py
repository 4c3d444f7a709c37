"""Every worked example in docs/town-profiles.md quotes as the document says."""

from __future__ import annotations

import datetime as dt
import json
import re
from decimal import Decimal
from pathlib import Path

import pytest

from clerkdesk.cli.main import main
from clerkdesk.rules import assess_fine, impound_charges, parse_profile
from clerkdesk.rules.money import total

DOC = Path(__file__).resolve().parents[2] / "docs" / "town-profiles.md"
_FENCE = re.compile(r"^```(toml example|quotes)[= ](\S+)\n(.*?)^```", re.M | re.S)


def _blocks() -> tuple[dict[str, str], dict[str, list[str]]]:
    fragments: dict[str, str] = {}
    quotes: dict[str, list[str]] = {}
    for kind, name, body in _FENCE.findall(DOC.read_text(encoding="utf-8")):
        if kind == "quotes":
            quotes[name] = [line for line in body.splitlines() if line.strip()]
        else:
            fragments[name] = body
    return fragments, quotes


FRAGMENTS, QUOTES = _blocks()
CASES = [(name, line) for name, lines in QUOTES.items() for line in lines]


def _profile_text(name: str) -> str:
    base = FRAGMENTS["base"]
    if name == "base":
        return base
    fragment = FRAGMENTS[name]
    if "[license_year]" in fragment:  # the fragment's license year takes the base's place
        base = re.sub(r"^\[license_year\]\n(?:[^\[\n].*\n|\n)*", "", base, flags=re.M)
    return base + "\n" + fragment


def test_the_document_has_an_example_of_every_shape() -> None:
    assert set(QUOTES) <= set(FRAGMENTS)
    for shape in (
        "flat",
        "weekly",
        "monthly",
        "table",
        "doubling",
        "arrears",
        "senior",
        "surcharge",
        "kennel",
        "new-schedule",
        "other",
        "weekly-ever",
        "arrears-by-dog",
        "new-to-town-waived",
        "kennel-open",
        "kennel-categories",
        "surcharge-service",
        "under-age",
        "two-conditions",
        "new-to-town-own",
        "card-fee",
        "due-before-start",
        "senior-discount",
        "every-30-days",
        "window",
        "from-notice",
        "year-change",
        "per-sale",
        "rolling",
    ):
        assert QUOTES.get(shape), shape


@pytest.mark.parametrize("name", sorted(FRAGMENTS))
def test_every_fragment_makes_a_valid_profile(name: str) -> None:
    parse_profile(_profile_text(name))


@pytest.mark.parametrize(("name", "line"), CASES, ids=[f"{n}: {q}" for n, q in CASES])
def test_worked_example_quotes_as_documented(
    name: str, line: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    command, outcome = (part.strip() for part in line.split("=>"))
    # "=> 19.00 | words" also says what a line (or note) of the quote reads.
    expected, _, says = (part.strip() for part in outcome.partition("|"))
    words = command.split()
    if words[0] == "quote":
        path = tmp_path / f"{name}.toml"
        path.write_text(_profile_text(name), encoding="utf-8")
        status = main([*words, "--profile", str(path), "--json"])
        captured = capsys.readouterr()
        if expected == "refused":
            assert status == 2
            assert captured.err.strip()
            return
        assert status == 0, captured.err
        quote = json.loads(captured.out)
        assert quote["total"] == expected
        if says:
            texts = [line["description"] for line in quote["lines"]] + quote["notes"]
            assert any(says in text for text in texts), texts
        return
    assert _api_total(name, words) == Decimal(expected)


def _option(words: list[str], name: str) -> str | None:
    return words[words.index(name) + 1] if name in words else None


def _api_total(name: str, words: list[str]) -> Decimal:
    """The fee, fine and impound lines through the API (``quote fine`` and ``quote impound``
    are held to docs/enforcement.md by test_enforcement_examples.py)."""
    profile = parse_profile(_profile_text(name))
    if words[0] == "impound":
        impounded = dt.datetime.fromisoformat(_option(words, "--from") or "")
        released = dt.datetime.fromisoformat(_option(words, "--to") or "")
        return total(line.amount for line in impound_charges(profile, impounded, released))
    code, on = words[1], dt.date.fromisoformat(_option(words, "--on") or "")
    if words[0] == "fee":
        return profile.fee(code, on).amount
    assert words[0] == "fine", words
    earlier = [
        dt.date.fromisoformat(d) for d in (_option(words, "--earlier") or "").split(",") if d
    ]
    return assess_fine(profile, code, on, earlier).line.amount
