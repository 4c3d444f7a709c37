"""Where commands write their documents: a name no file can have, the office's own
database, another SQLite database or a file of another kind is refused in one line naming
the file, before anything is drawn or recorded; a link writes its target."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import pytest
from bad_inputs import assert_one_line_refusal, leaf_commands, run, sample_argv, snapshot

from clerkdesk.cli.main import main

FILE_OPTIONS = ("--pdf", "--csv", "--out", "--xlsx")


def _writers() -> list[tuple[str, str]]:
    """Every command and each of its options that names a file it writes."""
    found = []
    for command, parser in sorted(leaf_commands().items()):
        for action in parser._actions:
            found += [(command, o) for o in action.option_strings if o in FILE_OPTIONS]
    return found


@pytest.fixture(scope="module")
def demo_office(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small demo office, with records for every document to draw."""
    path = tmp_path_factory.mktemp("demo") / "demo.sqlite"
    argv = ["--db", f"sqlite:///{path}", "demo", "--dogs", "40", "--years", "1"]
    assert main(argv) == 0
    # Opened once, as the app would: the office's file is then in WAL mode for good.
    assert main(["--db", f"sqlite:///{path}", "db", "current"]) == 0
    return path


@pytest.fixture
def office(demo_office: Path, workdir: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CLERKDESK_USER", "admin")
    monkeypatch.setenv("CLERKDESK_PASSWORD", "demo-admin")
    path = workdir / "office.sqlite"
    shutil.copy(demo_office, path)
    return path


def _call(command: str, option: str, value: str, workdir: Path, profile: Path) -> list[str]:
    argv = sample_argv(command, workdir, profile)
    if option in argv:
        at = argv.index(option)
        argv = argv[:at] + argv[at + 2 :]
    return [*argv, option, value]


def test_every_writer_is_found() -> None:
    assert len(_writers()) >= 20


@pytest.mark.parametrize(("command", "option"), _writers(), ids=lambda v: str(v))
def test_a_300_character_file_name_is_one_line(
    command: str,
    option: str,
    office: Path,
    workdir: Path,
    profile_file: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    suffix = {"--csv": ".csv", "--xlsx": ".xlsx"}.get(option, ".pdf")
    if command.startswith("export"):
        suffix = {"export all": ".zip", "export public": ".csv"}[command]
    name = str(workdir / ("x" * 300 + suffix))
    before = snapshot(workdir)

    status, out, err = run(
        capsys, "--db", f"sqlite:///{office}", *_call(command, option, name, workdir, profile_file)
    )

    assert_one_line_refusal(status, out, err)
    assert "unexpected" not in err
    assert snapshot(workdir) == before


@pytest.mark.parametrize(("command", "option"), _writers(), ids=lambda v: str(v))
def test_the_open_database_is_never_written_over(
    command: str,
    option: str,
    office: Path,
    workdir: Path,
    profile_file: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    before = snapshot(workdir)
    call = _call(command, option, str(office), workdir, profile_file)

    status, out, err = run(capsys, "--db", f"sqlite:///{office}", *call)

    assert_one_line_refusal(status, out, err)
    assert "unexpected" not in err
    assert snapshot(workdir) == before


def test_print_calibration_over_the_database_by_no_one_is_refused(
    office: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # GIVEN no one signed in, and the database named as the PDF (as in the issue)
    monkeypatch.delenv("CLERKDESK_USER")
    monkeypatch.delenv("CLERKDESK_PASSWORD")
    digest = hashlib.sha256(office.read_bytes()).hexdigest()

    status, out, err = run(
        capsys, "--db", "sqlite:///office.sqlite", "print", "calibration", "--pdf", "office.sqlite"
    )

    assert_one_line_refusal(status, out, err)
    assert "will not write over 'office.sqlite': it is a SQLite database" in err
    assert hashlib.sha256(office.read_bytes()).hexdigest() == digest


def test_another_sqlite_database_and_a_text_file_are_refused_naming_them(
    office: Path, workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shutil.copy(office, workdir / "other.pdf")
    (workdir / "letter.pdf").write_text("Dear resident,\n", encoding="utf-8")
    before = snapshot(workdir)
    for name, says in (("other.pdf", "SQLite database"), ("letter.pdf", "text file, not a PDF")):
        status, out, err = run(
            capsys, "--db", f"sqlite:///{office}", "print", "receipt", "2026-000001", "--pdf", name
        )
        assert_one_line_refusal(status, out, err)
        assert f"will not write over '{name}'" in err and says in err
    assert snapshot(workdir) == before


def test_a_linked_pdf_writes_the_links_target(
    office: Path, workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (workdir / "shared").mkdir()
    (workdir / "latest.pdf").symlink_to(workdir / "shared" / "calibration.pdf")

    status, _, err = run(
        capsys, "--db", f"sqlite:///{office}", "print", "calibration", "--pdf", "latest.pdf"
    )

    assert status == 0, err
    assert (workdir / "latest.pdf").is_symlink()
    assert (workdir / "shared" / "calibration.pdf").read_bytes().startswith(b"%PDF")
