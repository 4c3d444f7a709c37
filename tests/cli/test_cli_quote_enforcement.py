"""``clerkdesk quote fine`` and ``clerkdesk quote impound``: what a town's profile charges for
a violation or to release an impounded dog, from a preset or a profile file, with no database
and no sign-in (issue 28, item 5). Hostile input is in test_cli_bad_input.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from clerkdesk.cli.main import main
from clerkdesk.rules.presets import preset_toml


@pytest.fixture(autouse=True)
def _no_database_and_no_one_signed_in(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("CLERKDESK_DB_URL", f"sqlite:///{tmp_path / 'never' / 'db.sqlite'}")
    monkeypatch.delenv("CLERKDESK_USER", raising=False)
    monkeypatch.delenv("CLERKDESK_PASSWORD", raising=False)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        status = main(list(args))
    except SystemExit as stop:  # argparse usage errors
        status = int(stop.code or 0)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


FAIRHAVEN = ("quote", "fine", "violation", "--town", "fairhaven", "--on", "2026-02-01")
TOWN = ("quote", "fine", "domestic_animal", "--town", "sample-town", "--on", "2026-03-10")
CITY = ("quote", "impound", "--town", "sample-city")


def test_fairhaven_counts_offenses_and_says_how_and_by_when_to_pay(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    earlier = ["2025-11-01", "2024-06-01", "2019-03-15", "2010-01-01", "2005-01-01"]
    amounts = []
    for n in range(6):
        given = ["--earlier", ",".join(earlier[:n])] if n else []
        status, out, err = run(capsys, *FAIRHAVEN, *given)
        assert (status, err) == (0, "")
        amounts.append(next(line for line in out.splitlines() if line.startswith("TOTAL")))
        assert (
            "pay: check or money order only, within 21 days: by 02/22/2026 for a notice given "
            "on 02/01/2026"
        ) in out
    assert [line.split()[-1] for line in amounts] == [
        *("50.00", "100.00", "300.00", "500.00", "500.00", "500.00")
    ]
    lines = out.splitlines()
    assert lines[0] == "Town of Fairhaven — fine “violation” for an offense on 02/01/2026"
    assert lines[1].split() == ["CODE", "DESCRIPTION", "AMOUNT", "ACCOUNT", "CITATION"]
    assert "offense 6, fine $500.00  500.00  Dog fines  Ch. 87 Pt. 1, Penalties ¶A" in lines[2]
    assert "offense: 6th; 5 earlier offenses counted (11/01/2025, " in out
    assert "; every earlier offense counts" in out
    assert "rule: schedules[0].fines.violation (the fee schedule effective 05/04/2024)" in out
    assert not (tmp_path / "never").exists()  # no database, no sign-in


def test_seed_000_a_written_warning_first_then_50_within_12_months(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, *TOWN)
    assert status == 0
    assert "offense 1, written warning    0.00  Bylaw fines" in out
    assert "pay: nothing, a written warning is given for this offense" in out

    status, out, _ = run(capsys, *TOWN, "--earlier", "2025-03-10")  # exactly 12 months before
    assert "offense 2, fine $50.00   50.00" in out
    assert "offense: 2nd; 1 earlier offense counted (03/10/2025); each within 12 months" in out
    assert "pay: any way the office takes payment" in out

    status, out, _ = run(capsys, *TOWN, "--earlier", "2025-03-09")
    assert "offense 1, written warning" in out
    assert "1 earlier offense left out, more than 12 months before the next" in out


def test_a_maximum_says_not_more_than(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys, "quote", "fine", "tethering", "--town", "fairhaven", "--on", "2026-02-01"
    )
    assert status == 0
    assert "offense 1, fine of not more than $50.00   50.00" in out
    assert "not more than: $50.00 is the most this fine may be; the officer or the court" in out


def test_a_fine_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, *TOWN, "--earlier", "2025-06-01,2023-01-01", "--json")
    assert (status, err) == (0, "")
    fine = json.loads(out)
    assert fine == {
        "code": "domestic_animal",
        "on": "2026-03-10",
        "offense_number": 2,
        "earlier_counted": ["2025-06-01"],
        "lookback_months": 12,
        "warning": False,
        "maximum": False,
        "total": "50.00",
        "payment_methods": None,
        "days_to_pay": None,
        "pay_by": None,
        "lines": [
            {
                "code": "domestic_animal",
                "description": "Domestic animal on a town way or property without restraint "
                "or permission: offense 2, fine $50.00",
                "amount": "50.00",
                "account": "Bylaw fines",
                "citation": "Domestic animals bylaw; Gen. By-Laws ch. 60 Art. I; MGL c.40 §21D",
                "source": "schedules[0].fines.domestic_animal",
            }
        ],
        "warnings": [],
    }
    status, out, _ = run(capsys, *FAIRHAVEN, "--json")
    fine = json.loads(out)
    assert (fine["payment_methods"], fine["days_to_pay"]) == (["check", "money_order"], 21)
    assert fine["pay_by"] == "2026-02-22"


def test_seed_004_friday_0900_to_monday_0905_is_four_periods(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(capsys, *CITY, "--from", "2026-01-02T09:00", "--to", "2026-01-05T09:05")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == (
        "Sample City (Chapter 6, Dogs) — impound from 01/02/2026 09:00 to 01/05/2026 09:05"
    )
    assert lines[2].split("  ")[0] == "impound"
    assert "Impound: $6.00 per 24 hours or part × 4   24.00  Dog officer — impound  §6-3(b)" in out
    assert lines[3].split() == ["TOTAL", "24.00"]
    assert lines[4] == (
        "periods: 4 periods of 24 hours or part, 01/02 09:00 to 01/05 09:05 "
        "(held 72 hours 5 minutes)"
    )
    # The same dog released at 09:00 has been held three whole periods.
    status, out, _ = run(capsys, *CITY, "--from", "2026-01-02T09:00", "--to", "2026-01-05T09:00")
    assert "(held 72 hours)" in out and "× 3" in out


def test_calendar_days_with_handling_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("--from", "2026-12-31T23:00", "--to", "2027-01-02T01:00", "--events", "2")
    status, out, _ = run(capsys, "quote", "impound", "--town", "westborough", *args)
    assert status == 0
    assert "3 calendar days, the day in and the day out both counted, 12/31/2026 to " in out
    status, out, _ = run(capsys, "quote", "impound", "--town", "westborough", *args, "--json")
    quote = json.loads(out)
    assert {k: quote[k] for k in ("from", "to", "per", "periods", "events", "total")} == {
        "from": "2026-12-31T23:00",
        "to": "2027-01-02T01:00",
        "per": "calendar_day",
        "periods": 3,
        "events": 2,
        "total": "60.00",
    }
    assert [(line["code"], line["amount"]) for line in quote["lines"]] == [
        ("impound", "30.00"),
        ("impound_handling", "30.00"),
    ]
    assert {line["source"] for line in quote["lines"]} == {"schedules[0].impound"}


def test_an_example_value_is_warned_about(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("--from", "2026-01-02T09:00", "--to", "2026-01-02T10:00")
    status, out, _ = run(capsys, "quote", "impound", "--town", "sample-town", *args)
    assert status == 0
    assert out.splitlines()[-1] == (
        "warning: “Impoundment (fee schedule effective 01/01/2000)” in the town rules is an "
        "example value, not yet confirmed by the clerk"
    )
    status, out, _ = run(capsys, *TOWN)
    assert "warning:" not in out  # the bylaw's own fine is no example


def test_a_profile_file_without_impound_fees_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = preset_toml("fairhaven")
    start = text.index("[schedules.impound]")
    end = text.find("\n[", start + 1)
    path = tmp_path / "no-impound.toml"
    path.write_text(text[:start] + (text[end:] if end != -1 else ""), encoding="utf-8")
    args = ("--from", "2026-01-02T09:00", "--to", "2026-01-03T09:00")
    status, out, err = run(capsys, "quote", "impound", "--profile", str(path), *args)
    assert (status, out) == (2, "")
    assert err == "clerkdesk: Town of Fairhaven's profile sets no impound fees\n"
    status, out, _ = run(capsys, "quote", "fine", "dog_waste", "--profile", str(path))
    assert status == 0 and "100.00" in out
