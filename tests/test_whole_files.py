"""Files written whole or not at all, and what a killed run left beside them cleared."""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path

import pytest

from clerkdesk.whole_files import (
    STALE_AFTER_SECONDS,
    WriteFailed,
    clear_leftovers,
    partial_beside,
    write_all,
    write_whole,
)


def _leftover(folder: Path, name: str, age_seconds: float) -> Path:
    path = folder / name
    path.write_bytes(b"%PDF-1.4 half a file")
    then = time.time() - age_seconds
    os.utime(path, (then, then))
    return path


def test_a_file_is_written_whole_readable_by_others_and_nothing_is_left(tmp_path: Path) -> None:
    target = write_whole(tmp_path / "notices.pdf", b"%PDF whole")

    assert target.read_bytes() == b"%PDF whole"
    assert stat.S_IMODE(target.stat().st_mode) == 0o644
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notices.pdf"]


def test_a_killed_runs_old_part_file_is_cleared_by_the_next_write(tmp_path: Path) -> None:
    # GIVEN what a run killed outright two hours ago left, and one still being written
    old = _leftover(tmp_path, ".notices-abc123.part", STALE_AFTER_SECONDS * 2)
    busy = _leftover(tmp_path, ".notices-def456.part", 60)
    other = _leftover(tmp_path, ".remittance-ghi789.part", STALE_AFTER_SECONDS * 2)

    # WHEN notices are written again beside them
    write_whole(tmp_path / "notices.pdf", b"%PDF again")

    # THEN only the old leftover of the same file is gone
    assert not old.exists()
    assert busy.exists() and other.exists()


def test_clearing_says_what_it_removed(tmp_path: Path) -> None:
    old = _leftover(tmp_path, ".list-1.part", STALE_AFTER_SECONDS + 5)
    assert clear_leftovers(tmp_path / "list.csv") == [old]
    assert clear_leftovers(tmp_path / "list.csv") == []


def test_a_failure_while_writing_leaves_the_old_file_and_no_part(tmp_path: Path) -> None:
    target = tmp_path / "list.pdf"
    target.write_bytes(b"yesterday's list")

    with pytest.raises(RuntimeError), partial_beside(target) as (stream, partial):
        stream.write(b"half of today's")
        assert partial.exists()
        raise RuntimeError("the disk filled")

    assert target.read_bytes() == b"yesterday's list"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["list.pdf"]


def test_all_files_or_none_when_one_cannot_be_written(tmp_path: Path) -> None:
    pdf = tmp_path / "nov.pdf"
    missing = tmp_path / "no such folder" / "nov.csv"

    with pytest.raises(WriteFailed) as failed:
        write_all([(pdf, b"%PDF"), (missing, b"a,b")])

    assert failed.value.path == missing and failed.value.in_folder
    assert failed.value.words().startswith(f"cannot write in {missing.parent}: ")
    assert list(tmp_path.iterdir()) == []
