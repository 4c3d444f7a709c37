"""``clerkdesk search``: the counter's search on the command line, on both backends."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from actors import CLERK, staff
from clerkdesk.cli.main import main
from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.models import CertificateKind, TenderKind
from clerkdesk.rules import presets
from clerkdesk.services import licensing, people, rabies, tags
from clerkdesk.services.payments import TenderInput
from clerkdesk.services.town import save_town_profile


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.fixture
def url(database: Database, clock: FixedClock) -> str:
    """Jane Doe of 12 Elm St, whose Rex holds tag 57 of 2026–27; John Roe of 40 Oak St."""
    save_town_profile(database, presets.preset_toml("westborough"), actor=CLERK, clock=clock)
    owner = people.OwnerInput(
        first_name="Jane",
        last_name="Doe",
        street="12 Elm St",
        city="Westborough",
        postal_code="01581",
        phone="508-555-0101",
    )
    jane = people.create_owner(database, owner, actor=CLERK, clock=clock)
    people.create_owner(
        database,
        people.OwnerInput("John", "Roe", "40 Oak St", "Westborough", "01581"),
        actor=CLERK,
        clock=clock,
    )
    rex = people.create_dog(
        database,
        jane,
        people.DogInput("Rex", "Beagle", "Tricolor", "male", True, microchip="985112345678901"),
        actor=CLERK,
        clock=clock,
    )
    rabies.record_certificate(
        database,
        rex,
        rabies.RabiesInput(
            kind=CertificateKind.VACCINATION,
            vaccination_date=dt.date(2025, 4, 20),
            expires_on=dt.date(2028, 4, 20),
            duration_years=3,
            vaccine="Imrab 3",
            lot_number="123456A",
            veterinarian="Dr. Anne Kowalski",
            clinic="Westborough Animal Hospital",
        ),
        actor=staff("clerk"),
        clock=clock,
    )
    tags.receive_stock(database, dt.date(2026, 4, 1), 1, 100, actor=staff("clerk"), clock=clock)
    licensing.checkout(
        database,
        licensing.CheckoutRequest(
            jane,
            (licensing.LicenseItem(rex, tag_number=57),),
            (TenderInput(TenderKind.CASH, None),),
        ),
        actor=staff("clerk"),
        clock=clock,
    )
    return database.url.render_as_string(hide_password=False)


def test_a_tag_number_finds_the_dog_first_and_marked(
    url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(capsys, "--db", url, "search", "57")

    assert status == 0, err
    first = out.splitlines()[0].split("\t")
    assert first == ["exact-dog", "Doe, Jane", "12 Elm St", "Rex", "tag 57 (2026–27)"]


def test_seven_digits_find_the_owner_under_the_towns_area_code(
    url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(capsys, "--db", url, "search", "5550101")

    assert status == 0, err
    assert out.splitlines() == ["exact-owner\tDoe, Jane\t12 Elm St\t[Rex]\tphone"]


def test_the_owners_street_finds_the_owner_and_their_dogs(
    url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run(capsys, "--db", url, "search", "12", "elm")

    assert status == 0
    assert out.splitlines() == ["owner\tDoe, Jane\t12 Elm St\t[Rex]\tstreet"]


def test_json_has_the_query_the_exact_hit_and_the_hits(
    url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run(capsys, "--db", url, "search", "--json", "985112345678901")

    assert status == 0
    payload = json.loads(out)
    assert set(payload) == {"query", "exact", "hits"}
    assert payload["query"] == "985112345678901"
    exact = payload["exact"]
    assert set(exact) == {
        "kind",
        "owner_id",
        "dog_id",
        "owner_name",
        "street",
        "dog_name",
        "dogs",
        "matched",
    }
    assert (exact["kind"], exact["dog_name"], exact["matched"]) == ("dog", "Rex", "microchip")
    assert exact["dogs"] == ["Rex"]
    assert payload["hits"][0] == exact


def test_json_of_nothing_found(url: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--db", url, "search", "--json", "zebra")

    assert status == 0
    assert json.loads(out) == {"query": "zebra", "exact": None, "hits": []}


def test_nothing_found_prints_no_lines_and_says_so_on_stderr(
    url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(capsys, "--db", url, "search", "zebra")

    assert (status, out) == (0, "")
    assert err.strip() == "clerkdesk: nothing found for 'zebra'"


def test_the_limit_caps_the_lines(url: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--db", url, "search", "--limit", "1", "o")

    assert status == 0
    assert len(out.splitlines()) == 1


@pytest.mark.parametrize(
    "args",
    [
        ["--limit", "0", "doe"],
        ["--limit", "201", "doe"],
        ["--limit", "many", "doe"],
        ["x" * 101],
    ],
    ids=["limit-0", "limit-201", "limit-not-a-number", "overlong"],
)
def test_bad_input_exits_2_with_one_line(
    url: str, capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    status, out, err = run(capsys, "--db", url, "search", *args)

    assert status == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1
    assert err.startswith("clerkdesk: ")
