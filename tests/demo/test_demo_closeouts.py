"""The demo's past business days are closed out through the close-out service: each
close-out agrees with the ledger, two days are a little off, and today is still open."""

from __future__ import annotations

from decimal import Decimal

from sqlalchemy import select

from clerkdesk.db.database import Database
from clerkdesk.demo.fill import DemoResult
from clerkdesk.demo.history import MISCOUNTS
from clerkdesk.models import Closeout, LedgerEntry, Receipt
from clerkdesk.rules.kinds import LedgerKind
from clerkdesk.services.closeout import day_summary, drawer_state
from demo.test_demo_history import DECEMBER, office

__all__ = ["office"]


def test_every_past_day_with_receipts_is_closed_out(office: tuple[Database, DemoResult]) -> None:
    database, result = office
    with database.read() as session:
        days = set(session.scalars(select(Receipt.business_day).distinct()))
        rows = session.scalars(select(Closeout).order_by(Closeout.business_day)).all()
        links = session.scalars(
            select(LedgerEntry.record_id).where(LedgerEntry.kind == LedgerKind.CLOSEOUT)
        ).all()
    assert {r.business_day for r in rows} == days and result.closeouts == len(days)
    assert sorted(links) == sorted(r.id for r in rows)
    assert max(days) < DECEMBER.today()
    off = [(r.over_short, r.note) for r in rows if r.over_short != 0]
    assert sorted(off) == sorted(MISCOUNTS)
    for row in rows[:: max(1, len(rows) // 25)] + [r for r in rows if r.note]:
        summary = day_summary(database, row.business_day)
        assert summary.closeout is not None
        assert row.cash_expected == summary.cash_expected
        assert row.receipt_count == summary.receipt_count
        assert row.deposit_total == row.cash_counted + row.checks_total + row.money_orders_total
        assert row.cash_counted == max(row.cash_expected + row.over_short, Decimal("0.00"))
    state = drawer_state(database, DECEMBER.today())
    assert state.closed_day is None and state.receipt_count == 0
