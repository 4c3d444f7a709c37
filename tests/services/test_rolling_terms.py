"""Rolling license terms and fees once per sale at the counter (issue 22): a license sold on
a day is valid to the same day next year, renewed on its anniversary; the certificate, the
card, notices and the unlicensed list follow the dog's own term; a fee per sale is charged
once however many dogs."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from sqlalchemy import select

from clerkdesk.models import License, ReceiptLine
from clerkdesk.reports.certificate_pdf import render_certificates
from clerkdesk.rules import presets
from clerkdesk.services import licensing, people, rabies, tags
from clerkdesk.services.documents import license_certificates
from clerkdesk.services.licensing import CheckoutRequest, LicenseItem
from clerkdesk.services.owner_card import owner_card
from clerkdesk.services.profile_source import profile_in_force
from clerkdesk.services.standing import dog_standing
from clerkdesk.services.town import save_town_profile
from clerkdesk.services.unlicensed import unlicensed_list
from pdf_support import page_texts
from small_town import CLERK, Town, at, check, dog_input, vaccination

ROLLING = """
[town]
id = "westborough"
name = "Town of Westborough"
[license_year]
start = "04-01"
term = "rolling"
early_sale_days = 30
citation = "Ord. 6-1"
[accounts]
default = "Dog licenses"
[[schedules]]
effective = 2000-01-01
citation = "Ord. 6-2"
[schedules.dog_fees]
male_intact = 15.00
female_intact = 15.00
male_altered = 10.00
female_altered = 10.00
citation = "Ord. 6-2"
[[schedules.late_fees]]
kind = "flat"
counted_from = "expiry"
after_days = 30
amount = 10.00
citation = "Ord. 6-3"
"""
PER_SALE = '\n[schedules.transaction_fees.processing]\namount = 1.00\ncitation = "Art. 19 §11A"\n'


@pytest.fixture
def rolling(town: Town) -> Town:
    save_town_profile(town.database, ROLLING, actor=CLERK, clock=town.clock)
    for year in (dt.date(2027, 4, 1), dt.date(2028, 4, 1)):
        tags.receive_stock(town.database, year, 1, 50, actor=CLERK, clock=town.clock)
    return town


def new_dog(town: Town, name: str) -> int:
    dog = people.create_dog(
        town.database, town.jane, dog_input(name, "male", True), actor=CLERK, clock=town.clock
    )
    rabies.record_certificate(
        town.database, dog, vaccination(dt.date(2026, 5, 1)), actor=CLERK, clock=town.clock
    )
    return dog


def license_on(town: Town, dog: int, day: dt.date) -> int:
    clock = at(day, town.clock)
    request = CheckoutRequest(town.jane, (LicenseItem(dog),), (check(),))
    return licensing.checkout(town.database, request, actor=CLERK, clock=clock).receipt_id


def standing_on(town: Town, dog: int, day: dt.date):  # type: ignore[no-untyped-def]
    with town.database.read() as session:
        return dog_standing(session, profile_in_force(session), dog, day)


def test_a_license_sold_on_june_10_is_valid_to_the_next_june_10(rolling: Town) -> None:
    scout = new_dog(rolling, "Scout")
    receipt = license_on(rolling, scout, dt.date(2026, 6, 10))
    with rolling.database.read() as session:
        row = session.scalars(select(License).where(License.dog_id == scout)).one()
    assert (row.valid_from, row.valid_until) == (dt.date(2026, 6, 10), dt.date(2027, 6, 10))
    assert row.license_year_start == dt.date(2026, 4, 1)  # counted, tag drawn, in 2026–27
    (doc,) = license_certificates(rolling.database, receipt)
    text = page_texts(render_certificates([doc]))[0]
    assert "One-year license" in text and "06/10/2027" in text
    assert "06/10/2026" in text


def test_the_card_holds_it_until_the_renewal_window_then_renews_from_the_anniversary(
    rolling: Town,
) -> None:
    scout = new_dog(rolling, "Scout")
    license_on(rolling, scout, dt.date(2026, 6, 10))
    held = standing_on(rolling, scout, dt.date(2027, 5, 10))
    assert not held.can_license
    assert "licensed until 06/10/2027" in " ".join(held.blockers)
    assert "renewal opens on 05/11/2027" in " ".join(held.blockers)
    card = owner_card(rolling.database, rolling.jane, dt.date(2026, 7, 1))
    mine = next(d for d in card.dogs if d.dog_id == scout)
    assert mine.held is not None and mine.held.license_year_label == "the term to 06/10/2027"
    # In the window, on the anniversary, and late: the term always runs from June 10.
    for day, total in (
        (dt.date(2027, 5, 11), "10.00"),  # Scout is neutered: $10.00
        (dt.date(2027, 7, 10), "10.00"),
        (dt.date(2027, 7, 11), "20.00"),
    ):
        standing = standing_on(rolling, scout, day)
        assert standing.quote is not None, standing.blockers
        term = standing.quote.license_year
        assert (term.start, term.end) == (dt.date(2027, 6, 10), dt.date(2028, 6, 10)), day
        assert standing.quote.total == Decimal(total), day
    license_on(rolling, scout, dt.date(2027, 5, 20))
    with rolling.database.read() as session:
        rows = session.scalars(
            select(License).where(License.dog_id == scout).order_by(License.id)
        ).all()
    assert [(r.valid_until, r.license_year_start) for r in rows] == [
        (dt.date(2027, 6, 10), dt.date(2026, 4, 1)),
        (dt.date(2028, 6, 10), dt.date(2027, 4, 1)),
    ]


def test_a_lapsed_dog_is_on_the_unlicensed_list_with_the_day_it_ran_out(rolling: Town) -> None:
    scout = new_dog(rolling, "Scout")
    license_on(rolling, scout, dt.date(2026, 6, 10))
    before = unlicensed_list(rolling.database, year=2027, on=dt.date(2027, 6, 10))
    assert scout not in {row.dog_id for row in before.rows}
    after = unlicensed_list(rolling.database, year=2027, on=dt.date(2027, 6, 11))
    row = next(r for r in after.rows if r.dog_id == scout)
    assert "ran out 06/10/2027" in row.last_license_label


def test_a_fee_per_sale_is_charged_once_for_two_dogs(town: Town) -> None:
    text = presets.preset_toml("westborough") + PER_SALE
    save_town_profile(town.database, text, actor=CLERK, clock=town.clock)
    card = owner_card(town.database, town.jane, town.clock.today())
    assert [line.amount for line in card.sale_fees] == [Decimal("1.00")]
    assert all(
        "processing" not in [line.code for line in d.standing.quote.lines]
        for d in card.dogs
        if d.standing.quote
    )
    request = CheckoutRequest(
        town.jane, (LicenseItem(town.rex), LicenseItem(town.bella)), (check(),)
    )
    result = licensing.checkout(town.database, request, actor=CLERK, clock=town.clock)
    with town.database.read() as session:
        codes = session.scalars(
            select(ReceiptLine.code).where(ReceiptLine.receipt_id == result.receipt_id)
        ).all()
    assert codes.count("processing") == 1
    # Rex 15 + 3 + 1 week late, Bella 10 + 3 + 1: and the one processing fee.
    assert result.total == sum((Decimal(x) for x in ("19.00", "14.00", "1.00")), Decimal("0.00"))


def test_notices_go_to_dogs_whose_own_term_runs_out_in_the_year(rolling: Town) -> None:
    from clerkdesk.rules.kinds import NoticeKind
    from clerkdesk.services.notices import NoticeChoice, _plan, iter_notices

    scout = new_dog(rolling, "Scout")
    license_on(rolling, scout, dt.date(2026, 6, 10))
    on = dt.date(2027, 3, 1)
    choice = NoticeChoice(NoticeKind.RENEWAL, 2027)
    with rolling.database.read() as session:
        profile = profile_in_force(session)
        _, days = _plan(profile, choice, on)
        notices = [n for batch in iter_notices(session, profile, choice, days, on) for n in batch]
    dogs = {d.dog_id: d for n in notices for d in n.dogs}
    assert dogs[scout].last_license == "ends 06/10/2027"
    # Quoted from the day its renewal opens (05/11/2027), and from the first late day.
    assert dogs[scout].amount_now == Decimal("10.00")
    assert dogs[scout].amount_late == Decimal("20.00")


def test_the_renewal_notice_pdf_says_each_license_runs_out_on_its_own_day(
    rolling: Town, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    from clerkdesk.rules.kinds import NoticeKind
    from clerkdesk.services.notices import NoticeChoice, write_notices

    scout = new_dog(rolling, "Scout")
    license_on(rolling, scout, dt.date(2026, 6, 10))
    pdf = tmp_path / "notices.pdf"
    write_notices(
        rolling.database,
        NoticeChoice(NoticeKind.RENEWAL, 2027, owner_ids=(rolling.jane,)),
        pdf=pdf,
        csv=None,
        actor=CLERK,
        clock=at(dt.date(2027, 3, 1), rolling.clock),
    )
    text = " ".join(page_texts(pdf.read_bytes())).replace("\n", " ")
    assert "runs out on the day shown beside it" in text
    assert "ends 06/10/2027" in text
    assert "pays a late fee (Ord. 6-3)" in text
