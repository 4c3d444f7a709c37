"""What the bad-input tests run: every registered command, a valid way to call each, the
kinds of bad database, and a record of the files a run must leave as they were.

Commands are found from the parser the registrars build, so a command added later is
enumerated without a change here, unless its required options cannot be guessed (the
test then says which command needs a line in SAMPLES).
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import os
import socket
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from clerkdesk.cli.main import build_parser, main

# Commands that never open a database: a bad --db is not theirs to refuse.
DATABASE_FREE = {
    "towns",
    "quote dog",
    "quote kennel",
    "quote fine",
    "quote impound",
    "profile check",
    "profile show",
    "db head",
    "config show",
    "export verify",  # reads an export's zip, never the database
    "backup verify",  # reads a backup file, never the database
}

# Valid calls for commands whose required arguments cannot be guessed from their metavar.
SAMPLES: dict[str, list[str]] = {
    "quote dog": ["--town", "westborough", "--sex", "female", "--altered"],
    "quote kennel": ["--town", "westborough", "--dogs", "4"],
    "quote fine": ["violation", "--town", "westborough", "--on", "2026-06-01"],
    "quote impound": [
        "--town",
        "westborough",
        "--from",
        "2026-06-01T09:00",
        "--to",
        "2026-06-02T09:05",
    ],
    "profile check": ["{profile}"],
    "profile show": ["westborough"],
    "search": ["rex"],
    "screenshot": ["{tmp}/shot.png"],
    "demo": ["--dogs", "5"],
    "town seal": ["--default"],
    "town idle-lock": ["5"],
    "town month-lock": ["treasurer"],
    "user add": ["rex", "--role", "clerk"],
    "print certificate": ["1", "--year", "2026", "--pdf", "{tmp}/license.pdf"],
    "print receipt": ["2026-000001", "--pdf", "{tmp}/receipt.pdf"],
    "closeout": ["--day", "2026-06-01", "--cash-counted", "0"],
    "report closeout": ["--day", "2026-06-01", "--pdf", "{tmp}/closeout.pdf"],
    "db grant-app-role": ["clerkdesk_app"],
    "period lock": ["2026-01", "--reference", "TR-2026-01"],
    "receipt void": ["2026-000001", "--reason", "wrong dog"],
    "report remittance": ["--month", "2026-06", "--pdf", "{tmp}/remittance.pdf"],
    "report kennels": ["--year", "2026", "--csv", "{tmp}/kennels.csv"],
    "kennel inspections": ["1", "--pdf", "{tmp}/inspections.pdf"],
    "kennel roster": ["1", "--add", "1"],
    "print kennel-tags": ["1", "--pdf", "{tmp}/kennel-tags.pdf"],
    "kennel edit": ["1", "--max-dogs", "5"],
    "kennel close": ["1", "--reason", "the keeper moved"],
    "kennel inspect": ["1", "--year", "2026", "--result", "passed", "--inspector", "Reyes"],
    "kennel license": ["1", "--tender", "cash"],
    "kennel renew": ["--year", "2026", "--tender", "cash"],
    "violation record": [
        *("--owner", "1", "--dog", "1", "--code", "violation", "--at", "2026-06-01 09:00"),
        *("--place", "Elm St", "--officer", "Reyes"),
    ],
    "hearing schedule": ["H2026-0001", "--at", "2026-06-01 18:30", "--place", "Town Hall"],
    "hearing decide": ["H1", "--decision", "dismissed", "--on", "2026-06-01", "--authority", "B"],
    "impound take": [
        *("--dog", "1", "--at", "2026-06-01 09:00", "--place", "Elm St"),
        *("--officer", "Reyes", "--held-at", "City pound"),
    ],
    "impound identify": ["I2026-0001", "--dog", "1"],
    "impound show": ["I2026-0001"],
    "impound charges": ["I2026-0001"],
    "impound dispose": ["I2026-0001", "--as", "died"],
    "impound release": ["I2026-0001", "--tender", "cash"],
    "violation pay": ["V2026-0001", "--tender", "cash"],
    "report unlicensed": ["--year", "2026", "--pdf", "{tmp}/unlicensed.pdf"],
    "print violation-notice": ["V2026-0001", "--pdf", "{tmp}/notice.pdf"],
    "print hearing-notice": ["H2026-0001", "--pdf", "{tmp}/notice.pdf"],
    "print hearing-order": ["H2026-0001", "--pdf", "{tmp}/order.pdf"],
    "print impound-release": ["I2026-0001", "--pdf", "{tmp}/release.pdf"],
    "report unpaid-fines": ["--on", "2026-06-01", "--pdf", "{tmp}/court.pdf"],
    "report enforcement": ["--month", "2026-06", "--pdf", "{tmp}/summary.pdf"],
    "notices renewal": ["--year", "2027", "--pdf", "{tmp}/notices.pdf"],
    "notices reminder": ["--year", "2026", "--pdf", "{tmp}/reminders.pdf"],
    "notices reprint": ["--owner", "1", "--out", "{tmp}/reprint.pdf"],
    "export all": ["--out", "{tmp}/records.zip"],
    "export public": ["--out", "{tmp}/dogs.csv"],
    "export verify": [str(Path(__file__).parent.parent / "data" / "exports" / "empty-office.zip")],
    "backup verify": [str(Path(__file__).parent.parent / "data" / "backups" / "empty-office.zip")],
}

# A guess per metavar for a required argument of a command not in SAMPLES.
_GUESSES = {
    "YYYY": "2026",
    "YYYY-MM-DD": "2026-06-01",
    "N": "1",
    "M": "2",
    "ID": "westborough",
    "TEXT": "rex",
    "FILE": "{tmp}/file",
    "NAME": "rex",
}


@functools.cache
def leaf_commands() -> dict[str, argparse.ArgumentParser]:
    """Every command that runs something, by its words ("db upgrade"), from the parser
    (built once: only its arguments are read, to write a valid call of each command)."""
    found: dict[str, argparse.ArgumentParser] = {}

    def walk(parser: argparse.ArgumentParser, words: list[str]) -> None:
        children = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        if not children:
            found[" ".join(words)] = parser
            return
        for action in children:
            for name, child in action.choices.items():
                walk(child, [*words, name])

    walk(build_parser(), [])
    return found


def _guess(parser: argparse.ArgumentParser) -> list[str]:
    argv: list[str] = []
    for action in parser._actions:
        if not action.required or isinstance(action, argparse._HelpAction):
            continue
        metavar = action.metavar if isinstance(action.metavar, str) else action.dest.upper()
        value = _GUESSES.get(metavar, "1")
        if action.option_strings:
            argv += [action.option_strings[0], value]
        else:
            argv.append(value)
    return argv


def sample_argv(command: str, tmp: Path, profile: Path) -> list[str]:
    parser = leaf_commands()[command]
    given = SAMPLES.get(command)
    rest = _guess(parser) if given is None else given
    filled = [part.format(tmp=tmp, profile=profile) for part in rest]
    return [*command.split(), *filled]


# -- bad databases -----------------------------------------------------------------------
@dataclass(frozen=True)
class BadDatabase:
    """A way to point ClerkDesk at something that is not a usable database, and a word the
    refusal must use."""

    name: str
    says: str
    make: Callable[[Path, Path], str]  # (tmp folder, a good database file) -> URL
    postgres: bool = False
    before_window: bool = True  # refused before the app's window opens


def _text_file(tmp: Path, _good: Path) -> str:
    (tmp / "notes.txt").write_text("Dog licensing notes\nnot a database\n")
    return f"sqlite:///{tmp / 'notes.txt'}"


def _folder(tmp: Path, _good: Path) -> str:
    (tmp / "office").mkdir()
    return f"sqlite:///{tmp / 'office'}"


def _inside_a_file(tmp: Path, _good: Path) -> str:
    (tmp / "plain.txt").write_text("a file\n")
    return f"sqlite:///{tmp / 'plain.txt' / 'inside.sqlite'}"


def _random_bytes(tmp: Path, _good: Path) -> str:
    (tmp / "noise.sqlite").write_bytes(hashlib.sha512(b"noise").digest() * 200)
    return f"sqlite:///{tmp / 'noise.sqlite'}"


def _truncated(tmp: Path, good: Path) -> str:
    data = good.read_bytes()
    (tmp / "cut.sqlite").write_bytes(data[: len(data) // 2])
    return f"sqlite:///{tmp / 'cut.sqlite'}"


def _corrupt(tmp: Path, good: Path) -> str:
    data = bytearray(good.read_bytes())
    data[100:4096] = b"\xff" * (4096 - 100)  # the table list's page, past the file header
    (tmp / "corrupt.sqlite").write_bytes(bytes(data))
    return f"sqlite:///{tmp / 'corrupt.sqlite'}"


def _too_new(tmp: Path, good: Path) -> str:
    target = tmp / "newer.sqlite"
    target.write_bytes(good.read_bytes())
    with sqlite3.connect(target) as conn:
        conn.execute("UPDATE alembic_version SET version_num = '9999'")
    conn.close()
    return f"sqlite:///{target}"


def _foreign(tmp: Path, _good: Path) -> str:
    target = tmp / "places.sqlite"
    conn = sqlite3.connect(target)
    conn.execute("CREATE TABLE moz_places (id INTEGER PRIMARY KEY, url TEXT)")
    conn.execute("INSERT INTO moz_places (url) VALUES ('https://example.org')")
    conn.commit()
    conn.close()
    return f"sqlite:///{target}"


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


BAD_DATABASES = [
    BadDatabase("unparsable", "not a database address", lambda t, g: "::"),
    BadDatabase("no-scheme", "not a database address", lambda t, g: str(t / "office.sqlite")),
    BadDatabase("bad-ipv6", "not a database address", lambda t, g: "postgresql://u:pw@[::1"),
    BadDatabase("unknown-dialect", "Unsupported database", lambda t, g: "nonsense://"),
    BadDatabase("mysql", "Unsupported database", lambda t, g: "mysql://x/y"),
    BadDatabase(
        "unknown-driver", "no database driver", lambda t, g: f"sqlite+nodriver:///{t / 'x.sqlite'}"
    ),
    BadDatabase(
        "port-out-of-range", "port", lambda t, g: "postgresql+psycopg://u@127.0.0.1:99999/x"
    ),
    BadDatabase("text-file", "not a SQLite file", _text_file),
    BadDatabase("directory", "is a folder", _folder),
    BadDatabase("path-inside-a-file", "is a file, not a folder", _inside_a_file),
    BadDatabase(
        "etc-passwd-inside",
        "is a file, not a folder",
        lambda t, g: "sqlite:////etc/passwd/inside-a-file.sqlite",
    ),
    BadDatabase("device", "not a regular file", lambda t, g: "sqlite:////dev/null"),
    # An empty file is no longer bad: it is a new database (test_cli_opening_accidents).
    BadDatabase("random-bytes", "not a SQLite file", _random_bytes),
    BadDatabase("truncated", "cut short", _truncated),
    BadDatabase("corrupt", "damaged", _corrupt, before_window=False),
    BadDatabase("newer-clerkdesk", "newer ClerkDesk", _too_new, before_window=False),
    BadDatabase("another-programs", "another program's tables", _foreign, before_window=False),
    BadDatabase("name-too-long", "too long", lambda t, g: f"sqlite:///{t / ('x' * 300)}.sqlite"),
    BadDatabase(
        "unreachable-server",
        "cannot be reached",
        lambda t, g: f"postgresql+psycopg://nobody@127.0.0.1:{closed_port()}/none",
        before_window=False,
    ),
    BadDatabase(
        "unreachable-port-1",
        "cannot be reached",
        lambda t, g: "postgresql+psycopg://nobody@127.0.0.1:1/none",
        before_window=False,
    ),
    BadDatabase(
        "unknown-host",
        "cannot be reached",
        lambda t, g: "postgresql+psycopg://u@no-such-host.invalid/x",
        before_window=False,
    ),
]


# -- nothing changed ---------------------------------------------------------------------
Snapshot = dict[str, tuple[str, int, int, str]]


def snapshot(folder: Path) -> Snapshot:
    """Every file and folder under ``folder``: kind, size, modification time, content hash."""
    seen: Snapshot = {}
    for root, dirs, files in os.walk(folder):
        for name in dirs:
            path = Path(root) / name
            seen[str(path.relative_to(folder))] = ("dir", 0, 0, "")
        for name in files:
            path = Path(root) / name
            st = path.lstat()
            digest = hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else ""
            seen[str(path.relative_to(folder))] = ("file", st.st_size, st.st_mtime_ns, digest)
    return seen


# -- running a command -------------------------------------------------------------------
def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def assert_one_line_refusal(status: int, out: str, err: str) -> None:
    assert status == 2, err
    assert out == ""
    assert "Traceback" not in err
    assert err.endswith("\n") and len(err.splitlines()) == 1, err
    assert err.startswith("clerkdesk: ")


def clerkdesk_process(
    *argv: str | bytes, tmp: Path, module: bool = True
) -> subprocess.CompletedProcess[bytes]:
    """``python -m clerkdesk ARGV`` (or ``python ARGV``) with its user folders in ``tmp``."""
    env = dict(os.environ)
    for name in ("XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME"):
        env[name] = str(tmp / name.lower())
    env.pop("CLERKDESK_DB_URL", None)
    return subprocess.run(
        [sys.executable, *(["-m", "clerkdesk"] if module else []), *argv],
        capture_output=True,
        env=env,
        cwd=tmp,
        timeout=120,
        check=False,
    )
