"""As a real process run as root (as the issue's was): `--pdf` naming a character device
made in a temporary folder writes through it and leaves it a character device, the
machine's /dev/null included; nothing is left beside either."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from bad_inputs import clerkdesk_process


# Only root makes a character device. CI runs as root, so there it always runs; a CI that
# did not would fail here (os.mknod refused) rather than pass it by.
@pytest.mark.skipif(
    os.geteuid() != 0 and os.environ.get("CI") != "true",
    reason="only root makes a character device (runs in CI, which is root)",
)
def test_a_character_device_stays_a_character_device(tmp_path: Path) -> None:
    device = tmp_path / "null"
    os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 3))  # the same device as /dev/null
    url = f"sqlite:///{tmp_path / 'office.sqlite'}"
    before = os.stat("/dev/null")

    for target in (device, Path("/dev/null")):
        done = clerkdesk_process(
            "--db", url, "print", "calibration", "--pdf", str(target), tmp=tmp_path
        )
        assert done.returncode == 0, done.stderr
        assert stat.S_ISCHR(target.stat().st_mode)

    after = os.stat("/dev/null")
    assert (after.st_ino, after.st_rdev) == (before.st_ino, before.st_rdev)
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".part")]
    assert not list(Path("/dev").glob(".null-*.part"))
