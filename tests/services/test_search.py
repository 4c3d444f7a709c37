"""The one search box, on both backends: every kind of query, ranking, and the straight
jumps the counter makes for a tag, license, phone or microchip typed in full.

The office (made through the services): Westborough, whose license year starts April 1;
the clock stands at June 1, 2026, in license year 2026–27.

* Jane Doe, 12 Elm St, 508-555-0101: Rex (microchip 985112345678901) and Bella.
  Last year (2025–26) Rex got license 1 / tag 1 and Bella license 2 / tag 2.
  This year Rex got license 2 / tag 57.
* John Doe, 40 Oak St, 508-555-0199: Max, licensed first this year (license 1 / tag 1).
* Elmer Stone, 7 Birch Rd: Rexford.
* Jane Birch, 3 Pine Ln (an owner named like a street).
* Mary Moss, 9 Elm St, moved away; Mary Moss, 15 Elm St, active, whose dog Daisy died and
  whose dog Daisy (a second one) is alive.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Iterator
from dataclasses import dataclass
from zoneinfo import ZoneInfo

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from actors import staff
from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.demo.fill import existing_dogs
from clerkdesk.errors import ValidationError
from clerkdesk.models import CertificateKind, DogStatus, OwnerStatus, TenderKind
from clerkdesk.rules import presets
from clerkdesk.services import licensing, people, rabies, search, tags, word_search
from clerkdesk.services.payments import TenderInput
from clerkdesk.services.search import SearchHit, SearchResult
from clerkdesk.services.search_words import words
from clerkdesk.services.town import save_town_profile
from clerkdesk.services.word_search import upper_bound
from module_databases import BACKENDS, head_database
from prepared_databases import demo_copy

CLERK = staff()
LAST_YEAR = dt.date(2025, 4, 1)
THIS_YEAR = dt.date(2026, 4, 1)
REX_CHIP = "985112345678901"
# The suite's clock (the ``clock`` fixture), for the office shared by a module.
SUITE_CLOCK = FixedClock(dt.datetime(2026, 6, 1, 10, 30, tzinfo=ZoneInfo("America/New_York")))


@dataclass(frozen=True)
class Office:
    database: Database
    clock: FixedClock
    jane: int
    rex: int
    bella: int
    john: int
    max: int
    elmer: int
    rexford: int
    jane_birch: int
    moss_moved: int
    moss: int
    daisy_dead: int
    daisy: int


def _owner(
    database: Database, clock: FixedClock, first: str, last: str, street: str, phone: str | None
) -> int:
    data = people.OwnerInput(
        first_name=first,
        last_name=last,
        street=street,
        city="Westborough",
        postal_code="01581",
        phone=phone,
        birth_date=dt.date(1970, 3, 4),
    )
    return people.create_owner(database, data, actor=CLERK, clock=clock)


def _dog(
    database: Database, clock: FixedClock, owner: int, name: str, microchip: str | None = None
) -> int:
    data = people.DogInput(
        name=name,
        breed="Beagle",
        color="Tricolor",
        sex="male",
        altered=True,
        birth_date=dt.date(2019, 5, 1),
        microchip=microchip,
    )
    dog = people.create_dog(database, owner, data, actor=CLERK, clock=clock)
    given_on = dt.date(2025, 4, 20)
    certificate = rabies.RabiesInput(
        kind=CertificateKind.VACCINATION,
        vaccination_date=given_on,
        expires_on=given_on.replace(year=2028),
        duration_years=3,
        vaccine="Imrab 3",
        lot_number="123456A",
        veterinarian="Dr. Anne Kowalski",
        clinic="Westborough Animal Hospital",
    )
    rabies.record_certificate(database, dog, certificate, actor=CLERK, clock=clock)
    return dog


def _license(
    database: Database, clock: FixedClock, owner: int, *items: licensing.LicenseItem
) -> None:
    licensing.checkout(
        database,
        licensing.CheckoutRequest(owner, items, (TenderInput(TenderKind.CHECK, None, "101"),)),
        actor=CLERK,
        clock=clock,
    )


@pytest.fixture(scope="module", params=BACKENDS)
def office(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Office]:
    """The office on each backend, one for all the tests that only search it (searching
    writes nothing); a test that adds to it takes ``own_office``."""
    database = head_database(request, tmp_path_factory)
    yield _make_office(database, SUITE_CLOCK)
    database.dispose()


@pytest.fixture
def own_office(database: Database, clock: FixedClock) -> Office:
    """The office in this test's own database, for a test that adds to it."""
    return _make_office(database, clock)


def _make_office(database: Database, clock: FixedClock) -> Office:
    save_town_profile(database, presets.preset_toml("westborough"), actor=CLERK, clock=clock)
    jane = _owner(database, clock, "Jane", "Doe", "12 Elm St", "508-555-0101")
    john = _owner(database, clock, "John", "Doe", "40 Oak St", "508-555-0199")
    elmer = _owner(database, clock, "Elmer", "Stone", "7 Birch Rd", "508-555-0123")
    jane_birch = _owner(database, clock, "Jane", "Birch", "3 Pine Ln", None)
    moss_moved = _owner(database, clock, "Mary", "Moss", "9 Elm St", None)
    moss = _owner(database, clock, "Mary", "Moss", "15 Elm St", None)
    rex = _dog(database, clock, jane, "Rex", REX_CHIP)
    bella = _dog(database, clock, jane, "Bella")
    max_ = _dog(database, clock, john, "Max")
    rexford = _dog(database, clock, elmer, "Rexford")
    daisy_dead = _dog(database, clock, moss, "Daisy")
    daisy = _dog(database, clock, moss, "Daisy")
    _dog(database, clock, moss_moved, "Pepper")
    people.set_owner_status(
        database, moss_moved, OwnerStatus.MOVED, on=dt.date(2026, 5, 1), actor=CLERK, clock=clock
    )
    people.set_dog_status(
        database, daisy_dead, DogStatus.DECEASED, on=dt.date(2026, 5, 2), actor=CLERK, clock=clock
    )
    for year in (LAST_YEAR, THIS_YEAR):
        tags.receive_stock(database, year, 1, 100, actor=CLERK, clock=clock)
    last_spring = FixedClock(dt.datetime(2025, 5, 1, 10, 0, tzinfo=clock.now().tzinfo))
    _license(database, last_spring, jane, licensing.LicenseItem(rex), licensing.LicenseItem(bella))
    _license(database, clock, john, licensing.LicenseItem(max_))
    _license(database, clock, jane, licensing.LicenseItem(rex, tag_number=57))
    return Office(
        database, clock, jane, rex, bella, john, max_, elmer, rexford, jane_birch, moss_moved,
        moss, daisy_dead, daisy,
    )  # fmt: skip


def find(office: Office, text: str, **options: object) -> SearchResult:
    return search.search(office.database, text, on=office.clock.today(), **options)  # type: ignore[arg-type]


def subjects(result: SearchResult) -> list[tuple[str, int, int | None]]:
    return [(h.kind, h.owner_id, h.dog_id) for h in result.hits]


# --- words -------------------------------------------------------------------------------


def test_one_word_prefix_finds_owners_by_first_or_last_name(office: Office) -> None:
    result = find(office, "Do")

    owners = [h for h in result.hits if h.kind == "owner"]
    assert {h.owner_id for h in owners} == {office.jane, office.john}
    jane = next(h for h in owners if h.owner_id == office.jane)
    assert jane.owner_name == "Doe, Jane"
    assert jane.street == "12 Elm St"
    assert jane.dogs == ("Bella", "Rex")
    assert jane.dog_name is None and jane.dog_id is None
    assert jane.matched == "owner name"
    assert result.exact is None


def test_two_words_must_both_match_the_same_owner(office: Office) -> None:
    # GIVEN "jane elm": Jane Doe lives on Elm St; Jane Birch does not; the Mosses are on Elm
    result = find(office, "jane elm")

    assert subjects(result) == [("owner", office.jane, None)]
    assert result.hits[0].matched == "owner name, street"


def test_a_dog_name_with_the_owner_name_finds_that_dog(office: Office) -> None:
    result = find(office, "rex doe")

    assert subjects(result) == [("dog", office.jane, office.rex)]
    hit = result.hits[0]
    assert hit.dog_name == "Rex"
    assert hit.dogs == ("Bella", "Rex")
    assert hit.matched == "owner name, dog name"


def test_words_may_be_spread_over_the_owner_and_several_dogs(office: Office) -> None:
    result = find(office, "bella rex")

    assert subjects(result) == [("owner", office.jane, None)]


def test_street_number_and_name(office: Office) -> None:
    assert subjects(find(office, "12 elm")) == [("owner", office.jane, None)]
    assert subjects(find(office, "15 Elm St")) == [("owner", office.moss, None)]
    assert find(office, "12 elm").hits[0].matched == "street"


def test_a_dog_name_finds_dogs_whole_names_first(office: Office) -> None:
    result = find(office, "rex")

    assert subjects(result)[:2] == [
        ("dog", office.jane, office.rex),
        ("dog", office.elmer, office.rexford),
    ]
    assert result.hits[0].matched == "dog name"


def test_a_whole_word_ranks_above_the_start_of_a_longer_one(office: Office) -> None:
    # "elm" is the whole of Elm St's word and only the start of Elmer
    result = find(office, "elm")

    by_owner = [h.owner_id for h in result.hits]
    assert by_owner.index(office.jane) < by_owner.index(office.elmer)
    assert by_owner.index(office.moss) < by_owner.index(office.elmer)


def test_an_owner_name_ranks_above_a_street_of_the_same_word(office: Office) -> None:
    result = find(office, "birch")

    assert [h.owner_id for h in result.hits] == [office.jane_birch, office.elmer]
    assert [h.matched for h in result.hits] == ["owner name", "street"]
    assert result.hits[0].score > result.hits[1].score


def test_active_owners_and_dogs_rank_above_moved_and_deceased(office: Office) -> None:
    owners = [h for h in find(office, "mary moss").hits if h.kind == "owner"]
    assert [h.owner_id for h in owners] == [office.moss, office.moss_moved]
    assert owners[0].score > owners[1].score

    daisies = [h.dog_id for h in find(office, "daisy").hits]
    assert daisies == [office.daisy, office.daisy_dead]
    # The owner's dogs are the living ones only.
    assert find(office, "daisy").hits[0].dogs == ("Daisy",)


def test_words_are_matched_without_case_punctuation_or_order(office: Office) -> None:
    assert subjects(find(office, "  ELM,  jane ")) == [("owner", office.jane, None)]
    assert find(office, "  ELM,  jane ").query == "ELM, jane"


def test_no_match_is_an_empty_result(office: Office) -> None:
    result = find(office, "zebra")
    assert result == SearchResult("zebra", (), None)


# --- numbers -----------------------------------------------------------------------------


def test_a_tag_number_of_this_year_jumps_to_its_dog(office: Office) -> None:
    result = find(office, "57")

    assert result.exact is not None
    assert (result.exact.kind, result.exact.dog_id) == ("dog", office.rex)
    assert result.exact.matched == "tag 57 (2026–27)"
    assert result.hits[0] == result.exact


def test_a_tag_number_prefers_the_year_in_force_then_lists_past_years(office: Office) -> None:
    # GIVEN tag 1 went to Rex last year and to Max this year
    result = find(office, "1")

    assert result.exact is not None and result.exact.dog_id == office.max
    assert result.exact.matched == "tag 1 (2026–27), license 1 (2026–27)"
    past = next(h for h in result.hits if h.dog_id == office.rex)
    assert "tag 1 (2025–26)" in past.matched

    # WHEN the counter asks as of last year
    then = search.search(office.database, "1", on=dt.date(2025, 6, 1))
    assert then.exact is not None and then.exact.dog_id == office.rex


def test_a_past_years_tag_jumps_to_its_dog(office: Office) -> None:
    # GIVEN tag 2 was Bella's last year and has not been given out this year
    result = find(office, "#2")

    assert result.exact is not None
    assert result.exact.dog_id == office.bella
    assert result.exact.matched == "tag 2 (2025–26), license 2 (2025–26)"
    # Rex holds license 2 of this year: he is listed too.
    assert any(h.dog_id == office.rex and "license 2 (2026–27)" in h.matched for h in result.hits)


def test_without_a_date_a_tag_means_the_newest_year(office: Office) -> None:
    result = search.search(office.database, "1")
    assert result.exact is not None and result.exact.dog_id == office.max


def test_tag_and_license_can_be_asked_for_by_name(office: Office) -> None:
    tag = find(office, "tag 2")
    assert tag.exact is not None and tag.exact.dog_id == office.bella
    assert all(h.matched.startswith("tag") for h in tag.hits)

    license_ = find(office, "license 2")
    assert license_.exact is not None and license_.exact.dog_id == office.rex
    assert license_.exact.matched == "license 2 (2026–27)"
    assert find(office, "lic 2").exact == license_.exact


def test_a_number_also_finds_street_numbers(office: Office) -> None:
    # No tag or license 40 was given out; John lives at 40 Oak St.
    result = find(office, "40")

    assert result.exact is None
    assert subjects(result) == [("owner", office.john, None)]
    assert result.hits[0].matched == "street"


def test_a_number_nobody_holds_finds_nothing(office: Office) -> None:
    assert find(office, "999") == SearchResult("999", (), None)


def test_a_phone_number_with_any_punctuation_jumps_to_its_owner(office: Office) -> None:
    for typed in ("508-555-0101", "(508) 555 0101", "5085550101", "1 508 555 0101"):
        result = find(office, typed)
        assert result.exact is not None, typed
        assert (result.exact.kind, result.exact.owner_id) == ("owner", office.jane)
        assert result.exact.matched == "phone"
        assert result.exact.dogs == ("Bella", "Rex")


def test_the_start_of_a_phone_number_lists_owners_without_a_jump(office: Office) -> None:
    result = find(office, "508-555-01")

    assert result.exact is None
    assert {h.owner_id for h in result.hits} == {office.jane, office.john, office.elmer}
    assert {h.matched for h in result.hits} == {"phone"}


def test_a_shared_phone_lists_both_owners_without_a_jump(own_office: Office) -> None:
    office, database = own_office, own_office.database
    _owner(database, office.clock, "Jim", "Doe", "12 Elm St", "508 555 0101")

    result = find(office, "508-555-0101")

    assert result.exact is None
    assert len(result.hits) == 2


def test_seven_digits_find_the_owner_under_the_towns_area_codes(office: Office) -> None:
    # GIVEN Westborough, whose profile names area codes 508 and 774
    for typed in ("555-0101", "5550101", "555 0101"):
        # WHEN the clerk types the number as a resident says it
        result = find(office, typed)

        # THEN Jane (508-555-0101) opens straight away
        assert result.exact is not None, typed
        assert (result.exact.kind, result.exact.owner_id) == ("owner", office.jane)
        assert result.exact.matched == "phone"


def test_seven_digits_find_a_number_under_the_second_area_code(own_office: Office) -> None:
    office, database = own_office, own_office.database
    newcomer = _owner(database, office.clock, "Ana", "Silva", "5 Main St", "774-555-0188")

    result = find(office, "555-0188")

    assert result.exact is not None
    assert result.exact.owner_id == newcomer


def test_seven_digits_under_two_area_codes_list_both_owners_without_a_jump(
    own_office: Office,
) -> None:
    office, database = own_office, own_office.database
    other = _owner(database, office.clock, "Ana", "Silva", "5 Main St", "774-555-0101")

    result = find(office, "5550101")

    assert result.exact is None
    assert [h.owner_id for h in result.hits] == [office.jane, other]


def test_seven_digits_are_still_the_start_of_a_longer_number(office: Office) -> None:
    # "508-5550" is a number half typed: the owners whose phone begins so, no jump
    result = find(office, "508-5550")

    assert result.exact is None
    assert {h.owner_id for h in result.hits} == {office.jane, office.john, office.elmer}


def test_seven_digits_find_nobody_in_a_town_without_area_codes(own_office: Office) -> None:
    office, database = own_office, own_office.database
    # GIVEN the town's rules saved again without its area codes
    lines = presets.preset_toml("westborough").splitlines(keepends=True)
    without = "".join(line for line in lines if not line.startswith("area_codes"))
    save_town_profile(database, without, actor=CLERK, clock=office.clock)

    assert find(office, "555-0101").hits == ()


def test_a_microchip_in_full_jumps_to_its_dog(office: Office) -> None:
    result = find(office, REX_CHIP)

    assert result.exact is not None
    assert (result.exact.kind, result.exact.dog_id) == ("dog", office.rex)
    assert result.exact.matched == "microchip"


def test_a_microchip_with_letters_is_found_in_any_case(own_office: Office) -> None:
    office, database = own_office, own_office.database
    chip_dog = _dog(database, office.clock, office.john, "Chip", "0A0139A7F3")

    result = find(office, "0a0139a7f3")

    assert result.exact is not None and result.exact.dog_id == chip_dog


# --- input -------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["", "   ", "\t\n", ",;"])
def test_empty_text_finds_nothing_without_an_error(office: Office, text: str) -> None:
    result = find(office, text)
    assert result.hits == () and result.exact is None


def test_overlong_text_is_refused(office: Office) -> None:
    with pytest.raises(ValidationError) as refused:
        find(office, "a" * 101)
    assert refused.value.field == "search"
    assert find(office, "a" * 100).hits == ()


@pytest.mark.parametrize("limit", [0, -1, 201])
def test_a_limit_out_of_range_is_refused(office: Office, limit: int) -> None:
    with pytest.raises(ValidationError):
        find(office, "doe", limit=limit)


def test_the_limit_caps_the_hits(office: Office) -> None:
    assert len(find(office, "e", limit=2).hits) == 2


def test_text_that_looks_like_sql_is_only_text(office: Office) -> None:
    assert find(office, "doe' OR 1=1 --").hits == ()
    assert find(office, "%").hits == ()


def test_hits_are_frozen_plain_values(office: Office) -> None:
    hit = find(office, "rex doe").hits[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        hit.score = 0  # type: ignore[misc]
    assert all(
        isinstance(v, str | int | float | tuple | type(None))
        for v in dataclasses.asdict(hit).values()
    )


def test_upper_bound_stays_inside_the_alphabet() -> None:
    assert upper_bound("smi") == "smj"
    assert upper_bound("a9") == "aa"
    assert upper_bound("az") == "b"
    assert upper_bound("zz") is None


# --- a demo town -------------------------------------------------------------------------


def _town(database: Database, clock: FixedClock, dogs: int = 400) -> None:
    demo_copy(database, dogs=dogs, seed=3, town_id="westborough", clock=clock)


def _holds(hit: SearchHit, words_of: dict[int, list[str]], text: str) -> bool:
    return all(any(t.startswith(w) for t in words_of[hit.owner_id]) for w in words(text))


def _words_by_owner(database: Database) -> dict[int, list[str]]:
    from sqlalchemy import select

    from clerkdesk.models import SearchToken

    out: dict[int, list[str]] = {}
    with database.read() as session:
        for owner_id, token in session.execute(select(SearchToken.owner_id, SearchToken.token)):
            out.setdefault(owner_id, []).append(token)
    return out


def test_broad_words_in_a_large_town_are_ranked_from_a_bounded_set(
    database: Database, clock: FixedClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    # GIVEN a demo town, and at most 30 index entries ranked per search
    _town(database, clock)
    monkeypatch.setattr(word_search, "CANDIDATES", 30)
    words_of = _words_by_owner(database)

    for text in ("s", "st", "a b", "ma st"):
        result = search.search(database, text, limit=20)
        # THEN every hit holds every word, the list is in rank order, and it is full
        assert len(result.hits) == 20, text
        assert all(_holds(h, words_of, text) for h in result.hits), text
        scores = [h.score for h in result.hits]
        assert scores == sorted(scores, reverse=True), text
    # Whole words come first: "st" is the whole of a street's word.
    assert all(h.matched == "street" for h in search.search(database, "st").hits)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    text=st.lists(
        st.text(alphabet="abcdeilmnorst0123", min_size=1, max_size=3), min_size=1, max_size=3
    ).map(" ".join)
)
def test_every_hit_really_holds_every_word(
    sqlite_database: Database, clock: FixedClock, text: str
) -> None:
    # The one database serves every example: it is filled by the first.
    if not existing_dogs(sqlite_database):
        _town(sqlite_database, clock)
    words_of = _words_by_owner(sqlite_database)

    result = search.search(sqlite_database, text)

    # (The demo town holds no licenses: every hit is a hit on words.)
    assert all(_holds(h, words_of, text) for h in result.hits)
