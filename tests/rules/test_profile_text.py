"""Text is text in a town profile (issue 27, item 4): a name, a description, a citation, an
office address line or a notice's words holding an escape, a line break (where one line is
meant) or a right-to-left override is refused in one line naming its key; a zero-width
character is dropped and Unicode made NFC; a profile stored before still loads, the value
shown escaped, with a warning."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from clerkdesk.rules import presets
from clerkdesk.rules.errors import ProfileError
from clerkdesk.rules.loading import parse_profile, profile_from_document
from clerkdesk.rules.toml_limits import loads_bounded

ESCAPE, LINE, RTL, ZWJ = "\x1b[31m", "\n", "\u202e", "\u200d"
Document = dict[str, Any]


def _preset() -> Document:
    return dict(loads_bounded(presets.preset_toml("westborough")))


def _with(change: Callable[[Document], None]) -> Document:
    document = copy.deepcopy(_preset())
    change(document)
    return document


def _name(value: str) -> Callable[[Document], None]:
    return lambda d: d["town"].__setitem__("name", value)


def _description(value: str) -> Callable[[Document], None]:
    return lambda d: d["schedules"][0]["other_fees"]["transfer"].__setitem__("description", value)


def _citation(value: str) -> Callable[[Document], None]:
    return lambda d: d["license_year"].__setitem__("citation", value)


def _office(value: str) -> Callable[[Document], None]:
    return lambda d: d.__setitem__("office", {"address": ["Town Hall", value]})


def _notice(value: str) -> Callable[[Document], None]:
    return lambda d: d.__setitem__("notices", {"final_consequence": value, "citation": "§1"})


def _key(value: str) -> Callable[[Document], None]:
    return lambda d: d["accounts"].__setitem__(value, "01-100-4321")


PLACES = [
    (_name, "town.name"),
    (_description, "schedules[0].other_fees.transfer.description"),
    (_citation, "license_year.citation"),
    (_office, "office.address[1]"),
]


@pytest.mark.parametrize(("place", "key"), PLACES)
@pytest.mark.parametrize(
    ("bad", "words"),
    [
        (ESCAPE, "an escape character"),
        (LINE, "a line break (U+000A); write it on one line"),
        (RTL, "a right-to-left or left-to-right control (U+202E)"),
    ],
)
def test_a_control_character_is_refused_in_one_line_naming_the_key(
    place: Callable[[str], Callable[[Document], None]], key: str, bad: str, words: str
) -> None:
    with pytest.raises(ProfileError) as refused:
        profile_from_document(_with(place(f"Main{bad} Street")))
    (problem,) = refused.value.problems
    assert problem.startswith(f"{key} holds {words}"), problem
    assert "\n" not in str(refused.value) and "\x1b" not in str(refused.value)


def test_a_notice_of_several_lines_keeps_loading_but_refuses_an_escape() -> None:
    folded = profile_from_document(_with(_notice("The dog\nmay be\timpounded.")))
    assert folded.final_notice is not None
    assert folded.final_notice.consequence == "The dog may be impounded."
    with pytest.raises(ProfileError, match=r"notices\.final_consequence holds an escape"):
        profile_from_document(_with(_notice(f"The dog{ESCAPE} may be impounded.")))


def test_a_key_with_a_control_character_is_refused_by_name() -> None:
    with pytest.raises(ProfileError) as refused:
        profile_from_document(_with(_key(f"trans{RTL}fer")))
    assert any(
        p.startswith("accounts.trans\\u202efer (a key) holds a right-to-left")
        for p in refused.value.problems
    ), refused.value.problems


def test_zero_width_characters_are_dropped_and_text_made_nfc() -> None:
    profile = profile_from_document(_with(_name(f"Town of West{ZWJ}boro\u0301")))
    assert profile.name == "Town of Westbor\u00f3"
    schedule = profile_from_document(_with(_description(f"Trans{ZWJ}fer"))).schedules[0]
    assert schedule.other_fee("transfer").description == "Transfer"  # type: ignore[union-attr]


def test_the_toml_text_is_read_the_same_way() -> None:
    text = presets.preset_toml("westborough").replace(
        'name = "Town of Westborough"', 'name = "Town of \\u001b[2JWestborough"'
    )
    with pytest.raises(ProfileError, match=r"^the town profile is not valid: town\.name holds"):
        parse_profile(text)


def test_a_stored_profile_holding_one_still_loads_shown_escaped_with_a_warning() -> None:
    profile = profile_from_document(_with(_name(f"Town of{ESCAPE} Westborough")), stored=True)
    assert profile.name == "Town of\\x1b[31m Westborough"
    assert any(w.startswith("town.name holds an escape character") for w in profile.warnings)


@pytest.mark.parametrize("preset", presets.preset_ids())
def test_every_preset_still_loads_unchanged(preset: str) -> None:
    assert presets.load_preset(preset).name


def test_a_right_to_left_override_in_a_comment_is_refused_by_its_line() -> None:
    text = presets.preset_toml("westborough")
    commented = text.replace("[town]", "[town]  # fees \u202eraised", 1)
    line = text[: text.index("[town]")].count("\n") + 1
    with pytest.raises(ProfileError) as refused:
        parse_profile(commented)
    assert refused.value.problems == (
        f"line {line} holds a right-to-left or left-to-right control (U+202E); type it again "
        "without it (it may have come from pasting).",
    )
    # a profile stored before still loads
    assert parse_profile(commented, stored=True).name == "Town of Westborough"
