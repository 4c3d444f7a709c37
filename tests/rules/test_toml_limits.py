"""Deep or huge TOML is refused in one line before it is parsed; every profile that loaded
before (each preset) still loads the same."""

from __future__ import annotations

from pathlib import Path

import pytest

from clerkdesk.cli.main import main
from clerkdesk.rules import presets
from clerkdesk.rules.errors import ProfileError
from clerkdesk.rules.loading import load_profile_file, parse_profile
from clerkdesk.rules.toml_limits import MAX_NESTING, loads_bounded, nesting_of
from clerkdesk.services.town_toml import reads_as

DEEP_ARRAY = "deep = " + "[" * 5000 + "]" * 5000 + "\n"
DEEP_KEYS = "a." * 3000 + "b = 1\n"
DEEP_INLINE = "t = " + "{a = " * 40 + "1" + "}" * 40 + "\n"


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (DEEP_ARRAY, "values are nested more than 16 deep"),
        (DEEP_INLINE, "values are nested more than 16 deep"),
        (DEEP_KEYS, "keys are nested more than 16 deep"),
        ("x = '" + "a" * (1024 * 1024) + "'\n", "larger than 1 MiB"),
    ],
    ids=["array", "inline-tables", "dotted-keys", "huge"],
)
def test_deep_or_huge_toml_is_one_problem_never_a_recursion_error(text: str, says: str) -> None:
    with pytest.raises(ProfileError) as refused:
        parse_profile(text)
    assert refused.value.problems == (refused.value.problems[0],)
    assert says in refused.value.problems[0]
    assert not reads_as(text, {})


def test_brackets_in_strings_and_comments_are_text_not_nesting() -> None:
    text = (
        'a = "' + "[" * 40 + '"\n'
        "b = '" + "{" * 40 + "'\n"
        "# " + "[" * 40 + "\n"
        'c = """\n' + "[" * 40 + '\\"""\n"""\n'
        "d = [[1, 2], [3, [4]]]\n"
    )
    assert nesting_of(text) == 3
    assert loads_bounded(text)["d"] == [[1, 2], [3, [4]]]


@pytest.mark.parametrize("preset", presets.preset_ids())
def test_every_preset_is_well_inside_the_limits(preset: str) -> None:
    text = presets.preset_toml(preset)
    assert nesting_of(text) <= MAX_NESTING // 2
    assert len(text.encode()) < 1024 * 1024 // 8
    assert parse_profile(text).id == preset


@pytest.mark.parametrize(
    ("content", "says"),
    [(DEEP_ARRAY, "nested more than 16 deep"), ("#" * (1024 * 1024 + 10), "larger than 1 MiB")],
    ids=["deep", "huge"],
)
def test_profile_check_refuses_in_one_line(
    tmp_path: Path, content: str, says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "town.toml"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(ProfileError):
        load_profile_file(path)
    assert main(["profile", "check", str(path)]) == 2
    captured = capsys.readouterr()
    assert "Recursion" not in captured.err + captured.out
    assert says in captured.out + captured.err
    assert len((captured.out + captured.err).strip().splitlines()) == 1
