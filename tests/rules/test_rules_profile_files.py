"""Profile files as clerks save them, and numbers that do not fit: read, or one problem that
names the key or the encoding and the fix; never an exception from below."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest

from clerkdesk.rules import ProfileError, load_profile_file, parse_profile
from clerkdesk.rules.presets import preset_toml

WESTBOROUGH = preset_toml("westborough")
WITH_SECTION = WESTBOROUGH.replace('citation = "Art. 19 §2C"', 'citation = "Art. 19 § 2C"')


def _write(tmp_path: Path, data: bytes) -> Path:
    path = tmp_path / "town.toml"
    path.write_bytes(data)
    return path


@pytest.mark.parametrize(
    ("data", "note"),
    [
        (WITH_SECTION.encode("utf-8"), None),
        (codecs.BOM_UTF8 + WITH_SECTION.encode("utf-8"), None),
        (WITH_SECTION.encode("cp1252"), "read as Windows-1252 (ANSI), not UTF-8"),
        (codecs.BOM_UTF16_LE + WITH_SECTION.encode("utf-16-le"), "read as UTF-16"),
        (codecs.BOM_UTF16_BE + WITH_SECTION.encode("utf-16-be"), "read as UTF-16"),
    ],
    ids=["utf-8", "utf-8 with BOM", "windows-1252", "utf-16-le", "utf-16-be"],
)
def test_a_profile_saved_by_notepad_is_read_with_its_section_signs(
    tmp_path: Path, data: bytes, note: str | None
) -> None:
    profile = load_profile_file(_write(tmp_path, data))
    assert profile.schedules[0].late_fees[0].citation == "Art. 19 § 2C"
    notes = [w for w in profile.warnings if "was read as" in w]
    if note is None:
        assert notes == []
    else:
        assert len(notes) == 1 and note in notes[0]
        assert notes[0].endswith("save it with Encoding: UTF-8")


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b'[town]\nid = "x\x81"\n', "neither UTF-8 nor Windows-1252 (ANSI) text (byte 0x81"),
        (b"\x00\x01\x02[town]", "is not a text file"),
        (codecs.BOM_UTF8 + b"[town]\nname = '\xff'\n", "UTF-8 byte-order mark but is not UTF-8"),
    ],
)
def test_a_file_that_is_no_text_is_one_problem_naming_the_fix(
    tmp_path: Path, data: bytes, words: str
) -> None:
    with pytest.raises(ProfileError) as caught:
        load_profile_file(_write(tmp_path, data))
    assert len(caught.value.problems) == 1
    assert words in caught.value.problems[0]


def test_a_directory_or_a_missing_file_cannot_be_read(tmp_path: Path) -> None:
    for path in (tmp_path, tmp_path / "missing.toml"):
        with pytest.raises(ProfileError, match=f"cannot read {path}"):
            load_profile_file(path)


@pytest.mark.parametrize(
    ("typed", "words"),
    [
        ("1e999999", "1e999999 is too large: amounts go up to 999,999.99"),
        ("99999999999999999999999999999999.00", "99999999999999999999999999999999.00 is too"),
        ("99999999999999999999999999999999", "99999999999999999999999999999999 is too large"),
        ('"1e999999"', '"1e999999" is too large'),
        ("1e-999999", "1e-999999 has more than two decimal places"),
        ("nan", "must be an amount such as 15.00, not nan"),
        ("inf", "must be an amount such as 15.00, not inf"),
        ("-inf", "must be an amount such as 15.00, not -inf"),
    ],
)
def test_an_amount_out_of_range_names_its_key(typed: str, words: str) -> None:
    text = WESTBOROUGH.replace("male_intact = 15.00", f"male_intact = {typed}", 1)
    with pytest.raises(ProfileError) as caught:
        parse_profile(text)
    (problem,) = caught.value.problems
    assert problem.startswith(f"schedules[0].dog_fees.male_intact: {words}")


def test_a_number_of_thousands_of_digits_is_one_problem() -> None:
    text = WESTBOROUGH.replace("male_intact = 15.00", "male_intact = " + "9" * 5000, 1)
    with pytest.raises(ProfileError) as caught:
        parse_profile(text)
    assert caught.value.problems == ("not valid TOML: a number in it has thousands of digits",)


@pytest.mark.parametrize(
    ("key", "maximum"),
    [
        ("license_age_months = 6 ", "license_year.license_age_months: must be 120 or less"),
        ("early_sale_days = 60 ", "license_year.early_sale_days: must be 365 or less"),
        (
            "grace_days_new_to_town = 0 ",
            "license_year.grace_days_new_to_town: must be 3,650 or less",
        ),
        ("max_dogs = 20 ", "schedules[0].kennel.max_dogs: must be 100,000 or less"),
    ],
)
def test_a_count_out_of_range_names_its_key(key: str, maximum: str) -> None:
    name = key.split(" =")[0]
    text = WESTBOROUGH.replace(key, f"{name} = 99999999999999999999 ", 1)
    with pytest.raises(ProfileError) as caught:
        parse_profile(text)
    assert caught.value.problems[0].startswith(maximum)
    assert caught.value.problems[0].endswith("not 99999999999999999999")


def test_messages_show_values_as_typed_never_a_python_repr() -> None:
    text = WESTBOROUGH.replace('start = "04-01"', "start = 2026-04-01", 1)
    with pytest.raises(ProfileError) as caught:
        parse_profile(text)
    assert caught.value.problems[0] == (
        'license_year.start: must be a month and day in quotes such as "06-01", not 2026-04-01'
    )
    assert "datetime" not in " ".join(caught.value.problems)
