"""``clerkdesk town seal``: the seal every workstation prints, set from the command line."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from clerkdesk.cli.main import main
from clerkdesk.db.database import Database
from clerkdesk.paths import resources_dir
from clerkdesk.services.seal import seal_in_use


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_the_seal_is_set_and_cleared(
    capsys: pytest.CaptureFixture[str], good_file: Path, tmp_path: Path
) -> None:
    db = tmp_path / "town.sqlite"
    shutil.copy(good_file, db)
    url = f"sqlite:///{db}"
    image = resources_dir() / "seal" / "town-seal.png"
    status, out, err = run(capsys, "--db", url, "town", "seal", str(image))
    assert (status, err) == (0, "")
    assert out == "certificates print town-seal.png (480 × 480 pixels) as the seal\n"
    database = Database.open(url)
    try:
        info, data = seal_in_use(database)
        assert not info.is_default and data == image.read_bytes()
        assert run(capsys, "--db", url, "town", "seal", "--default")[0] == 0
        assert seal_in_use(database)[0].is_default
    finally:
        database.dispose()


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda d: d / "missing.png", "no such file"),
        (lambda d: (d / "notes.png", (d / "notes.png").write_text("hello"))[0], "not a PNG"),
        (lambda d: d, "no such file"),
    ],
)
def test_a_file_that_cannot_be_the_seal_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], good_file: Path, tmp_path: Path, make: object, message: str
) -> None:
    db = tmp_path / "town.sqlite"
    shutil.copy(good_file, db)
    path = make(tmp_path)  # type: ignore[operator]
    status, out, err = run(capsys, "--db", f"sqlite:///{db}", "town", "seal", str(path))
    assert status == 2 and out == "" and err.count("\n") == 1 and message in err
    database = Database.open(f"sqlite:///{db}")
    try:
        assert seal_in_use(database)[0].is_default
    finally:
        database.dispose()
