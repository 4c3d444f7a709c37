"""The office's documents folder exists as soon as a path in it is proposed."""

from __future__ import annotations

from pathlib import Path

import pytest

from clerkdesk.ui.printing.jobs import documents_dir


def test_a_new_office_gets_its_documents_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    folder = documents_dir()
    assert folder.is_dir()
    assert folder.is_relative_to(tmp_path)
