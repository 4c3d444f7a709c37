"""``[certificate]``: the conditions printed on the license certificate, a key a profile
may add; profiles without it load as before and print the tag rule of MGL c.140 §137."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from clerkdesk.rules import ProfileError, parse_profile, presets
from clerkdesk.rules.dog_words import sex_words, ten_words, word_count
from clerkdesk.rules.loading import profile_to_toml
from clerkdesk.rules.profile import DEFAULT_CONDITIONS, DEFAULT_CONDITIONS_CITATION


def _with(table: str) -> str:
    return presets.preset_toml("westborough") + "\n[certificate]\n" + table


@pytest.mark.parametrize("preset", presets.preset_ids())
def test_every_preset_loads_as_before_with_the_default_conditions(preset: str) -> None:
    profile = parse_profile(presets.preset_toml(preset))
    assert profile.certificate.conditions == DEFAULT_CONDITIONS
    assert profile.certificate.citation == DEFAULT_CONDITIONS_CITATION == "MGL c.140 §137"
    assert "certificate" not in profile.document


def test_the_towns_conditions_and_citation_are_read_and_written_back() -> None:
    profile = parse_profile(
        _with('conditions = """Keep the tag on.\n  Report a move."""\ncitation = "Art. 19 §4"\n')
    )
    assert profile.certificate.conditions == "Keep the tag on. Report a move."
    assert profile.certificate.citation == "Art. 19 §4"
    again = parse_profile(profile_to_toml(profile))
    assert again.certificate == profile.certificate


def test_an_empty_citation_prints_none() -> None:
    profile = parse_profile(_with('conditions = "Keep the tag on."\ncitation = ""\n'))
    assert profile.certificate.citation == ""


@pytest.mark.parametrize(
    ("table", "problem"),
    [
        ('conditons = "x"\n', 'certificate.conditons: unknown key; did you mean "conditions"?'),
        ('citation = "x"\n', "certificate.conditions: is required (text)"),
        ("conditions = 3\n", "certificate.conditions: must be text, not the number 3"),
        ('conditions = "  "\n', "certificate.conditions: must not be empty"),
        (f'conditions = "{"x" * 601}"\n', "certificate.conditions: is 601 characters"),
        (f'conditions = "x"\ncitation = "{"y" * 201}"\n', "certificate.citation: must be 200"),
    ],
)
def test_a_wrong_certificate_table_is_refused_naming_the_key(table: str, problem: str) -> None:
    with pytest.raises(ProfileError) as caught:
        parse_profile(_with(table))
    assert any(p.startswith(problem) for p in caught.value.problems), caught.value.problems


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("Rex", "Beagle", "Tricolor", "male", True, "white blaze on chest"),
         "Rex, neutered male, Tricolor Beagle, white blaze on chest"),
        (("Bo", "Pit Bull", "Red", "male", False, None), "Bo, male, Red Pit Bull"),
        (("Sir Barkington the Third of Elm", "Labrador Retriever", "black and tan with brindle",
          "female", False, "white star on forehead and three white socks"),
         "Sir Barkington, female, black and tan Labrador Retriever, white star"),
    ],
)  # fmt: skip
def test_the_dog_in_ten_words_keeps_the_essentials_first(
    args: tuple[str, str, str, str, bool, str | None], words: str
) -> None:
    assert ten_words(*args) == words
    assert word_count(words) <= 10


def test_ten_words_never_more_whatever_was_typed() -> None:
    long = " ".join(f"w{i}" for i in range(40))
    text = ten_words(long, long, long, "female", True, long, breed_secondary=long)
    assert word_count(text) == 10
    assert sex_words("female", True) in text


@given(
    st.text(),
    st.text(),
    st.text(),
    st.sampled_from(["male", "female"]),
    st.booleans(),
    st.none() | st.text(),
    st.none() | st.text(),
)
def test_ten_words_at_most_for_any_record(
    name: str, breed: str, color: str, sex: str, altered: bool, marks: str | None, cross: str | None
) -> None:
    assert (
        word_count(ten_words(name, breed, color, sex, altered, marks, breed_secondary=cross)) <= 10
    )
