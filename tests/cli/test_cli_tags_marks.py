"""``clerkdesk tags`` beyond receive and list: the tags' looks, void, lost, return, unmark and
history; hostile input refused in one line with nothing changed."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import func, select

from actors import staff
from clerkdesk.clock import SystemClock
from clerkdesk.models import TagMark, TagStock, TenderKind
from clerkdesk.services import licensing
from clerkdesk.services.payments import TenderInput
from cli.test_cli_tags import THIS_YEAR, YEAR, Town, _url, run
from cli.test_cli_tags import town as town


def _rows(town: Town) -> tuple[int, int]:
    with town.database.read() as session:
        marks = session.scalar(select(func.count()).select_from(TagMark)) or 0
        stock = session.scalar(select(func.count()).select_from(TagStock)) or 0
    return marks, stock


def _stocked(town: Town, capsys: pytest.CaptureFixture[str]) -> str:
    url = _url(town)
    status, out, _ = run(
        capsys, "--db", url, "tags", "receive", "--year", YEAR, "--from", "1", "--to", "20",
        "--prefix", "W-", "--shape", "heart", "--color", "red", "--printed-in-house",
    )  # fmt: skip
    assert status == 0
    assert out.splitlines() == [
        f"received tags W-1–W-20 (20 tags) for license year {THIS_YEAR.label}",
        "  red heart, printed in-house, prefix W-",
    ]
    return url


def _sell_rex(town: Town) -> int:
    result = licensing.checkout(
        town.database,
        licensing.CheckoutRequest(
            town.jane,
            (licensing.LicenseItem(town.rex),),
            (TenderInput(TenderKind.CASH, None),),
        ),
        actor=staff("clerk"),
        clock=SystemClock(),
    )
    return result.licenses[0].tag_number


def test_void_lost_and_return_show_in_the_counts_and_the_history(
    town: Town, capsys: pytest.CaptureFixture[str]
) -> None:
    url = _stocked(town, capsys)
    assert _sell_rex(town) == 1
    # WHEN tag W-2 is voided, W-3 lost from stock (typed as read or as the number), and
    # Rex's tag W-1 handed back
    for action, tag, reason in (("void", "2", "misprinted"), ("lost", "W-3", "dropped")):
        status, out, err = run(
            capsys, "--db", url, "tags", action, "--year", YEAR, "--tag", tag, "--reason", reason
        )
        assert (status, err) == (0, "")
    assert out.strip() == f"Tag W-3 ({THIS_YEAR.label}) marked lost: dropped"
    status, out, _ = run(capsys, "--db", url, "tags", "return", "--year", YEAR, "--tag", "1")
    assert (status, out.strip()) == (0, f"Tag W-1 ({THIS_YEAR.label}) marked returned")

    # THEN the list gives the range's looks and the year's counts, and W-4 is next
    status, out, _ = run(capsys, "--db", url, "tags", "list", "--year", YEAR)
    assert out.splitlines() == [
        "W-1\tW-20\t1\t17\tW-4\t\tW-\theart\tred\tin-house",
        "total\t\t1\t17\tW-4\t",
        "counts\t20\t1\t17\t1\t1\t1",
    ]
    _, out, _ = run(capsys, "--db", url, "tags", "list", "--year", YEAR, "--json")
    listed = json.loads(out)
    assert listed["counts"] == {
        "received": 20,
        "issued": 1,
        "spare": 17,
        "lost": 1,
        "voided": 1,
        "returned": 1,
        "lost_spare": 1,
        "lost_issued": 0,
        "voided_spare": 1,
        "voided_issued": 0,
    }
    assert (listed["shape"], listed["color"], listed["ranges"][0]["prefix"]) == (
        "heart",
        "red",
        "W-",
    )

    # AND the history of tag 1 names Rex and the return; W-2's its void
    _, out, _ = run(capsys, "--db", url, "tags", "history", "1")
    year, tag, status_word, _license, dog, owner, detail = out.splitlines()[0].split("\t")
    assert (year, tag, status_word, dog, owner) == (
        THIS_YEAR.label,
        "W-1",
        "returned",
        "Rex",
        "Jane Doe",
    )
    assert detail.startswith("returned ")
    _, out, _ = run(capsys, "--db", url, "tags", "history", "W-2", "--json")
    entry = json.loads(out)["years"][0]
    assert (entry["tag"], entry["status"], entry["marks"][0]["reason"]) == (
        "W-2",
        "void",
        "misprinted",
    )


def test_unmark_clears_a_mark_which_stays_on_file(
    town: Town, capsys: pytest.CaptureFixture[str]
) -> None:
    url = _stocked(town, capsys)
    run(capsys, "--db", url, "tags", "void", "--year", YEAR, "--tag", "5", "--reason", "bent")
    status, out, _ = run(
        capsys, "--db", url, "tags", "unmark", "--year", YEAR, "--tag", "5", "--reason", "fine"
    )
    assert (status, out.strip()) == (
        0,
        f"Tag W-5 ({THIS_YEAR.label}): the void mark is cleared: fine",
    )
    assert _rows(town) == (1, 1)
    _, out, _ = run(capsys, "--db", url, "tags", "history", "5")
    assert out.split("\t")[1:3] == ["W-5", "spare"] and "(cleared " in out


def test_a_number_never_seen_prints_nothing_and_says_so(
    town: Town, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(capsys, "--db", _url(town), "tags", "history", "777")
    assert (status, out) == (0, "")
    assert err.strip() == "clerkdesk: tag 777 was never received, given out or marked"


HOSTILE = [
    (["void", "--year", YEAR, "--tag", "abc", "--reason", "x"], "--tag must be a tag number"),
    (["void", "--year", YEAR, "--tag", "", "--reason", "x"], "--tag must be a tag number"),
    (["void", "--year", YEAR, "--tag", "9" * 40, "--reason", "x"], "--tag must be a tag number"),
    (["void", "--year", YEAR, "--tag", "-1", "--reason", "x"], "--tag must be a tag number"),
    (["void", "--year", YEAR, "--tag", "1e3", "--reason", "x"], "--tag must be a tag number"),
    (["void", "--year", YEAR, "--tag", "\u0663", "--reason", "x"], "--tag must be a tag number"),
    (["void", "--year", YEAR, "--tag", "0", "--reason", "x"], "--tag must be a tag number from 1"),
    (["void", "--year", YEAR, "--tag", "21", "--reason", "x"], "Tag 21 is not in the tag stock"),
    (["void", "--year", YEAR, "--tag", "2", "--reason", ""], "Say why"),
    (["lost", "--year", YEAR, "--tag", "2", "--reason", "y" * 5000], "longer than 200"),
    (["lost", "--year", YEAR, "--tag", "2", "--reason", "a\x1bb"], "holds an escape"),
    (["lost", "--year", "12345", "--tag", "2", "--reason", "x"], "--year must be a year"),
    (["lost", "--year", "1900", "--tag", "2", "--reason", "x"], "License year 1900 is out of"),
    (["return", "--year", YEAR, "--tag", "2"], "never given out"),
    (["unmark", "--year", YEAR, "--tag", "2", "--reason", "x"], "carries no mark"),
    (["void", "--year", YEAR, "--tag", "2", "--reason", "\udcff"], "is not UTF-8 text"),
    (["history", "\udcfe"], "is not UTF-8 text"),
    (["history", "garbage"], "Type a tag number"),
    (["history", ""], "Type a tag number"),
    (["history", "1" * 200], "Type a tag number"),
    (["receive", "--year", YEAR, "--from", "30", "--to", "40", "--prefix", "W;"], "A prefix"),
    (["receive", "--year", YEAR, "--from", "30", "--to", "40", "--prefix", "X" * 9], "prefix is"),
    (["receive", "--year", YEAR, "--from", "30", "--to", "40", "--shape", "<b>"], "the shape"),
    (["receive", "--year", YEAR, "--from", "30", "--to", "40", "--color", "blue"], "not 'blue'"),
]


@pytest.mark.parametrize(("args", "message"), HOSTILE, ids=lambda v: str(v)[:40])
def test_hostile_input_is_one_line_status_2_and_changes_nothing(
    town: Town, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    url = _stocked(town, capsys)
    before = _rows(town)
    status, out, err = run(capsys, "--db", url, "tags", *args)
    assert (status, out) == (2, "")
    assert message in err and len(err.strip().splitlines()) == 1, err
    assert _rows(town) == before


def test_the_help_states_the_reason_limit() -> None:
    from clerkdesk.cli import tag_marks_cmd
    from clerkdesk.services import tag_marks

    assert str(tag_marks.REASON_LENGTH) == tag_marks_cmd.REASON_TEXT
