"""The command-line contract: db, demo, screenshot, --version and --help everywhere."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from clerkdesk import __version__
from clerkdesk.cli.main import build_parser, main
from clerkdesk.db.migrate import head_revision


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.strip() == f"clerkdesk {__version__}"


def _command_paths() -> list[list[str]]:
    paths: list[list[str]] = [[]]
    parser = build_parser()
    for action in parser._subparsers._group_actions:  # type: ignore[union-attr]
        for name, sub in action.choices.items():
            paths.append([name])
            for inner in sub._actions:
                if inner.__class__.__name__ == "_SubParsersAction":
                    paths.extend([name, child] for child in inner.choices)
    return paths


@pytest.mark.parametrize("path", _command_paths(), ids=lambda p: " ".join(p) or "clerkdesk")
def test_every_command_has_help(path: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main([*path, "--help"])
    assert stop.value.code == 0
    assert "usage: clerkdesk" in capsys.readouterr().out


def test_db_upgrade_creates_the_schema_and_current_prints_the_head(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path / 'new' / 'office.sqlite'}"

    assert run(capsys, "--db", url, "db", "current")[1].strip() == "none"
    status, out, _ = run(capsys, "--db", url, "db", "upgrade")
    assert status == 0
    assert out.strip() == f"upgraded from an empty database to {head_revision()}"
    assert run(capsys, "--db", url, "db", "current")[1].strip() == head_revision()
    assert run(capsys, "--db", url, "db", "upgrade")[1].strip() == f"already at {head_revision()}"


def test_the_database_comes_from_the_environment_when_no_option_is_given(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CLERKDESK_DB_URL", f"sqlite:///{tmp_path / 'env.sqlite'}")
    run(capsys, "db", "upgrade")
    assert (tmp_path / "env.sqlite").exists()


def test_demo_fills_a_new_database_and_refuses_a_full_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path / 'demo.sqlite'}"
    status, out, err = run(capsys, "--db", url, "demo", "--dogs", "300", "--seed", "4")
    assert status == 0
    assert "300 dogs" in out
    assert "100%" in err  # the progress bar reached its end
    # Each step the bars do not count says so on a line of its own, in order.
    steps = [line for line in err.splitlines() if line.startswith("demo: ")]
    assert steps[0].startswith("demo: building a town of 300 dogs and 2 past license years")
    assert [step.split(" ")[1] for step in steps[1:]] == [
        "receiving",
        "setting",
        "voiding",
        "closing",
    ]
    # Off a terminal, the history's bar gives a line whenever it passes a tenth (sales are
    # written hundreds at a time, so it may skip one), from 0% to 100%.
    history = [line for line in err.splitlines() if line.startswith("history [")]
    tenths = [int(line.split("]")[1].split("%")[0]) // 10 for line in history]
    assert tenths[0] == 0 and tenths[-1] == 10 and tenths == sorted(set(tenths))

    status, _, err = run(capsys, "--db", url, "demo", "--dogs", "300")
    assert status == 2
    assert (
        err.strip() == "clerkdesk: this database already holds 300 dogs; "
        "demo data goes only into an empty one"
    )

    status, out, _ = run(capsys, "--db", url, "demo", "--if-empty")
    assert status == 0 and "left as it is" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--dogs", "0"], "--dogs must be between 1 and 1,000,000"),
        (["--town", "atlantis"], "unknown town 'atlantis'"),
    ],
)
def test_demo_rejects_bad_input_with_one_line_and_status_2(
    args: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = run(capsys, "--db", f"sqlite:///{tmp_path / 'x.sqlite'}", "demo", *args)
    assert status == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1


def test_an_unsupported_database_url_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, _, err = run(capsys, "--db", "mysql://x/y", "db", "current")
    assert status == 2
    assert err.startswith("clerkdesk: Unsupported database 'mysql'")


def test_screenshot_writes_a_png_of_the_main_window_with_data(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    qapp: object,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # No user named: a demo's screenshot signs in as the demo's administrator.
    monkeypatch.delenv("CLERKDESK_USER")
    url = f"sqlite:///{tmp_path / 'shot.sqlite'}"
    run(capsys, "--db", url, "demo", "--dogs", "120")
    target = tmp_path / "owners.png"

    status, out, _ = run(
        capsys, "--db", url, "screenshot", str(target), "--view", "owners", "--size", "1280x720"
    )

    assert status == 0 and out.strip() == str(target)
    with Image.open(target) as picture:
        assert picture.size == (1280, 720)
        # A window with a table of dogs has many distinct colours, not a blank rectangle.
        assert len(picture.convert("RGB").getcolors(maxcolors=100_000) or []) > 50


def test_without_a_display_the_app_says_how_to_run_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    for name in ("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"):
        monkeypatch.delenv(name, raising=False)
    status, out, err = run(capsys, "--db", f"sqlite:///{tmp_path / 'x.sqlite'}")
    assert status == 1
    assert out == ""
    assert err.strip().splitlines() == [
        "clerkdesk: no display found: run `QT_QPA_PLATFORM=offscreen clerkdesk` to start "
        "without a screen, or `xvfb-run clerkdesk` for a virtual one"
    ]


@pytest.mark.parametrize(
    ("argv", "db"),
    [
        ([], None),
        (["--db", "sqlite:///x.sqlite"], "sqlite:///x.sqlite"),
        (["--db=sqlite:///y.sqlite"], "sqlite:///y.sqlite"),
    ],
)
def test_opening_the_app_is_recognised_without_the_full_parser(
    argv: list[str], db: str | None
) -> None:
    from clerkdesk.cli.main import _app_launch

    launch = _app_launch(argv)
    assert launch is not None and launch.db == db and launch.command is None


@pytest.mark.parametrize("argv", [["--db"], ["--version"], ["db", "current"], ["--db", "-x"]])
def test_anything_else_goes_to_the_full_parser(argv: list[str]) -> None:
    from clerkdesk.cli.main import _app_launch

    assert _app_launch(argv) is None
