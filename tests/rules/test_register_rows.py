"""An old register's columns named, its households and dogs keyed, and a row read into what
ClerkDesk keeps or into every reason it cannot be taken."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from clerkdesk.rules.kinds import Sex
from clerkdesk.rules.register_columns import guess_mapping, header_signature, missing_fields
from clerkdesk.rules.register_keys import (
    household_key,
    phone_key,
    split_whole_name,
    street_key,
    tag_number,
)
from clerkdesk.rules.register_rows import RegisterRow, read_row, row_label

TODAY = dt.date(2026, 6, 1)


def test_headers_as_other_programs_write_them() -> None:
    headers = [
        "Owner Last Name", "First", "Street Address", "Name of Dog", "Tag #", "Rabies Exp",
        "Gender", "Spayed/Neutered", "Lic Year", "Owner Phone", "Notes",
    ]  # fmt: skip
    assert guess_mapping(headers) == {
        "owner_first": "First",
        "owner_last": "Owner Last Name",
        "street": "Street Address",
        "phone": "Owner Phone",
        "dog_name": "Name of Dog",
        "sex": "Gender",
        "altered": "Spayed/Neutered",
        "license_year": "Lic Year",
        "tag": "Tag #",
        "rabies_expires": "Rabies Exp",
    }
    assert missing_fields({"dog_name": "Dog"}) == [
        "the owner's name (whole, or last)", "the street address", "the sex"
    ]  # fmt: skip


def test_a_header_row_keeps_its_signature_whatever_its_case_and_marks() -> None:
    assert header_signature(["Tag #", "Dog Name"]) == header_signature(["TAG NO.", "dog  name"])
    assert header_signature(["Tag #", "Dog Name"]) != header_signature(["Dog Name", "Tag #"])


def test_one_household_written_several_ways_has_one_key() -> None:
    one = household_key("Jane", "Doe", "12 Elm Street", "Apt. 2")
    assert household_key("JANE", "doe", "12 ELM ST #2", None) == one
    assert household_key("Jane", "Doe", "12 Elm St, Unit 2", "") == one
    assert household_key("Jane", "Doe", "12 Elm St", None) != one
    assert street_key("4 North Main Avenue") == street_key("4 N Main Ave")
    assert phone_key("1 (508) 555-0101") == "5085550101" and phone_key("555-0101") == ""
    assert split_whole_name("Doe, Jane") == ("Jane", "Doe")
    assert split_whole_name("Jane Q. Doe") == ("Jane Q.", "Doe")
    assert tag_number("W-1234") == 1234 and tag_number("1234.0") == 1234
    assert tag_number("2025-12") is None


def test_a_good_row_is_its_owner_dog_license_and_certificate() -> None:
    read = read_row(
        {
            "owner_name": "Doe, Jane", "street": "12 Elm St", "phone": "508 555 0101",
            "dog_name": "Rex", "sex": "M/N", "birth_date": "3/4/19", "license_year": "2025-26",
            "tag": "W-12", "amount": "$10", "rabies_date": "2025-04-20", "rabies_years": "3",
        },
        today=TODAY,
    )  # fmt: skip
    assert isinstance(read, RegisterRow)
    assert (read.owner.first_name, read.owner.last_name, read.owner.phone) == (
        "Jane", "Doe", "508-555-0101"
    )  # fmt: skip
    assert (read.dog.sex, read.dog.altered, read.dog.breed) == (Sex.MALE, True, "Unknown")
    assert read.dog.birth_date == dt.date(2019, 3, 4)
    assert read.license is not None
    assert (read.license.year, read.license.tag, read.license.amount) == (
        2025,
        12,
        Decimal("10.00"),
    )
    assert read.rabies is not None and read.rabies.expires_on == dt.date(2028, 4, 20)
    assert read.kennel is None


def test_every_problem_of_a_row_is_said() -> None:
    problems = read_row(
        {
            "owner_last": "", "street": "12 Elm St", "dog_name": "Rex", "sex": "M/F",
            "birth_date": "13/45/2020", "license_year": "2031", "tag": "none",
            "rabies_date": "01/05/2031", "altered": "maybe",
        },
        today=TODAY,
    )  # fmt: skip
    assert problems == [
        "no owner's name",
        "unknown sex: M/F",
        "not yes or no: maybe",
        "not a date: 13/45/2020",
        "not a tag number: none",
        "license year 2031 is in the future",
        "rabies vaccination date in the future: 01/05/2031",
    ]


def test_a_rabies_date_needs_an_expiry_or_a_duration_and_a_kennel_its_class() -> None:
    cells = {"owner_last": "Doe", "street": "1 A St", "dog_name": "Rex", "sex": "F"}
    assert read_row({**cells, "rabies_date": "2025-01-01"}, today=TODAY) == [
        "a rabies vaccination date with no expiration or duration"
    ]
    assert read_row({**cells, "kennel": "Hill", "kennel_class": "zoo"}, today=TODAY) == [
        "not a kennel class: zoo (one of personal, commercial-breeder, commercial-boarding, "
        "charitable, veterinary)"
    ]
    kept = read_row({**cells, "kennel": "Hill", "kennel_class": "Breeder"}, today=TODAY)
    assert isinstance(kept, RegisterRow) and kept.kennel is not None
    assert kept.kennel.kennel_class == "commercial-breeder"


def test_a_refused_row_is_named_by_what_it_holds_as_the_clerk_will_find_it() -> None:
    cells = {"dog_name": "Rosie", "owner_last": "Gray", "owner_first": "Ann", "tag": "81008"}
    assert row_label({**cells, "street": "1  Pine St"}) == "Rosie — Gray, Ann, 1 Pine St, tag 81008"
    assert row_label({"owner_name": "Ann Gray"}) == "Ann Gray"
    assert row_label({"dog_name": "Rosie"}) == "Rosie"
    assert row_label({}) == "(nothing in the columns chosen)"
