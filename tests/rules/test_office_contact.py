"""``[office]`` and ``[notices]``: where residents find the office, and what a final notice
says happens next; profiles without them load as before and print the fallback words."""

from __future__ import annotations

import pytest

from clerkdesk.rules import ProfileError, parse_profile, presets
from clerkdesk.rules.loading import profile_to_toml
from clerkdesk.rules.office_contact import OfficeContact


def _with(text: str) -> str:
    return presets.preset_toml("westborough") + "\n" + text


@pytest.mark.parametrize("preset", presets.preset_ids())
def test_every_preset_loads_as_before_without_an_office(preset: str) -> None:
    profile = parse_profile(presets.preset_toml(preset))
    assert profile.office == OfficeContact()
    assert profile.final_notice is None


def test_the_office_and_the_final_notice_are_read_and_written_back() -> None:
    profile = parse_profile(
        _with(
            '[office]\naddress = ["Town Hall,  34 West Main Street", "Westborough, MA 01581"]\n'
            'mail_to = ["PO Box 100", "Westborough, MA 01581"]\n'
            'hours = "Monday to Friday, 8:30 AM to 4:30 PM"\nphone = "508-555-0100"\n'
            '[notices]\nfinal_consequence = "A $50 fine."\ncitation = "Art. 19 §2D"\n'
        )
    )
    assert profile.office.address == ("Town Hall, 34 West Main Street", "Westborough, MA 01581")
    assert profile.office.mailing == ("PO Box 100", "Westborough, MA 01581")
    assert profile.office.hours == "Monday to Friday, 8:30 AM to 4:30 PM"
    assert profile.final_notice is not None
    assert (profile.final_notice.consequence, profile.final_notice.citation) == (
        "A $50 fine.",
        "Art. 19 §2D",
    )
    again = parse_profile(profile_to_toml(profile))
    assert (again.office, again.final_notice) == (profile.office, profile.final_notice)


def test_mail_goes_to_the_street_address_when_no_other_is_given() -> None:
    profile = parse_profile(_with('[office]\naddress = ["34 West Main Street"]\n'))
    assert profile.office.mailing == ("34 West Main Street",)


@pytest.mark.parametrize(
    ("table", "problem"),
    [
        ('[office]\naddres = ["x"]\n', 'office.addres: unknown key; did you mean "address"?'),
        ('[office]\naddress = ["a", "b", "c", "d", "e"]\n', "office.address: has 5 lines"),
        (f'[office]\naddress = ["{"x" * 81}"]\n', "office.address: has a line longer than 80"),
        (f'[office]\nhours = "{"x" * 81}"\n', "office.hours: must be 80 characters or fewer"),
        ('[notices]\ncitation = "x"\n', "notices.final_consequence: is required (text)"),
        (f'[notices]\nfinal_consequence = "{"x" * 401}"\n', "notices.final_consequence: is 401"),
    ],
)
def test_a_wrong_table_is_refused_naming_the_key(table: str, problem: str) -> None:
    with pytest.raises(ProfileError) as caught:
        parse_profile(_with(table))
    assert any(p.startswith(problem) for p in caught.value.problems), caught.value.problems
