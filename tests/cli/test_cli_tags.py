"""``clerkdesk tags receive`` and ``tags list``, and the sale that takes the first tag received.

The command line runs on today's date, so the license year is worked out from it.
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass

import pytest
from command_user import add_cli_user

from actors import CLERK, staff
from clerkdesk.cli import tags_cmd
from clerkdesk.cli.main import main
from clerkdesk.clock import SystemClock
from clerkdesk.db.database import Database
from clerkdesk.db.migrate import upgrade_to_head
from clerkdesk.models import CertificateKind, TenderKind
from clerkdesk.rules import parse_profile, presets
from clerkdesk.services import licensing, people, rabies, tag_input, tags
from clerkdesk.services.payments import TenderInput
from clerkdesk.services.town import save_town_profile

TODAY = SystemClock().today()
THIS_YEAR = parse_profile(presets.preset_toml("westborough")).license_year_containing(TODAY)
YEAR = str(THIS_YEAR.starts_in)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@dataclass(frozen=True)
class Town:
    database: Database
    jane: int
    rex: int


@pytest.fixture
def town(database: Database) -> Town:
    """Westborough with Jane Doe's Rex, vaccinated last month; no tag stock."""
    clock = SystemClock()
    save_town_profile(database, presets.preset_toml("westborough"), actor=CLERK, clock=clock)
    jane = people.create_owner(
        database,
        people.OwnerInput("Jane", "Doe", "12 Elm St", "Westborough", "01581"),
        actor=CLERK,
        clock=clock,
    )
    rex = people.create_dog(
        database,
        jane,
        people.DogInput("Rex", "Beagle", "Tricolor", "male", True, birth_date=dt.date(2019, 5, 1)),
        actor=CLERK,
        clock=clock,
    )
    given = TODAY - dt.timedelta(days=30)
    rabies.record_certificate(
        database,
        rex,
        rabies.RabiesInput(
            kind=CertificateKind.VACCINATION,
            vaccination_date=given,
            expires_on=given + dt.timedelta(days=3 * 365),
            duration_years=3,
            vaccine="Imrab 3",
            lot_number="123456A",
            veterinarian="Dr. Anne Kowalski",
            clinic="Westborough Animal Hospital",
        ),
        actor=staff("clerk"),
        clock=clock,
    )
    return Town(database, jane, rex)


def _url(town: Town) -> str:
    return town.database.url.render_as_string(hide_password=False)


def test_a_received_range_is_listed_and_its_first_tag_goes_to_the_next_sale(
    town: Town, capsys: pytest.CaptureFixture[str]
) -> None:
    url = _url(town)
    # WHEN the clerk receives tags 5001-5100 for this license year
    status, out, err = run(
        capsys, "--db", url, "tags", "receive", "--year", YEAR, "--from", "5001", "--to", "5100"
    )
    assert (status, err) == (0, "")
    assert out.strip() == f"received tags 5001–5100 (100 tags) for license year {THIS_YEAR.label}"

    # THEN the list shows the range, all of it left, 5001 next
    status, out, _ = run(capsys, "--db", url, "tags", "list", "--year", YEAR, "--json")
    listed = json.loads(out)
    assert status == 0
    assert {k: listed[k] for k in ("license_year", "start", "end", "next_tag")} == {
        "license_year": THIS_YEAR.label,
        "start": THIS_YEAR.start.isoformat(),
        "end": THIS_YEAR.end.isoformat(),
        "next_tag": 5001,
    }
    assert [(r["first"], r["last"], r["used"], r["left"], r["next"]) for r in listed["ranges"]] == [
        (5001, 5100, 0, 100, 5001)
    ]

    # AND a sale where the clerk accepts the proposed tag takes 5001
    # (the counter proposes the stock's next tag; accepting it sends that number)
    proposed = tags.stock_summary(town.database, THIS_YEAR.start).next_tag
    assert proposed == 5001
    result = licensing.checkout(
        town.database,
        licensing.CheckoutRequest(
            town.jane,
            (licensing.LicenseItem(town.rex, tag_number=proposed),),
            (TenderInput(TenderKind.CASH, None),),
        ),
        actor=staff("clerk"),
        clock=SystemClock(),
    )
    assert [lic.tag_number for lic in result.licenses] == [5001]
    status, out, _ = run(capsys, "--db", url, "tags", "list", "--year", YEAR)
    # The first six columns as they always were; the tags' looks and the year's counts after
    assert out.splitlines() == [
        "5001\t5100\t1\t99\t5002\t\t\t\t\tstamped",
        "total\t\t1\t99\t5002\t",
        "counts\t100\t1\t99\t0\t0\t0",
    ]


def test_a_note_is_kept_and_an_empty_year_says_how_to_stock_it(
    town: Town, capsys: pytest.CaptureFixture[str]
) -> None:
    url = _url(town)
    status, out, err = run(capsys, "--db", url, "tags", "list", "--year", YEAR)
    assert (status, out) == (0, "")
    assert err.strip() == (
        f"clerkdesk: no tag stock for {THIS_YEAR.label} yet; receive it with "
        f"`clerkdesk tags receive --year {YEAR} --from N --to M`"
    )
    run(capsys, "--db", url, "tags", "receive", "--year", YEAR, "--from", "1", "--to", "9",
        "--note", "box 1")  # fmt: skip
    _, out, _ = run(capsys, "--db", url, "tags", "list", "--year", YEAR)
    assert out.splitlines()[0].split("\t")[:6] == ["1", "9", "0", "9", "1", "box 1"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--from", "5001", "--to", "5000"], "--to: The last tag must not be below the first"),
        (["--from", "0", "--to", "10"], "--from: A tag number is from 1 to 99,999,999."),
        (["--from", "-3", "--to", "10"], "--from must be a tag number from 1 to 99,999,999"),
        (["--from", "abc", "--to", "10"], "--from must be a tag number"),
        (["--from", "1", "--to", "1e5"], "--to must be a tag number"),
        (["--from", "1", "--to", "200001"], "receive at most 100,000 at a time"),
        (["--from", "1", "--to", "9999999999999"], "--to must be a tag number"),
        (["--from", "1", "--to", "5", "--note", "x" * 201], "longer than 200 characters"),
        (["--from", "1", "--to", "5", "--year", "26"], "--year must be a year written YYYY"),
        (["--from", "1", "--to", "5", "--year", "9999"], "License year 9999 is out of reach"),
        (["--from", "1", "--to", "5", "--year", "0000"], "License year 0 is out of reach"),
    ],
)
def test_bad_input_is_one_line_status_2_and_writes_nothing(
    town: Town, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    url = _url(town)
    given = ["--year", YEAR, *args] if "--year" not in args else args
    status, out, err = run(capsys, "--db", url, "tags", "receive", *given)
    assert (status, out) == (2, "")
    assert message in err and len(err.strip().splitlines()) == 1
    assert tags.stock_summary(town.database, THIS_YEAR.start).ranges == ()


def test_an_overlap_is_refused_naming_the_range_held(
    town: Town, capsys: pytest.CaptureFixture[str]
) -> None:
    url = _url(town)
    run(capsys, "--db", url, "tags", "receive", "--year", YEAR, "--from", "100", "--to", "199")
    status, _, err = run(
        capsys, "--db", url, "tags", "receive", "--year", YEAR, "--from", "150", "--to", "250"
    )
    assert status == 2
    assert err.strip() == (
        f"clerkdesk: Tags 100–199 were already received for {THIS_YEAR.label}; "
        "the range 150–250 overlaps them."
    )


def test_a_database_without_a_town_is_one_line(
    sqlite_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # GIVEN a database with its administrator (the list signs in) but no town yet
    database = Database.open(sqlite_url)
    upgrade_to_head(database)
    add_cli_user(database)
    database.dispose()
    status, _, err = run(capsys, "--db", sqlite_url, "tags", "list", "--year", YEAR)
    assert status == 2
    assert err.strip() == (
        "clerkdesk: No town is set up in this database: choose the town's rules under Settings."
    )


def test_the_help_states_the_service_limits() -> None:
    assert f"{tag_input.MAX_RANGE:,}" == tags_cmd.MAX_RANGE_TEXT
    assert str(tag_input.NOTE_LENGTH) == tags_cmd.NOTE_LENGTH_TEXT
