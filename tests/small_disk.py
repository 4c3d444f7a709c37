"""A small file system of its own, to fill a disk for real (a tmpfs: needs root and
permission to mount). Without them the test is skipped, except under CI=true, where the
suite runs as root and a skip would hide the case."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest


@contextlib.contextmanager
def small_disk(size: str = "1m") -> Iterator[Path]:
    folder = Path(tempfile.mkdtemp(prefix="clerkdesk-full-"))
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)],
        capture_output=True,
        check=False,
    )
    if mounted.returncode != 0:
        folder.rmdir()
        reason = "cannot mount a small file system here (needs root)"
        if os.environ.get("CI") == "true":
            pytest.fail(f"{reason}, and under CI=true the full-disk test must run")
        pytest.skip(reason)
    try:
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], check=True)
        folder.rmdir()


def fill(folder: Path, leave: int) -> None:
    """A file that takes the disk's room but ``leave`` bytes."""
    spare = shutil.disk_usage(folder).free - leave
    with (folder / "filler").open("wb") as file, contextlib.suppress(OSError):
        file.write(b"\0" * max(spare, 0))
