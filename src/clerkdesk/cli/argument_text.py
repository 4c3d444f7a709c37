"""Text on the command line, both ways: an argument holding a control character is refused
before any command runs, and whatever a command prints is shown with such characters
escaped, never raw.

The services refuse such text too (``rules.clean_text``), so the app and an import are
held to the same rule; refusing here as well means every option of every command, a name
looked up as much as a note stored, is refused in the same one line, naming the option,
before the database is opened.
"""

from __future__ import annotations

import argparse

from clerkdesk.cli.failure import CommandFailed
from clerkdesk.errors import ValidationError
from clerkdesk.rules.clean_text import clean_text, printable

MULTI_LINE_OPTIONS = frozenset({"--notes", "--note", "--tags-note"})
"""Options that hold a note, which may run to several lines."""


def check_argument(action: argparse.Action, text: str) -> None:
    """Refuse ``text`` (given to ``action``) if it holds a control or format character a
    person would not type; only refused, never changed (a file name stays as given)."""
    if text.isascii() and text.isprintable():
        return  # nearly every argument
    if isinstance(action, argparse._SubParsersAction):
        return  # the command's words and the rest: its own parser checks each of them
    label = action.option_strings[0] if action.option_strings else _positional(action)
    try:
        clean_text(text, label, lines=bool(MULTI_LINE_OPTIONS & set(action.option_strings)))
    except ValidationError as exc:
        raise CommandFailed(exc.message) from None


def _positional(action: argparse.Action) -> str:
    if isinstance(action.metavar, str):
        return action.metavar
    return action.dest.upper()


def shown_line(text: str) -> str:
    """A line for the terminal: stored text printed as it is, but a control character
    (say, in a name saved before ClerkDesk refused them) as a visible escape such as
    ``\\x1b``, so that it cannot recolour, rewrite or hide what the terminal shows."""
    return printable(text, lines=True)
