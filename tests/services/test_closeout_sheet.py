"""The deposit slip filled from the database: every figure printed equals the ledger's."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from sqlalchemy import select

from clerkdesk.models import Closeout, TenderKind
from clerkdesk.reports.deposit_slip import PRELIMINARY, render_deposit_slip
from clerkdesk.reports.layout import money
from clerkdesk.services.closeout import close_out, closeout_sheet
from pdf_support import page_texts
from services.money_days import cash, new_dog, paper, sell
from small_town import CLERK, Town

TODAY = dt.date(2026, 6, 1)


def test_the_slip_prints_the_close_out_as_written(town: Town) -> None:
    # GIVEN a day of cash, a check and a money order, closed 0.40 over
    rex = sell(town, town.rex, cash("100.00"), town.clock, payer=town.jane)
    bella = sell(town, town.bella, paper(TenderKind.CHECK, "4411"), town.clock, payer=town.jane)
    max_sale = sell(town, new_dog(town, "Max"), paper(TenderKind.MONEY_ORDER, "MO-9"), town.clock)
    before = page_texts(
        render_deposit_slip(
            closeout_sheet(town.database, TODAY, printed_by="ann", clock=town.clock)
        )
    )[0]
    assert PRELIMINARY in before
    close_out(town.database, TODAY, rex.total + Decimal("0.40"), actor=CLERK, clock=town.clock)

    # WHEN the slip is printed
    sheet = closeout_sheet(town.database, TODAY, printed_by="ann", clock=town.clock)
    pages = page_texts(render_deposit_slip(sheet))

    # THEN it is one page whose every figure is the database's
    assert len(pages) == 1
    text = pages[0]
    assert PRELIMINARY not in text and "DEPOSIT SLIP" in text
    with town.database.read() as session:
        row = session.scalars(select(Closeout)).one()
    for figure in (
        row.cash_expected, row.cash_counted, row.over_short, row.checks_total,
        row.money_orders_total, row.deposit_total, bella.total, max_sale.total,
    ):  # fmt: skip
        assert money(figure) in text, figure
    assert row.over_short == Decimal("0.40") and "over 0.40" in text
    assert row.deposit_total == row.cash_counted + bella.total + max_sale.total
    assert "4411" in text and "MO-9" in text and "John Smith" in text
    assert "2026-000001 to 2026-000003" in text
    assert "Counted and closed out by clerk" in text
