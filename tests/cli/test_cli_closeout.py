"""``clerkdesk closeout`` and ``clerkdesk report closeout``: the day closed as the OS user,
the slip's figures equal to the database's, and hostile input refused with one line and
no file left behind."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from command_user import CLI_USER, add_cli_user
from sqlalchemy import select

from clerkdesk.cli.main import main
from clerkdesk.clock import FixedClock, SystemClock
from clerkdesk.db.database import Database
from clerkdesk.models import Closeout, TenderKind
from clerkdesk.reports.layout import money
from clerkdesk.rules.town_time import town_zone
from pdf_support import page_texts
from services.money_days import cash, paper, sell
from small_town import Town, town

__all__ = ["town"]


@pytest.fixture
def clock() -> FixedClock:
    """The command line reads the computer's clock, so the sales happen today: the town's
    today, which is not the computer's between its midnight and Eastern midnight."""
    return FixedClock(SystemClock().now().astimezone(town_zone()))


@pytest.fixture
def database(sqlite_database: Database) -> Database:
    add_cli_user(sqlite_database)
    return sqlite_database


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def _left(workdir: Path) -> list[str]:
    """What the commands wrote in the working folder (the database file lives there too)."""
    return sorted(p.name for p in workdir.iterdir() if not p.name.startswith("clerkdesk.sqlite"))


def _url(town: Town) -> str:
    return town.database.url.render_as_string(hide_password=False)


def test_close_out_then_print_the_slip(
    capsys: pytest.CaptureFixture[str], workdir: Path, town: Town
) -> None:
    rex = sell(town, town.rex, cash("100.00"), town.clock, payer=town.jane)
    bella = sell(town, town.bella, paper(TenderKind.CHECK, "8812"), town.clock, payer=town.jane)
    today = town.clock.today().isoformat()
    counted = rex.total - Decimal("2.00")

    status, out, err = run(
        capsys, "--db", _url(town), "report", "closeout", "--day", today, "--pdf", "before.pdf"
    )
    assert (status, err) == (0, "")
    assert (
        "PRELIMINARY" in out
        and "PRELIMINARY" in page_texts((workdir / "before.pdf").read_bytes())[0]
    )

    status, out, err = run(
        capsys, "--db", _url(town), "closeout", "--day", today, "--cash-counted", f"{counted}",
        "--note", "two dollars short",
    )  # fmt: skip
    assert (status, err) == (0, "")
    assert "short 2.00" in out and "2 receipts" in out
    status, out, err = run(
        capsys, "--db", _url(town), "report", "closeout", "--day", today, "--pdf", "slip.pdf"
    )
    assert (status, err) == (0, "")
    assert out == f"wrote the deposit slip for {today} to slip.pdf\n"
    (text,) = page_texts((workdir / "slip.pdf").read_bytes())
    with town.database.read() as session:
        row = session.scalars(select(Closeout)).one()
    assert row.closed_by == CLI_USER and row.note == "two dollars short"
    assert row.deposit_total == counted + bella.total
    for figure in (row.cash_expected, row.cash_counted, row.over_short, row.deposit_total):
        assert money(figure) in text
    assert "8812" in text
    assert _left(workdir) == ["before.pdf", "slip.pdf"]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["closeout", "--day", "06/01/2026", "--cash-counted", "1"], "YYYY-MM-DD"),
        (["closeout", "--day", "2026-02-30", "--cash-counted", "1"], "YYYY-MM-DD"),
        (["closeout", "--day", "2999-01-01", "--cash-counted", "1"], "has not come yet"),
        (["closeout", "--day", "{today}", "--cash-counted", "-5"], "below 0.00"),
        (["closeout", "--day", "{today}", "--cash-counted", "1.001"], "dollars and cents"),
        (["closeout", "--day", "{today}", "--cash-counted", "=1+1"], "an amount like"),
        (["closeout", "--day", "{today}", "--cash-counted", "1", "--note", "x" * 400], "300"),
        (["report", "closeout", "--day", "{today}", "--pdf", "slip.txt"], ".pdf file"),
        (["report", "closeout", "--day", "{today}", "--pdf", "nowhere/slip.pdf"], "does not exist"),
        (["report", "closeout", "--day", "{today}", "--pdf", ""], "needs a file name"),
        (["report", "closeout", "--day", "yesterday", "--pdf", "slip.pdf"], "YYYY-MM-DD"),
    ],
)
def test_hostile_input_is_refused_with_one_line(
    capsys: pytest.CaptureFixture[str], workdir: Path, town: Town, args: list[str], words: str
) -> None:
    given = [a.replace("{today}", town.clock.today().isoformat()) for a in args]
    status, out, err = run(capsys, "--db", _url(town), *given)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and words in err, err
    assert _left(workdir) == []
    with town.database.read() as session:
        assert session.scalars(select(Closeout)).all() == []


def test_a_day_closed_twice_is_refused(
    capsys: pytest.CaptureFixture[str], workdir: Path, town: Town
) -> None:
    today = town.clock.today().isoformat()
    assert (
        run(capsys, "--db", _url(town), "closeout", "--day", today, "--cash-counted", "0")[0] == 0
    )
    status, _out, err = run(
        capsys, "--db", _url(town), "closeout", "--day", today, "--cash-counted", "0"
    )
    assert status == 2 and "was already closed out by" in err and err.count("\n") == 1
