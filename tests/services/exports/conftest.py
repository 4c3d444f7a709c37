"""The export tests' fixture: a folder of its own for what an export writes (the SQLite
database lives in ``tmp_path``), so "no file left" means none."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def out(tmp_path: Path) -> Path:
    folder = tmp_path / "exports"
    folder.mkdir()
    return folder
