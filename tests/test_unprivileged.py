"""The helper that runs a check as an ordinary login, even when the suite runs as root."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from unprivileged import NOBODY, as_unprivileged, is_root, unprivileged_folder


def test_the_check_runs_without_roots_rights(tmp_path: Path) -> None:
    with unprivileged_folder(tmp_path) as folder:
        assert as_unprivileged(os.geteuid, folder=folder) == (NOBODY if is_root() else os.geteuid())


def test_its_exception_is_raised_here(tmp_path: Path) -> None:
    with unprivileged_folder(tmp_path) as folder, pytest.raises(FileNotFoundError):
        as_unprivileged(os.stat, str(folder / "not there"), folder=folder)
