"""Licensing at the counter: the checkout charges what the rules say, or writes nothing."""

from __future__ import annotations

import datetime as dt
import json
from decimal import Decimal

import pytest
from sqlalchemy import func, select

from clerkdesk.cli.main import main
from clerkdesk.errors import ValidationError
from clerkdesk.models import (
    License,
    LicenseStatus,
    Receipt,
    ReceiptLine,
    TagIssue,
    Tender,
    TenderKind,
)
from clerkdesk.rules import presets
from clerkdesk.services import licensing, people, rabies
from clerkdesk.services.licensing import CheckoutRequest, LicenseItem
from clerkdesk.services.payments import TenderInput
from clerkdesk.services.town import save_town_profile
from small_town import CLERK, Town, at, check, dog_input, owner_input, vaccination


def counts(town: Town) -> tuple[int, ...]:
    with town.database.read() as session:
        return tuple(
            session.scalar(select(func.count()).select_from(model)) or 0
            for model in (Receipt, ReceiptLine, Tender, License, TagIssue)
        )


def quoted_total(capsys: pytest.CaptureFixture[str], *args: str) -> Decimal:
    assert (
        main(["quote", "dog", "--town", "westborough", "--on", "2026-06-01", *args, "--json"]) == 0
    )
    return Decimal(json.loads(capsys.readouterr().out)["total"])


def test_renewing_two_dogs_with_one_check_gives_one_receipt_two_tags_one_tender(
    town: Town, capsys: pytest.CaptureFixture[str]
) -> None:
    # GIVEN Jane's two dogs, licensed last year, on the first day of the late fee
    request = CheckoutRequest(
        town.jane, (LicenseItem(town.rex), LicenseItem(town.bella)), (check("1234", "33.00"),)
    )

    # WHEN she renews both and pays by one check
    result = licensing.checkout(town.database, request, actor=CLERK, clock=town.clock)

    # THEN one receipt holds both licenses with their late fees, two tags and one tender
    rex_total = quoted_total(capsys, "--sex", "male", "--intact", "--renewal")
    bella_total = quoted_total(capsys, "--sex", "female", "--altered", "--renewal")
    assert (rex_total, bella_total) == (Decimal("19.00"), Decimal("14.00"))
    assert result.total == rex_total + bella_total
    assert result.change_due == Decimal("0.00")
    assert [lic.tag_number for lic in result.licenses] == [1, 2]
    with town.database.read() as session:
        receipt = session.get(Receipt, result.receipt_id)
        assert receipt is not None
        assert [(line.code, line.amount) for line in receipt.lines] == [
            ("dog_license", Decimal("15.00")),
            ("late_fee", Decimal("3.00")),
            ("late_fee", Decimal("1.00")),
            ("dog_license", Decimal("10.00")),
            ("late_fee", Decimal("3.00")),
            ("late_fee", Decimal("1.00")),
        ]
        assert all(line.citation and line.account for line in receipt.lines)
        assert "Art. 19 §2C" in receipt.lines[1].citation
        assert [(t.kind, t.amount, t.reference) for t in receipt.tenders] == [
            (TenderKind.CHECK, Decimal("33.00"), "1234")
        ]
        licenses = session.scalars(
            select(License).where(License.receipt_id == receipt.id).order_by(License.id)
        ).all()
        assert [(lic.dog_id, lic.license_year_label, lic.tag_number) for lic in licenses] == [
            (town.rex, "2026–27", 1),
            (town.bella, "2026–27", 2),
        ]
        assert all(line.license_id is not None for line in receipt.lines)
        tags_issued = session.scalars(
            select(TagIssue.tag_number).where(TagIssue.receipt_id == receipt.id)
        ).all()
        assert sorted(tags_issued) == [1, 2]
    assert result.receipt_label == "2026-000001"


def test_cash_gives_change_and_the_clerk_may_type_the_tag_in_hand(town: Town) -> None:
    result = licensing.checkout(
        town.database,
        CheckoutRequest(
            town.jane,
            (LicenseItem(town.bella, tag_number=57),),
            (TenderInput(TenderKind.CASH, Decimal("20.00")),),
        ),
        actor=CLERK,
        clock=town.clock,
    )
    assert result.total == Decimal("14.00")
    assert result.change_due == Decimal("6.00")
    assert result.licenses[0].tag_number == 57


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (
            lambda t: CheckoutRequest(t.jane, (LicenseItem(t.rex),), (check("1", "20.00"),)),
            "more than the 19.00 still due",
        ),
        (
            lambda t: CheckoutRequest(t.jane, (LicenseItem(t.rex),), (check("", "19.00"),)),
            "enter the check number",
        ),
        (
            lambda t: CheckoutRequest(
                t.jane, (LicenseItem(t.rex),), (TenderInput(TenderKind.CASH, Decimal("10.00")),)
            ),
            "9.00 is still due",
        ),
        (
            lambda t: CheckoutRequest(t.jane, (LicenseItem(t.rex, tag_number=500),), (check(),)),
            "Tag 500 is not in the tag stock",
        ),
        (lambda t: CheckoutRequest(t.jane, (), (check(),)), "The cart is empty"),
        (
            lambda t: CheckoutRequest(t.jane, (LicenseItem(t.rex), LicenseItem(t.rex)), (check(),)),
            "in the cart twice",
        ),
        (
            lambda t: CheckoutRequest(
                t.jane, (LicenseItem(t.rex, waivers={"late_fee": " "}),), (check(),)
            ),
            "Say why the late fee for Rex is waived",
        ),
        (
            lambda t: CheckoutRequest(
                t.jane, (LicenseItem(t.rex, waivers={"dog_license": "x"}),), (check(),)
            ),
            "Only late fees and arrears can be waived",
        ),
    ],
)
def test_bad_checkouts_say_why_and_write_nothing(town: Town, build: object, message: str) -> None:
    before = counts(town)
    with pytest.raises(ValidationError, match=message):
        licensing.checkout(town.database, build(town), actor=CLERK, clock=town.clock)  # type: ignore[operator]
    assert counts(town) == before


def test_a_tag_already_given_out_this_year_is_refused(town: Town) -> None:
    licensing.checkout(
        town.database,
        CheckoutRequest(town.jane, (LicenseItem(town.rex, tag_number=7),), (check(),)),
        actor=CLERK,
        clock=town.clock,
    )
    before = counts(town)
    with pytest.raises(ValidationError, match="Tag 7 was already given out"):
        licensing.checkout(
            town.database,
            CheckoutRequest(town.jane, (LicenseItem(town.bella, tag_number=7),), (check(),)),
            actor=CLERK,
            clock=town.clock,
        )
    assert counts(town) == before


def test_no_license_without_a_current_rabies_certificate(town: Town) -> None:
    dog = people.create_dog(
        town.database, town.jane, dog_input("Max", "male", True), actor=CLERK, clock=town.clock
    )
    standing = licensing.quote_dogs(town.database, [dog], town.clock.today())[0]
    assert not standing.can_license
    assert "No rabies certificate on file for Max" in standing.blockers[0]

    rabies.record_certificate(
        town.database,
        dog,
        vaccination(dt.date(2023, 1, 10), years=3),
        actor=CLERK,
        clock=town.clock,
    )
    standing = licensing.quote_dogs(town.database, [dog], town.clock.today())[0]
    assert "rabies certificate expired on 01/10/2026" in standing.blockers[0]
    with pytest.raises(ValidationError, match="expired on 01/10/2026"):
        licensing.checkout(
            town.database,
            CheckoutRequest(town.jane, (LicenseItem(dog),), (check(),)),
            actor=CLERK,
            clock=town.clock,
        )


def test_a_certificate_ending_before_the_license_year_is_a_warning(town: Town) -> None:
    dog = people.create_dog(
        town.database, town.jane, dog_input("Pip", "female", True), actor=CLERK, clock=town.clock
    )
    rabies.record_certificate(
        town.database, dog, vaccination(dt.date(2025, 9, 1), years=1), actor=CLERK, clock=town.clock
    )
    standing = licensing.quote_dogs(town.database, [dog], town.clock.today())[0]
    assert standing.can_license
    assert any(
        "expires on 09/01/2026, before license year 2026–27 ends" in w for w in standing.warnings
    )


def test_a_dog_cannot_hold_two_licenses_for_one_year(town: Town) -> None:
    licensing.checkout(
        town.database,
        CheckoutRequest(town.jane, (LicenseItem(town.rex),), (check(),)),
        actor=CLERK,
        clock=town.clock,
    )
    standing = licensing.quote_dogs(town.database, [town.rex], town.clock.today())[0]
    assert standing.licensed_for_year
    assert "Rex is already licensed for 2026–27 (license 1, tag 1)" in standing.blockers[0]


def test_a_waived_late_fee_keeps_what_was_quoted_and_why(town: Town) -> None:
    result = licensing.checkout(
        town.database,
        CheckoutRequest(
            town.jane,
            (LicenseItem(town.rex, waivers={"late_fee": "Owner was in hospital in May"}),),
            (check(),),
        ),
        actor=CLERK,
        clock=town.clock,
    )
    assert result.total == Decimal("15.00")
    with town.database.read() as session:
        waived = session.scalars(
            select(ReceiptLine).where(
                ReceiptLine.receipt_id == result.receipt_id, ReceiptLine.code == "late_fee"
            )
        ).all()
    assert [(w.amount, w.quoted_amount) for w in waived] == [
        (Decimal("0.00"), Decimal("3.00")),
        (Decimal("0.00"), Decimal("1.00")),
    ]
    assert {w.waiver_reason for w in waived} == {"Owner was in hospital in May"}


def test_receipt_numbers_have_no_gap_after_a_failed_checkout(town: Town) -> None:
    with pytest.raises(ValidationError):
        licensing.checkout(
            town.database,
            CheckoutRequest(town.jane, (LicenseItem(town.rex, tag_number=999),), (check(),)),
            actor=CLERK,
            clock=town.clock,
        )
    first = licensing.checkout(
        town.database,
        CheckoutRequest(town.jane, (LicenseItem(town.rex),), (check(),)),
        actor=CLERK,
        clock=town.clock,
    )
    second = licensing.checkout(
        town.database,
        CheckoutRequest(town.jane, (LicenseItem(town.bella),), (check(),)),
        actor=CLERK,
        clock=town.clock,
    )
    assert (first.receipt_label, second.receipt_label) == ("2026-000001", "2026-000002")


def test_a_new_dog_pays_no_late_fee_in_westborough(town: Town) -> None:
    dog = people.create_dog(
        town.database, town.john, dog_input("Scout", "male", True), actor=CLERK, clock=town.clock
    )
    rabies.record_certificate(town.database, dog, vaccination(), actor=CLERK, clock=town.clock)
    standing = licensing.quote_dogs(town.database, [dog], town.clock.today())[0]
    assert standing.quote is not None
    assert [(line.code, line.amount) for line in standing.quote.lines] == [
        ("dog_license", Decimal("10.00"))
    ]


def test_fairhaven_senior_owner_is_exempt_and_the_license_says_so(
    database: object, clock: object
) -> None:
    from clerkdesk.clock import FixedClock
    from clerkdesk.db.database import Database
    from clerkdesk.services import tags

    assert isinstance(database, Database) and isinstance(clock, FixedClock)
    save_town_profile(database, presets.preset_toml("fairhaven"), actor=CLERK, clock=clock)
    # Turns 70 on the day of issue.
    elder = people.create_owner(
        database,
        owner_input(
            "Ruth", "Costa", city="Fairhaven", postal_code="02719", birth_date=dt.date(1956, 6, 1)
        ),
        actor=CLERK,
        clock=clock,
    )
    dog = people.create_dog(
        database, elder, dog_input("Sadie", "female", True), actor=CLERK, clock=clock
    )
    rabies.record_certificate(database, dog, vaccination(), actor=CLERK, clock=clock)
    tags.receive_stock(database, dt.date(2026, 1, 1), 1, 50, actor=CLERK, clock=clock)

    result = licensing.checkout(
        database,
        CheckoutRequest(
            elder, (LicenseItem(dog, exemption_evidence="Driver's license shown"),), ()
        ),
        actor=CLERK,
        clock=clock,
    )

    assert result.total == Decimal("0.00")
    with database.read() as session:
        issued = session.get(License, result.licenses[0].license_id)
        assert issued is not None
        assert (issued.exemption, issued.exemption_evidence) == ("senior", "Driver's license shown")
        assert issued.status is LicenseStatus.ISSUED


def test_the_counter_quote_equals_the_command_line_quote_for_the_same_facts(
    town: Town, capsys: pytest.CaptureFixture[str]
) -> None:
    standing = licensing.quote_dogs(town.database, [town.rex], town.clock.today())[0]
    assert standing.quote is not None
    assert standing.quote.total == quoted_total(
        capsys,
        "--sex",
        "male",
        "--intact",
        "--renewal",
        "--born",
        "2019-05-01",
        "--owner-born",
        "1960-03-04",
    )


def test_a_deceased_dog_cannot_be_licensed(town: Town) -> None:
    from clerkdesk.models import DogStatus

    people.set_dog_status(
        town.database,
        town.rex,
        DogStatus.DECEASED,
        on=dt.date(2026, 5, 2),
        actor=CLERK,
        clock=town.clock,
    )
    standing = licensing.quote_dogs(town.database, [town.rex], town.clock.today())[0]
    assert "Rex is marked deceased." in standing.blockers


def test_next_years_license_on_early_sale(town: Town) -> None:
    early = at(dt.date(2027, 2, 15), town.clock)  # 45 days before April 1 (60 allowed)
    tags_year = dt.date(2027, 4, 1)
    from clerkdesk.services import tags

    tags.receive_stock(town.database, tags_year, 1, 10, actor=CLERK, clock=early)
    result = licensing.checkout(
        town.database,
        CheckoutRequest(town.jane, (LicenseItem(town.bella, license_year=2027),), (check(),)),
        actor=CLERK,
        clock=early,
    )
    assert result.licenses[0].license_year_label == "2027–28"
