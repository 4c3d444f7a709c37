"""Every amount option of every command (found from the parser: metavar AMOUNT) refuses
what a money column cannot hold in one line, exit 2, with nothing changed; the hostile
amounts of issue 27 among them."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest
from bad_inputs import assert_one_line_refusal, leaf_commands, run, sample_argv, snapshot

HOSTILE = [
    ("1e308", "far too large"),
    ("9" * 40, "too large"),
    ("NaN", "is not an amount like 40.00"),
    ("Infinity", "is not an amount like 40.00"),
    ("-0", "below 0.00"),
    ("1e-9", "more than two decimals"),
    ("0.001", "more than two decimals"),
    ("1,0", "is not an amount like 40.00"),
    # Refused as text before it is read as an amount (``rules.clean_text``).
    ("12\x1b[2J", "holds an escape character"),
]


def amount_options() -> list[tuple[str, str]]:
    """(command, option) for every option whose metavar is AMOUNT."""
    found = []
    for command, parser in sorted(leaf_commands().items()):
        for action in parser._actions:
            if action.metavar == "AMOUNT" and not isinstance(action, argparse._HelpAction):
                found.append((command, action.option_strings[0]))
    return found


OPTIONS = amount_options()


def test_the_amount_options_are_found() -> None:
    assert {("kennel license", "--amount"), ("closeout", "--cash-counted")} <= set(OPTIONS)


def _with(argv: list[str], option: str, value: str) -> list[str]:
    """``argv`` with ``option`` set to ``value`` (replaced where the sample gives it)."""
    if option in argv:
        at = argv.index(option)
        return [*argv[:at], f"{option}={value}", *argv[at + 2 :]]
    return [*argv, f"{option}={value}"]


@pytest.mark.parametrize(("command", "option"), OPTIONS, ids=[" ".join(o) for o in OPTIONS])
@pytest.mark.parametrize(("value", "says"), HOSTILE, ids=[v[:12] for v, _ in HOSTILE])
def test_every_amount_option_refuses_what_cannot_be_money(
    command: str,
    option: str,
    value: str,
    says: str,
    workdir: Path,
    good_file: Path,
    profile_file: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    database = workdir / "office.sqlite"
    database.write_bytes(good_file.read_bytes())
    argv = _with(sample_argv(command, workdir, profile_file), option, value)
    before = snapshot(workdir)

    status, out, err = run(capsys, "--db", f"sqlite:///{database}", *argv)

    assert_one_line_refusal(status, out, err)
    assert says in err and "unexpected error" not in err and "\x1b" not in err
    assert snapshot(workdir) == before
