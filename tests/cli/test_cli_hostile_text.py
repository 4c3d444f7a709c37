"""Every option of every command, given text no person types: a terminal's escape sequence,
a line break, a right-to-left override, a zero-width joiner (issue 27, "Text is text").

The options are read from the parser, so a command or option added later is tried without a
change here. An escape, an override or (outside a note) a line break is refused in one line
that names the option, before anything is opened, with nothing changed; a zero-width joiner
is dropped by the services, so the command goes on as it would have (status 0, or its own
one-line refusal of the sample call), never a traceback; and nothing printed holds a raw
control character.
"""

from __future__ import annotations

import argparse
import functools
from dataclasses import dataclass
from pathlib import Path

import pytest
from bad_inputs import (
    assert_one_line_refusal,
    clerkdesk_process,
    leaf_commands,
    run,
    sample_argv,
    snapshot,
)

from clerkdesk.cli.argument_text import MULTI_LINE_OPTIONS
from clerkdesk.cli.main import build_parser
from clerkdesk.rules.clean_text import refused_character

HOSTILE = {
    "ansi": "Rex\x1b[31m red\x1b[0m",
    "newline": "Rex\nroot",
    "rtl-override": "Rex\u202egpj.exe",
    "zero-width-joiner": "Re\u200dx",
}
REFUSED = {"ansi": "an escape character", "newline": "a line break", "rtl-override": "U+202E"}


@dataclass(frozen=True)
class Option:
    """One option (or positional argument) of one command, and what a refusal calls it."""

    command: str
    flag: str | None  # None: a positional argument
    label: str
    metavar: str = ""
    position: int = 0  # which positional argument
    is_global: bool = False  # given before the command (--db, --user)

    @property
    def lines(self) -> bool:
        return self.flag in MULTI_LINE_OPTIONS

    def __str__(self) -> str:
        return f"{self.command} {self.flag or self.label}"


def _takes_a_value(action: argparse.Action) -> bool:
    return action.nargs != 0 and not isinstance(
        action, argparse._HelpAction | argparse._SubParsersAction | argparse._VersionAction
    )


def _metavar(action: argparse.Action) -> str:
    return action.metavar if isinstance(action.metavar, str) else action.dest.upper()


@functools.cache
def every_option() -> tuple[Option, ...]:
    found = [
        Option("db current", a.option_strings[0], a.option_strings[0], _metavar(a), is_global=True)
        for a in build_parser()._actions
        if _takes_a_value(a)
    ]
    for command, parser in sorted(leaf_commands().items()):
        position = 0
        for action in parser._actions:
            if not _takes_a_value(action):
                continue
            if action.option_strings:
                flag = action.option_strings[0]
                found.append(Option(command, flag, flag, _metavar(action)))
            else:
                label = _metavar(action)
                found.append(Option(command, None, label, label, position))
                position += 1
    return tuple(found)


def _split(command: str, call: list[str]) -> tuple[list[str], list[str]]:
    """A sample call's options (with their values) and its positional arguments."""
    parser = leaf_commands()[command]
    options: list[str] = []
    positionals: list[str] = []
    rest = iter(call)
    for token in rest:
        action = parser._option_string_actions.get(token)
        if action is None:
            positionals.append(token)
            continue
        options.append(token)
        if action.nargs != 0:
            options.append(next(rest))
    return options, positionals


def _argv(option: Option, value: str, tmp: Path, profile: Path) -> list[str]:
    """The command's valid sample call with ``value`` given to ``option``."""
    words = option.command.split()
    call = sample_argv(option.command, tmp, profile)[len(words) :]
    if option.is_global:
        return [option.flag or "", value, *words, *call]
    options, positionals = _split(option.command, call)
    if option.flag is None:
        positionals += ["x"] * (option.position + 1 - len(positionals))
        positionals[option.position] = value
    elif option.flag in options:
        options[options.index(option.flag) + 1] = value
    else:
        options += [option.flag, value]
    return [*words, *options, *positionals]


def _no_raw_control(text: str) -> None:
    assert refused_character(text, lines=True) is None, repr(text)


OPTIONS = every_option()


def test_the_options_are_found_from_the_parser() -> None:
    named = {str(o) for o in OPTIONS}
    assert {"receipt void --reason", "kennel add --name", "search TEXT", "db current --user"} <= (
        named
    )
    assert len(OPTIONS) > 100


@pytest.mark.parametrize("option", OPTIONS, ids=str)
def test_a_control_character_in_any_option_is_refused_in_one_line_naming_it(
    option: Option,
    workdir: Path,
    good_file: Path,
    profile_file: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # GIVEN a good database, and the command's valid call with the hostile text in one option
    database = workdir / "office.sqlite"
    database.write_bytes(good_file.read_bytes())
    before = snapshot(workdir)
    for kind, says in REFUSED.items():
        if kind == "newline" and option.lines:
            continue  # a note keeps its line breaks (tried below)
        argv = _argv(option, HOSTILE[kind], workdir, profile_file)

        status, out, err = run(capsys, "--db", f"sqlite:///{database}", *argv)

        # THEN one line, naming the option and what it holds; nothing changed on disk
        assert_one_line_refusal(status, out, err)
        assert f"{option.label} holds " in err and says in err, err
        _no_raw_control(err)
        assert snapshot(workdir) == before


# The options that take words a person types (a name, a note, a reason, a reference).
WORDS = [o for o in OPTIONS if o.metavar in ("TEXT", "NAME", "R", "WORD") or o.lines]


@pytest.mark.parametrize("command", sorted({o.command for o in WORDS}))
def test_what_a_field_may_hold_goes_on_to_the_command_and_never_crashes(
    command: str,
    workdir: Path,
    good_file: Path,
    profile_file: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # GIVEN the command's valid call with a zero-width joiner in its first option that takes
    # words, and a line break in a note (each run signs in, so one or two runs a command)
    database = workdir / "office.sqlite"
    database.write_bytes(good_file.read_bytes())
    options = [o for o in WORDS if o.command == command]
    for option in dict.fromkeys([options[0], *(o for o in options if o.lines)]):
        value = "Rex\nRed\u200d" if option.lines else HOSTILE["zero-width-joiner"]
        argv = _argv(option, value, workdir, profile_file)

        status, out, err = run(capsys, "--db", f"sqlite:///{database}", *argv)

        # THEN it ran as it would have: done, or its own one-line refusal of the sample
        assert status in (0, 2), (option, err)
        assert "Traceback" not in err and "unexpected error" not in err
        if status == 2:
            assert_one_line_refusal(status, out, err)
        _no_raw_control(out + err)
        assert "\u200d" not in out + err


def test_as_a_real_process_the_terminal_never_receives_the_escape(tmp_path: Path) -> None:
    done = clerkdesk_process(
        "--db",
        f"sqlite:///{tmp_path / 'office.sqlite'}",
        "receipt",
        "void",
        "2026-000001",
        "--reason",
        "\x1b]52;c;cm0gLXJmIH4=\x07\x1b[2J",  # write the clipboard, then clear the screen
        tmp=tmp_path,
    )
    assert done.returncode == 2
    assert done.stdout == b""
    assert (
        done.stderr.count(b"\n") == 1
        and b"\x1b" not in done.stderr
        and b"\x07" not in (done.stderr)
    )
    assert b"--reason holds an escape character" in done.stderr
    assert not (tmp_path / "office.sqlite").exists()
