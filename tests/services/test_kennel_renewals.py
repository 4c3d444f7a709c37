"""Year-end kennel renewals: the kennels due, renewed in one batch, each on its own receipt,
each refusal with its reason; and the remittance counts the kennel licenses sold."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from clerkdesk.services.kennel_licensing import (
    KennelRenewal,
    KennelSaleRequest,
    kennels_due,
    renew_kennels,
    sell_kennel_license,
)
from clerkdesk.services.remittance import remittance
from services.kennel_support import add_kennel_with_dogs, inspect
from small_town import CLERK, Town, at, check

LAST_SPRING = dt.date(2025, 5, 1)


def licensed_last_year(town: Town, name: str, *, inspected_now: bool) -> int:
    kennel, _dogs = add_kennel_with_dogs(
        town, name, [("Ace", dt.date(2018, 1, 1)), ("Bo", None)], on=dt.date(2025, 4, 1)
    )
    inspect(town, kennel, year=2025, on=dt.date(2025, 4, 20))
    sell_kennel_license(
        town.database,
        KennelSaleRequest(kennel, (check("77"),)),
        actor=CLERK,
        clock=at(LAST_SPRING, town.clock),
    )
    if inspected_now:
        inspect(town, kennel)
    return kennel


def test_a_batch_renews_the_ready_kennels_and_refuses_one_with_its_reason(town: Town) -> None:
    # GIVEN three kennels licensed last year, one not inspected for this year, and one
    # kennel never licensed
    maple = licensed_last_year(town, "Maple Hill Kennel", inspected_now=True)
    birch = licensed_last_year(town, "Birch Lane Kennel", inspected_now=False)
    cedar = licensed_last_year(town, "Cedar Run Kennel", inspected_now=True)
    add_kennel_with_dogs(town, "Aspen Kennel", [("Zed", None)])

    # THEN the three are due, in name order, the uninspected one not ready and saying why
    due = kennels_due(town.database, license_year=2026, on=town.clock.today())
    assert [(d.name, d.ready, d.amount) for d in due] == [
        ("Birch Lane Kennel", False, Decimal("36.50")),
        ("Cedar Run Kennel", True, Decimal("36.50")),
        ("Maple Hill Kennel", True, Decimal("36.50")),
    ]
    assert "no inspection for license year 2026–27" in due[0].reasons[0]
    assert due[1].keeper_name == "John Smith"

    # WHEN the clerk renews all three in one batch, each paid by its own check
    steps: list[str] = []
    result = renew_kennels(
        town.database,
        [KennelRenewal(k, check(f"9{k}")) for k in (maple, birch, cedar)],
        license_year=2026,
        actor=CLERK,
        clock=town.clock,
        step=lambda _done, _total, words: steps.append(words),
    )

    # THEN two are renewed, each on its own receipt, and the third refused with its reason
    assert [r.license_label for r in result.renewed] == ["2026–27-K001", "2026–27-K002"]
    assert len({r.receipt_id for r in result.renewed}) == 2
    [(kennel_id, name, reason)] = result.refused
    assert (kennel_id, name) == (birch, "Birch Lane Kennel")
    assert "Birch Lane Kennel has no inspection for license year 2026–27" in reason
    assert steps[0] == "Renewing Maple Hill Kennel"
    # AND only the refused one is still due
    due = kennels_due(town.database, license_year=2026, on=town.clock.today())
    assert [d.kennel_id for d in due] == [birch]


def test_the_remittance_counts_kennel_licenses_sold(town: Town) -> None:
    kennel, _dogs = add_kennel_with_dogs(town, "Maple Hill Kennel", [("Ace", None)])
    inspect(town, kennel)
    sell_kennel_license(
        town.database, KennelSaleRequest(kennel, (check(),)), actor=CLERK, clock=town.clock
    )
    june = remittance(
        town.database, dt.date(2026, 6, 1), dt.date(2026, 6, 30), actor=CLERK, clock=town.clock
    )
    [kennel_code] = [m for m in june.fee_codes if m.key == "kennel_license"]
    assert (kennel_code.gross, kennel_code.count, kennel_code.licenses) == (
        Decimal("36.50"),
        1,
        1,
    )


def test_a_cancelled_batch_keeps_the_kennels_renewed_before_it(town: Town) -> None:
    from clerkdesk.services.progress import Cancelled

    maple = licensed_last_year(town, "Maple Hill Kennel", inspected_now=True)
    cedar = licensed_last_year(town, "Cedar Run Kennel", inspected_now=True)

    def step(done: int, _total: int, _words: str) -> None:
        if done == 1:
            raise Cancelled("stopped")

    result = renew_kennels(
        town.database,
        [KennelRenewal(maple, check("1")), KennelRenewal(cedar, check("2"))],
        license_year=2026,
        actor=CLERK,
        clock=town.clock,
        step=step,
    )
    assert result.cancelled and len(result.renewed) == 1 and result.refused == ()
    due = kennels_due(town.database, license_year=2026, on=town.clock.today())
    assert [d.kennel_id for d in due] == [cedar]
