"""Where a document is written: a symbolic link writes its target and stays a link; a
device or a pipe is written straight through and stays what it was; only a regular file is
ever renamed over; a SQLite database, a file of another kind or a name no file can have is
refused naming the file, with nothing written."""

from __future__ import annotations

import os
import stat
import threading
from pathlib import Path

import pytest

from clerkdesk.whole_files import (
    WriteFailed,
    check_target,
    kind_of,
    partial_beside,
    rename_in,
    settle,
    write_whole,
)

PDF = b"%PDF-1.4 a whole document\n%%EOF\n"


def test_a_symbolic_link_writes_its_target_and_stays_a_link(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    link = tmp_path / "doc.pdf"
    link.symlink_to(tmp_path / "real" / "doc.pdf")

    write_whole(link, PDF)
    write_whole(link, PDF + b"again")  # a second time: over the target, not the link

    assert link.is_symlink()
    assert (tmp_path / "real" / "doc.pdf").read_bytes() == PDF + b"again"
    assert sorted(p.name for p in (tmp_path / "real").iterdir()) == ["doc.pdf"]


def test_dev_null_is_written_through_and_stays_a_character_device(tmp_path: Path) -> None:
    before = os.stat("/dev/null")

    write_whole(Path("/dev/null"), PDF)

    after = os.stat("/dev/null")
    assert stat.S_ISCHR(after.st_mode) and after.st_rdev == before.st_rdev
    assert after.st_ino == before.st_ino
    assert not [p for p in Path("/dev").glob(".null-*.part")]


def test_a_pipe_a_program_reads_is_written_through_and_stays_a_pipe(tmp_path: Path) -> None:
    pipe = tmp_path / "printer"
    os.mkfifo(pipe)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(pipe.read_bytes()))
    reader.start()
    try:
        # The reader opens its end first, as a program waiting on the pipe would.
        while not got and reader.is_alive():
            try:
                write_whole(pipe, PDF)
                break
            except WriteFailed as exc:
                assert "no program is reading" in str(exc.words())
    finally:
        reader.join(timeout=10)
    assert got == [PDF]
    assert stat.S_ISFIFO(pipe.stat().st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["printer"]


def test_a_pipe_no_program_reads_is_refused_not_waited_on(tmp_path: Path) -> None:
    pipe = tmp_path / "printer"
    os.mkfifo(pipe)
    with pytest.raises(WriteFailed) as caught:
        write_whole(pipe, PDF)
    assert caught.value.words("'printer'") == (
        "will not write over 'printer': it is a pipe that no program is reading"
    )
    assert stat.S_ISFIFO(pipe.stat().st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["printer"]


@pytest.mark.parametrize(
    ("there", "data", "says"),
    [
        (b"SQLite format 3\x00" + bytes(200), PDF, "it is a SQLite database"),
        (b"SQLite format 3\x00" + bytes(200), b"name,street\n", "it is a SQLite database"),
        (b"Dear resident,\nyour dog\n", PDF, "it is a text file, not a PDF"),
        (b"\x00\x01\x02binary", b"name,street\n", "it is a binary file, not a text"),
        (PDF, b"PK\x03\x04zip", "it is a PDF file, not a zip"),
        (b"PK\x03\x04a zip", PDF, "it is a zip file, not a PDF"),
    ],
)
def test_a_file_of_another_kind_is_refused_and_left_as_it_was(
    tmp_path: Path, there: bytes, data: bytes, says: str
) -> None:
    target = tmp_path / "out.file"
    target.write_bytes(there)

    with pytest.raises(WriteFailed) as caught:
        write_whole(target, data)

    assert caught.value.refused and says in caught.value.words()
    assert target.read_bytes() == there
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.file"]


def test_a_document_of_its_own_kind_or_an_empty_file_is_written_over(tmp_path: Path) -> None:
    (tmp_path / "a.pdf").write_bytes(b"%PDF-1.3 an older one")
    (tmp_path / "b.csv").write_text("old,rows\n", encoding="utf-8")
    (tmp_path / "c.pdf").touch()
    write_whole(tmp_path / "a.pdf", PDF)
    write_whole(tmp_path / "b.csv", b"name,street\nRex,Elm St\n")
    write_whole(tmp_path / "c.pdf", PDF)
    assert (tmp_path / "a.pdf").read_bytes() == PDF == (tmp_path / "c.pdf").read_bytes()


def test_a_partial_file_is_never_renamed_over_a_database(tmp_path: Path) -> None:
    # The services that write through partial_beside and rename_in are held the same way.
    database = tmp_path / "office.sqlite"
    database.write_bytes(b"SQLite format 3\x00" + bytes(4080))
    with partial_beside(database) as (stream, partial):
        stream.write(PDF)
        settle(stream, database)
        with pytest.raises(WriteFailed, match="SQLite database"):
            rename_in(partial, database)
    assert database.read_bytes() == b"SQLite format 3\x00" + bytes(4080)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["office.sqlite"]


def test_a_name_no_file_can_have_is_refused_in_words(tmp_path: Path) -> None:
    with pytest.raises(WriteFailed) as caught:
        check_target(tmp_path / ("x" * 300 + ".pdf"), "PDF")
    assert "the file name is too long (304 bytes; at most 255)" in caught.value.words()
    with pytest.raises(WriteFailed, match="too long"):
        write_whole(tmp_path / ("x" * 300 + ".pdf"), PDF)
    assert list(tmp_path.iterdir()) == []


def test_kinds_are_told_by_their_first_bytes() -> None:
    assert kind_of(b"") == "empty"
    assert kind_of("Zoë,Main St\n".encode()) == "text"
    assert kind_of("é".encode()[:1]) == "text"  # a character cut at the sample's end
    assert kind_of(b"\x89PNG\r\n\x1a\nrest") == "PNG image"
