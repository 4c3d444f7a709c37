"""``clerkdesk ledger verify``, ``period lock|list`` and ``receipt void``: what each says and
its exit status; hostile input refused in one line with nothing changed."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterator
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from command_user import add_cli_user
from sqlalchemy import func, select

from clerkdesk.clock import FixedClock
from clerkdesk.models import LedgerEntry, PeriodLock, ReceiptVoid
from clerkdesk.services import licensing
from clerkdesk.services.licensing import CheckoutRequest, LicenseItem
from cli.test_cli_tags import run
from module_databases import BACKENDS, head_database
from small_town import CLERK, Town, build_town, check
from small_town import town as town

# The suite's clock (the ``clock`` fixture), for the town shared by the hostile calls.
SUITE_CLOCK = FixedClock(dt.datetime(2026, 6, 1, 10, 30, tzinfo=ZoneInfo("America/New_York")))


@pytest.fixture(scope="module", params=BACKENDS)
def refusing_town(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Town]:
    """The small town on each backend, one for all the hostile calls: each is refused and
    asserts that the counts are as they were before it."""
    database = head_database(request, tmp_path_factory)
    made = build_town(database, SUITE_CLOCK)
    add_cli_user(database)
    yield made
    database.dispose()


def _url(town: Town) -> str:
    return town.database.url.render_as_string(hide_password=False)


def _counts(town: Town) -> tuple[int, int, int]:
    with town.database.read() as session:
        return tuple(  # type: ignore[return-value]
            session.scalar(select(func.count()).select_from(table)) or 0
            for table in (LedgerEntry, ReceiptVoid, PeriodLock)
        )


def test_verify_says_the_ledger_is_intact_in_one_line(
    town: Town, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(capsys, "--db", _url(town), "ledger", "verify")
    # (no chain key on this computer: said in one line, and the check runs unkeyed)
    assert (status, err.count("\n")) == (0, 1) and "No chain key is set up" in err
    assert out.startswith("Ledger intact: 1 entry, head 1 ") and out.count("\n") == 1
    status, out, _ = run(capsys, "--db", _url(town), "ledger", "verify", "--json")
    found = json.loads(out)
    assert status == 0 and found["intact"] and found["entries"] == 1 and found["problems"] == []


def test_a_month_is_locked_once_and_listed(town: Town, capsys: pytest.CaptureFixture[str]) -> None:
    url = _url(town)
    status, out, _ = run(capsys, "--db", url, "period", "lock", "2025-05", "--reference", "TR-9")
    assert status == 0
    assert (
        out == "locked 2025-05 (05/01/2025–05/31/2025), reference TR-9; it signs ledger entry 1\n"
    )
    status, _, err = run(capsys, "--db", url, "period", "lock", "2025-05", "--reference", "TR-9")
    assert status == 2 and "cannot be reopened" in err and err.count("\n") == 1
    status, out, _ = run(capsys, "--db", url, "period", "list")
    assert status == 0 and out.startswith("2025-05\tTR-9\t")
    status, out, _ = run(capsys, "--db", url, "period", "list", "--json")
    assert [p["month"] for p in json.loads(out)] == ["2025-05"]
    # AND the last year's receipt, in May 2025, can no longer be voided
    status, _, err = run(
        capsys, "--db", url, "receipt", "void", "2025-000001", "--reason", "too late"
    )
    assert status == 2 and "2025-05 was remitted" in err and "is locked" in err


def test_a_receipt_is_voided_from_the_command_line(
    town: Town, capsys: pytest.CaptureFixture[str]
) -> None:
    sale = licensing.checkout(
        town.database,
        CheckoutRequest(town.jane, (LicenseItem(town.rex),), (check(),)),
        actor=CLERK,
        clock=town.clock,
    )
    url = _url(town)
    status, out, err = run(
        capsys, "--db", url, "receipt", "void", sale.receipt_label, "--reason", "wrong dog"
    )
    assert (status, err) == (0, "")
    assert out.splitlines() == [
        f"voided receipt {sale.receipt_label} ({sale.total:.2f})",
        "  license 1 for Rex is void; tag 1 is void",
    ]
    status, _, err = run(
        capsys, "--db", url, "receipt", "void", sale.receipt_label, "--reason", "x"
    )
    assert status == 2 and "already voided" in err
    assert run(capsys, "--db", url, "ledger", "verify")[0] == 0


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["receipt", "void", "2026-0x1", "--reason", "r"], "is not a receipt number"),
        (["receipt", "void", "2026-000999", "--reason", "r"], "No receipt 2026-000999"),
        (["receipt", "void", "2025-000001", "--reason", "  "], "Say why"),
        (["receipt", "void", "2025-000001", "--reason", "x" * 301], "301 characters"),
        (["receipt", "void", "2025-000001", "--reason", "a\nb\x00"], "--reason holds a line break"),
        (["period", "lock", "2026-13", "--reference", "TR"], "is not a month"),
        (["period", "lock", "'; DROP TABLE receipt; --", "--reference", "TR"], "is not a month"),
        (["period", "lock", "2999-01", "--reference", "TR"], "is not over yet"),
        (["period", "lock", "2025-05", "--reference", ""], "turnover reference"),
        (["period", "lock", "2025-05", "--reference", "r" * 81], "81 characters"),
    ],
)
def test_hostile_input_is_refused_in_one_line_with_nothing_changed(
    refusing_town: Town, capsys: pytest.CaptureFixture[str], args: list[str], words: str
) -> None:
    town = refusing_town
    before = _counts(town)
    status, out, err = run(capsys, "--db", _url(town), *args)
    assert (status, out) == (2, "")
    assert err.startswith("clerkdesk: ") and err.count("\n") == 1 and words in err
    assert _counts(town) == before


def test_a_key_is_set_up_and_the_printed_head_checked(
    town: Town,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    from clerkdesk.services.ledger_keys import printed_head
    from clerkdesk.settings.chain_key import load_keys

    keys = tmp_path / "keys" / "ledger-keys.txt"
    monkeypatch.setenv("CLERKDESK_LEDGER_KEY_FILE", str(keys))
    url = _url(town)
    status, out, err = run(capsys, "--db", url, "ledger", "key", "new")
    assert status == 0, err
    assert out.startswith("set up the chain key (") and f"in {keys}; ledger entry 2" in out
    assert keys.stat().st_mode & 0o777 == 0o600 and len(load_keys(keys).keys) == 1
    with town.database.read() as session:
        head = printed_head(session)
    assert head.keyed and head.words.endswith("(HMAC)")
    status, out, err = run(capsys, "--db", url, "ledger", "verify", "--against", head.head.text)
    assert (status, err) == (0, "") and "matches the printed head" in out
    wrong = f"{head.head.seq}:{'0' * 20}"
    status, out, _ = run(capsys, "--db", url, "ledger", "verify", "--against", wrong)
    assert status == 1 and "does not match the printed head" in out
    status, _, err = run(capsys, "--db", url, "ledger", "verify", "--against", "12:xyz")
    assert status == 2 and "SEQ:HASH" in err and err.count("\n") == 1
    status, out, _ = run(capsys, "--db", url, "ledger", "key", "rotate")
    assert status == 0 and out.startswith("rotated the chain key (")
    assert len(load_keys(keys).keys) == 2
    # the head printed under the first key still checks after the rotation
    status, out, _ = run(capsys, "--db", url, "ledger", "verify", "--against", head.head.text)
    assert status == 0 and "matches the printed head" in out
    # and a link from before any key, printed now (a close-out sheet printed again), checks
    with town.database.read() as session:
        first = session.execute(
            select(LedgerEntry.seq, LedgerEntry.entry_hash).where(LedgerEntry.seq == 1)
        ).one()
        earlier = printed_head(session, (int(first[0]), str(first[1])))
    assert earlier.keyed
    status, out, _ = run(capsys, "--db", url, "ledger", "verify", "--against", earlier.head.text)
    assert status == 0 and "matches the printed head" in out
